//! candle's own model code for the architectures the batched engine does not
//! implement (llama-family models go to `batch`). `Clone` over shared tensors:
//! a clone costs a KV cache, not a second copy of the weights.

use anyhow::{bail, Result};
use candle_core::quantized::gguf_file;
use candle_core::{Device, Tensor};
use candle_transformers::models::quantized_qwen3;

#[derive(Clone)]
pub enum Weights {
    Qwen3(quantized_qwen3::ModelWeights),
}

pub fn architecture(ct: &gguf_file::Content) -> Result<String> {
    match ct.metadata.get("general.architecture") {
        Some(v) => Ok(v.to_string()?.clone()),
        None => bail!("GGUF metadata has no `general.architecture`"),
    }
}

/// The context the model was trained for (the batched engine's RoPE tables
/// cover all of it).
pub fn context_length(ct: &gguf_file::Content, arch: &str) -> Result<usize> {
    match ct.metadata.get(&format!("{arch}.context_length")) {
        Some(v) => Ok(v.to_u32()? as usize),
        None => bail!("GGUF metadata has no `{arch}.context_length`"),
    }
}

impl Weights {
    pub fn from_gguf<R: std::io::Read + std::io::Seek>(
        ct: gguf_file::Content,
        reader: &mut R,
        device: &Device,
    ) -> Result<Self> {
        let arch = architecture(&ct)?;
        Ok(match arch.as_str() {
            "qwen3" => Self::Qwen3(quantized_qwen3::ModelWeights::from_gguf(ct, reader, device)?),
            // candle's quantized_qwen2 weights are not `Clone`: five agents would
            // need five copies, which this engine refuses to do silently.
            other => bail!(
                "unsupported model architecture `{other}` (supported: llama — SmolLM2, \
                 Llama, Mistral — and qwen3)"
            ),
        })
    }

    /// Runs `tokens` (shape `[1, n]`) at position `pos`; returns the logits of
    /// the last position, shape `[1, vocab]`. `pos == 0` starts a new sequence.
    pub fn forward(&mut self, tokens: &Tensor, pos: usize) -> Result<Tensor> {
        Ok(match self {
            Self::Qwen3(m) => {
                if pos == 0 {
                    m.clear_kv_cache();
                }
                m.forward(tokens, pos)?
            }
        })
    }
}
