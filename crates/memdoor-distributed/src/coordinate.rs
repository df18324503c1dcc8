//! A task from a plain client, once a worker holds its coordination lease
//! (`lease.rs`, renewed while it works): the team runs with the namespace's
//! workers as agents, and the answer — or an error object for bad input —
//! goes to `memory:<id>`. A coordinator that finds its lease gone (it
//! stalled and another worker took over) stops, and deletes nothing.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};

use super::lease::Lease;
use super::leased_store::LeasedStore;
use super::runs;
use tokio_util::sync::CancellationToken;

use super::remote::RemoteBackend;
use super::worker::Worker;
use crate::memory::journal::JournalWriter;
use crate::memory::redis::RedisStore;
use crate::memory::{Entry, EntryKind, MemoryStore};
use crate::model::ModelBackend;
use crate::problem::Problem;
use crate::session::{drive, EventSink, JournalThread, OnJournalError, SessionSettings, SessionSpec, Step};
use crate::team::Agent;

pub(crate) const LEASE: Duration = Duration::from_secs(15);
const RENEW_EVERY: Duration = Duration::from_secs(5);

pub(crate) fn lease_key(namespace: &str, task: &str) -> String {
    format!("memdoor:{{{namespace}}}:coord:{task}")
}

/// The `memory:<id>` value for a task that could not be run.
pub fn error_object(message: &str) -> String {
    serde_json::json!({ "error": message }).to_string()
}

/// Runs a task whose lease this worker holds, then releases the lease.
pub(crate) async fn coordinate(
    worker: Arc<Worker>,
    task: String,
    run: String,
    lease: Lease,
    cancel: CancellationToken,
) {
    let lease = Arc::new(lease);
    let running = cancel.child_token();
    let renewing = CancellationToken::new();
    let mut conn = worker.store.connection();
    {
        let (mut conn, lease, renewing, running, task) =
            (conn.clone(), lease.clone(), renewing.clone(), running.clone(), task.clone());
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = renewing.cancelled() => return,
                    _ = tokio::time::sleep(RENEW_EVERY) => {}
                }
                match lease.renew(&mut conn).await {
                    Ok(true) => {}
                    // Another worker holds the task now: this run must stop writing.
                    Ok(false) => {
                        tracing::warn!(%task, "the task's lease passed to another worker; stopping this run");
                        running.cancel();
                        return;
                    }
                    Err(e) => tracing::warn!(%task, "renewing the lease: {e:#}"),
                }
            }
        });
    }
    // This run starts from a clean memory: nothing of an earlier run (a
    // dead coordinator's, or the answer a new run label replaces) mixes in.
    // Looked at again under the lease: another worker may have answered
    // between this one's first look and its taking the lease.
    let still_open =
        runs::state(&mut conn, worker.store.namespace(), &task).await == runs::TaskState::Open { run: run.clone() };
    let outcome = match still_open {
        false => Ok(()),
        true => match runs::start_fresh(&worker.store, &task).await {
            Ok(()) => {
                worker.runs_started.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                run_task(&worker, &task, &run, lease.clone(), running.clone()).await
            }
            Err(e) => Err(e),
        },
    };
    if let Err(e) = &outcome {
        tracing::warn!(%task, "task failed: {e:#}");
        if !running.is_cancelled() {
            // The task is answered with its error (and so leaves the index):
            // a task that cannot run must not be taken again by every worker.
            let store: &dyn MemoryStore = &worker.store;
            let _ = store.append(Entry::new(&task, 0, None, EntryKind::Error, format!("{e:#}"))).await;
            if let Err(e) = runs::answer_once(&worker.store, &task, &run, &error_object(&format!("{e:#}"))).await {
                tracing::warn!(%task, "writing the task's error: {e:#}");
            }
            let _ = store.retire(&task).await;
        }
    }
    // Answered (by this run, another namespace's or a rival's): off this namespace's index.
    if still_open && !running.is_cancelled() {
        runs::close(&worker.store, &task).await;
    }
    renewing.cancel();
    match lease.release(&mut conn).await {
        Ok(true) => {}
        Ok(false) => tracing::info!(%task, "the lease was no longer ours; left to its holder"),
        Err(e) => tracing::warn!(%task, "releasing the lease: {e:#}"),
    }
}

/// The team for a task: every agent a job for the namespace's workers, with
/// the settings the config gives it — the same team `solve --remote` builds.
pub fn remote_agents(settings: &SessionSettings, redis: &RedisStore, name: &str) -> Vec<Agent> {
    settings.agents(|_| -> Arc<dyn ModelBackend> { Arc::new(RemoteBackend::new(redis.clone(), name)) })
}

async fn run_task(worker: &Worker, task: &str, run: &str, lease: Arc<Lease>, cancel: CancellationToken) -> Result<()> {
    let mut conn = worker.store.connection();
    let raw = match runs::read_task(&mut conn, task).await {
        runs::TaskValue::Gone => Vec::new(),
        runs::TaskValue::TooLong(len) => anyhow::bail!(runs::TaskValue::too_long(task, len)),
        runs::TaskValue::Text(raw) => raw,
    };
    // Parsing is CPU work on hostile text: off the async threads.
    let id = task.to_string();
    let problem =
        tokio::task::spawn_blocking(move || Problem::from_task(&id, &raw)).await.context("parsing the task")??;
    let agents = remote_agents(&worker.settings, &worker.store, &format!("remote:{}", worker.model.name()));
    // The task id is the client's: the answer must land under it, written
    // only while the lease is this worker's.
    let store = Arc::new(LeasedStore { inner: worker.store.clone(), lease, run: run.to_string() });
    let spec = SessionSpec::new(&worker.settings, agents, store, Some(worker.sandbox.clone()));
    let journal = match worker.journals {
        false => None,
        true => match JournalWriter::create_default(task) {
            Ok(w) => Some(JournalThread::start(w, OnJournalError::Warn)),
            Err(e) => {
                tracing::warn!(%task, "no journal for this task: {e:#}");
                None
            }
        },
    };
    let mut sink = journal.as_ref().map(JournalThread::sink);
    let mut sinks: Vec<&mut dyn EventSink> = sink.iter_mut().map(|s| s as &mut dyn EventSink).collect();
    let verdict = drive(&spec, &problem, Step::Start, &mut sinks, cancel).await;
    if let Some(j) = journal {
        if let Err(e) = j.finish().await {
            tracing::warn!(%task, "journal: {e:#}");
        }
    }
    if verdict?.is_none() {
        anyhow::bail!("no agent wrote a fenced code block; there is no answer to stand behind");
    }
    Ok(())
}
