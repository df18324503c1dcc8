//! `memdoor watch`: the TUI on sessions run elsewhere — by `memdoor serve`,
//! by workers answering a plain client's `SET task:<id>`. It follows the
//! newest task of the key namespace (or the one the user named) through the
//! shared memory in Redis: drafts fill the panes, every entry the memory
//! panel, and `memory:<id>` the consensus. A newer task takes the screen
//! over; a lost server is found again with backoff.

use std::time::Duration;

use futures::StreamExt;
use redis::AsyncCommands;
use tokio::sync::mpsc;
use tokio_util::sync::{CancellationToken, DropGuard};

use super::msg::Msg;
use crate::backoff::Backoff;
use crate::distributed::runs::{read_task, TaskValue};
use crate::memory::redis::{bounded, plain_connection, RedisConn, RedisStore};
use crate::memory::MemoryStore;
use crate::session::watched::{on_answer, on_entry, task_started};

/// How often the answer and newer tasks are looked for (Redis sends no
/// event for either that every server is sure to send).
const LOOK_EVERY: Duration = Duration::from_secs(1);
const NEWER_EVERY: Duration = Duration::from_secs(2);

/// Starts watching; the watch stops when the guard is dropped.
pub fn spawn(store: RedisStore, task: Option<String>, panes: usize, tx: mpsc::Sender<Msg>) -> DropGuard {
    let stop = CancellationToken::new();
    tokio::spawn(watch(store, task, panes, tx, stop.clone()));
    stop.drop_guard()
}

async fn status(tx: &mpsc::Sender<Msg>, text: String) {
    let _ = tx.send(Msg::StoreStatus(text)).await;
}

async fn watch(
    store: RedisStore,
    picked: Option<String>,
    panes: usize,
    tx: mpsc::Sender<Msg>,
    stop: CancellationToken,
) {
    let name = store.describe();
    let mut backoff = Backoff::new(Duration::from_millis(250), Duration::from_secs(5));
    let mut masters = Masters::default();
    while !stop.is_cancelled() {
        let task = match &picked {
            Some(t) => Ok(Some(t.clone())),
            None => masters.newest_task(&store).await,
        };
        let wait = match task {
            Ok(Some(task)) => match follow(&store, &mut masters, &task, picked.is_none(), panes, &tx, &stop).await {
                Ok(()) => {
                    backoff.reset();
                    continue;
                }
                Err(e) => {
                    status(&tx, format!("{name} · reconnecting ({e:#})")).await;
                    backoff.next_wait()
                }
            },
            Ok(None) => {
                status(&tx, format!("{name} · waiting for a task in namespace {}", store.namespace())).await;
                NEWER_EVERY
            }
            Err(e) => {
                status(&tx, format!("{name} · reconnecting ({e:#})")).await;
                backoff.next_wait()
            }
        };
        tokio::select! {
            _ = stop.cancelled() => return,
            _ = tokio::time::sleep(wait) => {}
        }
    }
}

/// A connection to each master, kept from one look for newer tasks to the
/// next (made again after a failure: masters fail over).
#[derive(Default)]
struct Masters(Vec<RedisConn>);

impl Masters {
    async fn get(&mut self, store: &RedisStore) -> anyhow::Result<&mut [RedisConn]> {
        if self.0.is_empty() {
            for node in store.masters().await? {
                self.0.push(plain_connection(&node).await?);
            }
        }
        Ok(&mut self.0)
    }

    /// The task started last (its log's first entry is the newest), over every
    /// master: tasks running side by side do not take turns on the screen.
    async fn newest_task(&mut self, store: &RedisStore) -> anyhow::Result<Option<String>> {
        let found = newest_task(store, self.get(store).await?).await;
        if found.is_err() {
            self.0.clear();
        }
        found
    }
}

async fn newest_task(store: &RedisStore, masters: &mut [RedisConn]) -> anyhow::Result<Option<String>> {
    let prefix = store.log_key("");
    let mut newest: Option<(u64, String)> = None;
    for conn in masters {
        let mut keys = Vec::new();
        let mut iter: redis::AsyncIter<String> = conn.scan_match(format!("{prefix}*")).await?;
        while let Some(k) = iter.next_item().await {
            keys.extend(k.ok());
        }
        drop(iter);
        // A namespace holding glob characters may match keys of another shape: only ours count.
        for (key, task) in keys.iter().filter_map(|k| Some((k, k.strip_prefix(&prefix)?))) {
            // Only the first item's id is wanted: every field value is stubbed (limit 1 byte), so none is fetched.
            let first = bounded::page(conn, key, "-", 1, 1).await.unwrap_or_default();
            let at = first.first().and_then(|s| s.id.split('-').next()?.parse::<u64>().ok()).unwrap_or(0);
            if newest.as_ref().is_none_or(|(t, _)| at > *t) {
                newest = Some((at, task.to_string()));
            }
        }
    }
    Ok(newest.map(|(_, task)| task))
}

/// The problem as the plain client wrote it, when it did (`""` otherwise).
/// Read as a worker reads it (its length first: a huge value is never
/// fetched) and parsed off the async threads.
async fn problem_text(store: &RedisStore, task: &str) -> String {
    let TaskValue::Text(raw) = read_task(&mut store.connection(), task).await else { return String::new() };
    let task = task.to_string();
    let parsed = tokio::task::spawn_blocking(move || crate::problem::Problem::from_task(&task, &raw).ok()).await;
    parsed.ok().flatten().map(|p| p.statement).unwrap_or_default()
}

/// Shows `task` until a newer one appears (`follow_newest`), the user quits,
/// or the server is lost (an error).
async fn follow(
    store: &RedisStore,
    masters: &mut Masters,
    task: &str,
    follow_newest: bool,
    panes: usize,
    tx: &mpsc::Sender<Msg>,
    stop: &CancellationToken,
) -> anyhow::Result<()> {
    let mut entries = store.subscribe(task).await?;
    let _ = tx.send(Msg::Team(task_started(task, &problem_text(store, task).await, panes))).await;
    status(tx, format!("{} · watching {task}", store.describe())).await;
    let mut answered = false;
    let mut look = tokio::time::interval(LOOK_EVERY);
    let mut newer = tokio::time::interval(NEWER_EVERY);
    loop {
        tokio::select! {
            _ = stop.cancelled() => return Ok(()),
            next = entries.next() => match next {
                Some(Ok((_, entry))) => {
                    for event in on_entry(&entry) {
                        let _ = tx.send(Msg::Team(event)).await;
                    }
                }
                Some(Err(e)) => return Err(e),
                None => anyhow::bail!("the subscription to {task} ended"),
            },
            _ = look.tick(), if !answered => {
                // The store's read checks the answer's length before fetching it.
                let answer = store.get_final(task).await?;
                if let Some(answer) = answer {
                    answered = true;
                    for event in on_answer(task, &answer) {
                        let _ = tx.send(Msg::Team(event)).await;
                    }
                }
            }
            _ = newer.tick(), if follow_newest => {
                if masters.newest_task(store).await?.is_some_and(|t| t != task) {
                    return Ok(());
                }
            }
        }
    }
}
