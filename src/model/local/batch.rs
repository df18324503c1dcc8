//! The batched engine: one thread owns the llama weights and serves every
//! live sequence. Each step is one forward pass over all of them — a decode
//! token per generating sequence plus prompt chunks of newcomers — so the
//! weights are read once per step, not once per sequence. Sequences join and
//! leave between steps (continuous batching).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{anyhow, Result};
use tokenizers::Tokenizer;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::forward::{forward, KvCache, Piece};
use super::generate::ActiveGuard;
use super::llama::Llama;
use super::sampler::Sampler;
use super::utf8_stream::Utf8Stream;
use crate::model::{Chunk, FinishReason, Sampling, Usage};

/// Prompt tokens of one sequence per step. A fixed size, so a sequence's
/// prompt is cut the same way whoever else is in the batch (its output is
/// then the same token for token, alone or batched).
pub const PREFILL_CHUNK: usize = 64;
/// Prompt rows per step over all newcomers: more rows read the weights fewer
/// times, but stall the others' next token longer.
const PREFILL_BUDGET: usize = 2 * PREFILL_CHUNK;
/// Sequences computed together; later ones wait in the submit queue.
const MAX_LIVE: usize = 16;
/// Submissions waiting for the engine before `submit` waits too.
const SUBMIT_QUEUE: usize = 64;

/// One sequence to generate. Output goes down an unbounded channel so a slow
/// reader never stalls the engine thread (and with it every other sequence);
/// it holds at most `max_tokens` deltas.
pub struct Submit {
    pub prompt: Vec<u32>,
    pub sampling: Sampling,
    pub max_tokens: usize,
    pub ignore_stop: bool,
    pub tx: mpsc::UnboundedSender<Result<Chunk>>,
    pub cancel: CancellationToken,
    pub submitted: Instant,
}

pub struct Engine {
    tx: mpsc::Sender<Submit>,
}

impl Engine {
    /// Starts the engine thread; it ends when the `Engine` is dropped and its
    /// last sequence has finished.
    pub fn start(model: Arc<Llama>, tokenizer: Arc<Tokenizer>, stop: Arc<HashSet<u32>>) -> Result<Self> {
        let (tx, rx) = mpsc::channel(SUBMIT_QUEUE);
        std::thread::Builder::new()
            .name("memdoor-engine".into())
            .spawn(move || run(&model, &tokenizer, &stop, rx))
            .map_err(|e| anyhow!("starting the engine thread: {e}"))?;
        Ok(Self { tx })
    }

    pub async fn submit(&self, job: Submit) -> Result<()> {
        self.tx.send(job).await.map_err(|_| anyhow!("the local engine thread has stopped"))
    }
}

struct Seq<'t> {
    job: Submit,
    cache: KvCache,
    /// Prompt tokens already in the cache.
    fed: usize,
    /// Prompt and generated tokens (the repeat penalty looks back over them).
    history: Vec<u32>,
    /// The last sampled token, fed at the next step.
    next: Option<u32>,
    sampler: Sampler,
    text: Utf8Stream<'t>,
    first_token_at: Option<Instant>,
    generated: usize,
    _active: ActiveGuard,
}

enum Outcome {
    Running,
    Finished(FinishReason),
    /// Nobody reads the stream any more.
    Gone,
}

impl<'t> Seq<'t> {
    fn new(job: Submit, tokenizer: &'t Tokenizer) -> Self {
        Self {
            history: job.prompt.clone(),
            sampler: Sampler::new(&job.sampling),
            job,
            cache: KvCache::default(),
            fed: 0,
            next: None,
            text: Utf8Stream::new(tokenizer),
            first_token_at: None,
            generated: 0,
            _active: ActiveGuard::new(),
        }
    }

    /// What this sequence feeds this step, if anything fits `budget`.
    fn work(&self, budget: &mut usize) -> Option<(Vec<u32>, bool)> {
        if let Some(t) = self.next {
            return Some((vec![t], true));
        }
        let left = self.job.prompt.len() - self.fed;
        let n = left.min(PREFILL_CHUNK);
        if n == 0 || n > *budget {
            return None;
        }
        *budget -= n;
        Some((self.job.prompt[self.fed..self.fed + n].to_vec(), n == left))
    }

    fn on_logits(&mut self, logits: &candle_core::Tensor, stop: &HashSet<u32>) -> Result<Outcome> {
        let next = self.sampler.sample(logits, &self.history)?;
        self.first_token_at.get_or_insert_with(Instant::now);
        if stop.contains(&next) && !self.job.ignore_stop {
            return Ok(Outcome::Finished(FinishReason::Stop));
        }
        self.generated += 1;
        self.history.push(next);
        if let Some(delta) = self.text.push(next)? {
            if self.job.tx.send(Ok(Chunk::Text(delta))).is_err() {
                return Ok(Outcome::Gone);
            }
        }
        if self.generated >= self.job.max_tokens {
            return Ok(Outcome::Finished(FinishReason::Length));
        }
        self.next = Some(next);
        Ok(Outcome::Running)
    }

    fn finish(mut self, finish: FinishReason) {
        match self.text.finish() {
            Ok(Some(tail)) => drop(self.job.tx.send(Ok(Chunk::Text(tail)))),
            Ok(None) => {}
            Err(e) => drop(self.job.tx.send(Err(e))),
        }
        let usage = Usage {
            prompt_tokens: self.job.prompt.len(),
            completion_tokens: self.generated,
            prompt_secs: self.first_token_at.map(|t| (t - self.job.submitted).as_secs_f64()),
            generate_secs: self.first_token_at.map(|t| t.elapsed().as_secs_f64()),
        };
        let _ = self.job.tx.send(Ok(Chunk::Done { finish, usage }));
    }
}

/// Refuses what cannot run (the caller checks too; this keeps a bad job from
/// failing the whole batch later).
fn admit<'t>(job: Submit, model: &Llama, tokenizer: &'t Tokenizer, live: &mut Vec<Seq<'t>>) {
    let ctx = model.cfg.context_len;
    if job.prompt.is_empty() || job.prompt.len() + job.max_tokens > ctx {
        let why = anyhow!("a prompt of {} tokens plus {} to generate does not fit the {ctx}-token context", job.prompt.len(), job.max_tokens);
        let _ = job.tx.send(Err(why));
    } else if job.cancel.is_cancelled() {
        Seq::new(job, tokenizer).finish(FinishReason::Cancelled);
    } else {
        live.push(Seq::new(job, tokenizer));
    }
}

fn run(model: &Llama, tokenizer: &Tokenizer, stop: &HashSet<u32>, mut rx: mpsc::Receiver<Submit>) {
    let mut live: Vec<Seq> = Vec::new();
    loop {
        if live.is_empty() {
            match rx.blocking_recv() {
                Some(job) => admit(job, model, tokenizer, &mut live),
                None => return, // the model is gone and nothing is left to finish
            }
        }
        while live.len() < MAX_LIVE {
            match rx.try_recv() {
                Ok(job) => admit(job, model, tokenizer, &mut live),
                Err(_) => break,
            }
        }
        // Cancelled or dropped streams leave before the step computes for them.
        let mut i = 0;
        while i < live.len() {
            if live[i].job.cancel.is_cancelled() {
                live.remove(i).finish(FinishReason::Cancelled);
            } else if live[i].job.tx.is_closed() {
                live.remove(i);
            } else {
                i += 1;
            }
        }
        if live.is_empty() {
            continue;
        }
        if let Err(e) = step(model, stop, &mut live) {
            // A failed step leaves every cache in it half-written: all fail.
            tracing::error!("engine step failed: {e:#}");
            for s in live.drain(..) {
                let _ = s.job.tx.send(Err(anyhow!("the local engine failed: {e:#}")));
            }
        }
    }
}

/// One forward pass over every sequence with work, then sampling for those
/// that produced logits; finished sequences leave `live`.
fn step(model: &Llama, stop: &HashSet<u32>, live: &mut Vec<Seq>) -> Result<()> {
    // PREFILL_BUDGET >= PREFILL_CHUNK: the first waiting prompt always advances.
    let mut budget = PREFILL_BUDGET;
    let mut work = Vec::with_capacity(live.len());
    for (i, s) in live.iter().enumerate() {
        if let Some((tokens, logits)) = s.work(&mut budget) {
            work.push((i, tokens, logits));
        }
    }
    let mut pieces = Vec::with_capacity(work.len());
    let mut w = work.iter().peekable();
    for (i, s) in live.iter_mut().enumerate() {
        if let Some((_, tokens, logits)) = w.next_if(|(j, _, _)| *j == i) {
            pieces.push(Piece { tokens, cache: &mut s.cache, logits: *logits });
        }
    }
    let logits = forward(model, &mut pieces)?;
    drop(pieces);

    let mut row = 0;
    let mut outcomes = Vec::with_capacity(work.len());
    for (i, tokens, wants) in &work {
        let s = &mut live[*i];
        if s.next.take().is_none() {
            s.fed += tokens.len();
        }
        if !*wants {
            continue;
        }
        let l = logits.as_ref().ok_or_else(|| anyhow!("a step returned no logits"))?;
        outcomes.push((*i, s.on_logits(&l.narrow(0, row, 1)?, stop)?));
        row += 1;
    }
    // Remove from the back so earlier indices stay valid.
    for (i, outcome) in outcomes.into_iter().rev() {
        match outcome {
            Outcome::Running => {}
            Outcome::Finished(f) => live.remove(i).finish(f),
            Outcome::Gone => drop(live.remove(i)),
        }
    }
    Ok(())
}
