//! The Redis store: the team's shared memory as one Redis stream per task, so
//! several processes (and plain Redis clients) share it. Keys: docs/distributed.md.

use std::time::Duration;

use ::redis::io::tcp::TcpSettings;
use ::redis::{AsyncCommands, Client, ConnectionAddr, IntoConnectionInfo, RedisError, Script};
use anyhow::{bail, Context, Result};
use futures::stream::BoxStream;
use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;

use super::auth::TeamKey;
use super::{Entry, EntryId, MemoryStore};
pub use conn::{plain_connection, RedisConn, Topology};
use entries::{EntryCheck, APPEND_ONCE, APPEND_OVER};

pub mod bounded;
mod conn;
pub mod entries;
mod follow;
mod nodes;

/// The largest entry a shared memory takes: a draft is a few KiB; more is a
/// runaway model or someone filling the server.
pub(crate) const MAX_ENTRY_BYTES: usize = 256 * 1024;

/// The largest `memory:<id>` read back: an answer is one entry's code, or an error object.
pub(crate) const MAX_ANSWER_BYTES: usize = 4 * MAX_ENTRY_BYTES;

/// How long one XREAD waits for new entries before it is issued again.
const BLOCK_MS: usize = 5_000;
/// The subscriber's connection must outwait BLOCK, or every quiet read would time out.
const SUBSCRIBER_RESPONSE_TIMEOUT: Duration = Duration::from_millis(BLOCK_MS as u64 + 10_000);
/// Idle time before TCP keepalive probes, and between them.
const KEEPALIVE: Duration = Duration::from_secs(15);
/// Entries per page read, so no single reply grows without bound: with the
/// entry limit, a page is at most 64 × 256 KiB (bounded.rs stubs longer items).
const PAGE: usize = 64;
/// Entries read ahead of a slow subscriber before the reader waits for it.
const SUBSCRIBER_BUFFER: usize = 256;

/// The shared memory in Redis, for one key namespace (`{S}` in the key names).
#[derive(Clone)]
pub struct RedisStore {
    /// One server or a cluster (conn.rs).
    topology: Topology,
    /// Ordinary commands; it reconnects by itself but never retries.
    conn: RedisConn,
    namespace: String,
    /// The URL without its password, for messages.
    shown_url: String,
    append_once: Script,
    append_over: Script,
    /// The team secret's checks, and the count of items they dropped.
    check: EntryCheck,
    /// How long a finished task's keys are kept (`None`: for ever).
    retention: Option<Duration>,
}

/// How long a finished task's keys stay in Redis unless the config says otherwise.
pub(crate) const DEFAULT_RETENTION: Duration = Duration::from_secs(24 * 3600);

impl RedisStore {
    /// Connects to `url` (`redis://`, `rediss://`, `redis+unix://`, `unix://`,
    /// with user and password if any) for the key namespace `namespace`. A URL to
    /// any node of a Redis Cluster reaches the whole cluster.
    pub async fn connect(url: &str, namespace: &str) -> Result<Self> {
        let shown_url = crate::hygiene::redact_url(url);
        crate::tls::ensure_provider();
        // The namespace becomes a Cluster hash tag; braces inside it would split the tag.
        if namespace.is_empty() || namespace.contains(['{', '}']) {
            bail!("Redis key namespace {namespace:?} must be non-empty and without braces");
        }
        let info = url.into_connection_info().with_context(|| format!("bad Redis URL {shown_url}"))?;
        let keepalive = socket2::TcpKeepalive::new().with_time(KEEPALIVE).with_interval(KEEPALIVE);
        let info = info.set_tcp_settings(TcpSettings::default().set_keepalive(keepalive));
        let topology = Topology::detect(info, &shown_url).await?;
        let conn = topology.connection(&shown_url).await?;
        Ok(Self {
            topology,
            conn,
            namespace: namespace.to_string(),
            shown_url,
            append_once: Script::new(APPEND_ONCE),
            append_over: Script::new(APPEND_OVER),
            check: EntryCheck::default(),
            retention: Some(DEFAULT_RETENTION),
        })
    }

    /// How long a finished task's keys are kept (`None`: for ever).
    pub fn retention(&self) -> Option<Duration> {
        self.retention
    }

    /// How long a finished task's keys are kept (`None`: for ever).
    pub fn with_retention(mut self, retention: Option<Duration>) -> Self {
        self.retention = retention;
        self
    }

    /// Signs what this store writes, and drops what is read back unsigned.
    pub fn with_team_key(mut self, key: Option<TeamKey>) -> Self {
        self.check.key = key;
        self
    }

    /// Whether the server is on this machine (loopback or a Unix socket).
    pub fn is_local(&self) -> bool {
        match self.topology.addr() {
            ConnectionAddr::Tcp(host, _) | ConnectionAddr::TcpTls { host, .. } => {
                host == "localhost"
                    || host.trim_matches(['[', ']']).parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
            }
            ConnectionAddr::Unix(_) => true,
            _ => false,
        }
    }

    pub fn team_key(&self) -> Option<&TeamKey> {
        self.check.key.as_ref()
    }

    /// Counts an item read from Redis and dropped (bad, foreign or forged).
    pub fn reject(&self, key: &str, id: &str, why: &str) {
        self.check.reject(key, id, why);
    }

    /// One server or a cluster, and how to reach every master of it.
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// A client for each master (the one server, or every master of a
    /// cluster): for what a cluster does per node, SCAN and notifications.
    pub async fn masters(&self) -> Result<Vec<Client>> {
        self.topology.masters(&self.conn, &self.shown_url).await
    }

    /// A connection for ordinary commands (reconnects by itself, never retries).
    pub fn connection(&self) -> RedisConn {
        self.conn.clone()
    }

    /// A connection of its own for XREAD BLOCK: a blocked read would stall
    /// every other command sharing the connection, and needs the longer
    /// response timeout.
    pub async fn blocking_connection(&self) -> Result<RedisConn> {
        let namespace_key = format!("memdoor:{{{}}}:work", self.namespace);
        self.topology
            .blocking_connection(&self.conn, SUBSCRIBER_RESPONSE_TIMEOUT, &self.shown_url, &namespace_key)
            .await
    }

    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    /// The URL without its password, for messages.
    pub fn shown_url(&self) -> &str {
        &self.shown_url
    }

    /// The stream holding a task's entries.
    pub fn log_key(&self, task: &str) -> String {
        format!("memdoor:{{{}}}:log:{task}", self.namespace)
    }

    /// The hash mapping a task's entry keys to their stream ids.
    pub fn keys_key(&self, task: &str) -> String {
        format!("memdoor:{{{}}}:keys:{task}", self.namespace)
    }

    /// Where plain clients read a task's final answer.
    pub fn final_key(task: &str) -> String {
        format!("memory:{task}")
    }

    /// `{id, "new"}` or `{id, "old", stored JSON, stored tag}` (entries.rs).
    async fn append_json(
        &self,
        script: &Script,
        log: &str,
        e: &Entry,
        json: &str,
        tag: &str,
    ) -> Result<Vec<String>, RedisError> {
        let mut conn = self.conn.clone();
        script.key(self.keys_key(&e.task)).key(log).arg(&e.key).arg(json).arg(tag).invoke_async(&mut conn).await
    }

    /// Whether the item stored under `e`'s key is the team's own copy of it
    /// (a retried write), not something written there before it.
    fn stored_is_ours(&self, log: &str, e: &Entry, stored: &[String]) -> bool {
        let (Some(json), Some(tag)) = (stored.first(), stored.get(1)) else { return false };
        self.check.check(log, json, tag).is_ok_and(|s| s.key == e.key)
    }
}

#[async_trait::async_trait]
impl MemoryStore for RedisStore {
    fn describe(&self) -> String {
        let cluster = if self.topology.is_cluster() { " cluster" } else { "" };
        match self.topology.addr() {
            ConnectionAddr::Tcp(host, port) => format!("redis{cluster} {host}:{port}"),
            ConnectionAddr::TcpTls { host, port, .. } => format!("rediss{cluster} {host}:{port}"),
            ConnectionAddr::Unix(path) => format!("redis unix:{}", path.display()),
            // The enum grows with redis-rs; the shown URL says where it is.
            _ => format!("redis{cluster} {}", self.shown_url),
        }
    }

    fn rejected(&self) -> u64 {
        self.check.rejected()
    }

    async fn retire(&self, task: &str) -> Result<()> {
        let Some(keep) = self.retention else { return Ok(()) };
        let secs = keep.as_secs().max(1) as i64;
        let what = || format!("setting the retention of {task}'s keys on {}", self.shown_url);
        let mut conn = self.conn.clone();
        // The namespace's keys share one slot and go in one pipeline; the seed
        // keys may each live on another node of a cluster: a command each.
        let mut pipe = ::redis::pipe();
        pipe.expire(self.log_key(task), secs).ignore().expire(self.keys_key(task), secs).ignore();
        pipe.query_async::<()>(&mut conn).await.with_context(what)?;
        for key in [Self::final_key(task), format!("task:{task}")] {
            conn.expire::<_, ()>(key, secs).await.with_context(what)?;
        }
        Ok(())
    }

    async fn append(&self, e: Entry) -> Result<EntryId> {
        let json = serde_json::to_string(&e).context("encoding a memory entry")?;
        if json.len() > MAX_ENTRY_BYTES {
            bail!(
                "a memory entry of {} KiB is over the {} KiB a shared memory takes",
                json.len() / 1024,
                MAX_ENTRY_BYTES / 1024
            );
        }
        let log = self.log_key(&e.task);
        let tag = self.check.tag(&log, &json);
        let once = &self.append_once;
        let result = match self.append_json(once, &log, &e, &json, &tag).await {
            // The write may have landed before the connection broke; the script
            // makes the second try return that id instead of writing again.
            Err(err) if is_connection_error(&err) => self.append_json(once, &log, &e, &json, &tag).await,
            other => other,
        };
        let reply = result.with_context(|| format!("appending to {log} on {}", self.shown_url))?;
        match reply.as_slice() {
            [id, new] if new == "new" => Ok(id.clone()),
            [id, old, stored @ ..] if old == "old" => {
                if self.stored_is_ours(&log, &e, stored) {
                    return Ok(id.clone());
                }
                // Someone wrote under this entry's key first: ours goes in anyway.
                self.check.reject(
                    &log,
                    id,
                    &format!("it was stored under the entry key {:?} before the team wrote it", e.key),
                );
                let reply = self.append_json(&self.append_over, &log, &e, &json, &tag).await;
                let reply = reply.with_context(|| format!("appending to {log} on {}", self.shown_url))?;
                reply.into_iter().next().context("an empty reply from the append script")
            }
            other => bail!("an unexpected reply from the append script on {log}: {other:?}"),
        }
    }

    async fn read(&self, task: &str, after: Option<&EntryId>) -> Result<Vec<(EntryId, Entry)>> {
        let log = self.log_key(task);
        let mut conn = self.conn.clone();
        // Exclusive: only entries after `after`. Items over the entry limit
        // come back as their length (bounded.rs), so a page is bounded too.
        let mut start = after.map_or_else(|| "-".to_string(), |id| id.clone());
        let mut out = Vec::new();
        loop {
            let page = bounded::page(&mut conn, &log, &start, PAGE, MAX_ENTRY_BYTES)
                .await
                .with_context(|| format!("reading {log} on {}", self.shown_url))?;
            let full = page.len() == PAGE;
            for sid in page {
                start = sid.id.clone();
                out.extend(self.check.take(&log, sid));
            }
            if !full {
                return Ok(out);
            }
        }
    }

    async fn subscribe(&self, task: &str) -> Result<BoxStream<'static, Result<(EntryId, Entry)>>> {
        let log = self.log_key(task);
        // Connecting here, not in the task, so a dead server fails the call itself.
        let conn = self.blocking_connection().await?;
        let (tx, rx) = mpsc::channel(SUBSCRIBER_BUFFER);
        tokio::spawn(follow::follow(self.clone(), conn, log, tx));
        Ok(ReceiverStream::new(rx).boxed())
    }

    async fn put_final(&self, task: &str, answer: &str) -> Result<bool> {
        let key = Self::final_key(task);
        let mut conn = self.conn.clone();
        // Not retried: after a lost reply a second SET NX would report losing a race it won.
        let set: Option<String> = ::redis::cmd("SET")
            .arg(&key)
            .arg(answer)
            .arg("NX")
            .query_async(&mut conn)
            .await
            .with_context(|| format!("writing {key} on {}", self.shown_url))?;
        Ok(set.is_some())
    }

    async fn get_final(&self, task: &str) -> Result<Option<String>> {
        let key = Self::final_key(task);
        let mut conn = self.conn.clone();
        let what = || format!("reading {key} on {}", self.shown_url);
        // Its length first: anyone may SET memory:*, and a huge value is not fetched.
        let len: usize = conn.strlen(&key).await.with_context(what)?;
        if len > MAX_ANSWER_BYTES {
            bail!("{key} is {len} bytes, over the {MAX_ANSWER_BYTES} bytes an answer may be; not read");
        }
        let raw: Option<Vec<u8>> = ::redis::cmd("GETRANGE")
            .arg(&key)
            .arg(0)
            .arg(MAX_ANSWER_BYTES)
            .query_async(&mut conn)
            .await
            .with_context(what)?;
        let raw = raw.filter(|r| !r.is_empty());
        match raw {
            None => Ok(None),
            Some(r) if r.len() > MAX_ANSWER_BYTES => {
                bail!("{key} grew past the {MAX_ANSWER_BYTES} bytes an answer may be; not read")
            }
            Some(r) => String::from_utf8(r).map(Some).map_err(|_| anyhow::anyhow!("{key} is not UTF-8 text")),
        }
    }
}

/// Errors a fresh connection may cure: the server lost or slow, or — on a
/// cluster's plain per-node connection — the slot moved to another master.
pub fn is_connection_error(err: &RedisError) -> bool {
    err.is_io_error()
        || err.is_connection_dropped()
        || err.is_connection_refusal()
        || err.is_timeout()
        || matches!(err.code(), Some("MOVED" | "ASK"))
}
