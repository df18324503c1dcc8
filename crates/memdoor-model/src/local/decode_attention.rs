//! A pooled decode step's attention in one kernel (#32 item 4): for every
//! row and query head, the scores against its slot's keys up to its own
//! position (within the sliding window where the layer slides), the
//! softcap, the softmax and the weighted sum of the values — where candle
//! takes six launches (a gather of the queries into slot order, two
//! batched products, a mask addition, a softmax, a gather back) and
//! attends over every slot the step reaches and every position up to the
//! furthest, masked. The K/V rows of the step are written into the pools
//! before it (`PooledStep::attend`'s two scatters).
//!
//! `cpu_fwd` is the reference: the arithmetic of the candle path, a row and
//! head at a time (its own order of sums: within ~1e-6 of candle's, not its
//! bits), which the tests hold to the candle path. The CUDA kernel
//! (`decode_attention.cu`: a block a query head, row and chunk of 256 keys,
//! its eight warps each taking every eighth key, two in flight at a time,
//! with a running softmax, combined at the block's end; where a span is
//! more than one chunk, a second kernel combines the chunks) has not run on
//! a GPU yet.

use candle_core::{CpuStorage, CustomOp3, Layout, Result, Shape, Storage, Tensor};

/// Head sizes the kernel takes: a multiple of a warp, at most 8 a lane.
pub(super) fn supports(head_dim: usize) -> bool {
    head_dim > 0 && head_dim.is_multiple_of(32) && head_dim <= 256
}

/// The attention of `q` (`[rows, n_head, head_dim]`, scaled) over the
/// pools (`[slots, n_kv_head, cap, head_dim]` each, the step's rows
/// already in them): row `r` at position `positions_slots[r]` in slot
/// `positions_slots[rows + r]` (`[2 * rows]` u32 on the pools' device: one
/// tensor, one lock on its storage). Returns `[rows, n_head * head_dim]`.
pub(super) struct DecodeAttention<'a> {
    pub positions_slots: &'a Tensor,
    /// The sliding window, where the layer slides.
    pub window: Option<usize>,
    pub softcap: Option<f64>,
}

impl DecodeAttention<'_> {
    pub(super) fn apply(&self, q: &Tensor, k_pool: &Tensor, v_pool: &Tensor) -> Result<Tensor> {
        // The kernel reads a window of 0 and a softcap of 0 as none: refused
        // here, so both sides agree.
        if self.window == Some(0) || self.softcap.is_some_and(|c| !(c.is_finite() && c > 0.0)) {
            return Err(op_error(format!("a window of {:?} or a softcap of {:?}", self.window, self.softcap)));
        }
        let (rows, n_head, hd) = q.dims3()?;
        let q = q.contiguous()?;
        let out = q.apply_op3_no_bwd(k_pool, v_pool, self)?;
        out.reshape((rows, n_head * hd))
    }

    /// Each row's slot and position, checked against the pools.
    fn rows_cpu(&self, rows: usize, slots: usize, cap: usize) -> Result<Vec<(usize, usize)>> {
        let (store, layout) = self.positions_slots.storage_and_layout();
        let Storage::Cpu(s) = &*store else { candle_core::bail!("positions and slots: not on the CPU") };
        let (a, b) = layout.contiguous_offsets().ok_or_else(|| op_error("positions and slots: not contiguous"))?;
        let both = &s.as_slice::<u32>()?[a..b];
        if both.len() != 2 * rows {
            return Err(op_error(format!("{} positions and slots for {rows} rows", both.len())));
        }
        let (pos, at) = both.split_at(rows);
        at.iter()
            .zip(pos)
            .map(|(&s, &p)| {
                let (s, p) = (s as usize, p as usize);
                if s >= slots || p >= cap {
                    return Err(op_error(format!("slot {s} at position {p} outside {slots} slots of {cap}")));
                }
                Ok((s, p))
            })
            .collect()
    }
}

fn op_error(what: impl std::fmt::Display) -> candle_core::Error {
    candle_core::Error::Msg(format!("decode attention: {what}"))
}

/// The pools' `[slots, n_kv_head, cap, head_dim]`, the same for K and V,
/// and `q`'s heads a multiple of their heads.
fn pool_dims(lq: &Layout, lk: &Layout, lv: &Layout) -> Result<(usize, usize, usize, usize)> {
    let (_, n_head, hd) = lq.shape().dims3()?;
    let (slots, kv, cap, khd) = lk.shape().dims4()?;
    if lv.dims() != lk.dims() || khd != hd || kv == 0 || n_head % kv != 0 {
        return Err(op_error(format!("q {:?} over pools {:?} and {:?}", lq.dims(), lk.dims(), lv.dims())));
    }
    Ok((slots, kv, cap, hd))
}

/// The first key a row at `pos` sees.
fn first_key(pos: usize, window: Option<usize>) -> usize {
    window.map_or(0, |w| (pos + 1).saturating_sub(w))
}

/// One query head of one row over its KV head's slot in the pools, in the
/// CUDA kernel's order of work, so the tests hold that order to candle's
/// arithmetic: the span cut in `CHUNK`s from its first key, each chunk's
/// keys dealt to `WARPS` warps in turn, each warp keeping a running
/// softmax; the warps' states combined, then the chunks'.
struct Head<'a> {
    q: &'a [f32],
    /// The slot's keys and values from position 0, `head_dim` apart.
    k: &'a [f32],
    v: &'a [f32],
    softcap: Option<f64>,
}

/// A running softmax: the best score, the weights' sum against it, the
/// weighted values (unnormalised).
struct Running {
    best: f32,
    sum: f32,
    acc: Vec<f32>,
}

impl Running {
    fn new(hd: usize) -> Self {
        Self { best: f32::NEG_INFINITY, sum: 0.0, acc: vec![0.0; hd] }
    }

    /// One key's score and value (`absorb` in the kernel).
    fn absorb(&mut self, score: f32, value: &[f32]) {
        let best = self.best.max(score);
        if best == f32::NEG_INFINITY {
            return;
        }
        let (scale, e) = ((self.best - best).exp(), (score - best).exp());
        self.sum = self.sum * scale + e;
        for (a, &x) in self.acc.iter_mut().zip(value) {
            *a = *a * scale + e * x;
        }
        self.best = best;
    }

    /// The states together, against the best of them; states that saw no key weigh nothing.
    fn combine(states: &[Running], hd: usize) -> Running {
        let best = states.iter().fold(f32::NEG_INFINITY, |m, s| m.max(s.best));
        let mut all = Running { best, sum: 0.0, acc: vec![0.0; hd] };
        for s in states.iter().filter(|s| s.best != f32::NEG_INFINITY) {
            let f = (s.best - best).exp();
            all.sum += s.sum * f;
            for (a, &x) in all.acc.iter_mut().zip(&s.acc) {
                *a += x * f;
            }
        }
        all
    }
}

impl Head<'_> {
    fn score(&self, j: usize) -> f32 {
        let hd = self.q.len();
        let s: f32 = self.q.iter().zip(&self.k[j * hd..][..hd]).map(|(a, b)| a * b).sum();
        match self.softcap {
            Some(c) => (s / c as f32).tanh() * c as f32,
            None => s,
        }
    }

    /// The attention over keys `lo..=pos`, normalised.
    fn attend(&self, lo: usize, pos: usize, chunks: usize) -> Vec<f32> {
        let hd = self.q.len();
        let states: Vec<Running> = (0..chunks)
            .map(|c| {
                let first = lo + c * CHUNK;
                let last = (first + CHUNK - 1).min(pos);
                let warps: Vec<Running> = (0..WARPS)
                    .map(|w| {
                        let mut run = Running::new(hd);
                        for j in (first + w..=last).step_by(WARPS) {
                            run.absorb(self.score(j), &self.v[j * hd..][..hd]);
                        }
                        run
                    })
                    .collect();
                Running::combine(&warps, hd)
            })
            .collect();
        let all = Running::combine(&states, hd);
        all.acc.iter().map(|a| a / all.sum).collect()
    }
}

impl CustomOp3 for DecodeAttention<'_> {
    fn name(&self) -> &'static str {
        "memdoor-decode-attention"
    }

    fn cpu_fwd(
        &self,
        q: &CpuStorage,
        lq: &Layout,
        k: &CpuStorage,
        lk: &Layout,
        v: &CpuStorage,
        lv: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        let (rows, n_head, _) = lq.shape().dims3()?;
        let (slots, kv, cap, hd) = pool_dims(lq, lk, lv)?;
        let slice = |s: &'_ CpuStorage, l: &Layout, what: &str| -> Result<Vec<f32>> {
            let (a, b) = l.contiguous_offsets().ok_or_else(|| op_error(format!("{what}: not contiguous")))?;
            Ok(s.as_slice::<f32>()?[a..b].to_vec())
        };
        let (q, k, v) = (slice(q, lq, "q")?, slice(k, lk, "K pool")?, slice(v, lv, "V pool")?);
        let group = n_head / kv;
        let chunks = chunks(cap, self.window);
        let mut out = vec![0f32; rows * n_head * hd];
        for (r, (slot, pos)) in self.rows_cpu(rows, slots, cap)?.into_iter().enumerate() {
            let lo = first_key(pos, self.window);
            for h in 0..n_head {
                let base = (slot * kv + h / group) * cap * hd;
                let head =
                    Head { q: &q[(r * n_head + h) * hd..][..hd], k: &k[base..], v: &v[base..], softcap: self.softcap };
                let y = &mut out[(r * n_head + h) * hd..][..hd];
                y.copy_from_slice(&head.attend(lo, pos, chunks));
            }
        }
        Ok((CpuStorage::F32(out), Shape::from((rows, n_head, hd))))
    }

    #[cfg(feature = "cuda")]
    fn cuda_fwd(
        &self,
        q: &candle_core::CudaStorage,
        lq: &Layout,
        k: &candle_core::CudaStorage,
        lk: &Layout,
        v: &candle_core::CudaStorage,
        lv: &Layout,
    ) -> Result<(candle_core::CudaStorage, Shape)> {
        use candle_core::backend::BackendStorage;
        use candle_core::cuda_backend::cudarc::driver::{LaunchConfig, PushKernelArg};
        use candle_core::cuda_backend::WrapErr;
        let (rows, n_head, _) = lq.shape().dims3()?;
        let (n_slots, kv, cap, hd) = pool_dims(lq, lk, lv)?;
        let chunks = chunks(cap, self.window);
        // The grid's y and z are at most 65,535; x (heads) more.
        if rows == 0 || n_head == 0 || rows > 65_535 || chunks > 65_535 || n_slots > u32::MAX as usize {
            return Err(op_error(format!("{rows} rows of {n_head} heads over {n_slots} slots of {cap}")));
        }
        if !supports(hd) {
            return Err(op_error(format!("a head of {hd}: not a multiple of 32 up to 256")));
        }
        let view = |s, l, what| super::nvrtc::view::<f32>(s, l, what);
        let (qs, ks, vs) = (view(q, lq, "q")?, view(k, lk, "K pool")?, view(v, lv, "V pool")?);
        let (store, layout) = self.positions_slots.storage_and_layout();
        let positions_slots = cuda::rows(&store, layout, 2 * rows, "positions and slots")?;
        let dev = q.device().clone();
        let func = cuda::KERNEL.function(&dev, "decode_attention")?;
        // Safety: the kernels write every element (a block a head and row, every dimension).
        let mut out = unsafe { dev.alloc::<f32>(rows * n_head * hd)? };
        // Each chunk's state (best, sum, weighted values), where a span is more than one chunk.
        // Safety: every chunk's block writes its state.
        let mut partial = unsafe { dev.alloc::<f32>(if chunks > 1 { rows * n_head * chunks * (hd + 2) } else { 1 })? };
        let stream = dev.cuda_stream();
        let mut args = stream.launch_builder(&func);
        // A window past the pools' capacity is none (and fits u32).
        let window = self.window.map_or(0, |w| w.min(cap));
        let dims = [rows, n_slots, n_head, kv, cap, hd, window].map(|d| d as u32);
        let softcap = self.softcap.unwrap_or(0.0) as f32;
        args.arg(&qs).arg(&ks).arg(&vs).arg(&positions_slots).arg(&mut out).arg(&mut partial);
        for d in &dims {
            args.arg(d);
        }
        args.arg(&softcap);
        let cfg = LaunchConfig {
            // Heads fastest: those sharing a KV head run side by side.
            grid_dim: (n_head as u32, rows as u32, chunks as u32),
            block_dim: (32 * WARPS as u32, 1, 1),
            shared_mem_bytes: 0,
        };
        // Safety: the arguments pushed match the kernel's signature.
        unsafe { args.launch(cfg) }.w()?;
        if chunks > 1 {
            let func = cuda::KERNEL.function(&dev, "combine_chunks")?;
            let mut args = stream.launch_builder(&func);
            let dims = [n_head, hd, chunks].map(|d| d as u32);
            args.arg(&partial).arg(&mut out).arg(&dims[0]).arg(&dims[1]).arg(&dims[2]);
            let cfg =
                LaunchConfig { grid_dim: (n_head as u32, rows as u32, 1), block_dim: (32, 1, 1), shared_mem_bytes: 0 };
            // Safety: the arguments pushed match the kernel's signature.
            unsafe { args.launch(cfg) }.w()?;
        }
        Ok((candle_core::CudaStorage::wrap_cuda_slice(out, dev), Shape::from((rows, n_head, hd))))
    }
}

/// Keys a block of the CUDA kernel takes (`CHUNK` in decode_attention.cu).
const CHUNK: usize = 256;
/// Warps a block (`WARPS` in decode_attention.cu).
const WARPS: usize = 8;

/// Blocks a row and head's span is cut in: fixed by the pools' capacity
/// (and the window), so a fixed step's launches stay the same from step to
/// step; chunks past a row's position find no key.
fn chunks(cap: usize, window: Option<usize>) -> usize {
    window.map_or(cap, |w| w.min(cap)).div_ceil(CHUNK).max(1)
}

#[cfg(feature = "cuda")]
mod cuda {
    use candle_core::cuda_backend::cudarc::driver::CudaView;
    use candle_core::{Layout, Result, Storage};

    use super::super::nvrtc::{self, Kernels};
    use super::op_error;

    pub(super) static KERNEL: Kernels = Kernels::new("memdoor_decode_attention", super::KERNEL);

    /// A u32 input of `rows` elements on the GPU.
    pub(super) fn rows<'a>(store: &'a Storage, l: &Layout, rows: usize, what: &str) -> Result<CudaView<'a, u32>> {
        let Storage::Cuda(s) = store else { candle_core::bail!("{what}: not on the GPU") };
        let view = nvrtc::view::<u32>(s, l, what)?;
        if view.len() != rows {
            return Err(op_error(format!("{} {what} for {rows} rows", view.len())));
        }
        Ok(view)
    }
}

/// The CUDA source (`decode_attention.cu`).
#[cfg_attr(not(feature = "cuda"), allow(dead_code))]
pub(super) const KERNEL: &str = include_str!("decode_attention.cu");

#[cfg(test)]
#[path = "decode_attention_tests.rs"]
mod tests;
