//! A decode step's attention for every stream at once, over the KV pools
//! (`kv_pool`): per layer one scatter of the new K rows and one of the V
//! rows, one gather of the queries into slot order, two batched products
//! on 4-D views of the pools, one mask addition, one softmax and one gather
//! back — the same launches for one stream or sixteen, where attending
//! stream by stream costs a few launches per stream and layer.
//!
//! With the fused kernels (`Decoder::fused`) the six launches after the
//! scatters are one (`decode_attention`), which reads each row's slot and
//! position and attends over its own keys only; the masks go unused.
//!
//! The mask and the indices are built on the host once a step and serve
//! every layer. A slot with no stream in the step still gets a query row
//! (a copy of the first row's, attending over whatever its slot holds):
//! computed and dropped, so the slots need not be compacted.

use anyhow::{bail, Result};
use candle_core::{Device, Tensor};

use super::decode_attention::{self, DecodeAttention};

/// What a pooled decode step's layers share: where each new K/V row goes,
/// the queries' order, and the masks (or, attending in one kernel, each
/// row's position and slot).
pub(super) struct PooledStep {
    /// `[rows * n_kv_head, head_dim]`: each new row's place in a pool seen
    /// as `[slots * n_kv_head * cap, head_dim]`, repeated along head_dim
    /// (a scatter's indices have the source's shape).
    scatter: Tensor,
    /// `[used]`: the step row whose query each slot takes.
    queries: Tensor,
    /// `[rows]`: each row's slot, to read its output back.
    outputs: Tensor,
    /// `[2 * rows]`: the rows' positions, then their slots (what
    /// `decode_attention` reads).
    positions_slots: Tensor,
    /// None: attention in one kernel (`decode_attention`), which reads no mask.
    masks: Option<SlotMasks>,
    /// Slots attended.
    used: usize,
    /// Keys attended.
    keys: usize,
    /// The model's sliding window, for the layers that slide.
    window: Option<usize>,
}

/// A step's masks, `[used, 1, 1, keys]`: 0 where a slot's query sees a
/// key, -inf where not; `sliding` through the window, for models that
/// slide.
pub(super) struct SlotMasks {
    pub full: Tensor,
    pub sliding: Option<Tensor>,
}

/// The pools' shape, as the step's indices need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct PoolShape {
    pub slots: usize,
    pub cap: usize,
    pub n_kv_head: usize,
    pub head_dim: usize,
}

/// How much of the pools a step attends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// Slots up to the highest in the step, keys up to its furthest
    /// position: the least work.
    Live,
    /// Every slot and every position, the rest masked: the same shapes
    /// from step to step, as a replayed CUDA graph needs (`decode_graph`).
    Whole,
}

/// A pooled step's indices and masks on the host (`PooledStep`'s fields
/// before they are uploaded), flat; without masks, `full` is empty.
pub(super) struct PooledPlan {
    pub scatter: Vec<u32>,
    pub queries: Vec<u32>,
    pub outputs: Vec<u32>,
    pub full: Vec<f32>,
    pub sliding: Option<Vec<f32>>,
    pub used: usize,
    pub keys: usize,
}

impl PooledPlan {
    /// For one decode row per stream: the row at `slots[i]`, position
    /// `positions[i]` (where its new K/V row goes). `window`: the model's
    /// sliding window, if any layer slides; `masks`: whether to make the
    /// masks (attending in one kernel reads none).
    pub(super) fn new(
        slots: &[usize],
        positions: &[usize],
        pool: PoolShape,
        window: Option<usize>,
        (reach, masks): (Reach, bool),
    ) -> Result<Self> {
        let PoolShape { slots: pool_slots, cap, n_kv_head: kv, head_dim: hd } = pool;
        if slots.is_empty() || slots.len() != positions.len() {
            bail!("a pooled step of {} slots and {} positions", slots.len(), positions.len());
        }
        let mut row_of_slot = vec![None; pool_slots];
        for (row, (&slot, &pos)) in slots.iter().zip(positions).enumerate() {
            if slot >= pool_slots || pos >= cap {
                bail!("slot {slot} at position {pos} is outside a pool of {pool_slots} slots of {cap}");
            }
            if row_of_slot[slot].replace((row, pos)).is_some() {
                bail!("two rows of one step in KV slot {slot}");
            }
        }
        let (used, keys) = match reach {
            Reach::Live => (slots.iter().max().map_or(0, |s| s + 1), positions.iter().max().map_or(0, |p| p + 1)),
            Reach::Whole => (pool_slots, cap),
        };
        if pool_slots.saturating_mul(kv).saturating_mul(cap) > u32::MAX as usize {
            bail!("a KV pool of {pool_slots} slots of {cap} positions is past u32 indices");
        }
        let mut scatter = Vec::with_capacity(slots.len() * kv * hd);
        for (&slot, &pos) in slots.iter().zip(positions) {
            for h in 0..kv {
                let at = ((slot * kv + h) * cap + pos) as u32; // below u32::MAX: checked above
                scatter.extend(std::iter::repeat_n(at, hd));
            }
        }
        let queries: Vec<u32> = row_of_slot[..used].iter().map(|r| r.map_or(0, |(row, _)| row as u32)).collect();
        let outputs: Vec<u32> = slots.iter().map(|&s| s as u32).collect();
        let mask = |window: Option<usize>| -> Vec<f32> {
            let mut m = Vec::with_capacity(used * keys);
            for r in &row_of_slot[..used] {
                match *r {
                    Some((_, pos)) => m.extend((0..keys).map(|j| {
                        let seen = j <= pos && window.is_none_or(|w| pos - j < w);
                        if seen {
                            0.0
                        } else {
                            f32::NEG_INFINITY
                        }
                    })),
                    // Dropped rows: anything finite.
                    None => m.extend(std::iter::repeat_n(0f32, keys)),
                }
            }
            m
        };
        let (full, sliding) = match masks {
            true => (mask(None), window.map(|w| mask(Some(w)))),
            false => (Vec::new(), None),
        };
        Ok(Self { scatter, queries, outputs, full, sliding, used, keys })
    }
}

impl PooledStep {
    /// [`PooledPlan::new`] of the live reach, uploaded; `fused`: attention
    /// in one kernel where the head size allows (`decode_attention`).
    pub(super) fn new(
        slots: &[usize],
        positions: &[usize],
        pool: PoolShape,
        window: Option<usize>,
        fused: bool,
        device: &Device,
    ) -> Result<Self> {
        let (rows, kv, hd) = (slots.len(), pool.n_kv_head, pool.head_dim);
        let fused = fused && decode_attention::supports(hd);
        let plan = PooledPlan::new(slots, positions, pool, window, (Reach::Live, !fused))?;
        let (used, keys) = (plan.used, plan.keys);
        let positions_slots: Vec<u32> =
            positions.iter().map(|&p| p as u32).chain(plan.outputs.iter().copied()).collect();
        let masks = match fused {
            true => None,
            false => {
                let mask = |m: Vec<f32>| Tensor::from_vec(m, (used, 1, 1, keys), device);
                Some(SlotMasks { full: mask(plan.full)?, sliding: plan.sliding.map(mask).transpose()? })
            }
        };
        Ok(Self {
            scatter: Tensor::from_vec(plan.scatter, (rows * kv, hd), device)?,
            queries: Tensor::from_vec(plan.queries, used, device)?,
            outputs: Tensor::from_vec(plan.outputs, rows, device)?,
            positions_slots: Tensor::from_vec(positions_slots, 2 * rows, device)?,
            masks,
            used,
            keys,
            window,
        })
    }

    /// A step over tensors the caller keeps and rewrites (`fixed_step`):
    /// `scatter` `[rows * n_kv_head, head_dim]`, `queries` `[used]`,
    /// `outputs` `[rows]`, `positions_slots` `[2 * rows]`; `masks`
    /// (`[used, 1, 1, keys]`), or None to attend in one kernel.
    pub(super) fn of_tensors(
        [scatter, queries, outputs, positions_slots]: [Tensor; 4],
        masks: Option<SlotMasks>,
        (used, keys): (usize, usize),
        window: Option<usize>,
    ) -> Self {
        Self { scatter, queries, outputs, positions_slots, masks, used, keys, window }
    }

    /// Whether the step attends in one kernel (`decode_attention`).
    #[cfg(test)]
    pub(super) fn fused(&self) -> bool {
        self.masks.is_none()
    }

    /// One layer: writes the step's new rows `k`, `v` (`[rows, n_kv_head,
    /// head_dim]`) into the pools and returns the rows' attention outputs,
    /// `[rows, n_head * head_dim]`. `q`: `[rows, n_head, head_dim]`, scaled;
    /// heads sharing a KV head adjacent, as in `forward::attend`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn attend(
        &self,
        k_pool: &Tensor,
        v_pool: &Tensor,
        q: &Tensor,
        k: &Tensor,
        v: &Tensor,
        softcap: Option<f64>,
        sliding: bool,
    ) -> Result<Tensor> {
        let (rows, n_head, hd) = q.dims3()?;
        let (slots, kv, cap, _) = k_pool.dims4()?;
        let group = n_head / kv;
        for (pool, new) in [(k_pool, k), (v_pool, v)] {
            // A reshape of the contiguous pool is a view of its storage: the scatter writes the pool.
            let flat = pool.reshape((slots * kv * cap, hd))?;
            flat.scatter_set(&self.scatter, &new.reshape((rows * kv, hd))?.contiguous()?, 0)?;
        }
        let Some(masks) = &self.masks else {
            let window = self.window.filter(|_| sliding);
            let attention = DecodeAttention { positions_slots: &self.positions_slots, window, softcap };
            return Ok(attention.apply(q, k_pool, v_pool)?);
        };
        let qs = q.index_select(&self.queries, 0)?.reshape((self.used, kv, group, hd))?;
        let keys = k_pool.narrow(0, 0, self.used)?.narrow(2, 0, self.keys)?;
        let values = v_pool.narrow(0, 0, self.used)?.narrow(2, 0, self.keys)?;
        let att = qs.matmul(&keys.t()?)?; // [used, kv, group, keys]
        let att = match softcap {
            Some(cap) => ((att / cap)?.tanh()? * cap)?,
            None => att,
        };
        let mask = match (&masks.sliding, sliding) {
            (Some(m), true) => m,
            _ => &masks.full,
        };
        let att = candle_nn::ops::softmax_last_dim(&att.broadcast_add(mask)?)?;
        let y = att.matmul(&values)?; // [used, kv, group, hd]
        Ok(y.reshape((self.used, n_head * hd))?.index_select(&self.outputs, 0)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_indices_put_each_row_in_its_slot_and_the_mask_shows_each_its_own_past() {
        let pool = PoolShape { slots: 4, cap: 8, n_kv_head: 2, head_dim: 3 };
        // Rows in slots 2 and 0 (slot 1 absent), at positions 1 and 3.
        let step = PooledStep::new(&[2, 0], &[1, 3], pool, Some(2), false, &Device::Cpu).unwrap();
        assert_eq!((step.used, step.keys), (3, 4));
        let scatter: Vec<Vec<u32>> = step.scatter.to_vec2().unwrap();
        let places: Vec<u32> = scatter.iter().map(|r| r[0]).collect();
        // (slot * kv + head) * cap + pos
        assert_eq!(places, [(4 * 8) + 1, (5 * 8) + 1, 3, 8 + 3]);
        assert!(scatter.iter().all(|r| r.iter().all(|&x| x == r[0])));
        assert_eq!(step.queries.to_vec1::<u32>().unwrap(), [1, 0, 0]);
        assert_eq!(step.outputs.to_vec1::<u32>().unwrap(), [2, 0]);
        let inf = f32::NEG_INFINITY;
        assert_eq!(step.positions_slots.to_vec1::<u32>().unwrap(), [1, 3, 2, 0]);
        let masks = step.masks.as_ref().expect("candle's attention reads masks");
        let full: Vec<Vec<f32>> = masks.full.reshape((3, 4)).unwrap().to_vec2().unwrap();
        assert_eq!(full, [vec![0.0; 4], vec![0.0; 4], vec![0.0, 0.0, inf, inf]]);
        let sliding: Vec<Vec<f32>> = masks.sliding.as_ref().unwrap().reshape((3, 4)).unwrap().to_vec2().unwrap();
        assert_eq!(sliding[0], [inf, inf, 0.0, 0.0], "window 2 at position 3");
        assert_eq!(sliding[2], [0.0, 0.0, inf, inf]);
    }

    #[test]
    fn a_whole_reach_attends_every_slot_and_position_with_the_rest_masked() {
        let pool = PoolShape { slots: 4, cap: 8, n_kv_head: 2, head_dim: 3 };
        let plan = PooledPlan::new(&[2, 0], &[1, 3], pool, Some(2), (Reach::Whole, true)).unwrap();
        let live = PooledPlan::new(&[2, 0], &[1, 3], pool, Some(2), (Reach::Live, true)).unwrap();
        assert_eq!((plan.used, plan.keys), (4, 8), "every slot, every position");
        assert_eq!(plan.scatter, live.scatter, "the rows go where they go");
        assert_eq!(plan.outputs, live.outputs);
        assert_eq!(plan.queries, [1, 0, 0, 0], "slots 1 and 3 hold no row of the step");
        let inf = f32::NEG_INFINITY;
        let row = |m: &[f32], slot: usize| m[slot * 8..(slot + 1) * 8].to_vec();
        assert_eq!(row(&plan.full, 0), [0.0, 0.0, 0.0, 0.0, inf, inf, inf, inf], "position 3 sees 0..=3");
        assert_eq!(row(&plan.full, 2), [0.0, 0.0, inf, inf, inf, inf, inf, inf]);
        assert_eq!(row(&plan.full, 3), [0.0; 8], "a slot with no row: anything finite");
        let sliding = plan.sliding.unwrap();
        assert_eq!(row(&sliding, 0), [inf, inf, 0.0, 0.0, inf, inf, inf, inf]);
    }

    #[test]
    fn a_step_outside_the_pool_or_with_two_rows_in_one_slot_is_refused() {
        let pool = PoolShape { slots: 2, cap: 8, n_kv_head: 1, head_dim: 2 };
        assert!(PooledStep::new(&[2], &[0], pool, None, false, &Device::Cpu).is_err());
        assert!(PooledStep::new(&[0], &[8], pool, None, false, &Device::Cpu).is_err());
        assert!(PooledStep::new(&[1, 1], &[0, 1], pool, None, false, &Device::Cpu).is_err());
        assert!(PooledStep::new(&[], &[], pool, None, false, &Device::Cpu).is_err());
    }
}
