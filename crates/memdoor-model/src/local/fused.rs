//! Fused kernels for a GPU step (#32 item 4). A decode step of a small
//! model is bound by the kernels issued, not by their work, and candle
//! issues one per operation; these do a layer's small operations in one
//! launch each, compiled with NVRTC at first use:
//!
//! - `QkvHeads`: the q/k/v projections' rows to q, k and v in `[rows,
//!   heads, head_dim]`, each contiguous, with the bias added, RoPE turned
//!   and q scaled — where candle takes three bias additions, three copies
//!   into contiguous tensors, two RoPEs and a scale (nine).
//! - `SiluMul`: the stacked gate/up rows to SiLU(gate) × up (two; the
//!   stacked product only).
//! - `AddRmsNorm`: a residual addition and the RMS norm after it (two).
//!
//! Each also runs on the CPU (`cpu_fwd`, the same arithmetic in the same
//! order), which is how the tests hold them to candle's operations; the CPU
//! engine itself keeps candle's operations, whose bits the golden tests
//! hold. `Decoder::fused` chooses (`LoadOptions::fused`).

use candle_core::{CpuStorage, CustomOp1, CustomOp2, CustomOp3, Layout, Result, Shape, Storage, Tensor};

use super::decoder::RmsNorm;

/// q, k and v in `[rows, heads, head_dim]`, each contiguous, from the
/// projections' rows (`[rows, heads × head_dim]` each: views of one stacked
/// product's output, or products of their own), with the bias added (all
/// three end to end, or None), RoPE turned by the rows' tables `cos_sin`
/// (`[rows, head_dim]`: cos, then sin) and q scaled.
#[derive(Clone, Copy, Debug)]
pub(super) struct QkvHeads {
    pub n_head: usize,
    pub n_kv_head: usize,
    pub head_dim: usize,
    /// RoPE on adjacent pairs (`rope_i`) rather than on halves (`rope`).
    pub interleaved: bool,
    pub q_scale: f32,
}

impl QkvHeads {
    /// `(q, k, v)`, `[rows, heads, head_dim]` each.
    pub(super) fn apply(
        self,
        [q, k, v]: [&Tensor; 3],
        bias: Option<&Tensor>,
        cos_sin: &Tensor,
    ) -> Result<(Tensor, Tensor, Tensor)> {
        let rows = q.dim(0)?;
        let out = q.apply_op3_no_bwd(k, v, &QkvOp { heads: self, bias, cos_sin })?;
        let (nh, nkv, hd) = (self.n_head, self.n_kv_head, self.head_dim);
        let part =
            |at: usize, heads: usize| out.narrow(0, at * rows * hd, rows * heads * hd)?.reshape((rows, heads, hd));
        Ok((part(0, nh)?, part(nh, nkv)?, part(nh + nkv, nkv)?))
    }
}

/// The op; the bias and the tables ride along (an op takes three inputs).
struct QkvOp<'a> {
    heads: QkvHeads,
    bias: Option<&'a Tensor>,
    cos_sin: &'a Tensor,
}

fn not_contiguous(what: &str) -> candle_core::Error {
    candle_core::Error::Msg(format!("{what}: not contiguous"))
}

fn contiguous<'a>(s: &'a CpuStorage, l: &Layout, what: &str) -> Result<&'a [f32]> {
    let (a, b) = l.contiguous_offsets().ok_or_else(|| not_contiguous(what))?;
    Ok(&s.as_slice::<f32>()?[a..b])
}

/// Where a `[rows, width]` input starts and its row stride (its rows may
/// be a view of a wider matrix, each row contiguous).
fn rows_of(l: &Layout, width: usize, what: &str) -> Result<(usize, usize)> {
    match (l.dims(), l.stride()) {
        (&[_, w], &[row_stride, 1]) if w == width => Ok((l.start_offset(), row_stride)),
        (dims, _) => Err(candle_core::Error::Msg(format!("{what}: rows of {width} expected, got {dims:?}"))),
    }
}

impl CustomOp3 for QkvOp<'_> {
    fn name(&self) -> &'static str {
        "memdoor-qkv-heads"
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
        let QkvHeads { n_head: nh, n_kv_head: nkv, head_dim: hd, interleaved, q_scale } = self.heads;
        let (bias_store, cs_store);
        let bias = match self.bias {
            Some(b) => {
                let (store, l) = b.storage_and_layout();
                bias_store = store;
                let Storage::Cpu(s) = &*bias_store else { candle_core::bail!("q/k/v bias: not on the CPU") };
                Some(contiguous(s, l, "q/k/v bias")?)
            }
            None => None,
        };
        let (store, l) = self.cos_sin.storage_and_layout();
        cs_store = store;
        let Storage::Cpu(s) = &*cs_store else { candle_core::bail!("RoPE tables: not on the CPU") };
        let cs = contiguous(s, l, "RoPE tables")?;
        let rows = lq.dims()[0];
        let half = hd / 2;
        let mut out = Vec::with_capacity(rows * (nh + 2 * nkv) * hd);
        let parts = [(q, lq, nh, 0), (k, lk, nkv, nh), (v, lv, nkv, nh + nkv)];
        for (part, (src, layout, heads, first_head)) in parts.into_iter().enumerate() {
            let (offset, stride) = rows_of(layout, heads * hd, "q/k/v")?;
            let src = src.as_slice::<f32>()?;
            for row in 0..rows {
                for h in 0..heads {
                    let x = |j: usize| {
                        let y = src[offset + row * stride + h * hd + j];
                        match bias {
                            Some(b) => y + b[(first_head + h) * hd + j],
                            None => y,
                        }
                    };
                    for d in 0..hd {
                        out.push(if part == 2 {
                            x(d)
                        } else {
                            let (i, x1, x2, first) = if interleaved {
                                (d / 2, x(d & !1), x(d | 1), d % 2 == 0)
                            } else {
                                (d % half, x(d % half), x(d % half + half), d < half)
                            };
                            let (c, s) = (cs[row * hd + i], cs[row * hd + half + i]);
                            let turned = if first { x1 * c - x2 * s } else { x1 * s + x2 * c };
                            if part == 0 {
                                turned * q_scale
                            } else {
                                turned
                            }
                        });
                    }
                }
            }
        }
        let n = out.len();
        Ok((CpuStorage::F32(out), Shape::from(n)))
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
        use candle_core::cuda_backend::cudarc::driver::PushKernelArg;
        let QkvHeads { n_head: nh, n_kv_head: nkv, head_dim: hd, interleaved, q_scale } = self.heads;
        let rows = lq.dims()[0];
        let n = rows * (nh + 2 * nkv) * hd;
        let (dev, func) = cuda::function(q, "qkv_heads")?;
        let (oq, sq) = rows_of(lq, nh * hd, "q")?;
        let (ok, sk) = rows_of(lk, nkv * hd, "k")?;
        let (ov, sv) = rows_of(lv, nkv * hd, "v")?;
        let (qs, ks, vs) = (cuda::from(q, oq)?, cuda::from(k, ok)?, cuda::from(v, ov)?);
        let (cs_store, cs_layout) = self.cos_sin.storage_and_layout();
        let Storage::Cuda(cs) = &*cs_store else { candle_core::bail!("RoPE tables: not on the GPU") };
        let cs = cuda::slice(cs, cs_layout, "RoPE tables")?;
        let bias_store = self.bias.map(|b| b.storage_and_layout());
        let bias = match &bias_store {
            Some((store, layout)) => {
                let Storage::Cuda(b) = &**store else { candle_core::bail!("q/k/v bias: not on the GPU") };
                Some(cuda::slice(b, layout, "q/k/v bias")?)
            }
            None => None,
        };
        // Safety: the kernel writes every element.
        let out = unsafe { dev.alloc::<f32>(n)? };
        let stream = dev.cuda_stream();
        let mut args = stream.launch_builder(&func);
        // Without a bias the kernel reads none: the tables stand in for its pointer.
        args.arg(&qs).arg(&ks).arg(&vs).arg(bias.as_ref().unwrap_or(&cs)).arg(&cs).arg(&out);
        let dims = [sq, sk, sv, rows, nh, nkv, hd].map(|d| d as u32);
        for d in &dims {
            args.arg(d);
        }
        let flags = [u32::from(interleaved), u32::from(self.bias.is_some())];
        args.arg(&flags[0]).arg(&flags[1]).arg(&q_scale);
        cuda::launch(args, n)?;
        Ok((candle_core::CudaStorage::wrap_cuda_slice(out, dev), Shape::from(n)))
    }
}

/// SiLU(gate) × up from the stacked gate/up output `[rows, 2 × width]`:
/// `[rows, width]`.
pub(super) struct SiluMul;

impl SiluMul {
    pub(super) fn apply(gate_up: &Tensor) -> Result<Tensor> {
        gate_up.apply_op1_no_bwd(&SiluMul)
    }
}

impl CustomOp1 for SiluMul {
    fn name(&self) -> &'static str {
        "memdoor-silu-mul"
    }

    fn cpu_fwd(&self, s: &CpuStorage, l: &Layout) -> Result<(CpuStorage, Shape)> {
        let (rows, two) = l.shape().dims2()?;
        let w = two / 2;
        let gu = contiguous(s, l, "gate/up")?;
        let mut out = Vec::with_capacity(rows * w);
        for row in gu.chunks_exact(two) {
            let (gate, up) = row.split_at(w);
            // candle's SiLU: x / (1 + e^-x).
            out.extend(gate.iter().zip(up).map(|(&g, &u)| g / (1.0 + (-g).exp()) * u));
        }
        Ok((CpuStorage::F32(out), Shape::from((rows, w))))
    }

    #[cfg(feature = "cuda")]
    fn cuda_fwd(&self, s: &candle_core::CudaStorage, l: &Layout) -> Result<(candle_core::CudaStorage, Shape)> {
        use candle_core::cuda_backend::cudarc::driver::PushKernelArg;
        let (rows, two) = l.shape().dims2()?;
        let w = two / 2;
        let (dev, func) = cuda::function(s, "silu_mul")?;
        let gu = cuda::slice(s, l, "gate/up")?;
        // Safety: the kernel writes every element.
        let out = unsafe { dev.alloc::<f32>(rows * w)? };
        let stream = dev.cuda_stream();
        let mut args = stream.launch_builder(&func);
        args.arg(&gu).arg(&out);
        let (r, w32) = (rows as u32, w as u32);
        args.arg(&r).arg(&w32);
        cuda::launch(args, rows * w)?;
        Ok((candle_core::CudaStorage::wrap_cuda_slice(out, dev), Shape::from((rows, w))))
    }
}

/// A residual addition and the next RMS norm in one: `a + b`, and that
/// sum normed by `norm` — both `[rows, hidden]` (where candle takes an
/// addition and a norm).
pub(super) struct AddRmsNorm<'a> {
    norm: &'a RmsNorm,
}

impl<'a> AddRmsNorm<'a> {
    /// `(a + b, norm(a + b))`.
    pub(super) fn apply(a: &Tensor, b: &Tensor, norm: &'a RmsNorm) -> Result<(Tensor, Tensor)> {
        let (rows, hidden) = a.dims2()?;
        if norm.weight.dims1()? != hidden {
            candle_core::bail!("a norm of {:?} over rows of {hidden}", norm.weight.dims());
        }
        let out = a.apply_op2_no_bwd(b, &AddRmsNorm { norm })?;
        let part = |at: usize| out.narrow(0, at * rows * hidden, rows * hidden)?.reshape((rows, hidden));
        Ok((part(0)?, part(1)?))
    }
}

impl CustomOp2 for AddRmsNorm<'_> {
    fn name(&self) -> &'static str {
        "memdoor-add-rms-norm"
    }

    fn cpu_fwd(&self, a: &CpuStorage, la: &Layout, b: &CpuStorage, lb: &Layout) -> Result<(CpuStorage, Shape)> {
        let (rows, hidden) = la.shape().dims2()?;
        if lb.dims() != la.dims() {
            candle_core::bail!("a residual of {:?} added to {:?}", lb.dims(), la.dims());
        }
        let (a, b) = (contiguous(a, la, "residual")?, contiguous(b, lb, "residual")?);
        let (store, l) = self.norm.weight.storage_and_layout();
        let Storage::Cpu(w) = &*store else { candle_core::bail!("norm weight: not on the CPU") };
        let w = contiguous(w, l, "norm weight")?;
        let mut out = vec![0f32; 2 * rows * hidden];
        let (sums, normed) = out.split_at_mut(rows * hidden);
        for ((sum, normed), (a, b)) in sums
            .chunks_exact_mut(hidden)
            .zip(normed.chunks_exact_mut(hidden))
            .zip(a.chunks_exact(hidden).zip(b.chunks_exact(hidden)))
        {
            for ((s, &x), &y) in sum.iter_mut().zip(a).zip(b) {
                *s = x + y;
            }
            // candle's rms_norm on the CPU, operation for operation.
            let sum2 = sum.iter().map(|&v| v * v).sum::<f32>();
            let m = (sum2 / hidden as f32 + self.norm.eps).sqrt();
            for ((d, &s), &alpha) in normed.iter_mut().zip(sum.iter()).zip(w) {
                *d = s / m * alpha;
            }
        }
        let n = out.len();
        Ok((CpuStorage::F32(out), Shape::from(n)))
    }

    #[cfg(feature = "cuda")]
    fn cuda_fwd(
        &self,
        a: &candle_core::CudaStorage,
        la: &Layout,
        b: &candle_core::CudaStorage,
        lb: &Layout,
    ) -> Result<(candle_core::CudaStorage, Shape)> {
        use candle_core::cuda_backend::cudarc::driver::{LaunchConfig, PushKernelArg};
        use candle_core::cuda_backend::WrapErr;
        let (rows, hidden) = la.shape().dims2()?;
        if lb.dims() != la.dims() {
            candle_core::bail!("a residual of {:?} added to {:?}", lb.dims(), la.dims());
        }
        let (dev, func) = cuda::function(a, "add_rms_norm")?;
        let (a, b) = (cuda::slice(a, la, "residual")?, cuda::slice(b, lb, "residual")?);
        let (store, l) = self.norm.weight.storage_and_layout();
        let Storage::Cuda(w) = &*store else { candle_core::bail!("norm weight: not on the GPU") };
        let w = cuda::slice(w, l, "norm weight")?;
        let n = 2 * rows * hidden;
        // Safety: the kernel writes every element.
        let out = unsafe { dev.alloc::<f32>(n)? };
        let stream = dev.cuda_stream();
        let mut args = stream.launch_builder(&func);
        let (r, h) = (rows as u32, hidden as u32);
        args.arg(&a).arg(&b).arg(&w).arg(&out).arg(&r).arg(&h).arg(&self.norm.eps);
        // A block a row, its threads summing the squares together (the kernel's shared array is 256 wide).
        let cfg = LaunchConfig { grid_dim: (r, 1, 1), block_dim: (256, 1, 1), shared_mem_bytes: 0 };
        // Safety: the arguments pushed match the kernel's signature.
        unsafe { args.launch(cfg) }.w()?;
        Ok((candle_core::CudaStorage::wrap_cuda_slice(out, dev), Shape::from(n)))
    }
}

#[cfg(feature = "cuda")]
mod cuda {
    use candle_core::backend::BackendStorage;
    use candle_core::cuda_backend::cudarc::driver::{CudaFunction, CudaView, LaunchArgs, LaunchConfig};
    use candle_core::cuda_backend::WrapErr;
    use candle_core::{CudaDevice, CudaStorage, Layout, Result};

    use super::super::nvrtc::{self, Kernels};

    static KERNELS: Kernels = Kernels::new("memdoor_fused", super::KERNELS);

    pub(super) fn function(s: &CudaStorage, name: &str) -> Result<(CudaDevice, CudaFunction)> {
        let dev = s.device().clone();
        let func = KERNELS.function(&dev, name)?;
        Ok((dev, func))
    }

    pub(super) fn slice<'a>(s: &'a CudaStorage, l: &Layout, what: &str) -> Result<CudaView<'a, f32>> {
        nvrtc::view(s, l, what)
    }

    /// The storage from `offset` on (rows read with their own stride).
    pub(super) fn from(s: &CudaStorage, offset: usize) -> Result<CudaView<'_, f32>> {
        let all = s.as_cuda_slice::<f32>()?;
        Ok(all.slice(offset..all.len()))
    }

    pub(super) fn launch(mut args: LaunchArgs, n: usize) -> Result<()> {
        // Safety: the arguments pushed match the kernel's signature.
        unsafe { args.launch(LaunchConfig::for_num_elems(n as u32)) }.w()?;
        Ok(())
    }
}

/// The CUDA source of the kernels (`fused.cu`): the arithmetic of
/// `cpu_fwd`, an element (or a row) a thread.
#[cfg_attr(not(feature = "cuda"), allow(dead_code))]
pub(super) const KERNELS: &str = include_str!("fused.cu");

#[cfg(test)]
#[path = "fused_tests.rs"]
mod tests;
