//! Agents in other processes: a `ModelBackend` whose work is done by a
//! `memdoor agent` worker. A request becomes a job on the namespace's work
//! stream (consumer group `agents`); the worker streams its reply, batched,
//! into the job's own reply stream, which this backend follows.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use ::redis::streams::{StreamReadOptions, StreamReadReply};
use ::redis::AsyncCommands;
use anyhow::{Context, Result};
use futures::stream::BoxStream;
use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_util::sync::CancellationToken;

use super::fence::{Fence, FenceCall};
use super::signed::{checked_json, fields, tag, MAX_WIRE_ITEM_BYTES};
use super::wire::{work_key, Job, Reply, ReplyItem, WireRequest};
use crate::memory::redis::{bounded, is_connection_error, RedisConn, RedisStore};
use crate::model::{ChatRequest, Chunk, ModelBackend};

const BLOCK_MS: usize = 2_000;
/// The work stream is trimmed to about this many jobs (served ones are
/// deleted; this bounds what piles up with no worker to take it).
const WORK_MAXLEN: ::redis::streams::StreamMaxlen = ::redis::streams::StreamMaxlen::Approx(10_000);

/// How long a lost connection is retried before giving up (a Redis restart).
const RECONNECT_FOR: Duration = Duration::from_secs(60);

/// A fresh blocking connection once the server answers again; `None` after
/// RECONNECT_FOR or on cancel. Waiting is the point: the server is restarting.
pub(crate) async fn reconnect(store: &RedisStore, cancel: &CancellationToken) -> Option<RedisConn> {
    let deadline = tokio::time::Instant::now() + RECONNECT_FOR;
    let mut backoff = crate::backoff::Backoff::new(Duration::from_millis(100), Duration::from_secs(2));
    while tokio::time::Instant::now() < deadline {
        if let Ok(conn) = store.blocking_connection().await {
            return Some(conn);
        }
        if !backoff.wait(cancel).await {
            return None;
        }
    }
    None
}

/// A job id unique across processes: time, process id and a counter.
fn new_job_id() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!("{}-{}-{}", crate::memory::now_ms(), std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed))
}

pub struct RemoteBackend {
    store: RedisStore,
    name: String,
    /// How long to wait for a worker to take a job before failing the agent.
    pub pickup_timeout: Duration,
}

impl RemoteBackend {
    pub fn new(store: RedisStore, name: impl Into<String>) -> Self {
        Self { store, name: name.into(), pickup_timeout: Duration::from_secs(120) }
    }
}

#[async_trait::async_trait]
impl ModelBackend for RemoteBackend {
    fn name(&self) -> &str {
        &self.name
    }

    async fn stream(
        &self,
        request: ChatRequest,
        cancel: CancellationToken,
    ) -> Result<BoxStream<'static, Result<Chunk>>> {
        let namespace = self.store.namespace();
        let id = new_job_id();
        // The expiry is signed with the job: no worker takes it first after
        // the pickup timeout (plus clock skew), so a replay cannot either.
        let expires_ms = crate::memory::now_ms() + self.pickup_timeout.as_millis() as u64 + super::claim::CLOCK_SKEW_MS;
        let job = Job { id, request: WireRequest::from(&request), expires_ms: Some(expires_ms) };
        let reader = self.store.blocking_connection().await?;
        let mut conn = self.store.connection();
        let json = serde_json::to_string(&job)?;
        let tag = tag(&self.store, "job", &work_key(namespace), &json);
        let fields = fields(&json, &tag);
        // Retried once on a lost connection: a job queued twice is only done
        // twice (the later take's epoch wins), never lost.
        let queued: Result<String, _> = conn.xadd_maxlen(work_key(namespace), WORK_MAXLEN, "*", &fields).await;
        if let Err(e) = queued {
            if !is_connection_error(&e) {
                return Err(anyhow::Error::new(e).context(format!("queueing a job on {}", self.store.shown_url())));
            }
            let _: String = conn
                .xadd_maxlen(work_key(namespace), WORK_MAXLEN, "*", &fields)
                .await
                .with_context(|| format!("queueing a job on {}", self.store.shown_url()))?;
        }
        let (tx, rx) = mpsc::channel(256);
        let cancel = cancel.child_token();
        tokio::spawn(follow_reply(reader, self.store.clone(), job, self.pickup_timeout, tx, cancel.clone()));
        let guard = cancel.drop_guard();
        Ok(ReceiverStream::new(rx)
            .map(move |c| {
                let _keep = &guard;
                c
            })
            .boxed())
    }
}

/// The most reply text one job's answer may bring, like the OpenAI
/// backend's `max_answer_kb`: generous for the tokens the job asks for
/// (64 bytes a token), never over 16 MiB, never under 64 KiB.
pub fn reply_cap(max_tokens: usize) -> usize {
    max_tokens.saturating_mul(64).clamp(64 << 10, 16 << 20)
}

/// Items of a reply stream per page (each at most `MAX_WIRE_ITEM_BYTES`).
const REPLY_PAGE: usize = 64;

/// Follows a job's reply stream into `tx` until Done or an error; on cancel,
/// raises the job's cancel key so the worker stops computing. Pages come
/// through the bounded reader, the wait for what is new asks for one item;
/// the text of one take past `reply_cap` is cut there and ends in an error.
async fn follow_reply(
    mut reader: RedisConn,
    store: RedisStore,
    job: Job,
    pickup_timeout: Duration,
    tx: mpsc::Sender<Result<Chunk>>,
    cancel: CancellationToken,
) {
    let mut conn = store.connection();
    let mut last = "-".to_string();
    let wait = StreamReadOptions::default().block(BLOCK_MS).count(1);
    let started = tokio::time::Instant::now();
    let mut fence = Fence::default();
    let (reply_key, cancel_key) = (job.reply_key(store.namespace()), job.cancel_key(store.namespace()));
    let cap = reply_cap(job.request.max_tokens);
    let mut text_bytes = 0usize;
    let mut caught_up = false;
    loop {
        let read = tokio::select! {
            _ = cancel.cancelled() => {
                let _: Result<(), _> = conn.set_ex(&cancel_key, 1, 600).await;
                let _ = tx.send(Err(anyhow::anyhow!("cancelled"))).await;
                return;
            }
            read = async {
                if caught_up {
                    let from = if last == "-" { "0-0".to_string() } else { last.clone() };
                    let reply: Option<StreamReadReply> = reader.xread_options(&[&reply_key], &[&from], &wait).await?;
                    let items: Vec<_> = reply.into_iter().flat_map(|r| r.keys).flat_map(|k| k.ids).collect();
                    Ok::<_, ::redis::RedisError>((items.is_empty(), items))
                } else {
                    let page = bounded::page(&mut reader, &reply_key, &last, REPLY_PAGE, MAX_WIRE_ITEM_BYTES).await?;
                    Ok((page.len() < REPLY_PAGE, page))
                }
            } => read,
        };
        let entries = match read {
            Ok((done, items)) => {
                caught_up = done;
                items
            }
            // Redis restarting: reconnect and read on from `last`, losing nothing.
            Err(e) if is_connection_error(&e) => match reconnect(&store, &cancel).await {
                Some(fresh) => {
                    reader = fresh;
                    continue;
                }
                None => {
                    let _ = tx.send(Err(anyhow::Error::new(e).context("following a worker's reply"))).await;
                    return;
                }
            },
            Err(e) => {
                let _ = tx.send(Err(anyhow::Error::new(e).context("following a worker's reply"))).await;
                return;
            }
        };
        for sid in entries {
            last = sid.id.clone();
            // What is not the team's reply (unsigned, forged, not JSON, too long) is dropped and counted.
            let Some(json) = checked_json(&store, "reply", &reply_key, &sid) else { continue };
            let reply = match serde_json::from_str::<ReplyItem>(&json) {
                Ok(r) => r,
                Err(e) => {
                    store.reject(&reply_key, &sid.id, &format!("not a reply item ({e})"));
                    continue;
                }
            };
            let item = match fence.accept(reply) {
                FenceCall::Skip => continue,
                FenceCall::Restart => Ok(Chunk::Restart),
                FenceCall::Pass(Reply::Chunk(c)) => Ok(c.into()),
                FenceCall::Pass(Reply::Error(e)) => Err(anyhow::anyhow!("the worker failed: {e}")),
                FenceCall::Pass(Reply::Taken { .. }) => continue,
            };
            let item = match item {
                Ok(Chunk::Restart) => {
                    text_bytes = 0;
                    Ok(Chunk::Restart)
                }
                Ok(Chunk::Text(t)) if text_bytes + t.len() > cap => {
                    // Cut at the cap (on a character boundary), then an error
                    // naming it; the worker is asked to stop.
                    let mut end = cap - text_bytes;
                    while !t.is_char_boundary(end) {
                        end -= 1;
                    }
                    tracing::warn!(job = %job.id, cap, "a worker's reply ran past the cap; cut");
                    let _: Result<(), _> = conn.set_ex(&cancel_key, 1, 600).await;
                    if end > 0 {
                        let _ = tx.send(Ok(Chunk::Text(t[..end].to_string()))).await;
                    }
                    let _ = tx.send(Err(anyhow::anyhow!("the worker's reply ran past {cap} bytes (the remote answer cap: 64 bytes a token asked, 16 MiB at most); cut there"))).await;
                    return;
                }
                Ok(Chunk::Text(t)) => {
                    text_bytes += t.len();
                    Ok(Chunk::Text(t))
                }
                other => other,
            };
            let last_item = !matches!(item, Ok(Chunk::Text(_) | Chunk::Restart));
            if tx.send(item).await.is_err() || last_item {
                return;
            }
        }
        if !fence.taken() && started.elapsed() > pickup_timeout {
            // A worker that takes the job later sees this and skips it.
            let _: Result<(), _> = conn.set_ex(&cancel_key, 1, 600).await;
            let _ = tx
                .send(Err(anyhow::anyhow!(
                    "no memdoor agent took the job within {} s; start workers with `memdoor agent --redis URL`",
                    pickup_timeout.as_secs()
                )))
                .await;
            return;
        }
    }
}
