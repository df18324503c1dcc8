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
//! (`decode_attention.cu`: a block a query head and row, its eight warps
//! each taking every eighth key with a running softmax, combined at the
//! end) has not run on a GPU yet.

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
        let mut out = vec![0f32; rows * n_head * hd];
        let mut scores = Vec::new();
        for (r, (slot, pos)) in self.rows_cpu(rows, slots, cap)?.into_iter().enumerate() {
            let lo = first_key(pos, self.window);
            for h in 0..n_head {
                let qh = &q[(r * n_head + h) * hd..][..hd];
                let base = (slot * kv + h / group) * cap * hd;
                scores.clear();
                scores.extend((lo..=pos).map(|j| {
                    let kj = &k[base + j * hd..][..hd];
                    let s: f32 = qh.iter().zip(kj).map(|(a, b)| a * b).sum();
                    match self.softcap {
                        Some(c) => ((s as f64 / c).tanh() * c) as f32,
                        None => s,
                    }
                }));
                let max = scores.iter().fold(f32::NEG_INFINITY, |m, &s| m.max(s));
                let mut sum = 0f32;
                for s in scores.iter_mut() {
                    *s = (*s - max).exp();
                    sum += *s;
                }
                let y = &mut out[(r * n_head + h) * hd..][..hd];
                for (j, &e) in (lo..=pos).zip(&scores) {
                    let vj = &v[base + j * hd..][..hd];
                    for (y, &x) in y.iter_mut().zip(vj) {
                        *y += e * x;
                    }
                }
                y.iter_mut().for_each(|y| *y /= sum);
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
        let (_, kv, cap, hd) = pool_dims(lq, lk, lv)?;
        if !supports(hd) {
            return Err(op_error(format!("a head of {hd}: not a multiple of 32 up to 256")));
        }
        let view = |s, l, what| super::nvrtc::view::<f32>(s, l, what);
        let (qs, ks, vs) = (view(q, lq, "q")?, view(k, lk, "K pool")?, view(v, lv, "V pool")?);
        let (store, layout) = self.positions_slots.storage_and_layout();
        let positions_slots = cuda::rows(&store, layout, 2 * rows, "positions and slots")?;
        let dev = q.device().clone();
        let func = cuda::KERNEL.function(&dev, "decode_attention")?;
        // Safety: the kernel writes every element (a block a row and head, every dimension).
        let mut out = unsafe { dev.alloc::<f32>(rows * n_head * hd)? };
        let stream = dev.cuda_stream();
        let mut args = stream.launch_builder(&func);
        let dims = [rows, n_head, kv, cap, hd, self.window.unwrap_or(0)].map(|d| d as u32);
        let softcap = self.softcap.unwrap_or(0.0) as f32;
        args.arg(&qs).arg(&ks).arg(&vs).arg(&positions_slots).arg(&mut out);
        for d in &dims {
            args.arg(d);
        }
        args.arg(&softcap);
        let cfg = LaunchConfig {
            // Heads fastest: those sharing a KV head run side by side.
            grid_dim: (n_head as u32, rows as u32, 1),
            block_dim: (32 * cuda::WARPS, 1, 1),
            shared_mem_bytes: 0,
        };
        // Safety: the arguments pushed match the kernel's signature.
        unsafe { args.launch(cfg) }.w()?;
        Ok((candle_core::CudaStorage::wrap_cuda_slice(out, dev), Shape::from((rows, n_head, hd))))
    }
}

#[cfg(feature = "cuda")]
mod cuda {
    use candle_core::cuda_backend::cudarc::driver::CudaView;
    use candle_core::{Layout, Result, Storage};

    use super::super::nvrtc::{self, Kernels};
    use super::op_error;

    pub(super) static KERNEL: Kernels = Kernels::new("memdoor_decode_attention", super::KERNEL);

    /// Warps a block (`WARPS` in decode_attention.cu).
    pub(super) const WARPS: u32 = 8;

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
