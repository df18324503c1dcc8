//! How a local model is loaded (`LoadOptions`): its device, quantisation,
//! context and the engine's paths (KV pool, fixed steps, fused kernels,
//! sampling on the device), each from the caller, the environment or the
//! device's default; and the spellings of devices and quantisations.

use anyhow::{bail, Context, Result};
use candle_core::quantized::GgmlDType;
use candle_core::Device;

use super::prefix::{PrefillChunk, PREFILL_CHUNK_RANGE};

#[derive(Debug, Clone)]
pub struct LoadOptions {
    pub device: Device,
    /// Requantise the weight matrices at load (e.g. Q4_1 to Q8_0: where our
    /// AVX-512 VNNI product does not run, candle's Q8_0 kernels are SIMD and
    /// its Q4_1 ones scalar; costs 8.5 instead of 5 bits a weight).
    pub requantize: Option<GgmlDType>,
    /// MB of finished prompts' KV the batched engine keeps, so later prompts
    /// that begin the same way (the next round on the same problem) copy it;
    /// 0 keeps none.
    pub keep_prefix_mb: usize,
    /// Positions served (`--context`): the RoPE tables and each KV cache
    /// are sized to it. None: the trained context, up to `arch::DEFAULT_CONTEXT`.
    pub context: Option<usize>,
    /// Every live sequence's KV cache in one pool a layer, so a decode step
    /// attends for all streams with the same few kernels (`kv_pool`). None:
    /// `MEMDOOR_KV_POOL=1`/`0` if set, else on a GPU only — where launches
    /// bound the step; on the CPU attending stream by stream, in parallel
    /// over the cores, is what the golden tests hold bit for bit.
    pub kv_pool: Option<bool>,
    /// Prompt tokens a sequence computes in one step (`PrefillChunk`). None:
    /// `MEMDOOR_PREFILL_CHUNK` if set, else 64 on the CPU (the golden tests'
    /// bits are computed in those chunks) and 512 on a GPU, where a step costs
    /// its launches more than its rows.
    pub prefill_chunk: Option<usize>,
    /// Pooled decode steps with inputs of fixed shape, each shape captured
    /// once as a CUDA graph and replayed (`decode_graph`). None:
    /// `MEMDOOR_CUDA_GRAPHS=1`/`0` if set, else wherever the KV is pooled
    /// on a GPU. On the CPU (asked for) the fixed steps run as they are:
    /// what the tests check.
    pub decode_graphs: Option<bool>,
    /// A layer's small operations as fused kernels (`fused`: q/k/v's bias,
    /// RoPE and scale in one, SiLU × up in one, a residual addition and the
    /// norm after it in one, a pooled decode step's attention in one:
    /// `decode_attention`). None: `MEMDOOR_FUSED=1`/`0`
    /// if set, else on a GPU only — on the CPU they give candle's bits (the
    /// attention within rounding of them: the tests) but the engine keeps
    /// candle's operations.
    pub fused: Option<bool>,
    /// Sampling's pass over the vocabulary where the logits are
    /// (`device_sampling`): one small copy to the host a step instead of
    /// every row's scores. None: `MEMDOOR_DEVICE_SAMPLING=1`/`0` if set,
    /// else on a GPU only — on the CPU the logits are on the host already,
    /// and the sampler there is the faster (asked for, the pass's CPU
    /// reference runs: what the tests check).
    pub device_sampling: Option<bool>,
}

/// SmolLM2-135M keeps 46 KB a position: 256 MB holds two prompts of 2,700 tokens.
pub const KEEP_PREFIX_MB: usize = 256;

impl Default for LoadOptions {
    fn default() -> Self {
        Self {
            device: Device::Cpu,
            requantize: None,
            keep_prefix_mb: KEEP_PREFIX_MB,
            context: None,
            kv_pool: None,
            prefill_chunk: None,
            decode_graphs: None,
            fused: None,
            device_sampling: None,
        }
    }
}

impl LoadOptions {
    /// Whether the engine pools its KV caches (`kv_pool`).
    pub(super) fn pools_kv(&self) -> bool {
        self.kv_pool.or(env_switch("MEMDOOR_KV_POOL")).unwrap_or(self.device.is_cuda())
    }

    /// Whether a layer's small operations run fused (`fused`).
    pub(super) fn fuses(&self) -> bool {
        self.fused.or(env_switch("MEMDOOR_FUSED")).unwrap_or(self.device.is_cuda())
    }

    /// Whether sampling's pass over the vocabulary runs on the device (`device_sampling`).
    pub(super) fn samples_on_device(&self) -> bool {
        self.device_sampling.or(env_switch("MEMDOOR_DEVICE_SAMPLING")).unwrap_or(self.device.is_cuda())
    }

    /// Whether pooled decode steps run fixed, as CUDA graphs on a GPU (`decode_graphs`).
    pub(super) fn decode_graphs(&self) -> bool {
        self.pools_kv() && self.decode_graphs.or(env_switch("MEMDOOR_CUDA_GRAPHS")).unwrap_or(self.device.is_cuda())
    }

    /// The engine's prompt chunk (`prefill_chunk`): a size given here outside
    /// `PREFILL_CHUNK_RANGE` is refused; one in the environment is ignored
    /// with a warning.
    pub(super) fn chunk(&self) -> Result<PrefillChunk> {
        let range = || format!("{}..={}", PREFILL_CHUNK_RANGE.start(), PREFILL_CHUNK_RANGE.end());
        if let Some(size) = self.prefill_chunk {
            return PrefillChunk::new(size)
                .with_context(|| format!("a prefill chunk of {size} tokens is outside {}", range()));
        }
        let env = std::env::var("MEMDOOR_PREFILL_CHUNK").ok().and_then(|v| {
            let chunk = v.trim().parse().ok().and_then(PrefillChunk::new);
            if chunk.is_none() {
                tracing::warn!("MEMDOOR_PREFILL_CHUNK={v:?} is not a number of tokens in {}: ignored", range());
            }
            chunk
        });
        let default = if self.device.is_cuda() { PrefillChunk::GPU } else { PrefillChunk::CPU };
        Ok(env.unwrap_or(default))
    }
}

/// An on/off environment variable; anything else is ignored, with a warning.
fn env_switch(name: &str) -> Option<bool> {
    let v = std::env::var(name).ok()?;
    match v.to_ascii_lowercase().as_str() {
        "1" | "true" | "on" => Some(true),
        "0" | "false" | "off" => Some(false),
        _ => {
            tracing::warn!("{name}={v:?} is neither 1 nor 0: ignored");
            None
        }
    }
}

/// `q8_0` (or `none`/`keep`) as given to `--quant`.
pub fn parse_quant(spec: &str) -> Result<Option<GgmlDType>> {
    match spec.to_ascii_lowercase().as_str() {
        "none" | "keep" | "" => Ok(None),
        "q8_0" => Ok(Some(GgmlDType::Q8_0)),
        "f16" => Ok(Some(GgmlDType::F16)),
        other => bail!("unknown quantisation `{other}` (use q8_0, f16 or none)"),
    }
}

/// `cpu`, `cuda` or `cuda:N`.
pub fn parse_device(spec: &str) -> Result<Device> {
    match spec {
        "cpu" => Ok(Device::Cpu),
        s if s == "cuda" || s.starts_with("cuda:") => {
            let ordinal = s.strip_prefix("cuda:").unwrap_or("0");
            let ordinal: usize = ordinal.parse().with_context(|| format!("bad device `{s}`"))?;
            if !candle_core::utils::cuda_is_available() {
                bail!("device `{s}`: this memdoor was built without CUDA; rebuild with `--features cuda`");
            }
            cuda_device(ordinal).with_context(|| {
                format!("opening CUDA device {ordinal} (is the NVIDIA driver loaded and the GPU visible?)")
            })
        }
        other => bail!("unknown device `{other}` (use cpu, cuda or cuda:N)"),
    }
}

/// A CUDA device on a stream of its own, without cudarc's per-buffer event
/// tracking: every kernel, copy and free of the engine is ordered on that
/// one stream (the weights are loaded on it too), so the events add nothing
/// but their cost, and a stream being captured as a graph refuses them
/// (`decode_graph`). candle's `Device::new_cuda` uses each thread's default
/// stream, which would put the loading thread and the engine's on two.
#[cfg(feature = "cuda")]
fn cuda_device(ordinal: usize) -> Result<Device> {
    let dev = candle_core::CudaDevice::new_with_stream(ordinal)?;
    // Safety: one stream orders every use of every buffer (see above).
    unsafe { dev.disable_event_tracking() };
    Ok(Device::Cuda(dev))
}

#[cfg(not(feature = "cuda"))]
fn cuda_device(ordinal: usize) -> Result<Device> {
    Ok(Device::new_cuda(ordinal)?)
}
