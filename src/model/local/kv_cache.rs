//! One sequence's KV cache for the batched engine: preallocated per layer and
//! grown in chunks, so a step writes its new rows in place instead of
//! concatenating the whole cache every token.

use anyhow::{bail, Result};
use candle_core::{DType, Device, Tensor};

use super::llama::LlamaConfig;

/// KV cache positions added at a time: growing costs one copy of the cache,
/// so it happens every `KV_GROW` tokens, not every token.
const KV_GROW: usize = 256;

/// One sequence's keys and values, per layer `[capacity, n_kv_head, head_dim]`
/// (token-major, so a step's new rows are one contiguous write).
#[derive(Default)]
pub struct KvCache {
    pub(super) k: Vec<Tensor>,
    pub(super) v: Vec<Tensor>,
    pub(super) len: usize,
    cap: usize,
}

impl KvCache {
    /// Tokens cached so far (the next token's position).
    pub fn filled(&self) -> usize {
        self.len
    }

    /// Makes room for `need` positions in all, growing by whole `KV_GROW`
    /// chunks up to the model's context.
    pub(super) fn reserve(&mut self, need: usize, cfg: &LlamaConfig, device: &Device) -> Result<()> {
        if need > cfg.context_len {
            bail!("the sequence needs {need} positions but the model's context is {}", cfg.context_len);
        }
        if need <= self.cap {
            return Ok(());
        }
        let cap = need.div_ceil(KV_GROW).saturating_mul(KV_GROW).min(cfg.context_len);
        let fresh = || Tensor::zeros((cap - self.cap, cfg.n_kv_head, cfg.head_dim), DType::F32, device);
        for l in 0..cfg.n_layer {
            if l < self.k.len() {
                let extra = fresh()?;
                self.k[l] = Tensor::cat(&[&self.k[l], &extra], 0)?;
                self.v[l] = Tensor::cat(&[&self.v[l], &extra], 0)?;
            } else {
                self.k.push(fresh()?);
                self.v.push(fresh()?);
            }
        }
        self.cap = cap;
        Ok(())
    }
}
