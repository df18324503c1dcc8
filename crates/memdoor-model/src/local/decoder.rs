//! A GGUF model's weights for the batched engine, every supported family
//! (`arch.rs`) in one layout: our own copy of the tensors rather than
//! candle's per-family model code, whose forward takes one sequence at one
//! position. The llama path follows candle-transformers 0.11's
//! `quantized_llama.rs`; the others llama.cpp's graphs for their families.

use anyhow::{Context, Result};
use candle_core::quantized::{gguf_file, GgmlDType, QTensor};
use candle_core::{DType, Device, Module, Tensor, D};
use candle_nn::Embedding;

use super::arch::{Arch, ModelConfig};
use super::qmatmul::{ArenaBuilder, Kernel, Linear};

/// An RMS norm (candle's arithmetic: `candle_nn::ops::rms_norm`) whose
/// weight and epsilon the fused kernels read too (`fused::AddRmsNorm`);
/// `candle_transformers`' own keeps them private.
pub(crate) struct RmsNorm {
    pub(crate) weight: Tensor,
    pub(crate) eps: f32,
}

impl candle_core::Module for RmsNorm {
    fn forward(&self, x: &Tensor) -> candle_core::Result<Tensor> {
        candle_nn::ops::rms_norm(x, &self.weight, self.eps)
    }
}

pub(crate) struct Layer {
    /// The query, key and value projections, applied together.
    pub(crate) qkv: Stacked,
    /// Qwen2: the q, k and v biases, apart and end to end (for `fused::QkvHeads`).
    pub(crate) qkv_bias: Option<[Tensor; 3]>,
    pub(crate) qkv_bias_stacked: Option<Tensor>,
    /// Qwen3, Gemma 3: RMS norms of each query and key head, before RoPE.
    pub(crate) q_norm: Option<RmsNorm>,
    pub(crate) k_norm: Option<RmsNorm>,
    pub(crate) wo: Linear,
    pub(crate) attn_norm: RmsNorm,
    /// Gemma: norms of the attention's and the feed-forward's outputs.
    pub(crate) post_attn_norm: Option<RmsNorm>,
    pub(crate) ffn_norm: RmsNorm,
    /// The feed-forward gate and up projections, applied together.
    pub(crate) gate_up: Stacked,
    pub down: Linear,
    pub(crate) post_ffn_norm: Option<RmsNorm>,
    /// Whether the layer attends through the sliding window (`Sliding`).
    pub sliding: bool,
}

/// Projections of the same input: one stacked product where our kernel
/// serves them all (one dispatch, the input quantised once, every column's
/// bits unchanged), else one product each.
pub enum Stacked {
    One { linear: Linear, widths: Vec<usize> },
    Each(Vec<Linear>),
}

impl Stacked {
    /// One matrix the file already holds stacked (Phi-3's fused q/k/v and gate/up).
    fn fused(linear: Linear, widths: Vec<usize>) -> Result<Self> {
        let total: usize = widths.iter().sum();
        if linear.outputs() != total {
            anyhow::bail!("a fused matrix has {} outputs, expected {total} ({widths:?})", linear.outputs());
        }
        Ok(Stacked::One { linear, widths })
    }

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

/// `[context_len, head_dim / 2]` cos and sin tables, gathered per row at each step.
pub(crate) struct Rope {
    pub cos: Tensor,
    pub(crate) sin: Tensor,
}

pub(crate) struct Decoder {
    pub cfg: ModelConfig,
    pub(crate) embed: Embedding,
    pub layers: Vec<Layer>,
    pub(crate) norm: RmsNorm,
    pub output: Linear,
    pub(crate) rope: Rope,
    /// Sliding layers' tables where their RoPE base differs (Gemma 3).
    pub(crate) rope_sliding: Option<Rope>,
    pub device: Device,
    /// Bytes of quantized matrices held (after any requantisation).
    pub(crate) quantized_bytes: usize,
    /// Whether a layer's small operations run as fused kernels (`fused`;
    /// `LoadOptions::fused`).
    pub(crate) fused: bool,
}

/// `[positions, dim / 2]` cos and sin tables (theta_i = base^(-2i/dim)),
/// positions multiplied by `scale` (linear RoPE scaling; 1 for none).
pub(crate) fn rope_tables(dim: usize, base: f32, scale: f32, positions: usize, device: &Device) -> Result<Rope> {
    let theta: Vec<f32> = (0..dim).step_by(2).map(|i| scale / base.powf(i as f32 / dim as f32)).collect();
    let theta = Tensor::new(theta.as_slice(), device)?.reshape((1, dim / 2))?;
    let idx = Tensor::arange(0, positions as u32, device)?.to_dtype(DType::F32)?.reshape((positions, 1))?;
    let angles = idx.matmul(&theta)?;
    Ok(Rope { cos: angles.cos()?, sin: angles.sin()? })
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

/// What reads the file's tensors: each is read once, matrices packed for
/// our kernel and counted.
struct Reader<'a, R> {
    ct: &'a gguf_file::Content,
    r: &'a mut R,
    device: &'a Device,
    requant: Option<GgmlDType>,
    quantized_bytes: usize,
    eps: f64,
}

impl<R: std::io::Read + std::io::Seek> Reader<'_, R> {
    fn has(&self, name: &str) -> bool {
        self.ct.tensor_infos.contains_key(name)
    }
    fn get(&mut self, name: &str) -> Result<QTensor> {
        self.ct.tensor(self.r, name, self.device).with_context(|| format!("reading tensor `{name}`"))
    }
    fn matrix(&mut self, name: &str) -> Result<Linear> {
        let q = requantize(self.get(name)?, self.requant, self.device)?;
        self.quantized_bytes += q.storage_size_in_bytes();
        Ok(Linear::new(q, Kernel::Best)?)
    }
    fn norm(&mut self, name: &str) -> Result<RmsNorm> {
        let weight = self.get(name)?;
        Ok(RmsNorm { weight: weight.dequantize(&weight.device())?, eps: self.eps as f32 })
    }
    fn norm_if(&mut self, name: &str) -> Result<Option<RmsNorm>> {
        if self.has(name) {
            self.norm(name).map(Some)
        } else {
            Ok(None)
        }
    }
    fn vector(&mut self, name: &str) -> Result<Tensor> {
        let device = self.device.clone();
        Ok(self.get(name)?.dequantize(&device)?)
    }

    fn layer(&mut self, cfg: &ModelConfig, i: usize) -> Result<Layer> {
        let p = format!("blk.{i}");
        let (q, kv) = (cfg.n_head * cfg.head_dim, cfg.n_kv_head * cfg.head_dim);
        let qkv = if cfg.arch == Arch::Phi3 {
            Stacked::fused(self.matrix(&format!("{p}.attn_qkv.weight"))?, vec![q, kv, kv])?
        } else {
            let parts = ["attn_q", "attn_k", "attn_v"]
                .iter()
                .map(|m| self.matrix(&format!("{p}.{m}.weight")))
                .collect::<Result<_>>()?;
            Stacked::new(parts)
        };
        let qkv_bias = if self.has(&format!("{p}.attn_q.bias")) {
            Some([
                self.vector(&format!("{p}.attn_q.bias"))?,
                self.vector(&format!("{p}.attn_k.bias"))?,
                self.vector(&format!("{p}.attn_v.bias"))?,
            ])
        } else {
            None
        };
        let gate_up = if cfg.arch == Arch::Phi3 {
            let up = self.matrix(&format!("{p}.ffn_up.weight"))?;
            let ff = up.outputs() / 2;
            Stacked::fused(up, vec![ff, ff])?
        } else {
            Stacked::new(vec![
                self.matrix(&format!("{p}.ffn_gate.weight"))?,
                self.matrix(&format!("{p}.ffn_up.weight"))?,
            ])
        };
        let qkv_bias_stacked = qkv_bias.as_ref().map(|[q, k, v]| Tensor::cat(&[q, k, v], 0)).transpose()?;
        Ok(Layer {
            qkv,
            qkv_bias,
            qkv_bias_stacked,
            q_norm: self.norm_if(&format!("{p}.attn_q_norm.weight"))?,
            k_norm: self.norm_if(&format!("{p}.attn_k_norm.weight"))?,
            wo: self.matrix(&format!("{p}.attn_output.weight"))?,
            attn_norm: self.norm(&format!("{p}.attn_norm.weight"))?,
            post_attn_norm: self.norm_if(&format!("{p}.post_attention_norm.weight"))?,
            ffn_norm: self.norm(&format!("{p}.ffn_norm.weight"))?,
            gate_up,
            down: self.matrix(&format!("{p}.ffn_down.weight"))?,
            post_ffn_norm: self.norm_if(&format!("{p}.post_ffw_norm.weight"))?,
            sliding: cfg.slides(i).is_some(),
        })
    }
}

impl Decoder {
    /// Loads the weights of the model `cfg` describes (`ModelConfig::from_gguf`).
    pub(crate) fn from_gguf<R: std::io::Read + std::io::Seek>(
        cfg: ModelConfig,
        ct: &gguf_file::Content,
        reader: &mut R,
        device: &Device,
        requant: Option<GgmlDType>,
    ) -> Result<Self> {
        let mut rd = Reader { ct, r: reader, device, requant, quantized_bytes: 0, eps: cfg.eps };
        // The packed matrices share one huge-page arena (qmatmul's arena.rs),
        // each moved in once stacked, so loading holds one layer's copies.
        let mut arena = ArenaBuilder::new(matrix_bytes_bound(ct, requant));
        let mut layers = Vec::with_capacity(cfg.n_layer);
        for i in 0..cfg.n_layer {
            let mut layer = rd.layer(&cfg, i)?;
            let Layer { qkv, wo, gate_up, down, .. } = &mut layer;
            for linear in qkv.linears_mut().chain(gate_up.linears_mut()).chain([wo, down]) {
                arena.take(linear);
            }
            layers.push(layer);
        }
        // Tied embeddings (SmolLM2, Qwen, Gemma): the output projection reuses token_embd.
        let output_name = if rd.has("output.weight") { "output.weight" } else { "token_embd.weight" };
        let mut output = rd.matrix(output_name)?;
        arena.take(&mut output);
        drop(arena);
        let embed = rd.vector("token_embd.weight")?;
        let norm = rd.norm("output_norm.weight")?;
        let rope = rope_tables(cfg.head_dim, cfg.rope_base, cfg.rope_freq_scale, cfg.context_len, device)?;
        let rope_sliding = match &cfg.sliding {
            Some(s) if s.rope_base != cfg.rope_base || cfg.rope_freq_scale != 1.0 => {
                Some(rope_tables(cfg.head_dim, s.rope_base, 1.0, cfg.context_len, device)?)
            }
            _ => None,
        };
        Ok(Self {
            embed: Embedding::new(embed, cfg.hidden),
            layers,
            norm,
            output,
            rope,
            rope_sliding,
            device: device.clone(),
            quantized_bytes: rd.quantized_bytes,
            fused: false,
            cfg,
        })
    }

    /// Bytes of the RoPE tables (they cover the whole served context).
    pub(crate) fn rope_bytes(&self) -> usize {
        let one = |r: &Rope| (r.cos.elem_count() + r.sin.elem_count()) * 4;
        one(&self.rope) + self.rope_sliding.as_ref().map_or(0, one)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rope_tables_start_at_angle_zero_and_turn_by_theta() {
        let rope = rope_tables(4, 10_000.0, 1.0, 3, &Device::Cpu).unwrap();
        assert_eq!(rope.cos.dims(), [3, 2]);
        let c: Vec<Vec<f32>> = rope.cos.to_vec2().unwrap();
        let s: Vec<Vec<f32>> = rope.sin.to_vec2().unwrap();
        assert_eq!(c[0], [1.0, 1.0]);
        assert_eq!(s[0], [0.0, 0.0]);
        // Position 2, pair 1: angle 2 * 10000^(-2/4) = 0.02.
        assert!((s[2][1] - 0.02f32.sin()).abs() < 1e-6, "{:?}", s[2]);
        assert!((c[1][0] - 1f32.cos()).abs() < 1e-6);
        // Linear scaling by 4: position 2 turns as position 0.5 would.
        let scaled = rope_tables(4, 10_000.0, 0.25, 3, &Device::Cpu).unwrap();
        let s: Vec<Vec<f32>> = scaled.sin.to_vec2().unwrap();
        assert!((s[2][0] - 0.5f32.sin()).abs() < 1e-6, "{:?}", s[2]);
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
