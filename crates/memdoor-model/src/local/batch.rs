//! The batched engine: one thread owns the llama weights and serves every
//! live sequence. Each step is one forward pass over all of them — a decode
//! token per generating sequence plus prompt chunks of newcomers — so the
//! weights are read once per step, not once per sequence. Sequences join and
//! leave between steps (continuous batching). A newcomer whose prompt begins
//! like another's copies its KV rows instead of computing them (`prefix`).
//! With a KV pool (on a GPU by default) every sequence's cache is a slot of
//! one tensor a layer, so a decode step attends for all at once (`kv_pool`).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{anyhow, Result};
use tokenizers::Tokenizer;
use tokio::sync::{mpsc, watch};

use super::decode_graph::{DecodeGraphs, Ran};
use super::decoder::Decoder;
use super::device_sampling;
pub use super::engine_stats::EngineStats;
use super::forward::{forward_in, Piece};
use super::kv_pool::KvPool;
use super::prefix::{KeptPrefixes, PrefillChunk};
use super::sampler::RowRequest;
use super::seating::start_prefills;
use super::sequence::{Outcome, Seq, Submit};
pub use super::step_times::StepTimes;
use super::step_times::{log_step_stats, nanos_since, step_stats_logged, HostLogits};
use crate::FinishReason;

/// Prompt rows per step over all newcomers, in chunks: more rows read the
/// weights fewer times, but stall the others' next token longer.
const PREFILL_BUDGET_CHUNKS: usize = 2;
/// Sequences computed together; later ones wait in the submit queue.
const MAX_LIVE: usize = 16;
/// Submissions waiting for the engine before `submit` waits too.
const SUBMIT_QUEUE: usize = 64;

/// How an engine runs, fixed when it starts.
#[derive(Debug, Clone, Copy)]
pub struct EngineSettings {
    /// Bytes of finished prompts' KV kept for later prompts that begin the
    /// same way.
    pub keep_bytes: usize,
    /// Whether the live sequences' caches are slots of one `KvPool`.
    pub pooled: bool,
    /// Prompt tokens a sequence computes in a step.
    pub chunk: PrefillChunk,
    /// Whether pooled decode steps run as fixed steps, captured as CUDA
    /// graphs on a GPU (`decode_graph`); needs `pooled`.
    pub graphs: bool,
    /// Whether sampling's pass over the vocabulary runs where the logits
    /// are (`device_sampling`), rather than on every row copied to the host.
    pub device_sampling: bool,
}

pub struct Engine {
    tx: mpsc::Sender<Submit>,
    stats: watch::Receiver<EngineStats>,
}

impl Engine {
    /// Starts the engine thread; it ends when the `Engine` is dropped and its
    /// last sequence has finished.
    pub fn start(
        model: Arc<Decoder>,
        tokenizer: Arc<Tokenizer>,
        stop: Arc<HashSet<u32>>,
        settings: EngineSettings,
    ) -> Result<Self> {
        let (tx, rx) = mpsc::channel(SUBMIT_QUEUE);
        let (stats_tx, stats) = watch::channel(EngineStats::default());
        let kept = KeptPrefixes::new(settings.keep_bytes, settings.chunk);
        let pool = settings.pooled.then(KvPool::default);
        // Made on the engine thread (`run`): a CUDA graph stays on the thread that captured it.
        let graphs = settings.pooled && settings.graphs;
        let paths = StepPaths { pool, graphs, device_sampling: settings.device_sampling };
        std::thread::Builder::new()
            .name("memdoor-engine".into())
            .spawn(move || match super::inline_rayon::one_thread_pool() {
                // The engine thread is its own one-thread rayon pool, so
                // candle's small ops run inline (see inline_rayon.rs); the
                // matrix products still use every core (candle's barrier pool).
                Ok(threads) => threads.install(|| run(&model, &tokenizer, &stop, rx, kept, paths, stats_tx)),
                Err(e) => {
                    tracing::warn!(
                        "no one-thread rayon pool for the engine ({e}); candle's small ops will hop threads"
                    );
                    run(&model, &tokenizer, &stop, rx, kept, paths, stats_tx)
                }
            })
            .map_err(|e| anyhow!("starting the engine thread: {e}"))?;
        Ok(Self { tx, stats })
    }

    pub fn stats(&self) -> watch::Receiver<EngineStats> {
        self.stats.clone()
    }

    pub async fn submit(&self, job: Submit) -> Result<()> {
        self.tx.send(job).await.map_err(|_| anyhow!("the local engine thread has stopped"))
    }
}

/// Refuses what cannot run (the caller checks too; this keeps a bad job from
/// failing the whole batch later).
fn admit<'t>(job: Submit, model: &Decoder, tokenizer: &'t Tokenizer, live: &mut Vec<Seq<'t>>) {
    let ctx = model.cfg.context_len;
    if job.prompt.is_empty() || job.prompt.len() + job.max_tokens > ctx {
        let why = anyhow!(
            "a prompt of {} tokens plus {} to generate does not fit the {ctx}-token context",
            job.prompt.len(),
            job.max_tokens
        );
        let _ = job.tx.send(Err(why));
    } else if job.cancel.is_cancelled() {
        Seq::new(job, tokenizer).finish(FinishReason::Cancelled);
    } else {
        live.push(Seq::new(job, tokenizer));
    }
}

/// How the engine's steps run, from its `EngineSettings`.
struct StepPaths {
    /// The live sequences' KV caches as slots of one pool.
    pool: Option<KvPool>,
    /// Pooled decode steps fixed, as CUDA graphs on a GPU.
    graphs: bool,
    device_sampling: bool,
}

fn run(
    model: &Decoder,
    tokenizer: &Tokenizer,
    stop: &HashSet<u32>,
    mut rx: mpsc::Receiver<Submit>,
    mut kept: KeptPrefixes,
    StepPaths { mut pool, graphs, device_sampling }: StepPaths,
    stats_tx: watch::Sender<EngineStats>,
) {
    let mut graphs = graphs.then(|| DecodeGraphs::for_device(&model.device));
    let mut live: Vec<Seq> = Vec::new();
    let mut stats = EngineStats::default();
    loop {
        if live.is_empty() {
            // Idle: the pool's memory goes (kept prefixes are copies of their own).
            if let Some(pool) = pool.as_mut() {
                pool.clear();
            }
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
                leave(live.remove(i), Some(FinishReason::Cancelled), model, &mut kept);
            } else if live[i].job.tx.is_closed() {
                leave(live.remove(i), None, model, &mut kept);
            } else {
                i += 1;
            }
        }
        stats.prompt_reused += start_prefills(model, &mut live, &kept, pool.as_mut());
        stats.waiting = live.iter().filter(|s| !s.started).count();
        publish(&stats_tx, &mut stats, &kept, live.len());
        if live.is_empty() {
            continue;
        }
        let started = Instant::now();
        let paths = (pool.as_mut(), graphs.as_mut(), device_sampling);
        match step(model, stop, &mut live, &mut kept, paths, &mut stats) {
            Ok(()) => {
                stats.steps += 1;
                stats.step_nanos += started.elapsed().as_nanos() as u64;
            }
            Err(e) => {
                // A failed step leaves every cache in it half-written: all fail.
                tracing::error!("engine step failed: {e:#}");
                for s in live.drain(..) {
                    let _ = s.job.tx.send(Err(anyhow!("the local engine failed: {e:#}")));
                }
            }
        }
        publish(&stats_tx, &mut stats, &kept, live.len());
        if live.is_empty() && step_stats_logged() {
            log_step_stats(&stats.decode_steps);
        }
    }
}

fn publish(tx: &watch::Sender<EngineStats>, stats: &mut EngineStats, kept: &KeptPrefixes, live: usize) {
    (stats.kept, stats.kept_bytes, stats.live) = (kept.len(), kept.bytes(), live);
    tx.send_if_modified(|old| {
        let changed = old != stats;
        old.clone_from(stats);
        changed
    });
}

/// A sequence leaves (finished with `finish`, or its reader gone): what it
/// computed of its prompt is kept first, so a prompt sent after its `Done`
/// finds it.
fn leave(s: Seq, finish: Option<FinishReason>, model: &Decoder, kept: &mut KeptPrefixes) {
    if let Err(e) = kept.keep(&s.job.prompt, &s.cache, s.fed, &model.cfg, &model.device) {
        tracing::warn!("keeping a finished prompt's KV failed: {e:#}");
    }
    if let Some(f) = finish {
        s.finish(f);
    }
}

/// One forward pass over every sequence with work, then sampling for those
/// that produced logits; finished sequences leave `live`. Counts the prompt
/// positions computed and the sampling in `stats`.
fn step(
    model: &Decoder,
    stop: &HashSet<u32>,
    live: &mut Vec<Seq>,
    kept: &mut KeptPrefixes,
    (mut pool, graphs, device_sampling): (Option<&mut KvPool>, Option<&mut DecodeGraphs>, bool),
    stats: &mut EngineStats,
) -> Result<()> {
    // At least a chunk: the first waiting prompt always advances.
    let chunk = kept.chunk();
    let mut budget = PREFILL_BUDGET_CHUNKS * chunk.size();
    let mut work = Vec::with_capacity(live.len());
    for (i, s) in live.iter().enumerate() {
        if let Some((tokens, logits)) = s.work(&mut budget, chunk) {
            work.push((i, tokens, logits));
        }
    }
    if let Some(pool) = pool.as_deref_mut() {
        // Every slot as long as the longest sequence's need this step.
        let need = work.iter().map(|(i, tokens, _)| live[*i].cache.filled() + tokens.len()).max().unwrap_or(0);
        if pool.fit(need, &model.cfg, &model.device)? {
            pool.repoint(live.iter_mut().map(|s| &mut s.cache))?;
        }
    }
    let mut pieces = Vec::with_capacity(work.len());
    let mut w = work.iter().peekable();
    for (i, s) in live.iter_mut().enumerate() {
        if let Some((_, tokens, logits)) = w.next_if(|(j, _, _)| *j == i) {
            pieces.push(Piece { tokens, cache: &mut s.cache, logits: *logits });
        }
    }
    let started = Instant::now();
    let fixed = match (graphs, pool.as_deref()) {
        (Some(graphs), Some(pool)) => {
            // Every row goes through the layers' products, the rows that sample through the vocabulary's.
            graphs.before_step(pieces.iter().map(|p| p.tokens.len()).sum());
            graphs.before_step(pieces.iter().filter(|p| p.logits).count());
            graphs.step(model, &mut pieces, pool)?
        }
        _ => None,
    };
    let (logits, pooled) = match fixed {
        Some((logits, ran)) => {
            stats.fixed_steps += 1;
            stats.graph_captures += u64::from(ran == Ran::Captured);
            stats.graph_replays += u64::from(ran == Ran::Replayed);
            (Some(logits), true)
        }
        None => forward_in(model, &mut pieces, pool.as_deref())?,
    };
    drop(pieces);
    stats.pooled_steps += u64::from(pooled);
    let mut times = StepTimes { steps: 1, forward_nanos: nanos_since(started), ..StepTimes::default() };
    // Every sampling row comes to the host in one copy — its scores, or
    // what the device's pass over them found: on a GPU the step's one wait
    // for its kernels, instead of one per stream.
    let read = Instant::now();
    let (mut host, mut drawn) = (None, None);
    if let Some(logits) = logits.as_ref() {
        if device_sampling {
            let requests: Vec<RowRequest> =
                work.iter().filter(|(_, _, wants)| *wants).map(|(i, _, _)| live[*i].row_request()).collect();
            drawn = Some(device_sampling::sample_rows(logits, &requests)?.into_iter());
        } else {
            host = Some(HostLogits::read(logits)?);
        }
    }
    times.readback_nanos = nanos_since(read);
    let sampled_before = stats.sample_nanos;

    let mut row = 0;
    let mut computed = 0;
    let mut outcomes = Vec::with_capacity(work.len());
    for (i, tokens, wants) in &work {
        let s = &mut live[*i];
        if s.next.take().is_none() {
            s.fed += tokens.len();
            computed += tokens.len();
        }
        if !*wants {
            continue;
        }
        let no_logits = || anyhow!("a step returned no logits");
        // Sampled here on the engine thread, one stream after another, and
        // not in parallel: `Sampler` never sorts the vocabulary, and at the
        // team's settings (temperature 0.2–0.4, top-p 0.95) a token took
        // 108–194 µs inside the engine on Qwen2.5-Coder-0.5B and SmolLM2,
        // 0.5–2 % of a step (2-core AVX2 machine, release; candle's
        // LogitsProcessor took ~9 ms a token on Qwen's rows:
        // docs/benchmarks.md, 2026-12-02). `bench engine` reports the share.
        let outcome = match drawn.as_mut() {
            Some(drawn) => {
                let logits = logits.as_ref().ok_or_else(no_logits)?;
                let found = drawn.next().ok_or_else(|| anyhow!("the device sampled fewer rows than asked"))?;
                let read_row = || Ok(logits.get(row)?.to_dtype(candle_core::DType::F32)?.to_vec1::<f32>()?);
                let (outcome, whole) = s.on_drawn(found, logits.dim(1)?, read_row, stop, &mut stats.sample_nanos)?;
                stats.device_sampled += 1;
                stats.rows_read_whole += u64::from(whole);
                outcome
            }
            None => {
                let l = host.as_mut().ok_or_else(no_logits)?;
                s.on_logits(l.row_mut(row)?, stop, &mut stats.sample_nanos)?
            }
        };
        outcomes.push((*i, outcome));
        stats.sampled += 1;
        row += 1;
    }
    // Remove from the back so earlier indices stay valid.
    for (i, outcome) in outcomes.into_iter().rev() {
        match outcome {
            Outcome::Running => {}
            Outcome::Finished(f) => leave(live.remove(i), Some(f), model, kept),
            Outcome::Gone => leave(live.remove(i), None, model, kept),
        }
    }
    stats.prompt_computed += computed;
    times.sample_nanos = stats.sample_nanos - sampled_before;
    times.wall_nanos = nanos_since(started);
    if work.iter().all(|(_, tokens, _)| tokens.len() == 1) {
        stats.decode_steps.entry(work.len()).or_default().add(&times);
    }
    Ok(())
}
