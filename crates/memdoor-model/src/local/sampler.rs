//! Picks the next token: greedy, or temperature with optional top-k and
//! top-p, with a repeat penalty over the last tokens; seeded, so runs repeat
//! exactly.
//!
//! It works on the row's scores as one `Vec<f32>` and never sorts the
//! vocabulary (candle's `LogitsProcessor`, used before, argsorts all of it for
//! top-p: 14–24 ms a token over Qwen's 151,936 entries on this 2-core machine,
//! where this takes ~0.1 ms on the model's rows). One pass finds the best score;
//! a second sums the weights e^((score - best) / temperature) of the tokens
//! within e^-40 of it (the others weigh under 4e-18 each) and keeps those
//! within e^-12 as candidates — enough unless the row is nearly flat, when
//! the pass is made again keeping them all. Top-k and top-p select among the
//! candidates by partial selection: the 64 best first, then more until their
//! mass reaches p, the edge found by halving the last batch; only the last
//! few (32 at most) are ever sorted. Both passes work 16 scores at a time so
//! the compiler vectorises them (`exp` included: `exp_lanes`).
//! `memdoor bench sampling` measures it against `LogitsProcessor`.
//!
//! On a GPU the vocabulary's pass runs on the device instead
//! (`device_sampling`): the sampler sends what it needs (`row_request`,
//! with the uniform number its draw will use, drawn beforehand) and
//! finishes from what comes back (`finish_drawn`) — a token, or the few
//! candidates that top-k and top-p select among here. Either way a seeded
//! stream draws the same numbers in the same order.

use std::cmp::Ordering;
use std::collections::HashSet;

use anyhow::Result;
use candle_core::Tensor;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::Sampling;

#[path = "sampler_rows.rs"]
mod rows;
pub(super) use rows::{RowDrawn, RowRequest};

/// A token whose weight is below e^CUT times the best one's is never drawn:
/// under 4e-18 of the mass each, 6e-13 over a 151,936-token vocabulary.
pub(super) const CUT: f32 = -40.0;
/// Top-k and top-p first look among the tokens within e^SELECT_CUT of the
/// best (a few hundred at most in a model's row) and widen to `CUT` only
/// when those are fewer than k or weigh less than p.
pub(super) const SELECT_CUT: f32 = -12.0;
/// Scores handled together, in lanes the compiler vectorises.
const LANES: usize = 16;
/// Top-p selects this many candidates first, then at least twice as many,
/// … until their mass reaches p.
const FIRST_K: usize = 64;
/// Below this temperature the draw is greedy (as candle's `LogitsProcessor::new`
/// does below 1e-7): the scores divided by it would overflow.
const MIN_TEMPERATURE: f64 = 1e-6;
/// Above this, every finite score weighs the same anyway.
const MAX_TEMPERATURE: f64 = 1e6;

/// A token still in the running: its score (after the repeat penalty), its
/// weight relative to the best one's, e^((score - best) / temperature).
#[derive(Debug, Clone, Copy)]
struct Cand {
    logit: f32,
    weight: f32,
    id: u32,
}

/// Most likely first; equal scores by token id, so the kept set is one set.
fn first(a: &Cand, b: &Cand) -> Ordering {
    b.logit.total_cmp(&a.logit).then_with(|| a.id.cmp(&b.id))
}

fn mass(cands: &[Cand]) -> f64 {
    cands.iter().map(|c| c.weight as f64).sum()
}

pub struct Sampler {
    rng: StdRng,
    /// `None`: greedy.
    temperature: Option<f32>,
    /// Within (0, 1), else off.
    top_p: Option<f64>,
    /// At least 1, else off.
    top_k: Option<usize>,
    repeat_penalty: f32,
    repeat_last_n: usize,
    /// Reused from token to token.
    cands: Vec<Cand>,
    seen: HashSet<u32>,
    /// The uniform number the next draw uses, when it was drawn ahead of
    /// it (for the device: `row_request`).
    pending_u: Option<f64>,
}

impl Sampler {
    pub fn new(s: &Sampling) -> Self {
        let t = s.temperature;
        Self {
            rng: StdRng::seed_from_u64(s.seed),
            temperature: (t >= MIN_TEMPERATURE).then(|| t.min(MAX_TEMPERATURE) as f32),
            top_p: s.top_p.filter(|p| *p > 0.0 && *p < 1.0),
            top_k: s.top_k.filter(|k| *k > 0),
            repeat_penalty: s.repeat_penalty,
            repeat_last_n: s.repeat_last_n,
            cands: Vec::new(),
            seen: HashSet::new(),
            pending_u: None,
        }
    }

    /// `logits`: one row of vocabulary scores (`[1, vocab]`); `history`: every token so far.
    pub fn sample(&mut self, logits: &Tensor, history: &[u32]) -> Result<u32> {
        let mut row = logits.squeeze(0)?.to_dtype(candle_core::DType::F32)?.to_vec1::<f32>()?;
        self.sample_row(&mut row, history)
    }

    /// [`Sampler::sample`] on the scores themselves; `row` gets the repeat penalty.
    pub(crate) fn sample_row(&mut self, row: &mut [f32], history: &[u32]) -> Result<u32> {
        if self.repeat_penalty != 1.0 && !history.is_empty() {
            let start = history.len().saturating_sub(self.repeat_last_n);
            apply_repeat_penalty(row, self.repeat_penalty, &history[start..], &mut self.seen);
        }
        match self.temperature {
            None => greedy(row),
            Some(t) => self.draw(row, t),
        }
    }

    fn draw(&mut self, row: &[f32], t: f32) -> Result<u32> {
        match self.keep(row, t)? {
            Some(token) => Ok(token),
            None => Ok(self.pick()),
        }
    }

    /// The next uniform number in [0, 1): the one drawn ahead if any.
    fn uniform(&mut self) -> f64 {
        self.pending_u.take().unwrap_or_else(|| self.rng.random::<f64>())
    }

    /// Draws among `self.cands` by their weights.
    fn pick(&mut self) -> u32 {
        let u = self.uniform() * mass(&self.cands);
        let cands = &self.cands;
        let mut cum = 0.0;
        for c in cands {
            cum += c.weight as f64;
            if cum > u {
                return c.id;
            }
        }
        // Rounding left `u` past the last sum: the last token with weight.
        cands.iter().rev().find(|c| c.weight > 0.0).unwrap_or(&cands[0]).id
    }

    /// Leaves in `self.cands` the tokens the draw is made from, with their
    /// weights; or returns the token when there is nothing to draw (an
    /// infinite score).
    fn keep(&mut self, row: &[f32], t: f32) -> Result<Option<u32>> {
        self.cands.clear();
        let best = max_score(row);
        if best == f32::NEG_INFINITY {
            return Err(no_token(row.len()));
        }
        if best == f32::INFINITY {
            // Infinitely more likely than any finite score: the first such token.
            return greedy(row).map(Some);
        }
        let floor = (best + CUT * t).max(f32::MIN);
        let cands = &mut self.cands;
        let total = match (self.top_k, self.top_p) {
            (None, None) => collect(row, best, t, floor, floor, cands),
            (k, p) => {
                let total = collect(row, best, t, floor, (best + SELECT_CUT * t).max(floor), cands);
                let enough = match k {
                    Some(k) => cands.len() >= k,
                    None => mass(cands) >= p.unwrap_or(1.0) * total,
                };
                if !enough {
                    collect(row, best, t, floor, floor, cands);
                }
                total
            }
        };
        self.narrow(total);
        Ok(None)
    }

    /// Top-k, then top-p, among `self.cands` (all of those weighing within
    /// e^CUT of the best when neither is on), out of the mass `total`.
    fn narrow(&mut self, total: f64) {
        let cands = &mut self.cands;
        let mut of = total;
        if let Some(k) = self.top_k {
            if k < cands.len() {
                cands.select_nth_unstable_by(k - 1, first);
                cands.truncate(k);
            }
            // Top-p then takes its share of the top-k's mass (as llama.cpp,
            // vLLM and transformers do); `cands` is all of them here.
            of = mass(cands);
        }
        if let Some(p) = self.top_p {
            let keep = nucleus(cands, p * of);
            cands.truncate(keep);
        }
    }

    /// How many tokens the last sampled (not greedy) draw was made from.
    pub fn last_kept(&self) -> usize {
        self.cands.len()
    }
}

/// Puts the smallest set of most likely candidates whose mass reaches
/// `target` first and returns its size; no ordering beyond that. Partial
/// selection: the `FIRST_K` best, then twice as many (or as many more as
/// the mass still missing needs at least), … until their mass reaches
/// `target`; the edge is then found within the last batch by halving it
/// (`edge`).
fn nucleus(cands: &mut [Cand], target: f64) -> usize {
    let n = cands.len();
    // `cands[..lo]`, the `lo` best, weigh `held` < `target`: all are kept.
    let (mut lo, mut held) = (0, 0.0);
    let mut hi = FIRST_K.min(n);
    loop {
        if hi < n {
            // The best `hi - lo` of the rest come to its front.
            cands[lo..].select_nth_unstable_by(hi - lo - 1, first);
        }
        let batch = mass(&cands[lo..hi]);
        if held + batch >= target || hi == n {
            break;
        }
        (lo, held) = (hi, held + batch);
        // Each token left weighs at most the batch's last (its least): at
        // least this many more are needed, all of them kept.
        let least = cands[hi - 1].weight as f64;
        let needed = if least > 0.0 { ((target - held) / least).min(n as f64) as usize } else { 0 };
        hi = (2 * hi).max(hi + needed).min(n);
    }
    lo + edge(&mut cands[lo..hi], target - held)
}

/// The smallest `j` such that the best `j` of `part` weigh at least `need`
/// (all of `part` if rounding leaves it short), with those `j` first: halves
/// `part` by selection until a few are left, then sorts those.
fn edge(part: &mut [Cand], mut need: f64) -> usize {
    let (mut start, mut end) = (0, part.len());
    while end - start > 32 {
        let mid = start + (end - start) / 2;
        part[start..end].select_nth_unstable_by(mid - start - 1, first);
        let front = mass(&part[start..mid]);
        if front >= need {
            end = mid;
        } else {
            (start, need) = (mid, need - front);
        }
    }
    let rest = &mut part[start..end];
    rest.sort_unstable_by(first);
    let mut cum = 0.0;
    for (i, c) in rest.iter().enumerate() {
        cum += c.weight as f64;
        if cum >= need {
            return start + i + 1;
        }
    }
    end
}

/// The best score's token, the lowest id among equals (as candle's argmax).
fn greedy(row: &[f32]) -> Result<u32> {
    let best = max_score(row);
    if best == f32::NEG_INFINITY {
        return Err(no_token(row.len()));
    }
    let chunk = row.chunks(LANES).position(|c| c.iter().fold(false, |hit, &l| hit | (l == best))).unwrap_or(0);
    let at = row[chunk * LANES..].iter().position(|&l| l == best).unwrap_or(0);
    Ok((chunk * LANES + at) as u32)
}

/// The best score; NaN counts as -inf (it is never `>`), and an empty row is -inf.
fn max_score(row: &[f32]) -> f32 {
    let mut lanes = [f32::NEG_INFINITY; LANES];
    let chunks = row.chunks_exact(LANES);
    let tail = chunks.remainder();
    for chunk in chunks {
        for (m, &l) in lanes.iter_mut().zip(chunk) {
            *m = if l > *m { l } else { *m };
        }
    }
    lanes.iter().chain(tail).fold(f32::NEG_INFINITY, |m, &l| if l > m { l } else { m })
}

/// Fills `cands` with the tokens scoring at least `select`, with their
/// weights e^((score - best) / t), and returns the weights' sum over the
/// tokens scoring at least `floor` (<= `select`). A chunk of scores with
/// none at `floor` costs a compare each.
fn collect(row: &[f32], best: f32, t: f32, floor: f32, select: f32, cands: &mut Vec<Cand>) -> f64 {
    cands.clear();
    let mut pass = Pass { best, inv_t: 1.0 / t, floor, select, sums: [0.0; LANES], cands };
    let chunks = row.chunks_exact(LANES);
    let tail = chunks.remainder();
    for (i, chunk) in chunks.enumerate() {
        pass.chunk(i * LANES, chunk.try_into().expect("chunks_exact"));
    }
    if !tail.is_empty() {
        // -inf lanes weigh nothing and are never candidates.
        let mut padded = [f32::NEG_INFINITY; LANES];
        padded[..tail.len()].copy_from_slice(tail);
        pass.chunk(row.len() - tail.len(), &padded);
    }
    pass.sums.iter().sum()
}

struct Pass<'c> {
    best: f32,
    inv_t: f32,
    floor: f32,
    select: f32,
    /// Per lane, so the additions vectorise (and in f64: a lane adds
    /// thousands of weights).
    sums: [f64; LANES],
    cands: &'c mut Vec<Cand>,
}

impl Pass<'_> {
    #[inline(always)]
    fn chunk(&mut self, start: usize, chunk: &[f32; LANES]) {
        if !chunk.iter().fold(false, |hit, &l| hit | (l >= self.floor)) {
            return;
        }
        let mut z = [0f32; LANES];
        for (z, &l) in z.iter_mut().zip(chunk) {
            // NaN and -inf go to -87 (never `>`), keeping `exp_lanes` in range;
            // they and the rest below `floor` weigh nothing below.
            let d = (l - self.best) * self.inv_t;
            *z = if d > -87.0 { d } else { -87.0 };
        }
        let mut weights = [0f32; LANES];
        exp_lanes(&z, &mut weights);
        for ((w, sum), &l) in weights.iter_mut().zip(self.sums.iter_mut()).zip(chunk) {
            *w = if l >= self.floor { *w } else { 0.0 };
            *sum += *w as f64;
        }
        if chunk.iter().fold(false, |hit, &l| hit | (l >= self.select)) {
            for (j, (&l, &weight)) in chunk.iter().zip(&weights).enumerate() {
                if l >= self.select {
                    self.cands.push(Cand { logit: l, weight, id: (start + j) as u32 });
                }
            }
        }
    }
}

/// e^x for each x in [-87, 0], within 2e-7 of it relatively: Cephes' `expf`
/// (x = n ln 2 + r, a degree-5 polynomial for e^r, 2^n from the exponent
/// bits), in plain arithmetic the compiler vectorises, where `f32::exp`
/// calls libm one score at a time.
fn exp_lanes(x: &[f32; LANES], out: &mut [f32; LANES]) {
    // Adding 1.5 * 2^23 rounds to an integer, left in the low mantissa bits.
    const ROUND: f32 = 12_582_912.0;
    for (o, &x) in out.iter_mut().zip(x) {
        let shifted = x * std::f32::consts::LOG2_E + ROUND;
        let n = shifted - ROUND;
        let r = x - n * 0.693_359_4 + n * 2.121_944_4e-4;
        let mut p = 1.987_569_1e-4;
        p = p * r + 1.398_199_9e-3;
        p = p * r + 8.333_452e-3;
        p = p * r + 4.166_579_6e-2;
        p = p * r + 1.666_666_5e-1;
        p = p * r + 0.5;
        let e = p * r * r + r + 1.0;
        // n in [-126, 0]: 2^n is a normal float.
        let n = shifted.to_bits().wrapping_sub(ROUND.to_bits());
        *o = e * f32::from_bits(n.wrapping_add(127) << 23);
    }
}

fn no_token(vocab: usize) -> anyhow::Error {
    if vocab == 0 {
        anyhow::anyhow!("no token to sample: the model returned an empty row of scores")
    } else {
        anyhow::anyhow!("no token to sample: all {vocab} of the model's scores are -inf or NaN")
    }
}

/// candle's `utils::apply_repeat_penalty` on the row itself: each distinct
/// token of `context` once, a positive score divided by `penalty`, another
/// multiplied; ids past the row are ignored.
fn apply_repeat_penalty(row: &mut [f32], penalty: f32, context: &[u32], seen: &mut HashSet<u32>) {
    seen.clear();
    for &id in context {
        if !seen.insert(id) {
            continue;
        }
        if let Some(l) = row.get_mut(id as usize) {
            if *l >= 0.0 {
                *l /= penalty;
            } else {
                *l *= penalty;
            }
        }
    }
}

#[cfg(test)]
#[path = "sampler_tests.rs"]
mod tests;
