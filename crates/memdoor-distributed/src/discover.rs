//! Finding tasks plain clients wrote as `task:<id>`: keyspace notifications
//! when the server sends them (prompt), and a SCAN on start, after every
//! reconnect of the listener and then rarely (notifications are
//! fire-and-forget). What is found goes in an index of open tasks, a small
//! sorted set every worker looks at every 2 s — so a task whose coordinator
//! died is taken again without scanning the keyspace. A task is taken by
//! whichever worker wins its lease; duplicates of a notification, or a scan
//! racing one, find the lease taken and do nothing. The server's settings
//! are changed only when the config allows it. On a Redis Cluster each
//! master reports only its own keys, so the scan and the listening go to
//! every master.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use ::redis::{AsyncCommands, Client};
use futures::StreamExt;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use super::coordinate::{coordinate, lease_key, LEASE};
use super::lease::Lease;
use super::runs::{self, TaskState};
use super::worker::Worker;
use crate::memory::redis::{plain_connection, RedisConn};

/// How often the index of open tasks is looked at (tasks whose coordinator
/// died, tasks no worker could take yet): a small sorted set, not the keyspace.
const INDEX_EVERY: Duration = Duration::from_secs(2);
/// A full SCAN for `task:*` runs on start and after every re-subscription,
/// then only this often: rarely while notifications arrive (they are
/// fire-and-forget, so a slow rescan catches what was missed), more often
/// when the server sends none.
const RESCAN_WITH_NOTIFICATIONS: Duration = Duration::from_secs(300);
const RESCAN_WITHOUT: Duration = Duration::from_secs(10);
/// Open tasks looked at per pass of the index.
const INDEX_PAGE: isize = 256;
const NOTIFY_PATTERN: &str = "__keyspace@*__:task:*";

fn open_key(worker: &Worker) -> String {
    runs::open_key(worker.store.namespace())
}

/// How many masters' notifications are being followed, of how many.
struct Listening {
    subscribed: AtomicUsize,
    masters: usize,
}

impl Listening {
    /// Whether every master's notifications arrive (so a rare rescan will do).
    fn all(&self) -> bool {
        self.masters > 0 && self.subscribed.load(Ordering::Relaxed) == self.masters
    }
}

/// Watches for tasks until `cancel`, coordinating each one this worker wins.
pub(crate) async fn watch_tasks(worker: Arc<Worker>, cancel: CancellationToken) {
    let rescan = Arc::new(Notify::new());
    let masters = match worker.store.masters().await {
        Ok(m) => m,
        Err(e) => {
            tracing::warn!("finding the masters to follow task notifications on: {e:#}");
            Vec::new()
        }
    };
    let listening = Arc::new(Listening { subscribed: AtomicUsize::new(0), masters: masters.len() });
    for node in masters {
        tokio::spawn(listen(worker.clone(), node, rescan.clone(), listening.clone(), cancel.clone()));
    }
    let mut conn = worker.store.connection();
    let mut tick = tokio::time::interval(INDEX_EVERY);
    let mut last_scan: Option<tokio::time::Instant> = None;
    loop {
        let asked = tokio::select! {
            // A stop asked for is taken before more work.
            biased;
            _ = cancel.cancelled() => return tidy_index(&worker, &mut conn).await,
            _ = tick.tick() => false,
            _ = rescan.notified() => true,
        };
        let every = if listening.all() { RESCAN_WITH_NOTIFICATIONS } else { RESCAN_WITHOUT };
        if asked || last_scan.is_none_or(|t| t.elapsed() >= every) {
            scan(&worker, &mut conn).await;
            last_scan = Some(tokio::time::Instant::now());
        }
        let open: Vec<String> = conn.zrange(open_key(&worker), 0, INDEX_PAGE - 1).await.unwrap_or_default();
        for task in open {
            try_take(&worker, &mut conn, &task, &cancel).await;
        }
    }
}

/// Adds every `task:*` key of the server (of every master of a cluster,
/// as they stand now) to the index of open tasks.
async fn scan(worker: &Worker, conn: &mut RedisConn) {
    let masters = match worker.store.masters().await {
        Ok(m) => m,
        Err(e) => return tracing::warn!("scanning for tasks: {e:#}"),
    };
    let mut keys = Vec::new();
    for node in masters {
        let mut node_conn = match plain_connection(&node).await {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!("scanning for tasks on {}: {e}", node.get_connection_info().addr());
                continue;
            }
        };
        match node_conn.scan_match::<_, String>("task:*").await {
            Ok(mut iter) => {
                while let Some(k) = iter.next_item().await {
                    match k {
                        Ok(k) => keys.push(k),
                        // A key that is not text is no task of ours.
                        Err(e) => tracing::debug!("skipping a task key: {e}"),
                    }
                }
            }
            Err(e) => tracing::warn!("scanning for tasks on {}: {e}", node.get_connection_info().addr()),
        };
    }
    for key in keys {
        index(worker, conn, &key["task:".len()..]).await;
    }
}

/// Notes a task as open (once; its first sighting keeps its place).
async fn index(worker: &Worker, conn: &mut RedisConn, task: &str) {
    let added: Result<(), _> = ::redis::cmd("ZADD")
        .arg(open_key(worker))
        .arg("NX")
        .arg(crate::memory::now_ms())
        .arg(task)
        .query_async(conn)
        .await;
    if let Err(e) = added {
        tracing::warn!(%task, "indexing a task: {e}");
    }
}

/// The run to start when the task is unanswered; an answered or vanished
/// task leaves the index of open tasks.
async fn still_open(worker: &Worker, conn: &mut RedisConn, task: &str) -> Option<String> {
    match runs::state(conn, worker.store.namespace(), task).await {
        TaskState::Open { run } => Some(run),
        TaskState::Answered | TaskState::Gone => {
            let _: Result<(), _> = conn.zrem(open_key(worker), task).await;
            None
        }
    }
}

/// On stop, takes answered and vanished tasks off the index. A scan lists
/// the task keys first and indexes them after, so a task answered in
/// between comes back to the index; a running worker drops it on its next
/// pass, but once every worker has stopped nothing would, and the index
/// would outlive the tasks' keys. This worker's last scan is behind it here.
async fn tidy_index(worker: &Worker, conn: &mut RedisConn) {
    let open: Vec<String> = conn.zrange(open_key(worker), 0, -1).await.unwrap_or_default();
    for task in open {
        still_open(worker, conn, &task).await;
    }
}

/// Takes the task if it is unanswered and its lease is free; a task that is
/// answered, or whose key is gone, leaves the index.
async fn try_take(worker: &Arc<Worker>, conn: &mut RedisConn, task: &str, cancel: &CancellationToken) {
    let Some(run) = still_open(worker, conn, task).await else { return };
    match Lease::acquire(conn, &lease_key(worker.store.namespace(), task), &worker.id, LEASE).await {
        Ok(Some(lease)) => {
            tracing::info!(worker = %worker.id, %task, "coordinating");
            tokio::spawn(coordinate(worker.clone(), task.to_string(), run, lease, cancel.clone()));
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(%task, "{e:#}"),
    }
}

/// Whether the server sends keyspace notifications for string commands;
/// when it does not, they are turned on only if the config allows memdoor
/// to change the server (`[store] manage_notifications`): a shared server's
/// settings are not ours to change.
async fn enable_notifications(conn: &mut RedisConn, allowed: bool) -> bool {
    let current: Vec<String> =
        match ::redis::cmd("CONFIG").arg("GET").arg("notify-keyspace-events").query_async(conn).await {
            Ok(v) => v,
            Err(_) => return false,
        };
    let flags = current.get(1).cloned().unwrap_or_default();
    if flags.contains('K') && (flags.contains('$') || flags.contains('A')) {
        return true;
    }
    if !allowed {
        return false;
    }
    let wanted = format!("{flags}K$");
    let set: Result<(), _> =
        ::redis::cmd("CONFIG").arg("SET").arg("notify-keyspace-events").arg(&wanted).query_async(conn).await;
    set.is_ok()
}

/// Follows one master's keyspace notifications for `task:*`, indexing and
/// taking each task notified; after every (re)subscription it asks for a
/// full scan, since notifications sent while it was away are gone.
async fn listen(
    worker: Arc<Worker>,
    node: Client,
    rescan: Arc<Notify>,
    listening: Arc<Listening>,
    cancel: CancellationToken,
) {
    let mut conn = worker.store.connection();
    let on = match plain_connection(&node).await {
        Ok(mut node_conn) => enable_notifications(&mut node_conn, worker.manage_notifications).await,
        Err(_) => false,
    };
    if !on {
        let url = worker.store.shown_url();
        let place = if worker.store.topology().is_cluster() {
            format!("the node {} of {url}", node.get_connection_info().addr())
        } else {
            url.to_string()
        };
        let msg = format!(
            "keyspace notifications are off on {place}: plain clients' tasks are found by a scan every {} s \
             (set `notify-keyspace-events K$` on the server, or allow memdoor to with `[store] manage_notifications = true`)",
            RESCAN_WITHOUT.as_secs()
        );
        tracing::warn!("{msg}");
        eprintln!("memdoor agent: {msg}");
        return;
    }
    let mut backoff = crate::backoff::Backoff::new(Duration::from_millis(200), Duration::from_secs(5));
    while !cancel.is_cancelled() {
        let mut pubsub = match node.get_async_pubsub().await {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!("subscribing to task notifications: {e}");
                if !backoff.wait(&cancel).await {
                    return;
                }
                continue;
            }
        };
        if let Err(e) = pubsub.psubscribe(NOTIFY_PATTERN).await {
            tracing::warn!("subscribing to task notifications: {e}");
            continue;
        }
        backoff.reset();
        listening.subscribed.fetch_add(1, Ordering::Relaxed);
        rescan.notify_one();
        let mut messages = pubsub.on_message();
        loop {
            let msg = tokio::select! {
                _ = cancel.cancelled() => return,
                msg = messages.next() => msg,
            };
            let Some(msg) = msg else {
                listening.subscribed.fetch_sub(1, Ordering::Relaxed);
                break; // connection lost: subscribe again
            };
            let channel = msg.get_channel_name();
            if let Some(task) = channel.split_once(":task:").map(|(_, t)| t.to_string()) {
                index(&worker, &mut conn, &task).await;
                try_take(&worker, &mut conn, &task, &cancel).await;
            }
        }
    }
}
