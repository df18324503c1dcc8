//! The pooled KV path on the real model, against caches of their own: three
//! sequences in slots of one `KvPool` — seated, grown past the first
//! capacity while others hold rows, prefilled beside others' decode rows,
//! decoding together out of slot order, then with a freed slot between
//! them — give each sequence the logits the same steps give on caches of
//! their own. Not the same bits: a pooled step attends over the longest
//! sequence's keys with the rest masked, so sums run in other orders; the
//! bound below is what that moves (a wrong slot or position moves logits
//! by whole units). The same run with decode steps of fixed shape
//! (`fixed_step`, what a CUDA graph replays) is held to the same bound, and
//! its inputs, rewritten in place from step to step, to the bits of inputs
//! made fresh for every step.

use candle_core::Tensor;

use super::decode_graph::{DecodeGraphs, Ran};
use super::decoder::Decoder;
use super::forward::{forward_in, KvCache, Piece};
use super::kv_pool::KvPool;
use super::prefix::CPU_PREFILL_CHUNK;
use super::prefix_exact::llama as model;

/// The largest difference allowed between a pooled and an own-cache logit.
/// Most rows are the same bits; where a step's key count changes how the
/// products group their sums (here at 304 keys), a last-bit difference in
/// one layer's attention grows to 0.2–0.35 in the logits (measured: the
/// 24 layers carry it, as a prompt cut in other chunks moves logits by
/// 0.28 in `prefix_exact`). Another sequence's logits are 8–14 away.
const TOLERANCE: f32 = 1.0;

fn prompt(n: usize, salt: u32) -> Vec<u32> {
    (0..n as u32).map(|i| 100 + (i * 37 + salt) % 5000).collect()
}

fn decode_tokens(salt: u32) -> Vec<u32> {
    (0..8).map(|i| 6000 + salt * 10 + i).collect()
}

fn rows(t: Tensor) -> Vec<Vec<f32>> {
    t.to_vec2().unwrap()
}

/// How the run's caches are kept and its decode steps run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// A cache per sequence.
    Own,
    /// Slots of one pool, a decode step attended at once.
    Pooled,
    /// Pooled, decode steps of fixed shape; `fresh`: their inputs made anew
    /// each step rather than rewritten in place.
    Fixed { fresh: bool },
}

/// The run's sequences: their caches (views of a pool's slots, or their
/// own), and the pool if there is one.
struct Seated {
    caches: Vec<KvCache>,
    slots: Vec<usize>,
    pool: Option<KvPool>,
    mode: Mode,
    graphs: DecodeGraphs,
    /// Decode steps run fixed.
    fixed: usize,
}

impl Seated {
    fn new(model: &Decoder, mode: Mode, n: usize) -> Self {
        let caches = (0..n).map(|_| KvCache::default()).collect();
        let graphs = DecodeGraphs::new(false);
        let mut seated = Seated { caches, slots: Vec::new(), pool: None, mode, graphs, fixed: 0 };
        if mode != Mode::Own {
            let mut pool = KvPool::default();
            seated.slots = (0..n).map(|_| pool.acquire(&model.cfg, &model.device).unwrap().0).collect();
            seated.caches = seated.slots.iter().map(|&slot| pool.view(slot, 0).unwrap()).collect();
            seated.pool = Some(pool);
        }
        seated
    }

    /// Every view taken again (after the pool grew), keeping each one's length.
    fn review(&mut self) {
        if let Some(pool) = &self.pool {
            pool.repoint(&mut self.caches).unwrap();
        }
    }

    /// One step: `work` is (sequence, tokens, logits?) in the step's order;
    /// the pool first grown for it. Returns the logits rows in that order.
    fn step(&mut self, model: &Decoder, work: &[(usize, &[u32], bool)]) -> Vec<Vec<f32>> {
        let need = work.iter().map(|(s, t, _)| self.caches[*s].filled() + t.len()).max().unwrap_or(0);
        if let Some(pool) = self.pool.as_mut() {
            if pool.fit(need, &model.cfg, &model.device).unwrap() {
                self.review();
            }
        }
        // Pieces borrow every cache at once: take them out, in the step's order.
        let mut taken: Vec<(usize, KvCache)> =
            work.iter().map(|(s, _, _)| (*s, std::mem::take(&mut self.caches[*s]))).collect();
        let mut pieces: Vec<Piece> = taken
            .iter_mut()
            .zip(work)
            .map(|((_, cache), (_, tokens, logits))| Piece { tokens, cache, logits: *logits })
            .collect();
        if self.mode == (Mode::Fixed { fresh: true }) {
            self.graphs = DecodeGraphs::new(false);
        }
        let fixed = match (self.mode, self.pool.as_ref()) {
            (Mode::Fixed { .. }, Some(pool)) => self.graphs.step(model, &mut pieces, pool).unwrap(),
            _ => None,
        };
        let (logits, pooled) = match fixed {
            Some((logits, ran)) => {
                assert_eq!(ran, Ran::Eager, "nothing is captured on the CPU");
                self.fixed += 1;
                (Some(logits), true)
            }
            None => forward_in(model, &mut pieces, self.pool.as_ref()).unwrap(),
        };
        drop(pieces);
        for (s, cache) in taken {
            self.caches[s] = cache;
        }
        // Only steps of decode rows attend through the pool, and only with one.
        let decode = work.iter().all(|(_, t, _)| t.len() == 1);
        assert_eq!(pooled, decode && self.pool.is_some(), "the pooled path where it applies");
        logits.map(rows).unwrap_or_default()
    }
}

/// Three sequences through one schedule of steps: each one's logits after
/// each of its decode tokens, and the run (its pool).
fn schedule(model: &Decoder, mode: Mode) -> ([Vec<Vec<f32>>; 3], Seated) {
    // A: 70 prompt tokens, B: 150, C: 300 (past the first 256-position capacity).
    let prompts = [prompt(70, 1), prompt(150, 2), prompt(300, 3)];
    let decodes = [decode_tokens(1), decode_tokens(2), decode_tokens(3)];
    let mut seated = Seated::new(model, mode, 3);
    let cap = |seated: &Seated| seated.pool.as_ref().map(KvPool::cap);
    let mut got: [Vec<Vec<f32>>; 3] = Default::default();
    let (a, b, c) = (0, 1, 2);
    let chunks = |s: usize| prompts[s].chunks(CPU_PREFILL_CHUNK).collect::<Vec<_>>();
    let one = |s: usize, k: usize| std::slice::from_ref(&decodes[s][k]);

    // A prefills alone, then decodes its first token alone (a pooled step of one).
    for chunk in chunks(a) {
        seated.step(model, &[(a, chunk, false)]);
    }
    got[a].extend(seated.step(model, &[(a, one(a, 0), true)]));
    // B's first chunk beside A's decode row: a mixed step, piece by piece on the views.
    let b_chunks = chunks(b);
    got[a].extend(seated.step(model, &[(b, b_chunks[0], false), (a, one(a, 1), true)]));
    for chunk in &b_chunks[1..] {
        seated.step(model, &[(b, chunk, false)]);
    }
    // C prefills: the pool grows past 256 positions with A's and B's rows in it.
    assert!(cap(&seated).is_none_or(|c| c == 256));
    for chunk in chunks(c) {
        seated.step(model, &[(c, chunk, false)]);
    }
    assert!(cap(&seated).is_none_or(|c| c == 512));
    // All three decode together, out of slot order: C, A, B.
    for k in 0..4 {
        let rows = seated.step(model, &[(c, one(c, k), true), (a, one(a, 2 + k), true), (b, one(b, k), true)]);
        let [rc, ra, rb]: [Vec<f32>; 3] = rows.try_into().unwrap();
        got[c].push(rc);
        got[a].push(ra);
        got[b].push(rb);
    }
    // B leaves; A and C decode around its free slot.
    if let Some(pool) = seated.pool.as_mut() {
        pool.keep_only([seated.slots[a], seated.slots[c]]);
    }
    for k in 0..2 {
        let rows = seated.step(model, &[(a, one(a, 6 + k), true), (c, one(c, 4 + k), true)]);
        let [ra, rc]: [Vec<f32>; 2] = rows.try_into().unwrap();
        got[a].push(ra);
        got[c].push(rc);
    }
    (got, seated)
}

fn max_diff(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}

/// Holds every sequence's logits in `got` within `TOLERANCE` of those its
/// own cache gives, and far from another sequence's (what attending to the
/// wrong slot looks like); returns the largest difference.
fn close_to_own(got: &[Vec<Vec<f32>>; 3], own: &[Vec<Vec<f32>>; 3], what: &str) -> f32 {
    let mut worst = 0f32;
    for s in 0..3 {
        assert_eq!(got[s].len(), own[s].len(), "{what}: sequence {s}'s decode tokens");
        for (k, (g, o)) in got[s].iter().zip(&own[s]).enumerate() {
            let diff = max_diff(g, o);
            assert!(diff <= TOLERANCE, "{what}, sequence {s}, decode token {k}: logits differ by {diff}");
            worst = worst.max(diff);
            let other = &own[(s + 1) % 3];
            let apart = max_diff(g, &other[k.min(other.len() - 1)]);
            assert!(apart > 4.0 * TOLERANCE, "{what}, sequence {s}, token {k}: only {apart} from another's logits");
        }
    }
    eprintln!("{what} against own caches: logits differ by at most {worst}");
    worst
}

#[test]
fn pooled_sequences_get_the_logits_their_own_caches_give() {
    let model = model();
    let (own, _) = schedule(&model, Mode::Own);
    let (pooled, run) = schedule(&model, Mode::Pooled);
    assert_eq!(pooled.iter().map(Vec::len).collect::<Vec<_>>(), [8, 4, 6]);
    close_to_own(&pooled, &own, "pooled");
    assert!(run.pool.unwrap().view(run.slots[1], 0).is_err(), "B's slot was freed");
}

#[test]
fn fixed_decode_steps_get_the_pooled_logits_and_inputs_rewritten_in_place_the_bits_of_fresh_ones() {
    let model = model();
    let (own, _) = schedule(&model, Mode::Own);
    let (fixed, run) = schedule(&model, Mode::Fixed { fresh: false });
    let (fresh, _) = schedule(&model, Mode::Fixed { fresh: true });
    // Every step of decode rows alone: A's first token, four of three rows, two of two.
    assert_eq!(run.fixed, 7, "the decode steps ran fixed");
    // The pools grew (256 to 512 positions) after A's first step: its step
    // went with them; the three-row and two-row steps of the new pools stay.
    let pool = run.pool.as_ref().unwrap();
    let mut held: Vec<(usize, usize)> = run.graphs.shapes().iter().map(|s| (s.rows, s.pool.cap)).collect();
    held.sort();
    assert_eq!(held, [(2, pool.cap()), (3, pool.cap())], "steps of moved pools are dropped");
    close_to_own(&fixed, &own, "fixed decode steps");
    let bits =
        |rows: &[Vec<Vec<f32>>; 3]| -> Vec<u32> { rows.iter().flatten().flatten().map(|x| x.to_bits()).collect() };
    assert!(bits(&fixed) == bits(&fresh), "inputs rewritten in place give other logits than fresh ones");
}

/// With the fused kernels, a decode step's attention is one kernel
/// (`decode_attention`: its CPU reference here), reading each row's slot
/// and position instead of masks: pooled and fixed steps stay within the
/// same bound of caches of their own (which the fused kernels leave at
/// candle's bits).
#[test]
fn one_kernel_attention_in_pooled_and_fixed_steps_gets_the_logits_own_caches_give() {
    let mut model = model();
    let (own, _) = schedule(&model, Mode::Own);
    model.fused = true;
    let (pooled, _) = schedule(&model, Mode::Pooled);
    close_to_own(&pooled, &own, "pooled, one-kernel attention");
    let (fixed, run) = schedule(&model, Mode::Fixed { fresh: false });
    assert_eq!(run.fixed, 7, "the decode steps ran fixed");
    close_to_own(&fixed, &own, "fixed, one-kernel attention");
}
