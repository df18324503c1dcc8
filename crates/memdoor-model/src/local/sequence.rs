//! One sequence in the batched engine: its prompt, KV cache, sampler and
//! stream, and what it feeds each step.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::Result;
use tokenizers::Tokenizer;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::forward::KvCache;
use super::prefix::{Donor, PrefillChunk};
use super::sampler::{RowDrawn, RowRequest, Sampler};
use super::utf8_stream::Utf8Stream;
use crate::{Chunk, FinishReason, Sampling, Usage};

static ACTIVE: AtomicUsize = AtomicUsize::new(0);

/// Sequences still in the engine, every model's (tests use it to see a
/// cancel or a dropped stream free its sequence).
pub fn active_generations() -> usize {
    ACTIVE.load(Ordering::SeqCst)
}

/// Counts one live sequence while it exists.
pub(super) struct ActiveGuard;
impl ActiveGuard {
    fn new() -> Self {
        ACTIVE.fetch_add(1, Ordering::SeqCst);
        Self
    }
}
impl Drop for ActiveGuard {
    fn drop(&mut self) {
        ACTIVE.fetch_sub(1, Ordering::SeqCst);
    }
}

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
    pub(crate) submitted: Instant,
}

/// A sequence from submission to its `Done`.
pub(crate) struct Seq<'t> {
    pub(super) job: Submit,
    pub(super) cache: KvCache,
    /// Prompt tokens already in the cache.
    pub(super) fed: usize,
    /// Whether its prefill has started (until then it may wait for another
    /// sequence to compute the prefix they share).
    pub(super) started: bool,
    /// Prompt tokens copied from another sequence's cache.
    pub(super) reused: usize,
    /// Prompt and generated tokens (the repeat penalty looks back over them).
    pub(super) history: Vec<u32>,
    /// The last sampled token, fed at the next step.
    pub(super) next: Option<u32>,
    pub(super) sampler: Sampler,
    pub(super) text: Utf8Stream<'t>,
    pub(super) first_token_at: Option<Instant>,
    pub(super) generated: usize,
    pub(super) _active: ActiveGuard,
}

pub enum Outcome {
    Running,
    Finished(FinishReason),
    /// Nobody reads the stream any more.
    Gone,
}

impl<'t> Seq<'t> {
    pub(super) fn new(job: Submit, tokenizer: &'t Tokenizer) -> Self {
        Self {
            history: job.prompt.clone(),
            sampler: Sampler::new(&job.sampling),
            job,
            cache: KvCache::default(),
            fed: 0,
            started: false,
            reused: 0,
            next: None,
            text: Utf8Stream::new(tokenizer),
            first_token_at: None,
            generated: 0,
            _active: ActiveGuard::new(),
        }
    }

    /// What this sequence feeds this step, if anything fits `budget`: its
    /// prompt goes in `chunk`s.
    pub(super) fn work(&self, budget: &mut usize, chunk: PrefillChunk) -> Option<(Vec<u32>, bool)> {
        if !self.started {
            return None;
        }
        if let Some(t) = self.next {
            return Some((vec![t], true));
        }
        let left = self.job.prompt.len() - self.fed;
        let n = left.min(chunk.size());
        if n == 0 || n > *budget {
            return None;
        }
        *budget -= n;
        Some((self.job.prompt[self.fed..self.fed + n].to_vec(), n == left))
    }

    /// What a newcomer may copy from it: prompt positions computed in whole
    /// chunks, now and once its prefill is done (nothing while it waits).
    pub(super) fn as_donor(&self, chunk: PrefillChunk) -> Donor<'_> {
        let planned = if self.started { chunk.whole(self.job.prompt.len()) } else { 0 };
        Donor { tokens: &self.job.prompt, computed: chunk.whole(self.fed), planned }
    }

    /// Samples the next token from `logits` (adding the time it took to
    /// `sample_nanos`) and streams it.
    pub(super) fn on_logits(
        &mut self,
        logits: &mut [f32],
        stop: &HashSet<u32>,
        sample_nanos: &mut u64,
    ) -> Result<Outcome> {
        let started = Instant::now();
        let next = self.sampler.sample_row(logits, &self.history);
        *sample_nanos += started.elapsed().as_nanos() as u64;
        self.on_token(next?, stop)
    }

    /// What its sampler sends a vocabulary pass on the device.
    pub(super) fn row_request(&mut self) -> RowRequest {
        self.sampler.row_request(&self.history)
    }

    /// Finishes the draw from what the device's pass found on a row of
    /// `vocab` scores and streams the token; a row left to the host is read
    /// with `read_row` and sampled here (then `.1` is true).
    pub(super) fn on_drawn(
        &mut self,
        drawn: RowDrawn,
        vocab: usize,
        read_row: impl FnOnce() -> Result<Vec<f32>>,
        stop: &HashSet<u32>,
        sample_nanos: &mut u64,
    ) -> Result<(Outcome, bool)> {
        let started = Instant::now();
        let next = match self.sampler.finish_drawn(drawn, vocab)? {
            Some(token) => {
                *sample_nanos += started.elapsed().as_nanos() as u64;
                return Ok((self.on_token(token, stop)?, false));
            }
            None => {
                let mut row = read_row()?;
                let started = Instant::now();
                let next = self.sampler.sample_row(&mut row, &self.history);
                *sample_nanos += started.elapsed().as_nanos() as u64;
                next?
            }
        };
        Ok((self.on_token(next, stop)?, true))
    }

    /// Streams the sampled token `next`.
    fn on_token(&mut self, next: u32, stop: &HashSet<u32>) -> Result<Outcome> {
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

    pub(super) fn finish(mut self, finish: FinishReason) {
        match self.text.finish() {
            Ok(Some(tail)) => drop(self.job.tx.send(Ok(Chunk::Text(tail)))),
            Ok(None) => {}
            Err(e) => drop(self.job.tx.send(Err(e))),
        }
        let usage = Usage {
            prompt_tokens: self.job.prompt.len(),
            prompt_reused: self.reused,
            completion_tokens: self.generated,
            prompt_secs: self.first_token_at.map(|t| (t - self.job.submitted).as_secs_f64()),
            generate_secs: self.first_token_at.map(|t| t.elapsed().as_secs_f64()),
        };
        let _ = self.job.tx.send(Ok(Chunk::Done { finish, usage }));
    }
}
