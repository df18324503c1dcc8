//! What the batched engine needs to know of a GGUF model's architecture:
//! the shape and the few ways the supported families differ (RoPE layout,
//! biases, q/k norms, Gemma's extra norms, soft-capping and sliding-window
//! layers), read from the `{arch}.*` metadata llama.cpp's converter writes.
//! Each difference follows llama.cpp's graph for that family
//! (`src/models/{llama,qwen2,qwen3,gemma2,gemma3,phi3}.cpp`).

use anyhow::{bail, Context, Result};
use candle_core::quantized::gguf_file;

/// The architectures the engine runs; anything else is refused by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arch {
    /// SmolLM2, Llama, Mistral, DeepSeek-Coder.
    Llama,
    /// Qwen2 and Qwen2.5(-Coder): q/k/v biases.
    Qwen2,
    /// q/k norms.
    Qwen3,
    /// Scaled embeddings, post-norms, soft-capping, every other layer sliding.
    Gemma2,
    /// Gemma 2's norms with q/k norms, five sliding layers in six.
    Gemma3,
    /// Fused q/k/v and gate/up matrices.
    Phi3,
}

pub(crate) const SUPPORTED: &str =
    "llama (SmolLM2, Llama, Mistral, DeepSeek-Coder), qwen2 (Qwen2.5, Qwen2.5-Coder), qwen3, gemma2, gemma3, phi3";

impl Arch {
    pub fn parse(name: &str) -> Result<Self> {
        Ok(match name {
            "llama" => Arch::Llama,
            "qwen2" => Arch::Qwen2,
            "qwen3" => Arch::Qwen3,
            "gemma2" => Arch::Gemma2,
            "gemma3" => Arch::Gemma3,
            "phi3" => Arch::Phi3,
            other => bail!("unsupported model architecture `{other}` (supported: {SUPPORTED})"),
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Arch::Llama => "llama",
            Arch::Qwen2 => "qwen2",
            Arch::Qwen3 => "qwen3",
            Arch::Gemma2 => "gemma2",
            Arch::Gemma3 => "gemma3",
            Arch::Phi3 => "phi3",
        }
    }

    /// llama.cpp's GGUF llama weights are permuted for RoPE on adjacent
    /// pairs; every other family here rotates the two halves (NEOX).
    pub(crate) fn rope_halves(self) -> bool {
        self != Arch::Llama
    }

    fn gemma(self) -> bool {
        matches!(self, Arch::Gemma2 | Arch::Gemma3)
    }
}

/// The feed-forward's gate activation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    Silu,
    /// GELU, tanh approximation (Gemma).
    GeluTanh,
}

/// Sliding-window attention: which layers, how far back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Sliding {
    /// A query at position p sees keys k with p - k < window.
    pub window: usize,
    /// Layer l slides when l % period < period - 1 (llama.cpp's swa pattern).
    pub period: usize,
    /// RoPE base of the sliding layers (Gemma 3: 10,000 where global layers
    /// use the file's base).
    pub(crate) rope_base: f32,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ModelConfig {
    pub arch: Arch,
    pub(crate) n_layer: usize,
    pub(crate) n_head: usize,
    pub(crate) n_kv_head: usize,
    pub(crate) head_dim: usize,
    pub hidden: usize,
    pub vocab: usize,
    pub(crate) eps: f64,
    pub(crate) rope_base: f32,
    /// Global layers' positions are multiplied by this (linear RoPE scaling).
    pub(crate) rope_freq_scale: f32,
    /// Positions the engine serves (`--context`, at most `trained_context`):
    /// the RoPE tables cover exactly this many and a KV cache grows to it.
    pub context_len: usize,
    /// `{arch}.context_length`: what the model was trained for.
    pub(crate) trained_context: usize,
    /// Queries are multiplied by this before attention.
    pub(crate) attn_scale: f64,
    pub activation: Activation,
    /// Gemma: embeddings times sqrt(hidden).
    pub(crate) embed_scale: Option<f64>,
    /// Gemma 2: attention scores and final logits soft-capped at these.
    pub(crate) attn_softcap: Option<f64>,
    pub(crate) final_softcap: Option<f64>,
    pub sliding: Option<Sliding>,
}

/// The context served when the user names none: the trained one, up to this
/// (a 128K-token model's RoPE tables and KV sized to 128K would cost
/// gigabytes for prompts of a few thousand tokens).
pub(crate) const DEFAULT_CONTEXT: usize = 32_768;

fn md<'a>(ct: &'a gguf_file::Content, key: &str) -> Option<&'a gguf_file::Value> {
    ct.metadata.get(key)
}

fn md_usize(ct: &gguf_file::Content, key: &str) -> Result<usize> {
    match md(ct, key) {
        Some(v) => Ok(v.to_u32().with_context(|| format!("GGUF metadata `{key}`"))? as usize),
        None => bail!("GGUF metadata has no `{key}`"),
    }
}

fn md_f32(ct: &gguf_file::Content, key: &str) -> Result<Option<f32>> {
    match md(ct, key) {
        Some(v) => Ok(Some(v.to_f32().with_context(|| format!("GGUF metadata `{key}`"))?)),
        None => Ok(None),
    }
}

pub(crate) fn architecture_name(ct: &gguf_file::Content) -> Result<String> {
    match md(ct, "general.architecture") {
        Some(v) => Ok(v.to_string()?.clone()),
        None => bail!("GGUF metadata has no `general.architecture`"),
    }
}

impl ModelConfig {
    /// The model's configuration, serving `context` positions (None: the
    /// trained context up to `DEFAULT_CONTEXT`).
    pub(crate) fn from_gguf(ct: &gguf_file::Content, context: Option<usize>) -> Result<Self> {
        let arch = Arch::parse(&architecture_name(ct)?)?;
        let key = |k: &str| format!("{}.{k}", arch.name());
        let n_head = md_usize(ct, &key("attention.head_count"))?;
        let n_kv_head = md_usize(ct, &key("attention.head_count_kv")).unwrap_or(n_head);
        let hidden = md_usize(ct, &key("embedding_length"))?;
        if n_head == 0 || n_kv_head == 0 || n_head % n_kv_head != 0 {
            bail!("inconsistent attention shape in GGUF metadata: {n_head} heads, {n_kv_head} kv heads");
        }
        let head_dim = match md_usize(ct, &key("attention.key_length")) {
            Ok(d) => d,
            Err(_) if hidden % n_head == 0 => hidden / n_head,
            Err(_) => bail!("GGUF metadata: width {hidden} is not a whole number of {n_head} heads"),
        };
        if md_usize(ct, &key("attention.value_length")).is_ok_and(|v| v != head_dim) {
            bail!("key and value heads of different widths are not supported");
        }
        let rope_dim = md_usize(ct, &key("rope.dimension_count")).unwrap_or(head_dim);
        if rope_dim != head_dim || head_dim % 2 != 0 {
            bail!("partial rotary embeddings ({rope_dim} of {head_dim} dims) are not supported");
        }
        let Some(eps) = md_f32(ct, &key("attention.layer_norm_rms_epsilon"))? else {
            bail!("GGUF metadata has no `{}`", key("attention.layer_norm_rms_epsilon"));
        };
        let rope_base = md_f32(ct, &key("rope.freq_base"))?.unwrap_or(10_000.0);
        let rope_freq_scale = rope_scale(ct, &key("rope.scaling.type"), &key("rope.scaling.factor"))?;
        let vocab = match ct.tensor_infos.get("token_embd.weight") {
            Some(info) => info.shape.dims()[0],
            None => bail!("the GGUF file has no `token_embd.weight`"),
        };
        if ct.tensor_infos.contains_key("rope_factors_long.weight")
            || ct.tensor_infos.contains_key("rope_factors_short.weight")
        {
            bail!("long-context RoPE factors (LongRoPE: Phi-3.5, Phi-4-mini) are not supported yet; Phi-3-mini-4k is");
        }
        let n_layer = md_usize(ct, &key("block_count"))?;
        let trained_context = md_usize(ct, &key("context_length"))?;
        let context_len = match context {
            Some(0) => bail!("a context of 0 tokens cannot hold a prompt"),
            Some(n) if n > trained_context => {
                bail!("--context {n} is more than the {trained_context} tokens this model was trained for")
            }
            Some(n) => n,
            None => trained_context.min(DEFAULT_CONTEXT),
        };
        // Gemma's 27B models scale queries by the model width per head,
        // the others by the head width (llama.cpp keys it on the size too).
        let big_gemma = (arch == Arch::Gemma2 && n_layer == 46) || (arch == Arch::Gemma3 && n_layer == 62);
        let attn_scale = 1.0 / if big_gemma { (hidden / n_head) as f64 } else { head_dim as f64 }.sqrt();
        let sliding = match arch {
            Arch::Gemma2 | Arch::Gemma3 => {
                let window = md_usize(ct, &key("attention.sliding_window"))?;
                let (period, rope_base) = if arch == Arch::Gemma2 { (2, rope_base) } else { (6, 10_000.0) };
                Some(Sliding { window: window.max(1), period, rope_base })
            }
            // Phi-3's window (2,047 on Phi-3-mini-4k) is not applied, as
            // llama.cpp's phi3 graph does not: prompts past it may differ
            // from the original model, not from llama.cpp.
            _ => None,
        };
        // Gemma 2 caps at 50 and 30 where the file does not say (llama.cpp's defaults).
        let softcap = |k: &str, default: f32| -> Result<Option<f64>> {
            Ok(if arch == Arch::Gemma2 {
                Some(md_f32(ct, &key(k))?.unwrap_or(default)).filter(|c| *c > 0.0).map(f64::from)
            } else {
                None
            })
        };
        Ok(Self {
            arch,
            n_layer,
            n_head,
            n_kv_head,
            head_dim,
            hidden,
            vocab,
            eps: eps as f64,
            rope_base,
            rope_freq_scale,
            context_len,
            trained_context,
            attn_scale,
            activation: if arch.gemma() { Activation::GeluTanh } else { Activation::Silu },
            embed_scale: arch.gemma().then(|| (hidden as f64).sqrt()),
            attn_softcap: softcap("attn_logit_softcapping", 50.0)?,
            final_softcap: softcap("final_logit_softcapping", 30.0)?,
            sliding,
        })
    }

    /// Whether layer `l` attends through the sliding window.
    pub(crate) fn slides(&self, l: usize) -> Option<&Sliding> {
        self.sliding.as_ref().filter(|s| s.period == 1 || l % s.period < s.period - 1)
    }

    /// Bytes of KV cache a position costs (f32 keys and values, every layer).
    pub(crate) fn kv_bytes_per_position(&self) -> usize {
        self.n_layer * 2 * self.n_kv_head * self.head_dim * std::mem::size_of::<f32>()
    }
}

/// Linear RoPE scaling's position factor (1 when none); other kinds refused.
fn rope_scale(ct: &gguf_file::Content, kind: &str, factor: &str) -> Result<f32> {
    let kind = match md(ct, kind) {
        Some(v) => v.to_string()?.clone(),
        None => return Ok(1.0),
    };
    match kind.as_str() {
        "none" => Ok(1.0),
        "linear" => match md_f32(ct, factor)? {
            Some(f) if f > 0.0 => Ok(1.0 / f),
            _ => Ok(1.0),
        },
        other => bail!("RoPE scaling `{other}` is not supported (only linear)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_architectures_are_refused_naming_the_supported_ones() {
        let err = Arch::parse("mamba").unwrap_err().to_string();
        assert!(err.contains("unsupported model architecture `mamba`"), "{err}");
        assert!(err.contains("qwen2") && err.contains("gemma3") && err.contains("phi3"), "{err}");
    }

    #[test]
    fn only_llama_rotates_adjacent_pairs() {
        assert!(!Arch::Llama.rope_halves());
        for a in [Arch::Qwen2, Arch::Qwen3, Arch::Gemma2, Arch::Gemma3, Arch::Phi3] {
            assert!(a.rope_halves(), "{a:?}");
        }
    }
}
