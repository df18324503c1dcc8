//! Where a newcomer's KV cache comes from as its prefill starts: a prefix
//! another sequence or a kept prompt computed (copied, or waited for while
//! it is computed), and with a pool, a slot of it.

use anyhow::{anyhow, Result};

use super::decoder::Decoder;
use super::kv_cache::KvCache;
use super::kv_pool::KvPool;
use super::prefix::{self, Donor, KeptPrefixes, Plan};
use super::sequence::Seq;

/// Starts the prefill of sequences not yet started: each copies the longest
/// whole-chunk prefix that a live sequence or a kept prompt has computed, or
/// waits while a live one is still computing a longer one (so prompts sent
/// together compute their shared prefix once). With a pool, each takes a
/// slot (one that cannot be had fails that sequence alone). Returns the
/// positions copied.
pub(super) fn start_prefills(
    model: &Decoder,
    live: &mut Vec<Seq>,
    kept: &KeptPrefixes,
    mut pool: Option<&mut KvPool>,
) -> usize {
    let mut copied = 0;
    let mut failed = Vec::new();
    if let Some(pool) = pool.as_deref_mut() {
        // The slots of sequences gone since are free again.
        pool.keep_only(live.iter().filter_map(|s| s.cache.slot));
    }
    for i in 0..live.len() {
        if live[i].started {
            continue;
        }
        let chunk = kept.chunk();
        let donors: Vec<Donor> = live.iter().map(|s| s.as_donor(chunk)).chain(kept.donors()).collect();
        let (donor, n) = match prefix::plan(&live[i].job.prompt, &donors, chunk) {
            Plan::Wait { .. } => continue,
            Plan::Compute => (0, 0),
            Plan::Copy { donor, n } => (donor, n),
        };
        let mut prefix = None;
        if n > 0 {
            let from = if donor < live.len() { &live[donor].cache } else { kept.cache(donor - live.len()) };
            match from.copy_prefix(n, &model.cfg, &model.device) {
                Ok(cache) => prefix = Some(cache),
                Err(e) => tracing::warn!("copying a shared prompt prefix failed; computing it: {e:#}"),
            }
        }
        let seated = match pool.as_deref_mut() {
            Some(pool) => seat(model, pool, live, i, prefix.as_ref()),
            None => {
                if let Some(cache) = prefix {
                    live[i].cache = cache;
                }
                Ok(())
            }
        };
        match seated {
            Ok(()) => {
                let s = &mut live[i];
                let n = s.cache.filled();
                (s.fed, s.reused, s.started) = (n, n, true);
                copied += n;
            }
            Err(e) => failed.push((i, e)),
        }
    }
    // Waits point at a started sequence still prefilling, and every started
    // sequence has work each step, so some always do; were none started
    // (a bug), the first computes rather than the engine spin.
    if !live.is_empty() && live.iter().all(|s| !s.started) && !failed.iter().any(|(i, _)| *i == 0) {
        let seated = match pool {
            Some(pool) => seat(model, pool, live, 0, None),
            None => Ok(()),
        };
        match seated {
            Ok(()) => live[0].started = true,
            Err(e) => failed.push((0, e)),
        }
    }
    failed.sort_by_key(|(i, _)| *i);
    for (i, e) in failed.into_iter().rev() {
        let _ = live.remove(i).job.tx.send(Err(anyhow!("no room for the sequence's KV cache: {e:#}")));
    }
    copied
}

/// Seats `live[i]` in a slot of `pool`, on `prefix`'s rows if given: its
/// cache becomes the slot's view. When the pool grows for it, every other
/// sequence's view is taken again.
fn seat(model: &Decoder, pool: &mut KvPool, live: &mut [Seq], i: usize, prefix: Option<&KvCache>) -> Result<()> {
    let (cfg, device) = (&model.cfg, &model.device);
    // Views are taken again after each reallocation at once: a later
    // failure must not leave the others on the old tensors.
    let (slot, moved) = pool.acquire(cfg, device)?;
    if moved {
        pool.repoint(live.iter_mut().map(|s| &mut s.cache))?;
    }
    if let Some(prefix) = prefix {
        if pool.fit(prefix.filled(), cfg, device)? {
            pool.repoint(live.iter_mut().map(|s| &mut s.cache))?;
        }
    }
    let mut cache = pool.view(slot, 0)?;
    if let Some(prefix) = prefix {
        cache.copy_rows_from(prefix, prefix.filled())?;
    }
    live[i].cache = cache;
    Ok(())
}
