//! `Linear`: the quantized matrix products of memdoor's local engine. On a
//! CPU with AVX-512 VNNI, Q4_0, Q4_1, Q5_0, Q8_0, Q4_K and Q6_K weights are
//! repacked at load (`pack`, `pack_k`) and multiplied by our kernels (`x86`,
//! `x86_q0`, `x86_kquant`): each weight block is read once for up to 8
//! activation rows, and a matrix is ONE parallel dispatch over column
//! groups. On a CPU with AVX2 (and FMA, F16C) but not VNNI, Q5_0 and Q4_1 —
//! which candle multiplies with scalar code there — and Q8_0 run on
//! `x86_avx2` (4 rows a call), the rest on candle's own AVX2 code. candle's `QMatMul` has no SIMD Q4_1 or Q5_0 kernel on x86 and
//! re-reads the weights for every row (Q5_0 is most of a Qwen2.5-0.5B
//! Q4_K_M file: llama.cpp falls back to it where a row of 896 is no whole
//! number of 256-superblocks); for Q4_K and Q6_K (the blocks of Q4_K_M
//! files) it has a VNNI kernel of 4 rows on f32-expanded scales, and a lone
//! row times Q6_K runs its AVX2 dot product column by column. Results are
//! candle's bit for bit (`x86`, `x86_q0`, `x86_kquant`), except Q8_0
//! (`tests`) and a lone row times Q6_K, where candle's own order depends on
//! the row count and ours keeps its batch order. Anything else — other
//! CPUs, other dtypes (Q5_1, Q5_K included), odd shapes, CUDA — stays on
//! candle's `QMatMul`. On a GPU, matrices of one format and width are
//! stacked all the same (`stack_qtensors`): one candle product instead of
//! one each — on CUDA each is two kernel launches.

mod act;
mod act_k;
mod arena;
mod pack;
mod pack_k;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_k;
#[cfg(test)]
mod tests_q0;
#[cfg(target_arch = "x86_64")]
mod x86;
#[cfg(target_arch = "x86_64")]
mod x86_avx2;
#[cfg(target_arch = "x86_64")]
mod x86_kquant;
#[cfg(target_arch = "x86_64")]
mod x86_q0;

use std::borrow::Cow;
use std::sync::Arc;

use candle_core::quantized::{QMatMul, QStorage, QTensor};
use candle_core::{CpuStorage, CustomOp1, DType, Layout, Module, Result, Shape, Tensor};

use act::Act;
use act_k::ActK;
pub use arena::ArenaBuilder;
use pack::{Format, Packed, COLS};

/// Below this many multiply-adds a product runs on the calling thread. The
/// pool's workers spin between products, so a dispatch costs about a
/// microsecond — but a product this small takes about as long.
const PARALLEL_MIN_MACS: usize = 1 << 16;

/// Which implementation a `Linear` may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Ours where the CPU, dtype, shape and device allow; candle's otherwise.
    Best,
    /// candle's `QMatMul` always (the reference, and what other CPUs get).
    Candle,
}

/// A quantized weight matrix `[n, k]` applied as `x @ W^T`.
pub enum Linear {
    Packed(Packed),
    Candle(QMatMul),
}

impl Linear {
    pub fn new(q: QTensor, kernel: Kernel) -> Result<Self> {
        if kernel == Kernel::Best && !candle_forced() {
            if let Some(packed) = try_pack(&q)? {
                return Ok(Linear::Packed(packed));
            }
        }
        Ok(Linear::Candle(QMatMul::from_qtensor(q)?))
    }

    /// The matrices stacked along their outputs (`x @ [A; B; …]^T`: A's
    /// columns first), as one product: one dispatch and one quantisation of
    /// `x` instead of one each, with every column computed exactly as
    /// alone. Only matrices our kernel serves in one format and width
    /// stack (a Q4_K_M file mixes Q4_K and Q6_K matrices: those do not);
    /// otherwise they come back as they were.
    pub fn stack(parts: Vec<Linear>) -> std::result::Result<Linear, Vec<Linear>> {
        if let Some(stacked) = stack_off_cpu(&parts) {
            return Ok(stacked);
        }
        let packed: Vec<&Packed> = parts
            .iter()
            .filter_map(|l| match l {
                Linear::Packed(p) if matches!(p.data, arena::Bytes::Own(_)) => Some(p),
                _ => None,
            })
            .collect();
        let Some(&first) = packed.first() else { return Err(parts) };
        if packed.len() != parts.len() || packed.iter().any(|p| p.format != first.format || p.k != first.k) {
            return Err(parts);
        }
        // Column groups are stored one after another, so stacking matrices
        // is appending their bytes.
        let data = packed.iter().map(|p| &*p.data).collect::<Vec<&[u8]>>().concat();
        let n = packed.iter().map(|p| p.n).sum();
        Ok(Linear::Packed(Packed { format: first.format, n, k: first.k, data: arena::Bytes::Own(data) }))
    }

    /// Outputs (columns of the product): the matrix's first dimension.
    pub fn outputs(&self) -> usize {
        match self {
            Linear::Packed(p) => p.n,
            Linear::Candle(QMatMul::QTensor(q)) => q.shape().dims()[0],
            Linear::Candle(QMatMul::Tensor(t) | QMatMul::TensorF16(t)) => t.dims()[0],
        }
    }

    /// Whether our kernel serves this matrix.
    pub fn is_packed(&self) -> bool {
        matches!(self, Linear::Packed(_))
    }
}

/// candle matrices on a GPU, stacked with `stack_qtensors` (on the CPU,
/// candle's product stays the unstacked reference that `Kernel::Candle`
/// promises); None where they are not all candle quantized matrices off the
/// CPU of one format and width, or stacking fails.
fn stack_off_cpu(parts: &[Linear]) -> Option<Linear> {
    if gpu_stacking_off() {
        return None;
    }
    let qs: Vec<&QTensor> = parts
        .iter()
        .map(|l| match l {
            Linear::Candle(QMatMul::QTensor(q)) if !q.device().is_cpu() => Some(q.as_ref()),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let stacked = stack_qtensors(&qs).ok()??;
    QMatMul::from_arc(Arc::new(stacked)).ok().map(Linear::Candle)
}

/// Matrices `[n_i, k]` of one format stacked into one `[Σ n_i, k]` on their
/// device (A's rows first): a quantized matrix's rows are whole blocks one
/// after another, so stacking along the outputs appends their bytes, and
/// each output column of the stacked product is computed as alone. None
/// where the parts differ in format, width or device, or are not 2-D.
pub fn stack_qtensors(parts: &[&QTensor]) -> Result<Option<QTensor>> {
    let Some(first) = parts.first() else { return Ok(None) };
    let (dtype, device) = (first.dtype(), first.device());
    let &[_, k] = first.shape().dims() else { return Ok(None) };
    let mut n = 0;
    for q in parts {
        match q.shape().dims() {
            &[rows, width] if width == k && q.dtype() == dtype && q.device().same_device(&device) => n += rows,
            _ => return Ok(None),
        }
    }
    if !k.is_multiple_of(dtype.block_size()) {
        return Ok(None);
    }
    let mut bytes = Vec::with_capacity(parts.iter().map(|q| q.storage_size_in_bytes()).sum());
    for q in parts {
        bytes.extend_from_slice(&q.data()?);
    }
    let storage = QStorage::from_data(Cow::Owned(bytes), &device, dtype)?;
    Ok(Some(QTensor::new(storage, (n, k))?))
}

/// `MEMDOOR_GPU_STACK=0`: a GPU's projections stay apart, one product each
/// (to measure the stacking, or to go around a product that misbehaves).
fn gpu_stacking_off() -> bool {
    static OFF: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *OFF.get_or_init(|| std::env::var("MEMDOOR_GPU_STACK").is_ok_and(|v| v == "0"))
}

/// `MEMDOOR_QMATMUL=candle`: every product on candle's `QMatMul`, so a
/// benchmark can measure ours against candle's in one run.
fn candle_forced() -> bool {
    static FORCED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FORCED.get_or_init(|| std::env::var("MEMDOOR_QMATMUL").is_ok_and(|v| v == "candle"))
}

/// Whether the AVX-512 VNNI kernels (every format) run on this CPU.
fn vnni_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return x86::available();
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// Whether one of our kernels multiplies `format` on this CPU: VNNI every
/// format, else AVX2 Q5_0, Q4_1 and Q8_0.
fn serves(format: Format) -> bool {
    #[cfg(target_arch = "x86_64")]
    return vnni_available() || (matches!(format, Format::Q5_0 | Format::Q4_1 | Format::Q8_0) && x86_avx2::available());
    #[cfg(not(target_arch = "x86_64"))]
    return {
        let _ = format;
        false
    };
}

/// Rows per kernel call: VNNI's R i32 + R f32 accumulators and the unpacked
/// weights fit the 32 zmm registers; AVX2's 16 ymm hold fewer.
fn max_rows() -> usize {
    #[cfg(target_arch = "x86_64")]
    if !vnni_available() {
        return x86_avx2::MAX_ROWS;
    }
    MAX_ROWS
}

fn try_pack(q: &QTensor) -> Result<Option<Packed>> {
    let Some(format) = Format::of(q.dtype()) else { return Ok(None) };
    let &[n, k] = q.shape().dims() else { return Ok(None) };
    if !q.device().is_cpu() || !serves(format) || !n.is_multiple_of(COLS) || !k.is_multiple_of(format.block_len()) {
        return Ok(None);
    }
    Ok(Some(Packed::new(format, n, k, &q.data()?)))
}

impl Module for Linear {
    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        match self {
            // candle's QMatMul takes contiguous inputs only; ours reads any layout.
            Linear::Candle(m) => m.forward(&x.contiguous()?),
            Linear::Packed(p) if x.dtype() == DType::F32 => x.contiguous()?.apply_op1_no_bwd(p),
            Linear::Packed(p) => x.to_dtype(DType::F32)?.contiguous()?.apply_op1_no_bwd(p)?.to_dtype(x.dtype()),
        }
    }
}

impl CustomOp1 for Packed {
    fn name(&self) -> &'static str {
        "memdoor-qmatmul"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let Some((start, end)) = layout.contiguous_offsets() else {
            candle_core::bail!("memdoor-qmatmul: the input is not contiguous");
        };
        let dims = layout.shape().dims();
        if dims.last() != Some(&self.k) {
            candle_core::bail!("memdoor-qmatmul: input {:?} against a {}x{} matrix", dims, self.n, self.k);
        }
        let x = &storage.as_slice::<f32>()?[start..end];
        let rows = x.len() / self.k;
        let mut out_dims = dims.to_vec();
        *out_dims.last_mut().unwrap() = self.n;
        Ok((CpuStorage::F32(matmul(self, x, rows)), Shape::from(out_dims)))
    }
}

/// Rows per VNNI kernel call.
const MAX_ROWS: usize = 8;

/// The activations, quantised as the format's kernel takes them.
enum Quantized {
    /// Per 32 (Q8_0 / Q8_1), for Q4_0, Q4_1, Q5_0 and Q8_0.
    Q8(Act),
    /// Per 256 (Q8_K), for Q4_K and Q6_K.
    K(ActK),
}

/// # Safety
/// As `x86::group` (and `x86_q0::group`, `x86_kquant::group`,
/// `x86_avx2::group`): `p` was packed where `serves(p.format)`.
unsafe fn group(p: &Packed, act: &Quantized, g: usize, row0: usize, rows: usize, out: *mut f32) {
    #[cfg(target_arch = "x86_64")]
    match act {
        Quantized::Q8(act) if !vnni_available() => x86_avx2::group(p, act, g, row0, rows, out),
        Quantized::Q8(act) if matches!(p.format, Format::Q4_0 | Format::Q5_0) => {
            x86_q0::group(p, act, g, row0, rows, out)
        }
        Quantized::Q8(act) => x86::group(p, act, g, row0, rows, out),
        Quantized::K(act) => x86_kquant::group(p, act, g, row0, rows, out),
    }
    #[cfg(not(target_arch = "x86_64"))]
    unreachable!("a packed matrix without a kernel ({p:p} {:p} {g} {row0} {rows} {out:p})", act);
}

/// A pointer the column tasks share: each writes only its own columns.
#[derive(Clone, Copy)]
struct OutPtr(*mut f32);
// SAFETY: tasks write disjoint column ranges of the buffer, which outlives them.
unsafe impl Send for OutPtr {}
unsafe impl Sync for OutPtr {}

/// `x` (`[rows, k]`) times `p` transposed: `[rows, n]`.
fn matmul(p: &Packed, x: &[f32], rows: usize) -> Vec<f32> {
    let act = match p.format {
        // Q4_0's kernel also takes the sums of each 4 activations.
        Format::Q4_0 | Format::Q4_1 | Format::Q5_0 | Format::Q8_0 => {
            Quantized::Q8(Act::quantize(x, rows, p.k, p.format == Format::Q4_0))
        }
        Format::Q4K | Format::Q6K => Quantized::K(ActK::quantize(x, rows, p.k, p.format)),
    };
    let mut out = vec![0f32; rows * p.n];
    let ptr = OutPtr(out.as_mut_ptr());
    let groups = p.n / COLS;
    let max_rows = max_rows();
    let run = |from: usize, to: usize| {
        // The whole wrapper, not its raw pointer field (which is not Sync).
        #[allow(clippy::redundant_locals)]
        let ptr = ptr;
        for g in from..to {
            let mut row0 = 0;
            while row0 < rows {
                let r = (rows - row0).min(max_rows);
                // SAFETY: `try_pack` packed only where the kernel runs; this
                // task alone writes column group `g`.
                unsafe { group(p, &act, g, row0, r, ptr.0) };
                row0 += r;
            }
        }
    };
    if rows * p.n * p.k < PARALLEL_MIN_MACS {
        run(0, groups);
    } else {
        // candle's barrier pool, not rayon: its workers spin for a while
        // between products and the caller works too, so a decode step's ~120
        // products cost no thread wake-ups. (A rayon dispatch from the engine
        // thread parks the caller and wakes sleeping workers: measured slower
        // than one thread for single-row products.) Work is handed out in
        // small chunks from a shared cursor, so a core another process holds
        // delays only its chunk.
        candle_core::utils::barrier_pool().execute_chunked(groups, |r| run(r.start, r.end));
    }
    out
}
