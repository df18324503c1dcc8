//! Llama-family GGUF weights for the batched engine (SmolLM2, Llama, Mistral):
//! our own copy of the tensors rather than candle's `quantized_llama`, whose
//! forward takes one sequence at one position and caps RoPE at 4096 positions.
//! The math follows candle-transformers 0.11's `quantized_llama.rs`.

use anyhow::{bail, Context, Result};
use candle_core::quantized::{gguf_file, GgmlDType, QTensor};
use candle_core::{DType, Device, Module, Tensor, D};
use candle_nn::Embedding;
use candle_transformers::quantized_nn::RmsNorm;

use super::qmatmul::{ArenaBuilder, Kernel, Linear};

#[derive(Debug, Clone, PartialEq)]
pub struct LlamaConfig {
    pub n_layer: usize,
    pub n_head: usize,
    pub n_kv_head: usize,
    pub head_dim: usize,
    pub hidden: usize,
    pub vocab: usize,
    pub eps: f64,
    pub rope_base: f32,
    /// Positions the model was trained for (`llama.context_length`): the RoPE
    /// tables cover exactly this many.
    pub context_len: usize,
}

pub struct Layer {
    /// The query, key and value projections, applied together.
    pub qkv: Stacked,
    pub wo: Linear,
    pub attn_norm: RmsNorm,
    pub ffn_norm: RmsNorm,
    /// The feed-forward gate and up projections, applied together.
    pub gate_up: Stacked,
    pub down: Linear,
}

/// Projections of the same input: one stacked product where our kernel
/// serves them all (one dispatch, the input quantised once, every column's
/// bits unchanged), else one product each.
pub enum Stacked {
    One { linear: Linear, widths: Vec<usize> },
    Each(Vec<Linear>),
}

impl Stacked {
    fn new(parts: Vec<Linear>) -> Self {
        let widths = parts.iter().map(Linear::outputs).collect();
        match Linear::stack(parts) {
            Ok(linear) => Stacked::One { linear, widths },
            Err(parts) => Stacked::Each(parts),
        }
    }

    fn linears_mut(&mut self) -> impl Iterator<Item = &mut Linear> {
        match self {
            Stacked::One { linear, .. } => std::slice::from_mut(linear).iter_mut(),
            Stacked::Each(parts) => parts.iter_mut(),
        }
    }

    /// Each projection of `x` (`[t, in]`), in order.
    pub fn forward(&self, x: &Tensor) -> candle_core::Result<Vec<Tensor>> {
        match self {
            Stacked::One { linear, widths } => {
                let y = linear.forward(x)?;
                let mut at = 0;
                widths
                    .iter()
                    .map(|&w| {
                        at += w;
                        y.narrow(D::Minus1, at - w, w)
                    })
                    .collect()
            }
            Stacked::Each(parts) => parts.iter().map(|l| l.forward(x)).collect(),
        }
    }
}

pub struct Llama {
    pub cfg: LlamaConfig,
    pub embed: Embedding,
    pub layers: Vec<Layer>,
    pub norm: RmsNorm,
    pub output: Linear,
    /// `[context_len, head_dim / 2]`, gathered per row at each step.
    pub cos: Tensor,
    pub sin: Tensor,
    pub device: Device,
    /// Bytes of quantized matrices held (after any requantisation).
    pub quantized_bytes: usize,
}

fn md_u32(ct: &gguf_file::Content, key: &str) -> Result<usize> {
    match ct.metadata.get(key) {
        Some(v) => Ok(v.to_u32().with_context(|| format!("GGUF metadata `{key}`"))? as usize),
        None => bail!("GGUF metadata has no `{key}`"),
    }
}

impl LlamaConfig {
    pub fn from_gguf(ct: &gguf_file::Content) -> Result<Self> {
        let n_head = md_u32(ct, "llama.attention.head_count")?;
        let n_kv_head = md_u32(ct, "llama.attention.head_count_kv")?;
        let hidden = md_u32(ct, "llama.embedding_length")?;
        if n_head == 0 || n_kv_head == 0 || hidden % n_head != 0 || n_head % n_kv_head != 0 {
            bail!("inconsistent attention shape in GGUF metadata: {n_head} heads, {n_kv_head} kv heads, width {hidden}");
        }
        let head_dim = hidden / n_head;
        let rope_dim = md_u32(ct, "llama.rope.dimension_count").unwrap_or(head_dim);
        if rope_dim != head_dim {
            bail!("partial rotary embeddings ({rope_dim} of {head_dim} dims) are not supported");
        }
        let eps = match ct.metadata.get("llama.attention.layer_norm_rms_epsilon") {
            Some(v) => v.to_f32()? as f64,
            None => bail!("GGUF metadata has no `llama.attention.layer_norm_rms_epsilon`"),
        };
        let rope_base = ct.metadata.get("llama.rope.freq_base").and_then(|v| v.to_f32().ok()).unwrap_or(10_000.0);
        let vocab = match ct.tensor_infos.get("token_embd.weight") {
            Some(info) => info.shape.dims()[0],
            None => bail!("the GGUF file has no `token_embd.weight`"),
        };
        Ok(Self {
            n_layer: md_u32(ct, "llama.block_count")?,
            n_head,
            n_kv_head,
            head_dim,
            hidden,
            vocab,
            eps,
            rope_base,
            context_len: md_u32(ct, "llama.context_length")?,
        })
    }
}

/// `[positions, dim / 2]` cos and sin tables (theta_i = base^(-2i/dim)).
pub fn rope_tables(dim: usize, base: f32, positions: usize, device: &Device) -> Result<(Tensor, Tensor)> {
    let theta: Vec<f32> = (0..dim).step_by(2).map(|i| 1.0 / base.powf(i as f32 / dim as f32)).collect();
    let theta = Tensor::new(theta.as_slice(), device)?.reshape((1, dim / 2))?;
    let idx = Tensor::arange(0, positions as u32, device)?.to_dtype(DType::F32)?.reshape((positions, 1))?;
    let angles = idx.matmul(&theta)?;
    Ok((angles.cos()?, angles.sin()?))
}

/// Requantises a matrix to `to` when asked and possible (rows a whole number
/// of blocks); norms and 1-D tensors stay as they are.
fn requantize(q: QTensor, to: Option<GgmlDType>, device: &Device) -> Result<QTensor> {
    let Some(to) = to else { return Ok(q) };
    let dims = q.shape().dims().to_vec();
    if q.dtype() == to || dims.len() != 2 || !dims[1].is_multiple_of(to.block_size()) {
        return Ok(q);
    }
    Ok(QTensor::quantize(&q.dequantize(device)?, to)?)
}

/// At most the bytes the packed matrices take: their GGUF size (the packing
/// keeps the bits per weight), or Q8_0's when requantising, each padded to
/// 64 bytes. Every 2-D tensor counts, embeddings included (the output
/// projection may be the embedding matrix).
fn matrix_bytes_bound(ct: &gguf_file::Content, requant: Option<GgmlDType>) -> usize {
    ct.tensor_infos
        .values()
        .filter(|info| info.shape.dims().len() == 2)
        .map(|info| {
            let bytes = |d: GgmlDType| info.shape.elem_count().div_ceil(d.block_size()) * d.type_size();
            let stored = bytes(info.ggml_dtype);
            requant.map_or(stored, |d| stored.max(bytes(d))).next_multiple_of(64)
        })
        .sum()
}

impl Llama {
    pub fn from_gguf<R: std::io::Read + std::io::Seek>(
        ct: &gguf_file::Content,
        reader: &mut R,
        device: &Device,
        requant: Option<GgmlDType>,
    ) -> Result<Self> {
        let cfg = LlamaConfig::from_gguf(ct)?;
        let mut quantized_bytes = 0;
        let get = |r: &mut R, name: &str| -> Result<QTensor> {
            ct.tensor(r, name, device).with_context(|| format!("reading tensor `{name}`"))
        };
        let mut matrix = |r: &mut R, name: &str| -> Result<Linear> {
            let q = requantize(get(r, name)?, requant, device)?;
            quantized_bytes += q.storage_size_in_bytes();
            Ok(Linear::new(q, Kernel::Best)?)
        };
        // The packed matrices share one huge-page arena (qmatmul's arena.rs),
        // each moved in once stacked, so loading holds one layer's copies.
        let mut arena = ArenaBuilder::new(matrix_bytes_bound(ct, requant));
        let mut layers = Vec::with_capacity(cfg.n_layer);
        for i in 0..cfg.n_layer {
            let p = format!("blk.{i}");
            let mut stacked = |names: &[&str]| -> Result<Stacked> {
                let parts = names.iter().map(|m| matrix(reader, &format!("{p}.{m}.weight"))).collect::<Result<_>>()?;
                Ok(Stacked::new(parts))
            };
            let (qkv, gate_up) = (stacked(&["attn_q", "attn_k", "attn_v"])?, stacked(&["ffn_gate", "ffn_up"])?);
            let mut layer = Layer {
                qkv,
                wo: matrix(reader, &format!("{p}.attn_output.weight"))?,
                gate_up,
                down: matrix(reader, &format!("{p}.ffn_down.weight"))?,
                attn_norm: RmsNorm::from_qtensor(get(reader, &format!("{p}.attn_norm.weight"))?, cfg.eps)?,
                ffn_norm: RmsNorm::from_qtensor(get(reader, &format!("{p}.ffn_norm.weight"))?, cfg.eps)?,
            };
            let Layer { qkv, wo, gate_up, down, .. } = &mut layer;
            for linear in qkv.linears_mut().chain(gate_up.linears_mut()).chain([wo, down]) {
                arena.take(linear);
            }
            layers.push(layer);
        }
        // Tied embeddings (SmolLM2): the output projection reuses token_embd.
        let output_name = if ct.tensor_infos.contains_key("output.weight") { "output.weight" } else { "token_embd.weight" };
        let mut output = matrix(reader, output_name)?;
        arena.take(&mut output);
        drop(arena);
        let embed = get(reader, "token_embd.weight")?.dequantize(device)?;
        let norm = RmsNorm::from_qtensor(get(reader, "output_norm.weight")?, cfg.eps)?;
        let (cos, sin) = rope_tables(cfg.head_dim, cfg.rope_base, cfg.context_len, device)?;
        Ok(Self {
            embed: Embedding::new(embed, cfg.hidden),
            cfg,
            layers,
            norm,
            output,
            cos,
            sin,
            device: device.clone(),
            quantized_bytes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rope_tables_start_at_angle_zero_and_turn_by_theta() {
        let (cos, sin) = rope_tables(4, 10_000.0, 3, &Device::Cpu).unwrap();
        assert_eq!(cos.dims(), [3, 2]);
        let c: Vec<Vec<f32>> = cos.to_vec2().unwrap();
        let s: Vec<Vec<f32>> = sin.to_vec2().unwrap();
        assert_eq!(c[0], [1.0, 1.0]);
        assert_eq!(s[0], [0.0, 0.0]);
        // Position 2, pair 1: angle 2 * 10000^(-2/4) = 0.02.
        assert!((s[2][1] - 0.02f32.sin()).abs() < 1e-6, "{:?}", s[2]);
        assert!((c[1][0] - 1f32.cos()).abs() < 1e-6);
    }

    #[test]
    fn requantize_leaves_vectors_and_odd_rows_alone() {
        let v = QTensor::quantize(&Tensor::ones(64, DType::F32, &Device::Cpu).unwrap(), GgmlDType::F32).unwrap();
        let v = requantize(v, Some(GgmlDType::Q8_0), &Device::Cpu).unwrap();
        assert_eq!(v.dtype(), GgmlDType::F32);
        let m = QTensor::quantize(&Tensor::ones((4, 64), DType::F32, &Device::Cpu).unwrap(), GgmlDType::Q4_1).unwrap();
        let m = requantize(m, Some(GgmlDType::Q8_0), &Device::Cpu).unwrap();
        assert_eq!(m.dtype(), GgmlDType::Q8_0);
        let back: Vec<Vec<f32>> = m.dequantize(&Device::Cpu).unwrap().to_vec2().unwrap();
        assert!(back.iter().flatten().all(|&x| (x - 1.0).abs() < 1e-2));
    }
}
