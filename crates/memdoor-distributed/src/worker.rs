//! `memdoor agent`: one worker process. It registers under `agents` with a
//! heartbeat, takes jobs from the namespace's work stream (consumer group
//! `agents`) and streams its model's reply back in ~50 ms batches. It also
//! watches for `task:<id>` keys written by plain clients and, when it wins
//! the task's coordination lease, runs the team on it with the workers as
//! agents and writes the answer to `memory:<id>`.

use std::sync::Arc;
use std::time::Duration;

use ::redis::streams::{StreamId, StreamReadOptions, StreamReadReply};
use ::redis::AsyncCommands;
use anyhow::{Context, Result};
use futures::StreamExt;
use tokio_util::sync::CancellationToken;

use super::claim::{served, take, Delivery};
use super::remote::reconnect;
use super::signed::{checked_json, fields, tag};
use super::wire::WireChunk;
use super::wire::{job_key, work_key, Job, Reply, ReplyItem, GROUP};
use super::work_stream::{ensure_group, reclaim};
use crate::backoff::Backoff;
use crate::memory::redis::{is_connection_error, RedisConn, RedisStore};
use crate::model::{Chunk, ModelBackend};

/// Token deltas are sent in batches this far apart, not one command per token.
const FLUSH_EVERY: Duration = Duration::from_millis(50);
const HEARTBEAT_EVERY: Duration = Duration::from_secs(3);
/// `agent:<id>:alive` outlives a few missed heartbeats, then expires.
const ALIVE_TTL_SECS: u64 = 10;
const BLOCK_MS: usize = 2_000;
/// Retries of one reply write through a lost connection (~60 s with backoff).
const SEND_ATTEMPTS: u32 = 32;
/// Between failed reads of the work stream: 0.2 s, doubling, at most 5 s.
const JOB_READS: Backoff = Backoff::new(Duration::from_millis(200), Duration::from_secs(5));

pub struct Worker {
    pub id: String,
    pub store: RedisStore,
    pub model: Arc<dyn ModelBackend>,
    /// The config's settings for the teams this worker coordinates.
    pub settings: crate::session::SessionSettings,
    /// Where the drafts of the tasks it coordinates run (advertised in `agents`).
    pub sandbox: crate::judge::sandbox::Sandbox,
    /// May turn the server's keyspace notifications on (`[store] manage_notifications`).
    pub manage_notifications: bool,
    /// Journals each task it coordinates (`memdoor agent`: yes; the scale
    /// bench and in-process tests: no, or they would fill the user's journal folder).
    pub journals: bool,
    /// Runs of plain clients' tasks this worker has started (`coordinate.rs`):
    /// the scale bench checks that each task ran exactly once.
    pub runs_started: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

/// Keeps this worker in the registry while it lives; takes out those whose
/// heartbeat has expired (killed workers never say goodbye), so the
/// registry never grows with the dead.
async fn heartbeat(mut conn: RedisConn, id: String, model: String, sandbox: String, cancel: CancellationToken) {
    let meta = serde_json::json!({ "model": model, "pid": std::process::id(), "sandbox": sandbox }).to_string();
    loop {
        // Alive first, then registered: a worker is never listed without its heartbeat.
        let _: Result<(), _> = conn.set_ex(format!("agent:{id}:alive"), crate::memory::now_ms(), ALIVE_TTL_SECS).await;
        let _: Result<(), _> = conn.hset("agents", &id, &meta).await;
        let listed: Vec<String> = conn.hkeys("agents").await.unwrap_or_default();
        for other in listed.iter().filter(|o| **o != id) {
            if !conn.exists::<_, bool>(format!("agent:{other}:alive")).await.unwrap_or(true) {
                let _: Result<(), _> = conn.hdel("agents", other).await;
            }
        }
        tokio::select! {
            _ = cancel.cancelled() => break,
            _ = tokio::time::sleep(HEARTBEAT_EVERY) => {}
        }
    }
    let _: Result<(), _> = conn.del(format!("agent:{id}:alive")).await;
    let _: Result<(), _> = conn.hdel("agents", &id).await;
}

/// Writes one take's replies, numbered, retrying through a Redis restart
/// (the requester drops a copy that landed twice).
struct ReplyWriter {
    conn: RedisConn,
    store: RedisStore,
    key: String,
    epoch: u64,
    seq: u64,
}

impl Worker {
    /// The most tokens one job may ask of this worker: the most the config
    /// gives any agent of a team (a job is read from Redis, and trusted no further).
    pub fn max_tokens(&self) -> usize {
        let per_agent = self.settings.agents.iter().filter_map(|a| a.max_tokens);
        per_agent.chain([self.settings.team.max_tokens]).max().unwrap_or(self.settings.team.max_tokens)
    }

    /// A job's request within this worker's bounds.
    fn bounded(&self, mut request: crate::model::ChatRequest) -> crate::model::ChatRequest {
        if request.max_tokens > self.max_tokens() {
            tracing::warn!(
                asked = request.max_tokens,
                cap = self.max_tokens(),
                "a job asked for more tokens than this worker's config allows; capped"
            );
            request.max_tokens = self.max_tokens();
        }
        // A benchmark switch (generate past the end): never from a job.
        request.ignore_stop = false;
        request
    }
}

impl ReplyWriter {
    async fn send(&mut self, reply: Reply) -> Result<()> {
        self.seq += 1;
        let json = serde_json::to_string(&ReplyItem { epoch: self.epoch, seq: self.seq, reply })?;
        let tag = tag(&self.store, "reply", &self.key, &json);
        let mut backoff = Backoff::new(Duration::from_millis(100), Duration::from_secs(2));
        for attempt in 0.. {
            let sent: Result<String, _> = self.conn.xadd(&self.key, "*", &fields(&json, &tag)).await;
            match sent {
                Ok(_) => break,
                Err(e) if is_connection_error(&e) && attempt < SEND_ATTEMPTS => {
                    tokio::time::sleep(backoff.next_wait()).await
                }
                Err(e) => return Err(anyhow::Error::new(e).context(format!("writing to {}", self.key))),
            }
        }
        // Reply streams are read once: they live an hour past their last
        // write, or the store's retention when that is shorter.
        let ttl = self.store.retention().map_or(3600, |r| r.as_secs().clamp(1, 3600)) as i64;
        let _: Result<(), _> = self.conn.expire(&self.key, ttl).await;
        Ok(())
    }
}

fn epoch_key(worker: &Worker, job: &Job) -> String {
    job_key(worker.store.namespace(), "epoch", &job.id)
}

/// Runs one job on the local model, streaming batched text to its reply
/// stream; returns the epoch of this take.
async fn serve(worker: &Worker, mut conn: RedisConn, job: &Job) -> Result<u64> {
    // Every take, first or reclaimed, gets a higher epoch: the requester
    // listens to the latest take only.
    let epoch: u64 = conn.incr(epoch_key(worker, job), 1).await?;
    let _: Result<(), _> = conn.expire(epoch_key(worker, job), 3600).await;
    if conn.exists::<_, bool>(job.cancel_key(worker.store.namespace())).await? {
        return Ok(epoch); // the requester gave up before anyone took it
    }
    let key = job.reply_key(worker.store.namespace());
    let mut out = ReplyWriter { conn: conn.clone(), store: worker.store.clone(), key, epoch, seq: 0 };
    out.send(Reply::Taken { worker: worker.id.clone() }).await?;
    serve_stream(worker, conn, job, out).await?;
    Ok(epoch)
}

async fn serve_stream(worker: &Worker, mut conn: RedisConn, job: &Job, mut out: ReplyWriter) -> Result<()> {
    let cancel = CancellationToken::new();
    let cancel_key = job.cancel_key(worker.store.namespace());
    let mut stream = match worker.model.stream(worker.bounded(job.request.clone().into()), cancel.clone()).await {
        Ok(s) => s,
        Err(e) => return out.send(Reply::Error(format!("{e:#}"))).await,
    };
    let mut pending = String::new();
    let mut flush = tokio::time::interval(FLUSH_EVERY);
    loop {
        tokio::select! {
            chunk = stream.next() => match chunk {
                Some(Ok(Chunk::Text(t))) => pending.push_str(&t),
                Some(Ok(done @ Chunk::Done { .. })) => {
                    if !pending.is_empty() {
                        out.send(Reply::Chunk(WireChunk::Text(std::mem::take(&mut pending)))).await?;
                    }
                    return out.send(Reply::Chunk(done.into())).await;
                }
                Some(Ok(Chunk::Restart)) => pending.clear(),
                Some(Err(e)) => return out.send(Reply::Error(format!("{e:#}"))).await,
                None => return out.send(Reply::Error("the model's stream ended early".into())).await,
            },
            _ = flush.tick() => {
                if !pending.is_empty() {
                    out.send(Reply::Chunk(WireChunk::Text(std::mem::take(&mut pending)))).await?;
                }
                if conn.exists::<_, bool>(&cancel_key).await.unwrap_or(false) {
                    cancel.cancel(); // the stream then ends with Done(Cancelled)
                }
            }
        }
    }
}

/// Serves jobs until `cancel`; one job at a time per worker.
pub async fn serve_jobs(worker: Arc<Worker>, cancel: CancellationToken) -> Result<()> {
    let namespace = worker.store.namespace().to_string();
    let work = work_key(&namespace);
    let mut conn = worker.store.connection();
    ensure_group(&mut conn, &work).await;
    tokio::spawn(heartbeat(
        conn.clone(),
        worker.id.clone(),
        worker.model.name().to_string(),
        worker.sandbox.describe(),
        cancel.clone(),
    ));

    let mut reader = worker.store.blocking_connection().await?;
    let options = StreamReadOptions::default().group(GROUP, &worker.id).count(1).block(BLOCK_MS);
    tracing::info!(worker = %worker.id, %namespace, "worker ready");
    eprintln!("memdoor agent {}: ready on {} (namespace {namespace})", worker.id, worker.store.shown_url());
    let (keys, ids) = ([work.clone()], [">"]);
    let mut backoff = JOB_READS;
    while !cancel.is_cancelled() {
        if let Some(sid) = reclaim(&worker.id, &mut conn, &work).await {
            handle(&worker, &mut conn, &work, sid, Delivery::Reclaimed).await;
            continue;
        }
        let read: Option<StreamReadReply> = tokio::select! {
            _ = cancel.cancelled() => break,
            read = reader.xread_options(&keys, &ids, &options) => match read {
                Ok(r) => r,
                Err(e) if is_connection_error(&e) => {
                    tracing::warn!("lost Redis while waiting for jobs ({e}); reconnecting");
                    reader = reconnect(&worker.store, &cancel).await.context("Redis did not come back")?;
                    continue;
                }
                // The stream or its group was deleted (FLUSHDB, a restart
                // without persistence, eviction): made again, and work goes on.
                Err(e) if e.code() == Some("NOGROUP") => {
                    tracing::warn!("the work stream's consumer group is gone; creating it again");
                    ensure_group(&mut conn, &work).await;
                    backoff.wait(&cancel).await;
                    continue;
                }
                // Anything else (a key of the wrong type, a refused command): never
                // fatal, never a tight loop.
                Err(e) => {
                    tracing::warn!("reading jobs from {work}: {e}; trying again");
                    backoff.wait(&cancel).await;
                    continue;
                }
            },
        };
        backoff.reset();
        for sid in read.into_iter().flat_map(|r| r.keys).flat_map(|k| k.ids) {
            handle(&worker, &mut conn, &work, sid, Delivery::First).await;
        }
    }
    Ok(())
}

/// Serves one job and acknowledges it — only while this take is still the
/// job's latest, so a worker resumed after losing its job cannot ack away
/// the reclaimer's pending entry.
async fn handle(worker: &Worker, conn: &mut RedisConn, work: &str, sid: StreamId, delivery: Delivery) {
    let job =
        checked_json(&worker.store, "job", work, &sid).and_then(|json| match serde_json::from_str::<Job>(&json) {
            Ok(job) if job.has_valid_id() => Some(job),
            Ok(_) => {
                worker.store.reject(work, &sid.id, "a job id that is not one of ours");
                None
            }
            Err(e) => {
                worker.store.reject(work, &sid.id, &format!("not a job ({e})"));
                None
            }
        });
    let skip = |conn: &mut RedisConn| {
        // Skipped for good: acknowledged and deleted, so no worker takes it again.
        let (mut conn, id) = (conn.clone(), sid.id.clone());
        async move {
            let _: Result<(), _> = conn.xack(work, GROUP, &[&id]).await;
            let _: Result<(), _> = conn.xdel(work, &[&id]).await;
        }
    };
    let Some(job) = job else { return skip(conn).await };
    let signed = worker.store.team_key().is_some();
    match take(conn, worker.store.namespace(), &job, &sid.id, delivery, signed, crate::memory::now_ms()).await {
        Ok(None) => {}
        Ok(Some(refusal)) => {
            worker.store.reject(work, &sid.id, &refusal.to_string());
            return skip(conn).await;
        }
        // Redis failed us: the job stays pending, unserved (taken over only if
        // this worker dies); the requester's pickup timeout ends the wait.
        Err(e) => return tracing::warn!(job = %job.id, "claiming the job: {e:#}"),
    }
    tracing::info!(worker = %worker.id, job = %job.id, "job taken");
    match serve(worker, conn.clone(), &job).await {
        Ok(epoch) => {
            let current: Option<u64> = conn.get(epoch_key(worker, &job)).await.unwrap_or(None);
            if current == Some(epoch) {
                // Served: acknowledged, and deleted so the stream does not grow
                // for ever; its take count is no longer needed either (a
                // resumed worker that lost the job finds it gone and acks nothing).
                let _: Result<(), _> = conn.xack(work, GROUP, &[&sid.id]).await;
                let _: Result<(), _> = conn.xdel(work, &[&sid.id]).await;
                let _: Result<(), _> = conn.del(epoch_key(worker, &job)).await;
                served(conn, worker.store.namespace(), &job, crate::memory::now_ms()).await;
            } else {
                tracing::warn!(job = %job.id, epoch, ?current, "lost this job to a reclaim; not acknowledging");
            }
        }
        Err(e) => tracing::warn!("job failed: {e:#}"),
    }
}
