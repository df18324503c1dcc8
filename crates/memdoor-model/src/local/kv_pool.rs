//! Every live sequence's KV cache in one tensor per layer (#32 item 1):
//! K and V pools `[slots, kv_heads, capacity, head_dim]`, a sequence one
//! slot. A decode step then writes its new rows with one scatter a layer and
//! attends for every stream at once on 4-D views of the pools
//! (`pooled_attention`), a constant number of kernel launches whatever the
//! number of streams — where a cache per sequence costs a few launches per
//! stream and layer, which on a GPU bounds the step (docs/engine.md).
//!
//! A sequence's `KvCache` is then a view of its slot (the same head-major
//! layout as an owned cache, so prompt chunks attend through the same code).
//! The pools grow by copying: in capacity by whole `KV_GROW` chunks when the
//! longest sequence needs it, in slots by doubling; every view is pointed
//! at the new tensors afterwards (`view`). Capacity is shared: one long
//! sequence makes every slot as long (what a paged cache would avoid).

use anyhow::{bail, Result};
use candle_core::{DType, Device, Tensor};

use super::arch::ModelConfig;
use super::kv_cache::{grown_capacity, KvCache};

#[derive(Default)]
pub(crate) struct KvPool {
    /// Per layer `[slots, n_kv_head, cap, head_dim]`; empty until the first slot.
    pub(super) k: Vec<Tensor>,
    pub(super) v: Vec<Tensor>,
    /// Which slots a sequence holds.
    used: Vec<bool>,
    cap: usize,
    /// Counts the pools' reallocations and clears: whatever points at their
    /// memory (a captured decode step, `decode_graph`) is stale when it moves.
    generation: u64,
}

impl KvPool {
    pub(super) fn slots(&self) -> usize {
        self.used.len()
    }

    pub(super) fn cap(&self) -> usize {
        self.cap
    }

    pub(super) fn generation(&self) -> u64 {
        self.generation
    }

    /// A free slot, the pools grown (doubled) when none is; `true` with it
    /// when the pools were reallocated, so every view must be taken again.
    pub(super) fn acquire(&mut self, cfg: &ModelConfig, device: &Device) -> Result<(usize, bool)> {
        if let Some(free) = self.used.iter().position(|u| !u) {
            self.used[free] = true;
            return Ok((free, false));
        }
        let slot = self.used.len();
        let slots = (slot * 2).max(1);
        let cap = self.cap.max(grown_capacity(1, cfg));
        self.realloc(slots, cap, cfg, device)?;
        self.used[slot] = true;
        Ok((slot, true))
    }

    /// Frees every slot no sequence in `held` holds.
    pub(super) fn keep_only(&mut self, held: impl IntoIterator<Item = usize>) {
        self.used.iter_mut().for_each(|u| *u = false);
        for slot in held {
            if let Some(u) = self.used.get_mut(slot) {
                *u = true;
            }
        }
    }

    /// Room for `need` positions in every slot; `true` when the pools were
    /// reallocated for it.
    pub(super) fn fit(&mut self, need: usize, cfg: &ModelConfig, device: &Device) -> Result<bool> {
        if need > cfg.context_len {
            bail!("the sequence needs {need} positions but the model's context is {}", cfg.context_len);
        }
        if need <= self.cap {
            return Ok(false);
        }
        self.realloc(self.used.len(), grown_capacity(need, cfg), cfg, device)?;
        Ok(true)
    }

    /// Drops the pools' memory (the engine fell idle).
    pub(super) fn clear(&mut self) {
        *self = Self { generation: self.generation + 1, ..Self::default() };
    }

    /// Slot `slot`'s cache of `len` positions, viewing the pools.
    pub(super) fn view(&self, slot: usize, len: usize) -> Result<KvCache> {
        if !self.used.get(slot).copied().unwrap_or(false) {
            bail!("KV slot {slot} is not held");
        }
        let of = |pool: &Vec<Tensor>| -> Result<Vec<Tensor>> {
            pool.iter().map(|t| -> Result<Tensor> { Ok(t.narrow(0, slot, 1)?.squeeze(0)?) }).collect()
        };
        KvCache::in_slot(of(&self.k)?, of(&self.v)?, len, self.cap, slot)
    }

    /// Every cache that views a slot taken again from the pools' current
    /// tensors (after they grew), its length kept.
    pub(super) fn repoint<'c>(&self, caches: impl IntoIterator<Item = &'c mut KvCache>) -> Result<()> {
        for cache in caches {
            if let Some(slot) = cache.slot {
                *cache = self.view(slot, cache.filled())?;
            }
        }
        Ok(())
    }

    fn realloc(&mut self, slots: usize, cap: usize, cfg: &ModelConfig, device: &Device) -> Result<()> {
        let fresh = || Tensor::zeros((slots, cfg.n_kv_head, cap, cfg.head_dim), DType::F32, device);
        let old_slots = self.used.len();
        let grow = |old: Option<&Tensor>| -> Result<Tensor> {
            let new = fresh()?;
            if let Some(old) = old {
                // Old slots keep their rows: [old_slots, kv, old_cap, hd] into the front.
                new.narrow(0, 0, old_slots)?.slice_set(old, 2, 0)?;
            }
            Ok(new)
        };
        let mut k = Vec::with_capacity(cfg.n_layer);
        let mut v = Vec::with_capacity(cfg.n_layer);
        for l in 0..cfg.n_layer {
            k.push(grow(self.k.get(l))?);
            v.push(grow(self.v.get(l))?);
        }
        (self.k, self.v, self.cap) = (k, v, cap);
        self.used.resize(slots, false);
        self.generation += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::local::kv_cache::tests::tiny;
    use crate::local::kv_cache::KV_GROW;

    /// Writes `n` rows into a slot's view whose values tell slot, layer and place apart.
    fn write(cache: &mut KvCache, slot: usize, n: usize, cfg: &ModelConfig) {
        for l in 0..cfg.n_layer {
            let vals: Vec<f32> =
                (0..cfg.n_kv_head * n * cfg.head_dim).map(|i| (slot * 100_000 + l * 10_000 + i) as f32).collect();
            let rows = Tensor::from_vec(vals, (cfg.n_kv_head, n, cfg.head_dim), &Device::Cpu).unwrap();
            cache.k[l].slice_set(&rows, 1, 0).unwrap();
            cache.v[l].slice_set(&(rows + 0.5).unwrap(), 1, 0).unwrap();
        }
        cache.len = n;
    }

    fn rows(t: &Tensor, n: usize) -> Vec<Vec<Vec<f32>>> {
        t.narrow(1, 0, n).unwrap().to_vec3().unwrap()
    }

    #[test]
    fn slots_keep_their_rows_while_the_pools_grow_in_slots_and_capacity() {
        let cfg = tiny();
        let dev = Device::Cpu;
        let mut pool = KvPool::default();
        let (a, grew) = pool.acquire(&cfg, &dev).unwrap();
        assert_eq!((a, grew, pool.slots(), pool.cap()), (0, true, 1, KV_GROW));
        let mut ca = pool.view(a, 0).unwrap();
        write(&mut ca, a, 100, &cfg);
        let before_k = rows(&ca.k[1], 100);
        // A second slot doubles the pools; the first's rows move with them.
        let (b, grew) = pool.acquire(&cfg, &dev).unwrap();
        assert_eq!((b, grew, pool.slots()), (1, true, 2));
        let mut cb = pool.view(b, 0).unwrap();
        write(&mut cb, b, 30, &cfg);
        let ca = pool.view(a, 100).unwrap();
        assert_eq!(rows(&ca.k[1], 100), before_k, "slot 0 after the slots doubled");
        // Capacity grows by whole chunks, every slot with it.
        assert!(!pool.fit(KV_GROW, &cfg, &dev).unwrap(), "already room");
        assert!(pool.fit(KV_GROW + 1, &cfg, &dev).unwrap());
        assert_eq!(pool.cap(), 2 * KV_GROW);
        let (ca, cb) = (pool.view(a, 100).unwrap(), pool.view(b, 30).unwrap());
        assert_eq!(rows(&ca.k[1], 100), before_k, "slot 0 after the capacity grew");
        assert_eq!(rows(&cb.v[0], 30)[0][29][1], (100_000 + 29 * 2 + 1) as f32 + 0.5);
        assert_eq!(ca.k[0].dims(), [cfg.n_kv_head, 2 * KV_GROW, cfg.head_dim]);
        // Writing a view taken after the growth writes the pool, and no other slot.
        let mut cb = pool.view(b, 30).unwrap();
        write(&mut cb, 7, 40, &cfg);
        let in_pool = |slot: usize, n: usize| rows(&pool.k[1].narrow(0, slot, 1).unwrap().squeeze(0).unwrap(), n);
        assert_eq!(in_pool(b, 40), rows(&cb.k[1], 40), "slot 1 through the pool");
        assert_eq!(in_pool(b, 40)[0][0][0], (7 * 100_000 + 10_000) as f32);
        assert_eq!(in_pool(a, 100), before_k, "slot 0 untouched");
        assert!(pool.fit(cfg.context_len + 1, &cfg, &dev).is_err(), "no more than the context");
    }

    #[test]
    fn a_freed_slot_is_taken_again_before_the_pools_grow() {
        let cfg = tiny();
        let dev = Device::Cpu;
        let mut pool = KvPool::default();
        for want in 0..3 {
            assert_eq!(pool.acquire(&cfg, &dev).unwrap().0, want);
        }
        assert_eq!(pool.slots(), 4, "doubled twice: 1, 2, 4");
        pool.keep_only([0, 2]);
        assert!(pool.view(1, 0).is_err(), "a freed slot has no view");
        assert_eq!(pool.acquire(&cfg, &dev).unwrap(), (1, false));
        assert_eq!(pool.acquire(&cfg, &dev).unwrap(), (3, false));
        let before = pool.generation();
        assert_eq!(pool.acquire(&cfg, &dev).unwrap(), (4, true));
        assert_eq!(pool.generation(), before + 1, "the pools moved");
        assert_eq!(pool.slots(), 8);
        let before = pool.generation();
        pool.clear();
        assert_eq!((pool.slots(), pool.cap()), (0, 0));
        assert!(pool.generation() > before, "a cleared pool is not the one steps were made for");
    }
}
