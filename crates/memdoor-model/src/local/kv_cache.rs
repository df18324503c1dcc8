//! One sequence's KV cache for the batched engine: preallocated per layer and
//! grown in chunks, so a step writes its new rows in place instead of
//! concatenating the whole cache every token.

use anyhow::{bail, Result};
use candle_core::{DType, Device, Tensor};

use super::arch::ModelConfig;

/// KV cache positions added at a time: growing costs one copy of the cache,
/// so it happens every `KV_GROW` tokens, not every token.
pub(super) const KV_GROW: usize = 256;

/// The capacity a cache grows to for `need` positions: whole `KV_GROW`
/// chunks, at most the model's context.
pub(super) fn grown_capacity(need: usize, cfg: &ModelConfig) -> usize {
    need.div_ceil(KV_GROW).saturating_mul(KV_GROW).min(cfg.context_len)
}

/// One sequence's keys and values, per layer `[n_kv_head, capacity, head_dim]`
/// (head-major: a head's keys are one block, so attention multiplies views
/// of the cache as they are — on CUDA too, where cuBLAS takes a batch stride
/// but not a row stride — and a decode step writes its row per head with
/// one strided copy).
#[derive(Default)]
pub struct KvCache {
    pub(super) k: Vec<Tensor>,
    pub(super) v: Vec<Tensor>,
    pub(super) len: usize,
    cap: usize,
    /// Where the tensors are views of a `KvPool`'s slot: that slot (the pool
    /// grows it; `reserve` only checks).
    pub(super) slot: Option<usize>,
}

impl KvCache {
    /// Tokens cached so far (the next token's position).
    pub fn filled(&self) -> usize {
        self.len
    }

    /// A cache viewing a pool's slot (`KvPool::view`).
    pub(super) fn in_slot(k: Vec<Tensor>, v: Vec<Tensor>, len: usize, cap: usize, slot: usize) -> Result<Self> {
        if len > cap {
            bail!("a KV slot of {cap} positions cannot hold {len}");
        }
        Ok(Self { k, v, len, cap, slot: Some(slot) })
    }

    /// Makes room for `need` positions in all, growing by whole `KV_GROW`
    /// chunks up to the model's context.
    pub(super) fn reserve(&mut self, need: usize, cfg: &ModelConfig, device: &Device) -> Result<()> {
        if need > cfg.context_len {
            bail!("the sequence needs {need} positions but the model's context is {}", cfg.context_len);
        }
        if need <= self.cap {
            return Ok(());
        }
        if let Some(slot) = self.slot {
            bail!("KV slot {slot} holds {} positions and needs {need}: the pool was not grown first", self.cap);
        }
        let cap = grown_capacity(need, cfg);
        let fresh = || Tensor::zeros((cfg.n_kv_head, cap - self.cap, cfg.head_dim), DType::F32, device);
        for l in 0..cfg.n_layer {
            if l < self.k.len() {
                let extra = fresh()?;
                self.k[l] = Tensor::cat(&[&self.k[l], &extra], 1)?;
                self.v[l] = Tensor::cat(&[&self.v[l], &extra], 1)?;
            } else {
                self.k.push(fresh()?);
                self.v.push(fresh()?);
            }
        }
        self.cap = cap;
        Ok(())
    }

    /// A fresh cache holding this one's first `n` positions (every layer),
    /// with room grown in the usual `KV_GROW` chunks. A copy, not a view: both
    /// caches are written in place afterwards.
    pub(super) fn copy_prefix(&self, n: usize, cfg: &ModelConfig, device: &Device) -> Result<KvCache> {
        if n > self.len {
            bail!("copying {n} cached positions from a cache that holds {}", self.len);
        }
        let mut fresh = KvCache::default();
        if n == 0 {
            return Ok(fresh);
        }
        fresh.reserve(n, cfg, device)?;
        fresh.copy_rows_from(self, n)?;
        Ok(fresh)
    }

    /// Overwrites this cache with `src`'s first `n` positions (every layer);
    /// it must have room for them already, and hold none but them after.
    pub(super) fn copy_rows_from(&mut self, src: &KvCache, n: usize) -> Result<()> {
        if n > src.len || n > self.cap || src.k.len() != self.k.len() {
            bail!("copying {n} positions of {} into a cache with room for {}", src.len, self.cap);
        }
        for l in 0..self.k.len() {
            self.k[l].slice_set(&src.k[l].narrow(1, 0, n)?.contiguous()?, 1, 0)?;
            self.v[l].slice_set(&src.v[l].narrow(1, 0, n)?.contiguous()?, 1, 0)?;
        }
        self.len = n;
        Ok(())
    }

    /// Bytes the cache's tensors hold (its capacity, not just the filled part).
    pub(super) fn bytes(&self) -> usize {
        self.k.iter().chain(&self.v).map(|t| t.elem_count() * t.dtype().size_in_bytes()).sum()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) fn tiny() -> ModelConfig {
        ModelConfig {
            arch: crate::local::arch::Arch::Llama,
            n_layer: 2,
            n_head: 2,
            n_kv_head: 1,
            head_dim: 2,
            hidden: 4,
            vocab: 8,
            eps: 1e-5,
            rope_base: 1e4,
            rope_freq_scale: 1.0,
            context_len: 1024,
            trained_context: 1024,
            attn_scale: 1.0 / 2f64.sqrt(),
            activation: crate::local::arch::Activation::Silu,
            embed_scale: None,
            attn_softcap: None,
            final_softcap: None,
            sliding: None,
        }
    }

    /// A cache of `n` positions whose value at (layer, head, position, dim) tells them apart.
    pub(crate) fn filled(n: usize, cfg: &ModelConfig) -> KvCache {
        let mut c = KvCache::default();
        c.reserve(n, cfg, &Device::Cpu).unwrap();
        for l in 0..cfg.n_layer {
            let vals: Vec<f32> = (0..cfg.n_kv_head * n * cfg.head_dim).map(|i| (l * 10_000 + i) as f32).collect();
            let rows = Tensor::from_vec(vals, (cfg.n_kv_head, n, cfg.head_dim), &Device::Cpu).unwrap();
            c.k[l].slice_set(&rows, 1, 0).unwrap();
            c.v[l].slice_set(&(rows + 0.5).unwrap(), 1, 0).unwrap();
        }
        c.len = n;
        c
    }

    #[test]
    fn a_copied_prefix_holds_the_same_rows_and_is_independent_of_its_source() {
        let cfg = tiny();
        let src = filled(300, &cfg);
        let copy = src.copy_prefix(130, &cfg, &Device::Cpu).unwrap();
        assert_eq!(copy.filled(), 130);
        assert_eq!(copy.cap, KV_GROW, "grown in whole chunks, not to the source's size");
        for l in 0..cfg.n_layer {
            for (a, b) in [(&copy.k[l], &src.k[l]), (&copy.v[l], &src.v[l])] {
                let a: Vec<Vec<Vec<f32>>> = a.narrow(1, 0, 130).unwrap().to_vec3().unwrap();
                let b: Vec<Vec<Vec<f32>>> = b.narrow(1, 0, 130).unwrap().to_vec3().unwrap();
                assert_eq!(a, b, "layer {l}");
            }
        }
        // Writing the copy leaves the source alone.
        copy.k[0].slice_set(&Tensor::full(-1f32, (1, 1, 2), &Device::Cpu).unwrap(), 1, 0).unwrap();
        let first: Vec<f32> = src.k[0].narrow(1, 0, 1).unwrap().flatten_all().unwrap().to_vec1().unwrap();
        assert_eq!(first, vec![0.0, 1.0]);
        assert!(src.copy_prefix(301, &cfg, &Device::Cpu).is_err(), "only filled positions can be copied");
        assert_eq!(copy.bytes(), cfg.n_layer * 2 * KV_GROW * cfg.n_kv_head * cfg.head_dim * 4);
    }
}
