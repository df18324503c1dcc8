//! Finding tasks plain clients wrote as `task:<id>`: keyspace notifications
//! when the server allows them (prompt), and a SCAN on start, after every
//! reconnect of the listener and periodically (notifications are
//! fire-and-forget, so scanning is what always works). A task is taken by
//! whichever worker wins its lease; duplicates of a notification, or a scan
//! racing one, find the lease taken and do nothing.

use std::sync::Arc;
use std::time::Duration;

use ::redis::aio::ConnectionManager;
use ::redis::AsyncCommands;
use futures::StreamExt;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use super::coordinate::{coordinate, lease_key, LEASE};
use super::lease::Lease;
use super::worker::Worker;

const SCAN_EVERY: Duration = Duration::from_secs(2);
const NOTIFY_PATTERN: &str = "__keyspace@*__:task:*";

/// Watches for tasks until `cancel`, coordinating each one this worker wins.
pub async fn watch_tasks(worker: Arc<Worker>, cancel: CancellationToken) {
    let rescan = Arc::new(Notify::new());
    tokio::spawn(listen(worker.clone(), rescan.clone(), cancel.clone()));
    let mut conn = worker.store.connection();
    let mut tick = tokio::time::interval(SCAN_EVERY);
    loop {
        tokio::select! {
            _ = cancel.cancelled() => return,
            _ = tick.tick() => {}
            _ = rescan.notified() => {}
        }
        let mut keys = Vec::new();
        match conn.scan_match::<_, String>("task:*").await {
            Ok(mut iter) => {
                while let Some(k) = iter.next_item().await {
                    match k {
                        Ok(k) => keys.push(k),
                        // A key that is not text is no task of ours.
                        Err(e) => tracing::debug!("skipping a task key: {e}"),
                    }
                }
            }
            Err(e) => tracing::warn!("scanning for tasks: {e}"),
        }
        for key in keys {
            try_take(&worker, &mut conn, &key["task:".len()..], &cancel).await;
        }
    }
}

/// Takes the task if it is unanswered and its lease is free.
async fn try_take(worker: &Arc<Worker>, conn: &mut ConnectionManager, task: &str, cancel: &CancellationToken) {
    let answered: bool = conn.exists(format!("memory:{task}")).await.unwrap_or(true);
    if answered {
        return;
    }
    match Lease::acquire(conn, &lease_key(worker.store.session(), task), &worker.id, LEASE).await {
        Ok(Some(lease)) => {
            tracing::info!(worker = %worker.id, %task, "coordinating");
            tokio::spawn(coordinate(worker.clone(), task.to_string(), lease, cancel.clone()));
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(%task, "{e:#}"),
    }
}

/// Turns keyspace notifications for string commands on if the server allows
/// it; `false` when it does not (e.g. CONFIG disabled on a managed server).
async fn enable_notifications(conn: &mut ConnectionManager) -> bool {
    let current: Vec<String> = match ::redis::cmd("CONFIG").arg("GET").arg("notify-keyspace-events").query_async(conn).await {
        Ok(v) => v,
        Err(_) => return false,
    };
    let flags = current.get(1).cloned().unwrap_or_default();
    if flags.contains('K') && (flags.contains('$') || flags.contains('A')) {
        return true;
    }
    let wanted = format!("{flags}K$");
    let set: Result<(), _> = ::redis::cmd("CONFIG").arg("SET").arg("notify-keyspace-events").arg(&wanted).query_async(conn).await;
    set.is_ok()
}

/// Follows keyspace notifications for `task:*`, taking each task notified;
/// after every (re)subscription it asks for a full scan, since notifications
/// sent while it was away are gone.
async fn listen(worker: Arc<Worker>, rescan: Arc<Notify>, cancel: CancellationToken) {
    let mut conn = worker.store.connection();
    if !enable_notifications(&mut conn).await {
        tracing::warn!("keyspace notifications are off and cannot be turned on; finding tasks by scanning only");
        return;
    }
    let mut delay = Duration::from_millis(200);
    while !cancel.is_cancelled() {
        let mut pubsub = match worker.store.client().get_async_pubsub().await {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!("subscribing to task notifications: {e}");
                tokio::select! {
                    _ = cancel.cancelled() => return,
                    _ = tokio::time::sleep(delay) => {}
                }
                delay = (delay * 2).min(Duration::from_secs(5));
                continue;
            }
        };
        if let Err(e) = pubsub.psubscribe(NOTIFY_PATTERN).await {
            tracing::warn!("subscribing to task notifications: {e}");
            continue;
        }
        delay = Duration::from_millis(200);
        rescan.notify_one();
        let mut messages = pubsub.on_message();
        loop {
            let msg = tokio::select! {
                _ = cancel.cancelled() => return,
                msg = messages.next() => msg,
            };
            let Some(msg) = msg else { break }; // connection lost: subscribe again
            let channel = msg.get_channel_name();
            if let Some(task) = channel.split_once(":task:").map(|(_, t)| t.to_string()) {
                try_take(&worker, &mut conn, &task, &cancel).await;
            }
        }
    }
}
