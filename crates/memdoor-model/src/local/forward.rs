//! One engine step as ONE forward pass: the rows of every live sequence (a
//! decode token, or a chunk of prompt) are stacked into a `[T, hidden]` matrix
//! so each weight matrix is read once per step for all of them. Only attention
//! is per sequence: each row gets RoPE at its own position and attends to its
//! own KV cache — piece by piece, or, for a step of decode rows whose caches
//! are slots of one `KvPool`, for every row at once (`pooled_attention`).
//! The layers themselves run in `layers::run_layers`.

use std::sync::Mutex;

use anyhow::{anyhow, bail, Result};
use candle_core::{Device, Tensor};

pub use super::kv_cache::KvCache;

use super::decoder::Decoder;
use super::inline_rayon;
use super::kv_pool::KvPool;
use super::layers::{logits_of, run_layers};
use super::pooled_attention::{PoolShape, PooledStep};

/// A sequence's part of a step: `tokens` at positions `cache.filled()..`.
pub(crate) struct Piece<'a> {
    pub tokens: &'a [u32],
    pub cache: &'a mut KvCache,
    /// Whether the step returns logits for the piece's last row.
    pub logits: bool,
}

/// Additive causal mask for a chunk of `n` queries at `pos..pos+n` over the
/// keys from `start` to `pos+n`, each query row repeated for the `group`
/// heads sharing a KV head: `[n * group, pos + n - start]`. With a sliding
/// `window`, a query at p also sees no key k with p - k >= window. Built
/// with tensor ops where the step runs (#32 item 5): on a GPU only the two
/// position ranges (a few KB) and two scalars cross from the host, not the
/// mask (a 64-row chunk of a 7-head group over 2,000 keys is 3.6 MB).
fn causal_mask(
    n: usize,
    pos: usize,
    group: usize,
    start: usize,
    window: Option<usize>,
    device: &Device,
) -> Result<Tensor> {
    let (kv, len) = (pos + n, pos + n - start);
    // Positions as f32: exact below 2^24, past any context served.
    let queries = Tensor::arange(pos as f32, kv as f32, device)?.reshape((n, 1))?;
    let keys = Tensor::arange(start as f32, kv as f32, device)?.reshape((1, len))?;
    let mut hidden = keys.broadcast_gt(&queries)?;
    if let Some(w) = window {
        // p - k >= w, as k + w <= p.
        hidden = hidden.maximum(&(keys + w as f64)?.broadcast_le(&queries)?)?;
    }
    let inf = Tensor::new(f32::NEG_INFINITY, device)?.broadcast_as((n, len))?;
    let zero = Tensor::new(0f32, device)?.broadcast_as((n, len))?;
    let mask = hidden.where_cond(&inf, &zero)?;
    Ok(mask.unsqueeze(1)?.broadcast_as((n, group, len))?.reshape((n * group, len))?)
}

/// The first key a chunk of queries at `pos..` can see through `window`.
fn window_start(pos: usize, window: Option<usize>) -> usize {
    window.map_or(0, |w| (pos + 1).saturating_sub(w))
}

/// A piece's masks: over every past key, and (for sliding layers) over the
/// window's; None for a single row (a decode step needs none).
struct Masks {
    full: Option<Tensor>,
    sliding: Option<Tensor>,
}

#[derive(Clone, Copy)]
struct Heads {
    n_head: usize,
    n_kv_head: usize,
    head_dim: usize,
    softcap: Option<f64>,
    /// This layer's sliding window, if it slides.
    window: Option<usize>,
}

/// One piece's attention in layer `l`: writes its new K/V rows into its
/// cache and returns its `[n, n_head * head_dim]` outputs. `q`, `k`, `v`: the
/// step's rows after RoPE, `[T, heads, head_dim]`.
#[allow(clippy::too_many_arguments)]
fn attend(
    p: &Piece,
    l: usize,
    h: Heads,
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    span: (usize, usize, usize),
    mask: Option<&Tensor>,
) -> Result<Tensor> {
    let (off, n, pos) = span;
    let (nh, nkv, hd) = (h.n_head, h.n_kv_head, h.head_dim);
    let group = nh / nkv;
    let (kc, vc) = (&p.cache.k[l], &p.cache.v[l]);
    // The cache is head-major ([nkv, capacity, hd]): the piece's rows go in
    // per head. A decode row's transpose is already contiguous (a size-1
    // dimension), so it is written with no copy first.
    let head_major = |x: &Tensor| x.narrow(0, off, n)?.transpose(0, 1)?.contiguous();
    kc.slice_set(&head_major(k)?, 1, pos)?;
    vc.slice_set(&head_major(v)?, 1, pos)?;
    let kv_len = pos + n;
    // A sliding layer reads only the keys its window can reach: the same
    // scores as masking the rest, for less work.
    let start = window_start(pos, h.window);
    // [nkv, L, hd] views of the cache, a head's rows one block: the CPU's
    // matrix product and CUDA's (cuBLAS, batched over heads with the
    // cache's stride) read them as they are, with no copy that grows with
    // the context.
    let keys = kc.narrow(1, start, kv_len - start)?;
    let values = vc.narrow(1, start, kv_len - start)?;
    // Heads sharing a KV head attend together: [nkv, n * group, hd],
    // rows ordered (query, head in group) — no repeated keys.
    let qs = q.narrow(0, off, n)?.reshape((n, nkv, group, hd))?.transpose(0, 1)?.contiguous()?;
    let qs = qs.reshape((nkv, n * group, hd))?;
    let att = qs.matmul(&keys.t()?)?;
    let att = match h.softcap {
        Some(cap) => ((att / cap)?.tanh()? * cap)?,
        None => att,
    };
    let att = match mask {
        Some(m) => att.broadcast_add(m)?,
        None => att,
    };
    let att = candle_nn::ops::softmax_last_dim(&att)?;
    let y = att.matmul(&values)?; // [nkv, n * group, hd]
    Ok(y.reshape((nkv, n, group * hd))?.transpose(0, 1)?.reshape((n, nh * hd))?)
}

/// `attend(0..pieces)`, in order. With `parallel` (every piece one decode
/// row, on the CPU), the pieces are spread over the cores on candle's
/// barrier pool (the matrix products' pool, idle meanwhile), each computed
/// whole by one thread in the same way as alone — the same bits; each
/// thread runs candle's small ops inline (`inline_rayon`). Prompt chunks
/// stay on this thread: their
/// mask addition is an element-wise op big enough (>= 64K elements) that
/// candle runs it on the barrier pool itself, which the engine thread holds
/// while it works on its share — a deadlock (`tests/engine/batch.rs` hung on it).
/// A decode row's attention uses no such op: views, copies, gemm, softmax.
fn attend_all(pieces: usize, parallel: bool, attend: impl Fn(usize) -> Result<Tensor> + Sync) -> Result<Vec<Tensor>> {
    if pieces == 1 || !parallel {
        return (0..pieces).map(attend).collect();
    }
    let slots: Vec<Mutex<Option<Result<Tensor>>>> = (0..pieces).map(|_| Mutex::new(None)).collect();
    candle_core::utils::barrier_pool().execute_chunked(pieces, |range| {
        inline_rayon::run(|| {
            for i in range {
                let y = attend(i);
                *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(y);
            }
        })
    });
    slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or_else(|| Err(anyhow!("a piece's attention did not run")))
        })
        .collect()
}

/// Runs one step over `pieces`; returns `[R, vocab]` logits, one row per
/// piece with `logits` set, in order. Caches advance by their piece's length.
pub fn forward(model: &Decoder, pieces: &mut [Piece]) -> Result<Option<Tensor>> {
    Ok(forward_in(model, pieces, None)?.0)
}

/// The step's pooled attention, when every piece is one decode row in a
/// slot of `pool` (which has room for them: `KvPool::fit`).
fn pooled_step(model: &Decoder, pieces: &[Piece], pool: Option<&KvPool>) -> Result<Option<PooledStep>> {
    let Some(pool) = pool else { return Ok(None) };
    if pieces.iter().any(|p| p.tokens.len() != 1) {
        return Ok(None);
    }
    let Some(slots) = pieces.iter().map(|p| p.cache.slot).collect::<Option<Vec<usize>>>() else {
        return Ok(None);
    };
    let positions: Vec<usize> = pieces.iter().map(|p| p.cache.filled()).collect();
    let cfg = &model.cfg;
    let shape = PoolShape { slots: pool.slots(), cap: pool.cap(), n_kv_head: cfg.n_kv_head, head_dim: cfg.head_dim };
    let window = cfg.sliding.map(|s| s.window);
    Ok(Some(PooledStep::new(&slots, &positions, shape, window, model.fused, &model.device)?))
}

/// `forward` with the sequences' caches in `pool`'s slots: a step of decode
/// rows attends for all of them at once; any other step piece by piece,
/// through the slots' views, as with caches of their own. Also says
/// whether the step attended through the pool.
pub(crate) fn forward_in(
    model: &Decoder,
    pieces: &mut [Piece],
    pool: Option<&KvPool>,
) -> Result<(Option<Tensor>, bool)> {
    let cfg = &model.cfg;
    let dev = &model.device;
    let (nh, nkv, hd) = (cfg.n_head, cfg.n_kv_head, cfg.head_dim);
    let group = nh / nkv;
    let window = cfg.sliding.map(|s| s.window);
    let mut ids = Vec::new();
    let mut positions = Vec::new();
    let mut spans = Vec::with_capacity(pieces.len()); // (row offset, rows, position)
    let mut masks = Vec::with_capacity(pieces.len());
    for p in pieces.iter_mut() {
        if p.tokens.is_empty() {
            bail!("an empty piece in an engine step");
        }
        let pos = p.cache.filled();
        p.cache.reserve(pos + p.tokens.len(), cfg, dev)?;
        spans.push((ids.len(), p.tokens.len(), pos));
        positions.extend((pos..pos + p.tokens.len()).map(|i| i as u32));
        ids.extend_from_slice(p.tokens);
        let n = p.tokens.len();
        masks.push(if n > 1 {
            let sliding = match window {
                Some(w) => Some(causal_mask(n, pos, group, window_start(pos, Some(w)), Some(w), dev)?),
                None => None,
            };
            Masks { full: Some(causal_mask(n, pos, group, 0, None, dev)?), sliding }
        } else {
            Masks { full: None, sliding: None }
        });
    }
    let pooled = pooled_step(model, pieces, pool)?.zip(pool);
    // (On a GPU the pieces queue on one stream anyway: no threads.)
    let attend_in_parallel = dev.is_cpu() && masks.iter().all(|m| m.full.is_none());
    let t = ids.len();
    if t == 0 {
        return Ok((None, false));
    }
    let positions = Tensor::new(positions.as_slice(), dev)?;
    let ids = Tensor::new(ids.as_slice(), dev)?;
    let heads = |sliding: bool| Heads {
        n_head: nh,
        n_kv_head: nkv,
        head_dim: hd,
        softcap: cfg.attn_softcap,
        window: window.filter(|_| sliding),
    };
    let x = run_layers(model, &ids, &positions, &mut |l, sliding, q, k, v| match &pooled {
        Some((step, pool)) => step.attend(&pool.k[l], &pool.v[l], q, k, v, cfg.attn_softcap, sliding),
        None => {
            let mask = |i: usize| if sliding { masks[i].sliding.as_ref() } else { masks[i].full.as_ref() };
            let attend_piece = |i: usize| attend(&pieces[i], l, heads(sliding), q, k, v, spans[i], mask(i));
            Ok(Tensor::cat(&attend_all(pieces.len(), attend_in_parallel, attend_piece)?, 0)?)
        }
    })?;
    for (p, &(_, n, _)) in pieces.iter_mut().zip(&spans) {
        p.cache.len += n;
    }
    let rows: Vec<u32> =
        pieces.iter().zip(&spans).filter(|(p, _)| p.logits).map(|(_, &(off, n, _))| (off + n - 1) as u32).collect();
    let pooled = pooled.is_some();
    if rows.is_empty() {
        return Ok((None, pooled));
    }
    // The vocabulary projection is the largest matrix: only rows that sample.
    let last = x.index_select(&Tensor::new(rows.as_slice(), dev)?, 0)?;
    Ok((Some(logits_of(model, &last)?), pooled))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mask_lets_each_query_see_the_past_and_itself_only() {
        let m: Vec<Vec<f32>> = causal_mask(2, 1, 2, 0, None, &Device::Cpu).unwrap().to_vec2().unwrap();
        let inf = f32::NEG_INFINITY;
        // Query at position 1 (two heads), then position 2 (two heads), over keys 0..3.
        assert_eq!(m, vec![vec![0.0, 0.0, inf], vec![0.0, 0.0, inf], vec![0.0, 0.0, 0.0], vec![0.0, 0.0, 0.0]]);
    }

    /// Every mask against the rule written out on the host, over chunk
    /// sizes, positions, groups, starts and windows.
    #[test]
    fn masks_built_with_tensor_ops_follow_the_rule_everywhere() {
        let inf = f32::NEG_INFINITY;
        for (n, pos, group) in [(1, 0, 1), (3, 0, 2), (5, 7, 3), (64, 130, 7), (2, 40, 1)] {
            for window in [None, Some(1), Some(4), Some(50)] {
                let start = window_start(pos, window);
                let got: Vec<Vec<f32>> =
                    causal_mask(n, pos, group, start, window, &Device::Cpu).unwrap().to_vec2().unwrap();
                assert_eq!(got.len(), n * group);
                for (r, row) in got.iter().enumerate() {
                    let q = pos + r / group;
                    let want: Vec<f32> = (start..pos + n)
                        .map(|j| if j > q || window.is_some_and(|w| q - j >= w) { inf } else { 0.0 })
                        .collect();
                    assert_eq!(row, &want, "n {n} pos {pos} group {group} window {window:?} row {r}");
                }
            }
        }
    }

    #[test]
    fn a_sliding_mask_starts_at_the_window_and_hides_what_fell_out_of_it() {
        // Queries at 3 and 4, window 2: keys from 2 on; query 3 sees 2..=3, query 4 sees 3..=4.
        assert_eq!(window_start(3, Some(2)), 2);
        let m: Vec<Vec<f32>> = causal_mask(2, 3, 1, 2, Some(2), &Device::Cpu).unwrap().to_vec2().unwrap();
        let inf = f32::NEG_INFINITY;
        assert_eq!(m, vec![vec![0.0, 0.0, inf], vec![inf, 0.0, 0.0]]);
        assert_eq!(window_start(0, Some(8)), 0);
        assert_eq!(window_start(9, None), 0);
    }
}
