//! The fallback for architectures the batched engine does not implement
//! (qwen3: candle's model code, one clone per stream): one sequence's
//! generation loop, run on its own blocking thread: prefill the
//! prompt in chunks, then sample token by token, sending text deltas through a
//! bounded channel. It stops at a control token, at `max_tokens`, when
//! cancelled, or when the receiver is gone.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use candle_core::{Device, Tensor};
use tokenizers::Tokenizer;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::sampler::Sampler;
use super::utf8_stream::Utf8Stream;
use super::weights::Weights;
use crate::model::{Chunk, FinishReason, Sampling, Usage};

/// Prompt tokens per forward pass while prefilling: bounds how long a cancel
/// waits and how large one attention matrix grows.
const PREFILL_CHUNK: usize = 256;

pub struct Job {
    pub weights: Weights,
    pub tokenizer: Arc<Tokenizer>,
    pub stop: Arc<HashSet<u32>>,
    pub device: Device,
    pub prompt: Vec<u32>,
    pub sampling: Sampling,
    pub max_tokens: usize,
    pub ignore_stop: bool,
    pub tx: mpsc::Sender<Result<Chunk>>,
    pub cancel: CancellationToken,
}

static ACTIVE: AtomicUsize = AtomicUsize::new(0);

/// Generation threads still computing (tests use it to see cancel work).
pub fn active_generations() -> usize {
    ACTIVE.load(Ordering::SeqCst)
}

/// Counts one live generation (a thread here, a sequence in the batched engine).
pub struct ActiveGuard;
impl ActiveGuard {
    pub fn new() -> Self {
        ACTIVE.fetch_add(1, Ordering::SeqCst);
        Self
    }
}
impl Drop for ActiveGuard {
    fn drop(&mut self) {
        ACTIVE.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs the job to its end. Errors go down the channel as the last item.
pub fn run(mut job: Job) {
    let _active = ActiveGuard::new();
    let tx = job.tx.clone();
    if let Err(e) = generate(&mut job) {
        let _ = tx.blocking_send(Err(e));
    }
}

fn forward(job: &mut Job, ids: &[u32], pos: usize) -> Result<Tensor> {
    let input = Tensor::new(ids, &job.device)?.unsqueeze(0)?;
    job.weights.forward(&input, pos)
}

fn generate(job: &mut Job) -> Result<()> {
    let started = Instant::now();
    let prompt = std::mem::take(&mut job.prompt);
    let mut logits = None;
    for (i, chunk) in prompt.chunks(PREFILL_CHUNK).enumerate() {
        if job.cancel.is_cancelled() {
            return finish(job, FinishReason::Cancelled, prompt.len(), 0, started, None);
        }
        logits = Some(forward(job, chunk, i * PREFILL_CHUNK)?);
    }
    let mut logits = logits.ok_or_else(|| anyhow::anyhow!("empty prompt"))?;

    let tokenizer = job.tokenizer.clone();
    let mut text = Utf8Stream::new(&tokenizer);
    let mut sampler = Sampler::new(&job.sampling);
    let mut history = prompt.clone();
    let mut first_token_at = None;
    let mut generated = 0;
    let reason = loop {
        if job.cancel.is_cancelled() {
            break FinishReason::Cancelled;
        }
        let next = sampler.sample(&logits, &history)?;
        first_token_at.get_or_insert_with(Instant::now);
        if job.stop.contains(&next) && !job.ignore_stop {
            break FinishReason::Stop;
        }
        generated += 1;
        history.push(next);
        if let Some(delta) = text.push(next)? {
            if job.tx.blocking_send(Ok(Chunk::Text(delta))).is_err() {
                return Ok(()); // nobody listens: stop computing
            }
        }
        if generated >= job.max_tokens {
            break FinishReason::Length;
        }
        logits = forward(job, &[next], history.len() - 1)?;
    };
    if let Some(tail) = text.finish()? {
        let _ = job.tx.blocking_send(Ok(Chunk::Text(tail)));
    }
    finish(job, reason, prompt.len(), generated, started, first_token_at)
}

fn finish(
    job: &Job,
    finish: FinishReason,
    prompt_tokens: usize,
    completion_tokens: usize,
    started: Instant,
    first_token_at: Option<Instant>,
) -> Result<()> {
    let usage = Usage {
        prompt_tokens,
        prompt_reused: 0, // one thread per stream shares no KV
        completion_tokens,
        prompt_secs: first_token_at.map(|t| (t - started).as_secs_f64()),
        generate_secs: first_token_at.map(|t| t.elapsed().as_secs_f64()),
    };
    let _ = job.tx.blocking_send(Ok(Chunk::Done { finish, usage }));
    Ok(())
}
