//! A pooled decode step of fixed shape (#32 item 3): its inputs — the
//! tokens, their positions, the pooled attention's indices and masks — live
//! in tensors made once for a number of rows and a pool shape and
//! rewritten in place before each step, and it attends over every slot and
//! every position of the pools (`Reach::Whole`, the rest masked). Every
//! kernel of such a step then reads and writes the same memory with the
//! same launch parameters from one step to the next, which is what a CUDA
//! graph replays (`decode_graph`). On the CPU the same step runs as it is,
//! which is how its logits are checked against the pooled step's.

use anyhow::{bail, Result};
use candle_core::{DType, Device, Tensor};

use super::decode_attention;
use super::decoder::Decoder;
use super::kv_pool::KvPool;
use super::layers::{logits_of, run_layers};
use super::pooled_attention::{PoolShape, PooledPlan, PooledStep, Reach, SlotMasks};

/// What fixes a step's kernels: its rows and the pools' shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct StepShape {
    pub rows: usize,
    pub pool: PoolShape,
}

/// One decode row of the step: its token, its position, its slot.
#[derive(Clone, Copy, Debug)]
pub(super) struct DecodeRow {
    pub token: u32,
    pub position: usize,
    pub slot: usize,
}

/// A decode step's inputs in tensors that stay where they are.
pub(super) struct FixedStep {
    shape: StepShape,
    window: Option<usize>,
    /// `ids | positions | outputs | queries | scatter`, u32, one upload a step.
    ints: Tensor,
    /// The full mask, then the sliding one, f32; none when the attention
    /// is one kernel (`decode_attention`), which reads no mask.
    masks: Option<Tensor>,
    ids: Tensor,
    positions: Tensor,
    attention: PooledStep,
}

impl FixedStep {
    /// Inputs for `shape` on `device` (zeros until `write`); `window`: the
    /// model's sliding window, if any layer slides; `fused`: attention in
    /// one kernel where the head size allows (`decode_attention`).
    pub(super) fn new(shape: StepShape, window: Option<usize>, fused: bool, device: &Device) -> Result<Self> {
        let StepShape { rows, pool } = shape;
        let PoolShape { slots, cap, n_kv_head: kv, head_dim: hd } = pool;
        if rows == 0 || rows > slots {
            bail!("a fixed decode step of {rows} rows over {slots} slots");
        }
        let n_ints = 3 * rows + slots + rows * kv * hd;
        let ints = Tensor::zeros(n_ints, DType::U32, device)?;
        let fused = fused && decode_attention::supports(hd);
        let masks = match fused {
            true => None,
            false => Some(Tensor::zeros(slots * cap * if window.is_some() { 2 } else { 1 }, DType::F32, device)?),
        };
        // Views of the two tensors: a write to them is seen through these.
        let mut at = 0;
        let mut take = |n: usize| -> Result<Tensor> {
            let view = ints.narrow(0, at, n)?;
            at += n;
            Ok(view)
        };
        let ids = take(rows)?;
        // The positions, then the outputs (each row's slot), side by side
        // for `decode_attention`.
        let positions_slots = take(2 * rows)?;
        let positions = positions_slots.narrow(0, 0, rows)?;
        let outputs = positions_slots.narrow(0, rows, rows)?;
        let queries = take(slots)?;
        let scatter = take(rows * kv * hd)?.reshape((rows * kv, hd))?;
        let slot_masks = match &masks {
            Some(masks) => {
                let mask = |i: usize| -> Result<Tensor> {
                    Ok(masks.narrow(0, i * slots * cap, slots * cap)?.reshape((slots, 1, 1, cap))?)
                };
                Some(SlotMasks { full: mask(0)?, sliding: window.map(|_| mask(1)).transpose()? })
            }
            None => None,
        };
        let attention =
            PooledStep::of_tensors([scatter, queries, outputs, positions_slots], slot_masks, (slots, cap), window);
        Ok(Self { shape, window, ints, masks, ids, positions, attention })
    }

    #[cfg_attr(not(feature = "cuda"), allow(dead_code))]
    pub(super) fn shape(&self) -> StepShape {
        self.shape
    }

    /// Sets the next step's rows, in place.
    pub(super) fn write(&self, rows: &[DecodeRow]) -> Result<()> {
        if rows.len() != self.shape.rows {
            bail!("{} rows written to a fixed decode step of {}", rows.len(), self.shape.rows);
        }
        let slots: Vec<usize> = rows.iter().map(|r| r.slot).collect();
        let positions: Vec<usize> = rows.iter().map(|r| r.position).collect();
        let reach = (Reach::Whole, self.masks.is_some());
        let plan = PooledPlan::new(&slots, &positions, self.shape.pool, self.window, reach)?;
        let mut ints = Vec::with_capacity(self.ints.elem_count());
        ints.extend(rows.iter().map(|r| r.token));
        ints.extend(positions.iter().map(|&p| p as u32));
        ints.extend_from_slice(&plan.outputs);
        ints.extend_from_slice(&plan.queries);
        ints.extend_from_slice(&plan.scatter);
        let device = self.ints.device();
        let n_ints = ints.len();
        self.ints.slice_set(&Tensor::from_vec(ints, n_ints, device)?, 0, 0)?;
        if let Some(tensor) = &self.masks {
            let mut masks = plan.full;
            masks.extend(plan.sliding.unwrap_or_default());
            let n_masks = masks.len();
            tensor.slice_set(&Tensor::from_vec(masks, n_masks, device)?, 0, 0)?;
        }
        Ok(())
    }

    /// The step on what was last written: the rows' new K/V go into
    /// `pool`; returns their logits, `[rows, vocab]`. Copies nothing from
    /// the host.
    pub(super) fn forward(&self, model: &Decoder, pool: &KvPool) -> Result<Tensor> {
        let p = self.shape.pool;
        if (pool.slots(), pool.cap()) != (p.slots, p.cap) {
            bail!(
                "a fixed decode step for {} slots of {} run on a pool of {} of {}",
                p.slots,
                p.cap,
                pool.slots(),
                pool.cap()
            );
        }
        let softcap = model.cfg.attn_softcap;
        let x = run_layers(model, &self.ids, &self.positions, &mut |l, sliding, q, k, v| {
            self.attention.attend(&pool.k[l], &pool.v[l], q, k, v, softcap, sliding)
        })?;
        logits_of(model, &x)
    }
}
