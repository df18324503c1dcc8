//! Agents in other processes: a `ModelBackend` whose work is done by a
//! `memdoor agent` worker. A request becomes a job on the session's work
//! stream (consumer group `agents`); the worker streams its reply, batched,
//! into the job's own reply stream, which this backend follows.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use ::redis::aio::MultiplexedConnection;
use ::redis::streams::{StreamReadOptions, StreamReadReply};
use ::redis::AsyncCommands;
use anyhow::{Context, Result};
use futures::stream::BoxStream;
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_util::sync::CancellationToken;

use crate::memory::redis::{blocking_connection, is_connection_error, RedisStore};
use super::wire::{WireChunk, WireRequest};
use crate::model::{ChatRequest, Chunk, ModelBackend};

/// The consumer group every worker reads jobs through.
pub const GROUP: &str = "agents";
/// The stream field holding a job's or a reply's JSON.
pub const FIELD: &str = "json";
const BLOCK_MS: usize = 2_000;

/// One agent's turn, as a worker receives it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Job {
    pub id: String,
    pub request: WireRequest,
    /// The stream the worker writes its reply to.
    pub reply: String,
    /// The key whose existence asks the worker to stop.
    pub cancel: String,
}

/// One item of a reply stream.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// Which worker took the job.
    Taken { worker: String },
    Chunk(WireChunk),
    Error(String),
}

/// A reply with the epoch of the take that wrote it. Each take of a job
/// (the first, or a reclaim after its worker was lost) gets a higher epoch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplyItem {
    pub epoch: u64,
    /// 1, 2, … within a take: a write retried after a lost connection may
    /// land twice, and the second copy is dropped.
    #[serde(default)]
    pub seq: u64,
    pub reply: Reply,
}

/// Fencing by epoch: only the latest take's replies count. A worker that was
/// paused past its lease and resumes writes with an old epoch; those writes
/// are dropped here.
#[derive(Debug, Default)]
pub struct Fence {
    epoch: u64,
    seq: u64,
    streamed: bool,
}

#[derive(Debug, PartialEq)]
pub enum Verdict {
    Skip,
    /// A newer take began after text of an older one was passed on.
    Restart,
    Pass(Reply),
}

impl Fence {
    pub fn accept(&mut self, item: ReplyItem) -> Verdict {
        match item.reply {
            Reply::Taken { .. } if item.epoch > self.epoch => {
                let restart = self.streamed;
                self.epoch = item.epoch;
                self.seq = item.seq;
                self.streamed = false;
                if restart { Verdict::Restart } else { Verdict::Skip }
            }
            Reply::Taken { .. } => Verdict::Skip,
            _ if item.epoch != self.epoch => Verdict::Skip,
            _ if item.seq != 0 && item.seq <= self.seq => Verdict::Skip,
            reply => {
                self.seq = item.seq;
                if matches!(reply, Reply::Chunk(WireChunk::Text(_))) {
                    self.streamed = true;
                }
                Verdict::Pass(reply)
            }
        }
    }
}

/// How long a lost connection is retried before giving up (a Redis restart).
const RECONNECT_FOR: Duration = Duration::from_secs(60);

/// A fresh blocking connection once the server answers again; `None` after
/// RECONNECT_FOR or on cancel. Waiting is the point: the server is restarting.
pub async fn reconnect(store: &RedisStore, cancel: &CancellationToken) -> Option<MultiplexedConnection> {
    let deadline = tokio::time::Instant::now() + RECONNECT_FOR;
    let mut delay = Duration::from_millis(100);
    while tokio::time::Instant::now() < deadline {
        if let Ok(conn) = blocking_connection(store.client(), store.shown_url()).await {
            return Some(conn);
        }
        tokio::select! {
            _ = cancel.cancelled() => return None,
            _ = tokio::time::sleep(delay) => {}
        }
        delay = (delay * 2).min(Duration::from_secs(2));
    }
    None
}

pub fn work_key(session: &str) -> String {
    format!("memdoor:{{{session}}}:work")
}

pub fn job_key(session: &str, kind: &str, job: &str) -> String {
    format!("memdoor:{{{session}}}:{kind}:{job}")
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

    async fn stream(&self, request: ChatRequest, cancel: CancellationToken) -> Result<BoxStream<'static, Result<Chunk>>> {
        let session = self.store.session();
        let id = new_job_id();
        let job = Job { reply: job_key(session, "tok", &id), cancel: job_key(session, "cancel", &id), id, request: WireRequest::from(&request) };
        let reader = blocking_connection(self.store.client(), self.store.shown_url()).await?;
        let mut conn = self.store.connection();
        let json = serde_json::to_string(&job)?;
        // Retried once on a lost connection: a job queued twice is only done
        // twice (the later take's epoch wins), never lost.
        let queued: Result<String, _> = conn.xadd(work_key(session), "*", &[(FIELD, &json)]).await;
        if let Err(e) = queued {
            if !is_connection_error(&e) {
                return Err(anyhow::Error::new(e).context(format!("queueing a job on {}", self.store.shown_url())));
            }
            let _: String = conn
                .xadd(work_key(session), "*", &[(FIELD, &json)])
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

/// Follows a job's reply stream into `tx` until Done or an error; on cancel,
/// raises the job's cancel key so the worker stops computing.
async fn follow_reply(
    mut reader: MultiplexedConnection,
    store: RedisStore,
    job: Job,
    pickup_timeout: Duration,
    tx: mpsc::Sender<Result<Chunk>>,
    cancel: CancellationToken,
) {
    let mut conn = store.connection();
    let mut last = "0-0".to_string();
    let options = StreamReadOptions::default().block(BLOCK_MS).count(256);
    let started = tokio::time::Instant::now();
    let mut fence = Fence::default();
    let keys = [job.reply.clone()];
    loop {
        let ids = [last.clone()];
        let read = tokio::select! {
            _ = cancel.cancelled() => {
                let _: Result<(), _> = conn.set_ex(&job.cancel, 1, 600).await;
                let _ = tx.send(Err(anyhow::anyhow!("cancelled"))).await;
                return;
            }
            read = reader.xread_options::<_, _, Option<StreamReadReply>>(&keys, &ids, &options) => read,
        };
        let entries = match read {
            Ok(reply) => reply.into_iter().flat_map(|r| r.keys).flat_map(|k| k.ids),
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
            let reply = sid
                .map
                .get(FIELD)
                .and_then(|v| ::redis::from_redis_value_ref::<String>(v).ok())
                .and_then(|s| serde_json::from_str::<ReplyItem>(&s).ok());
            let item = match reply.map(|r| fence.accept(r)) {
                Some(Verdict::Skip) => continue,
                Some(Verdict::Restart) => Ok(Chunk::Restart),
                Some(Verdict::Pass(Reply::Chunk(c))) => Ok(c.into()),
                Some(Verdict::Pass(Reply::Error(e))) => Err(anyhow::anyhow!("the worker failed: {e}")),
                Some(Verdict::Pass(Reply::Taken { .. })) => continue,
                None => Err(anyhow::anyhow!("a malformed reply in {}", job.reply)),
            };
            let last_item = !matches!(item, Ok(Chunk::Text(_) | Chunk::Restart));
            if tx.send(item).await.is_err() || last_item {
                return;
            }
        }
        if fence.epoch == 0 && started.elapsed() > pickup_timeout {
            // A worker that takes the job later sees this and skips it.
            let _: Result<(), _> = conn.set_ex(&job.cancel, 1, 600).await;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn item(epoch: u64, reply: Reply) -> ReplyItem {
        ReplyItem { epoch, seq: 0, reply }
    }
    fn text(t: &str) -> Reply {
        Reply::Chunk(WireChunk::Text(t.into()))
    }
    fn taken(w: &str) -> Reply {
        Reply::Taken { worker: w.into() }
    }

    #[test]
    fn only_the_latest_take_counts() {
        let mut f = Fence::default();
        assert_eq!(f.accept(item(1, taken("w0"))), Verdict::Skip);
        assert_eq!(f.accept(item(1, text("def"))), Verdict::Pass(text("def")));
        // w0 is lost; w1 reclaims the job: what w0 wrote is void.
        assert_eq!(f.accept(item(2, taken("w1"))), Verdict::Restart);
        // w0 resumes after a pause and writes late: fenced off.
        assert_eq!(f.accept(item(1, text(" late"))), Verdict::Skip);
        assert_eq!(f.accept(item(1, taken("w0"))), Verdict::Skip);
        assert_eq!(f.accept(item(2, text("def f"))), Verdict::Pass(text("def f")));
    }

    #[test]
    fn a_retried_write_that_landed_twice_counts_once() {
        let mut f = Fence::default();
        f.accept(ReplyItem { epoch: 1, seq: 1, reply: taken("w0") });
        assert_eq!(f.accept(ReplyItem { epoch: 1, seq: 2, reply: text("a") }), Verdict::Pass(text("a")));
        assert_eq!(f.accept(ReplyItem { epoch: 1, seq: 2, reply: text("a") }), Verdict::Skip);
        assert_eq!(f.accept(ReplyItem { epoch: 1, seq: 3, reply: text("b") }), Verdict::Pass(text("b")));
    }

    #[test]
    fn a_reclaim_before_any_text_is_no_restart() {
        let mut f = Fence::default();
        f.accept(item(1, taken("w0")));
        assert_eq!(f.accept(item(2, taken("w1"))), Verdict::Skip);
        assert_eq!(f.accept(item(2, text("x"))), Verdict::Pass(text("x")));
    }
}
