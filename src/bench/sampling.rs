//! `memdoor bench sampling` (hidden): the engine's sampler against candle's
//! `LogitsProcessor`, the one it replaced, on the same rows in the same run —
//! temperature 0.3 and top-p 0.95 (the team's sampled agents'), over rows of
//! Qwen's 151,936 and SmolLM2's 49,152 entries, drawn from a seeded generator
//! in three shapes (`Shape`); with `--model`, also the model's own rows
//! over an answer to the bench prompt.

use std::time::Instant;

use anyhow::Result;
use candle_core::{DType, Device, Tensor};
use candle_transformers::generation::{LogitsProcessor, Sampling as CandleSampling};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use crate::model::local::sampler::Sampler;
use crate::model::Sampling;

pub(crate) const VOCABS: [usize; 2] = [151_936, 49_152];
const TEMPERATURE: f64 = 0.3;
const TOP_P: f64 = 0.95;
/// Rows taken in turn, so neither sampler sees one row only.
const ROWS: usize = 8;

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// A model sure of its next token: one score 6 above a normal tail (σ
    /// 2.5), three more a little below it. Top-p keeps one or a few.
    Peaked,
    /// No favourite: the normal tail alone. Most of the vocabulary is within
    /// reach of the best at 0.3, top-p keeps tens.
    Spread,
    /// Uniform in [0, 1): the worst case, top-p keeps most of the vocabulary.
    Flat,
    /// A model's rows (`--model`): its next-token scores along a short
    /// answer to `BENCH_PROMPT`, teacher-forced.
    Model,
}

#[derive(Debug, Serialize)]
pub struct Case {
    pub vocab: usize,
    pub shape: Shape,
    pub tokens: usize,
    /// candle's `LogitsProcessor` (TopP), as the engine called it before.
    pub(crate) candle_us_per_token: f64,
    /// `Sampler::sample`, from the same `[1, vocab]` tensor.
    pub(crate) memdoor_us_per_token: f64,
    /// Tokens the new sampler's draws were made from, on average.
    pub(crate) kept_mean: f64,
}

#[derive(Debug, Serialize)]
pub struct Report {
    pub temperature: f64,
    pub top_p: f64,
    /// `debug` or `release`: in a debug build memdoor's own code (the new
    /// sampler) is unoptimised while candle is optimised as always.
    pub build: &'static str,
    pub cases: Vec<Case>,
}

fn normal(rng: &mut StdRng) -> f32 {
    let (u, v): (f64, f64) = (rng.random::<f64>().max(1e-300), rng.random());
    ((-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()) as f32
}

fn row(shape: Shape, vocab: usize, rng: &mut StdRng) -> Vec<f32> {
    match shape {
        Shape::Flat | Shape::Model => (0..vocab).map(|_| rng.random::<f32>()).collect(),
        Shape::Spread | Shape::Peaked => {
            let mut v: Vec<f32> = (0..vocab).map(|_| 2.5 * normal(rng)).collect();
            if let Shape::Peaked = shape {
                let top = v.iter().cloned().fold(f32::MIN, f32::max) + 6.0;
                for below in [0.0, 1.0, 2.0, 4.0] {
                    v[rng.random_range(0..vocab)] = top - below;
                }
            }
            v
        }
    }
}

fn per_token_us(tokens: usize, rows: &[Tensor], mut sample: impl FnMut(&Tensor) -> Result<u32>) -> Result<f64> {
    // One untimed draw of each row first (allocations, caches).
    for r in rows {
        sample(r)?;
    }
    let started = Instant::now();
    for i in 0..tokens {
        std::hint::black_box(sample(&rows[i % rows.len()])?);
    }
    Ok(started.elapsed().as_secs_f64() * 1e6 / tokens as f64)
}

/// An answer to `BENCH_PROMPT` whose positions give `--model`'s rows.
const ANSWER: &str = "```python\ndef is_palindrome(s: str) -> bool:\n    cleaned = [c.lower() for c in s if c.isalnum()]\n    return cleaned == cleaned[::-1]\n```\n";

/// The model's next-token scores at the prompt's end and along `ANSWER`.
pub(crate) fn model_rows(path: &std::path::Path) -> Result<Vec<Vec<f32>>> {
    let model = crate::model::local::LocalModel::load(path, &Default::default())?;
    let prompt = model.encode_prompt(&[crate::model::Message::user(super::BENCH_PROMPT)])?;
    let answer = model.tokenizer().encode(ANSWER, false).map_err(|e| anyhow::anyhow!("tokenizing: {e}"))?;
    model.teacher_forced_logits(&prompt, answer.get_ids())
}

fn case(vocab: usize, shape: Shape, tokens: usize, rows: &[Tensor]) -> Result<Case> {
    // What `Sampler::sample` did before: squeeze, F32, `LogitsProcessor::sample`.
    let mut old = LogitsProcessor::from_sampling(1, CandleSampling::TopP { p: TOP_P, temperature: TEMPERATURE });
    let candle_us = per_token_us(tokens, rows, |r| Ok(old.sample(&r.squeeze(0)?.to_dtype(DType::F32)?)?))?;
    let mut new =
        Sampler::new(&Sampling { temperature: TEMPERATURE, top_p: Some(TOP_P), seed: 1, ..Sampling::default() });
    let mut kept = 0;
    let memdoor_us = per_token_us(tokens, rows, |r| {
        let t = new.sample(r, &[])?;
        kept += new.last_kept();
        Ok(t)
    })?;
    let kept_mean = kept as f64 / (tokens + rows.len()) as f64;
    Ok(Case { vocab, shape, tokens, candle_us_per_token: candle_us, memdoor_us_per_token: memdoor_us, kept_mean })
}

fn tensor(row: &[f32]) -> Result<Tensor> {
    Ok(Tensor::new(row, &Device::Cpu)?.unsqueeze(0)?)
}

/// Every case, `tokens` draws for each sampler; `model`: a model's rows too.
pub fn run(tokens: usize, model: Option<Vec<Vec<f32>>>) -> Result<Report> {
    let tokens = tokens.max(1);
    let mut rng = StdRng::seed_from_u64(0);
    let mut cases = Vec::new();
    if let Some(rows) = model.filter(|r| !r.is_empty()) {
        let vocab = rows[0].len();
        let rows = rows.iter().map(|r| tensor(r)).collect::<Result<Vec<_>>>()?;
        cases.push(case(vocab, Shape::Model, tokens, &rows)?);
    }
    for vocab in VOCABS {
        for shape in [Shape::Peaked, Shape::Spread, Shape::Flat] {
            let rows = (0..ROWS).map(|_| tensor(&row(shape, vocab, &mut rng))).collect::<Result<Vec<_>>>()?;
            cases.push(case(vocab, shape, tokens, &rows)?);
        }
    }
    let build = if cfg!(debug_assertions) { "debug" } else { "release" };
    Ok(Report { temperature: TEMPERATURE, top_p: TOP_P, build, cases })
}

pub fn print_table(r: &Report) {
    println!(
        "memdoor bench sampling · temperature {}, top-p {} · the same rows for both · {} build",
        r.temperature, r.top_p, r.build
    );
    if r.build == "debug" {
        println!(
            "(a debug build: memdoor's own code, the new sampler, is unoptimised; candle is optimised in every build)"
        );
    }
    println!(
        "{:>8}  {:<7} {:>7}  {:>22}  {:>16}  {:>7}  {:>11}",
        "vocab", "row", "tokens", "candle LogitsProcessor", "memdoor Sampler", "faster", "kept (mean)"
    );
    for c in &r.cases {
        println!(
            "{:>8}  {:<7} {:>7}  {:>17.1} µs/t  {:>11.1} µs/t  {:>6.1}×  {:>11.1}",
            c.vocab,
            format!("{:?}", c.shape).to_lowercase(),
            c.tokens,
            c.candle_us_per_token,
            c.memdoor_us_per_token,
            c.candle_us_per_token / c.memdoor_us_per_token,
            c.kept_mean
        );
    }
}
