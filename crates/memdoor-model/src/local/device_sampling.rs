//! Sampling's pass over the vocabulary on the device (#32 item 2): where a
//! GPU computed the step's logits, every sampling row is penalised, scaled
//! by its temperature and reduced there, and one small copy comes back —
//! instead of every row's scores (3 MB a step for five Qwen streams) and a
//! pass over each on the host.
//!
//! For each row (`RowRequest`, from the stream's `Sampler`) the op finds the
//! best score after the repeat penalty, then:
//! - greedy (or a score of +inf): that token (`RowDrawn::Certain`);
//! - temperature alone: the draw itself, with the uniform number the
//!   sampler drew ahead: the first token, by id, where the weights'
//!   running sum passes that share of their total (`RowDrawn::Drawn`);
//! - with top-k or top-p: the tokens within e^SELECT_CUT of the best (or
//!   within e^CUT when those are fewer than k or weigh less than p), with
//!   their scores and the total weight; the sampler selects among them and
//!   draws (`RowDrawn::Candidates`). More than `CAP` of them: the host
//!   reads the row and samples it itself (`RowDrawn::Whole`).
//!
//! — the sampler's own rules (sampler.rs), so a stream's tokens are those
//! the host would draw, but for sums taken in another order (a draw could
//! differ where the number falls within rounding of a boundary). `cpu_fwd`
//! is the reference, one scalar loop a row, which the tests hold to the
//! host sampler and the engine runs on the CPU when asked
//! (`LoadOptions::device_sampling`); the CUDA kernel (`sample.cu`, a block
//! a row) does the same in parallel and has not run on a GPU yet.

use anyhow::{anyhow, Result};
use candle_core::{CpuStorage, CustomOp2, DType, Layout, Shape, Tensor};

use super::sampler::{RowDrawn, RowRequest, CUT, SELECT_CUT};

/// Candidates sent back a row at most: within e^SELECT_CUT of the best a
/// model's row holds a few hundred at most; a flatter one is read whole.
const CAP: usize = 1024;
/// A row's parameters in the table, before its penalised ids: temperature,
/// top-k, top-p (2), penalty, u (2), how many ids.
const PARAMS: usize = 8;
/// A row's answer before its candidates: status, token or count, best
/// score, total (2).
const HEADER: usize = 5;
const ROW_OUT: usize = HEADER + 2 * CAP;

/// `RowDrawn`'s kinds as the op writes them.
const DRAWN: u32 = 0;
const CERTAIN: u32 = 1;
const CANDIDATES: u32 = 2;
const NO_TOKEN: u32 = 3;
const WHOLE: u32 = 4;

/// What each of `logits`' rows (`[rows, vocab]`, on its device) gives
/// under `requests` (one a row): one launch and one copy to the host.
pub(super) fn sample_rows(logits: &Tensor, requests: &[RowRequest]) -> Result<Vec<RowDrawn>> {
    let (rows, vocab) = logits.dims2()?;
    if rows != requests.len() {
        return Err(anyhow!("{} sampling settings for {rows} rows of logits", requests.len()));
    }
    if rows == 0 {
        return Ok(Vec::new());
    }
    // The kernel rounds the vocabulary up to its threads in 32 bits.
    if vocab == 0 || vocab > i32::MAX as usize {
        return Err(anyhow!("a vocabulary of {vocab} tokens cannot be sampled on the device"));
    }
    let table = table(requests, logits.device())?;
    let logits = logits.to_dtype(DType::F32)?.contiguous()?;
    let out = logits.apply_op2_no_bwd(&table, &SampleRows)?;
    let out = out.flatten_all()?.to_vec1::<u32>()?;
    out.chunks_exact(ROW_OUT).map(|row| read_row(row, vocab)).collect()
}

/// The requests as one `[rows, PARAMS + most ids]` table of u32 (floats as
/// their bits), uploaded in one copy.
fn table(requests: &[RowRequest], device: &candle_core::Device) -> Result<Tensor> {
    let ids = requests.iter().map(|r| r.penalized.len()).max().unwrap_or(0);
    let width = PARAMS + ids.max(1);
    let mut t = Vec::with_capacity(requests.len() * width);
    for r in requests {
        let start = t.len();
        let (p_lo, p_hi) = halves(r.top_p);
        let (u_lo, u_hi) = halves(r.u);
        let n = if r.repeat_penalty == 1.0 { 0 } else { r.penalized.len() as u32 };
        t.extend([r.temperature.to_bits(), r.top_k, p_lo, p_hi, r.repeat_penalty.to_bits(), u_lo, u_hi, n]);
        t.extend(r.penalized.iter().take(n as usize));
        t.resize(start + width, u32::MAX);
    }
    Ok(Tensor::from_vec(t, (requests.len(), width), device)?)
}

fn halves(x: f64) -> (u32, u32) {
    let bits = x.to_bits();
    (bits as u32, (bits >> 32) as u32)
}

fn whole(lo: u32, hi: u32) -> f64 {
    f64::from_bits(u64::from(lo) | (u64::from(hi) << 32))
}

/// One row of the op's output: checked, since a wrong kernel must not
/// pass a token past the vocabulary on.
fn read_row(row: &[u32], vocab: usize) -> Result<RowDrawn> {
    let token = |t: u32| {
        if (t as usize) < vocab {
            Ok(t)
        } else {
            Err(anyhow!("the device sampled token {t} from a vocabulary of {vocab}"))
        }
    };
    Ok(match row[0] {
        DRAWN => RowDrawn::Drawn(token(row[1])?),
        CERTAIN => RowDrawn::Certain(token(row[1])?),
        NO_TOKEN => RowDrawn::NoToken,
        WHOLE => RowDrawn::Whole,
        CANDIDATES => {
            let n = row[1] as usize;
            if n == 0 || n > CAP {
                return Err(anyhow!("the device sent {n} candidates (1..={CAP} expected)"));
            }
            let cands = row[HEADER..HEADER + 2 * n]
                .chunks_exact(2)
                .map(|pair| Ok((token(pair[0])?, f32::from_bits(pair[1]))))
                .collect::<Result<Vec<_>>>()?;
            RowDrawn::Candidates { best: f32::from_bits(row[2]), total: whole(row[3], row[4]), cands }
        }
        other => return Err(anyhow!("the device's sampling answered {other}, no kind of answer")),
    })
}

/// The op: logits `[rows, vocab]` f32 and the table (`table`) to
/// `[rows, ROW_OUT]` u32.
struct SampleRows;

/// One row's parameters, read from its line of the table.
struct Params<'a> {
    t: f32,
    top_k: u32,
    top_p: f64,
    penalty: f32,
    u: f64,
    penalized: &'a [u32],
}

impl<'a> Params<'a> {
    fn of(line: &'a [u32]) -> candle_core::Result<Self> {
        let n = line[7] as usize;
        let penalized = line
            .get(PARAMS..PARAMS + n)
            .ok_or_else(|| op_error(format!("{n} penalised ids in a table line of {}", line.len())))?;
        Ok(Self {
            t: f32::from_bits(line[0]),
            top_k: line[1],
            top_p: whole(line[2], line[3]),
            penalty: f32::from_bits(line[4]),
            u: whole(line[5], line[6]),
            penalized,
        })
    }
}

/// Writes `row`'s answer into `out` (`ROW_OUT` long): the reference for
/// the kernel, one token at a time.
fn sample_row_reference(row: &[f32], p: &Params, out: &mut [u32]) {
    let mut scores = row.to_vec();
    for &id in p.penalized {
        if let Some(l) = scores.get_mut(id as usize) {
            *l = if *l >= 0.0 { *l / p.penalty } else { *l * p.penalty };
        }
    }
    // NaN is never `>`: it counts as -inf, as on the host.
    let best = scores.iter().fold(f32::NEG_INFINITY, |m, &l| if l > m { l } else { m });
    out[2] = best.to_bits();
    if best == f32::NEG_INFINITY {
        out[0] = NO_TOKEN;
        return;
    }
    if best == f32::INFINITY || p.t == 0.0 {
        out[0] = CERTAIN;
        out[1] = scores.iter().position(|&l| l == best).unwrap_or(0) as u32;
        return;
    }
    let inv_t = 1.0 / p.t;
    let floor = (best + CUT * p.t).max(f32::MIN);
    let weight = |l: f32| if l >= floor { ((l - best) * inv_t).max(-87.0).exp() } else { 0.0 };
    let total: f64 = scores.iter().map(|&l| weight(l) as f64).sum();
    (out[3], out[4]) = halves(total);
    let narrows = p.top_k > 0 || p.top_p > 0.0;
    if !narrows {
        let target = p.u * total;
        let mut cum = 0.0;
        let drawn = scores.iter().position(|&l| {
            cum += weight(l) as f64;
            cum > target
        });
        // Rounding left the target past the last sum: the last token with weight.
        let drawn = drawn.or_else(|| scores.iter().rposition(|&l| weight(l) > 0.0)).unwrap_or(0);
        (out[0], out[1]) = (DRAWN, drawn as u32);
        return;
    }
    let select = (best + SELECT_CUT * p.t).max(floor);
    let (n_select, mass_select) =
        scores.iter().filter(|&&l| l >= select).fold((0u64, 0.0f64), |(n, m), &l| (n + 1, m + weight(l) as f64));
    let enough = if p.top_k > 0 { n_select >= u64::from(p.top_k) } else { mass_select >= p.top_p * total };
    let kept = if enough { select } else { floor };
    let n = scores.iter().filter(|&&l| l >= kept).count();
    if n > CAP {
        out[0] = WHOLE;
        return;
    }
    (out[0], out[1]) = (CANDIDATES, n as u32);
    let pairs = scores.iter().enumerate().filter(|(_, &l)| l >= kept);
    for (slot, (id, &l)) in out[HEADER..].chunks_exact_mut(2).zip(pairs) {
        (slot[0], slot[1]) = (id as u32, l.to_bits());
    }
}

fn op_error(what: impl std::fmt::Display) -> candle_core::Error {
    candle_core::Error::Msg(format!("sampling on the device: {what}"))
}

impl CustomOp2 for SampleRows {
    fn name(&self) -> &'static str {
        "memdoor-sample-rows"
    }

    fn cpu_fwd(
        &self,
        l: &CpuStorage,
        ll: &Layout,
        t: &CpuStorage,
        lt: &Layout,
    ) -> candle_core::Result<(CpuStorage, Shape)> {
        let (rows, vocab) = ll.shape().dims2()?;
        let (table_rows, width) = lt.shape().dims2()?;
        if table_rows != rows || width < PARAMS {
            return Err(op_error(format!("a table of {:?} for {rows} rows", lt.dims())));
        }
        let (a, b) = ll.contiguous_offsets().ok_or_else(|| op_error("logits not contiguous"))?;
        let logits = &l.as_slice::<f32>()?[a..b];
        let (a, b) = lt.contiguous_offsets().ok_or_else(|| op_error("table not contiguous"))?;
        let table = &t.as_slice::<u32>()?[a..b];
        let mut out = vec![0u32; rows * ROW_OUT];
        for ((row, line), o) in
            logits.chunks_exact(vocab).zip(table.chunks_exact(width)).zip(out.chunks_exact_mut(ROW_OUT))
        {
            sample_row_reference(row, &Params::of(line)?, o);
        }
        Ok((CpuStorage::U32(out), Shape::from((rows, ROW_OUT))))
    }

    #[cfg(feature = "cuda")]
    fn cuda_fwd(
        &self,
        l: &candle_core::CudaStorage,
        ll: &Layout,
        t: &candle_core::CudaStorage,
        lt: &Layout,
    ) -> candle_core::Result<(candle_core::CudaStorage, Shape)> {
        use super::nvrtc;
        use candle_core::backend::BackendStorage;
        use candle_core::cuda_backend::cudarc::driver::{LaunchConfig, PushKernelArg};
        use candle_core::cuda_backend::WrapErr;
        let (rows, vocab) = ll.shape().dims2()?;
        let (table_rows, width) = lt.shape().dims2()?;
        if table_rows != rows || width < PARAMS {
            return Err(op_error(format!("a table of {:?} for {rows} rows", lt.dims())));
        }
        let logits = nvrtc::view::<f32>(l, ll, "logits")?;
        let table = nvrtc::view::<u32>(t, lt, "table")?;
        let dev = l.device().clone();
        let func = cuda::KERNEL.function(&dev, "sample_rows")?;
        // Safety: the kernel writes each row's header and every candidate
        // it counts; the host reads no further.
        let mut out = unsafe { dev.alloc::<u32>(rows * ROW_OUT)? };
        let stream = dev.cuda_stream();
        let mut args = stream.launch_builder(&func);
        let (v, w, cap) = (vocab as u32, width as u32, CAP as u32);
        args.arg(&logits).arg(&table).arg(&mut out).arg(&v).arg(&w).arg(&cap);
        // A block a row; the kernel's shared arrays are THREADS wide.
        let cfg = LaunchConfig { grid_dim: (rows as u32, 1, 1), block_dim: (cuda::THREADS, 1, 1), shared_mem_bytes: 0 };
        // Safety: the arguments pushed match the kernel's signature.
        unsafe { args.launch(cfg) }.w()?;
        Ok((candle_core::CudaStorage::wrap_cuda_slice(out, dev), Shape::from((rows, ROW_OUT))))
    }
}

#[cfg(feature = "cuda")]
mod cuda {
    use super::super::nvrtc::Kernels;

    pub(super) static KERNEL: Kernels = Kernels::new("memdoor_sample", super::KERNEL);

    /// Threads a block (`THREADS` in sample.cu).
    pub(super) const THREADS: u32 = 512;
}

/// The CUDA source (`sample.cu`): `sample_row_reference`, a block a row.
#[cfg_attr(not(feature = "cuda"), allow(dead_code))]
pub(super) const KERNEL: &str = include_str!("sample.cu");

#[cfg(test)]
#[path = "device_sampling_tests.rs"]
mod tests;
