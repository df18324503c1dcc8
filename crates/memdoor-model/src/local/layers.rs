//! The layers of one engine step over its rows (`run_layers`), whatever
//! attends for them — piece by piece or pooled (`forward`), or a step of
//! fixed shape (`fixed_step`) — and the vocabulary's scores after them. On
//! a GPU, with `Decoder::fused`, a layer's small operations run as fused
//! kernels (`fused`).

use anyhow::{anyhow, Result};
use candle_core::{Module, Tensor, D};

use super::arch::Activation;
use super::decoder::{Decoder, RmsNorm, Rope, Stacked};
use super::fused::{AddRmsNorm, QkvHeads, SiluMul};

/// Per-row cos and sin, `[T, 1, hd/2]`: the batched form of candle's rope
/// with one "sequence" of length 1 per row, so every row turns by its own
/// position.
fn row_tables(rope: &Rope, positions: &Tensor) -> Result<(Tensor, Tensor)> {
    Ok((rope.cos.index_select(positions, 0)?.unsqueeze(1)?, rope.sin.index_select(positions, 0)?.unsqueeze(1)?))
}

/// `x` (`[t, heads, hd]`) normed per head where the layer has a norm, then
/// turned by RoPE in the family's layout: `[t, heads, hd]`.
pub(super) fn rotate(x: Tensor, norm: Option<&RmsNorm>, halves: bool, cs: &(Tensor, Tensor)) -> Result<Tensor> {
    let (t, heads, hd) = x.dims3()?;
    let x = match norm {
        Some(n) => n.forward(&x.contiguous()?)?,
        None => x,
    };
    let x = x.reshape((t, heads, 1, hd))?.contiguous()?;
    let x = if halves {
        candle_nn::rotary_emb::rope(&x, &cs.0, &cs.1)?
    } else {
        candle_nn::rotary_emb::rope_i(&x, &cs.0, &cs.1)?
    };
    Ok(x.reshape((t, heads, hd))?)
}

fn activate(x: &Tensor, a: Activation) -> Result<Tensor> {
    Ok(match a {
        Activation::Silu => candle_nn::ops::silu(x)?,
        Activation::GeluTanh => x.gelu()?,
    })
}

fn post_norm(x: Tensor, norm: Option<&RmsNorm>) -> Result<Tensor> {
    Ok(match norm {
        Some(n) => n.forward(&x)?,
        None => x,
    })
}

/// One layer's attention for the step's rows: `(layer, sliding, q, k, v)`
/// with q scaled and q, k turned (`[T, heads, head_dim]`) to `[T, n_head *
/// head_dim]`, the new K/V rows written into the caches.
pub(super) type Attention<'a> = dyn FnMut(usize, bool, &Tensor, &Tensor, &Tensor) -> Result<Tensor> + 'a;

/// Every layer over the step's rows: tokens `ids` at `positions` (both
/// `[T]` u32, on the model's device), attention by `attend`; returns the
/// rows' hidden states `[T, hidden]`. Issues only kernels whose shapes
/// follow from `T` and what `attend` does (no copy from the host), so a
/// step of fixed shape can be captured as a CUDA graph (`decode_graph`).
pub(super) fn run_layers(model: &Decoder, ids: &Tensor, positions: &Tensor, attend: &mut Attention) -> Result<Tensor> {
    let cfg = &model.cfg;
    let (nh, nkv, hd) = (cfg.n_head, cfg.n_kv_head, cfg.head_dim);
    let t = ids.dim(0)?;
    let tables = row_tables(&model.rope, positions)?;
    let sliding_tables = model.rope_sliding.as_ref().map(|r| row_tables(r, positions)).transpose()?;
    let halves = cfg.arch.rope_halves();
    // Fused q/k/v heads read each row's cos and sin side by side: made once a step.
    let side_by_side =
        |cs: &(Tensor, Tensor)| -> Result<Tensor> { Ok(Tensor::cat(&[&cs.0, &cs.1], D::Minus1)?.squeeze(1)?) };
    let fused_tables = match model.fused {
        true => Some((side_by_side(&tables)?, sliding_tables.as_ref().map(side_by_side).transpose()?)),
        false => None,
    };
    let mut x = model.embed.forward(ids)?;
    if let Some(s) = cfg.embed_scale {
        x = (x * s)?;
    }
    let mut normed = None;
    for (l, layer) in model.layers.iter().enumerate() {
        let cs = match &sliding_tables {
            Some(st) if layer.sliding => st,
            _ => &tables,
        };
        // The norm the previous layer's fused residual addition made, else this layer's own.
        let h = match normed.take() {
            Some(h) => h,
            None => layer.attn_norm.forward(&x)?,
        };
        let [q, k, v]: [Tensor; 3] =
            layer.qkv.forward(&h)?.try_into().map_err(|_| anyhow!("q/k/v: not three projections"))?;
        let fused_tables = fused_tables.as_ref().filter(|_| layer.q_norm.is_none() && layer.k_norm.is_none());
        let (q, k, v) = match fused_tables {
            Some((full, sliding)) => {
                let cos_sin = match sliding {
                    Some(s) if layer.sliding => s,
                    _ => full,
                };
                let heads = QkvHeads {
                    n_head: nh,
                    n_kv_head: nkv,
                    head_dim: hd,
                    interleaved: !halves,
                    q_scale: cfg.attn_scale as f32,
                };
                heads.apply([&q, &k, &v], layer.qkv_bias_stacked.as_ref(), cos_sin)?
            }
            None => {
                let (q, k, v) = match &layer.qkv_bias {
                    Some([bq, bk, bv]) => (q.broadcast_add(bq)?, k.broadcast_add(bk)?, v.broadcast_add(bv)?),
                    None => (q, k, v),
                };
                let q = rotate(q.reshape((t, nh, hd))?, layer.q_norm.as_ref(), halves, cs)?;
                let q = (q * cfg.attn_scale)?;
                let k = rotate(k.reshape((t, nkv, hd))?, layer.k_norm.as_ref(), halves, cs)?;
                (q, k, v.reshape((t, nkv, hd))?)
            }
        };
        let y = attend(l, layer.sliding, &q, &k, &v)?;
        let attended = post_norm(layer.wo.forward(&y)?, layer.post_attn_norm.as_ref())?;
        let h = if model.fused {
            let (sum, h) = AddRmsNorm::apply(&attended, &x, &layer.ffn_norm)?;
            x = sum;
            h
        } else {
            x = (attended + x)?;
            layer.ffn_norm.forward(&x)?
        };
        let act = match (&layer.gate_up, model.fused, cfg.activation) {
            (Stacked::One { linear, widths }, true, Activation::Silu)
                if widths.len() == 2 && widths[0] == widths[1] =>
            {
                SiluMul::apply(&linear.forward(&h)?)?
            }
            _ => {
                let [gate, up]: [Tensor; 2] =
                    layer.gate_up.forward(&h)?.try_into().map_err(|_| anyhow!("gate/up: not two projections"))?;
                (activate(&gate, cfg.activation)? * up)?
            }
        };
        let ffn = post_norm(layer.down.forward(&act)?, layer.post_ffn_norm.as_ref())?;
        match model.layers.get(l + 1).filter(|_| model.fused) {
            Some(next) => {
                let (sum, h) = AddRmsNorm::apply(&ffn, &x, &next.attn_norm)?;
                (x, normed) = (sum, Some(h));
            }
            None => x = (ffn + x)?,
        }
    }
    Ok(x)
}

/// The vocabulary's scores for hidden rows `x` (`[R, hidden]`): `[R, vocab]`.
pub(super) fn logits_of(model: &Decoder, x: &Tensor) -> Result<Tensor> {
    let logits = model.output.forward(&model.norm.forward(x)?)?;
    let logits = match model.cfg.final_softcap {
        Some(cap) => ((logits / cap)?.tanh()? * cap)?,
        None => logits,
    };
    debug_assert_eq!(logits.dim(D::Minus1)?, model.cfg.vocab);
    Ok(logits)
}
