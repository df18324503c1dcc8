//! A task from a plain client, once a worker holds its coordination lease
//! (SET NX with expiry, kept alive while it works): the team runs with the
//! session's workers as agents, and the answer — or an error object for bad
//! input — goes to `memory:<id>`.

use std::sync::Arc;
use std::time::Duration;

use ::redis::AsyncCommands;
use anyhow::Result;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::remote::RemoteBackend;
use super::worker::Worker;
use super::{agent_sampling, run_team, Agent, Session};
use crate::judge::SelfConsistency;
use crate::memory::journal::{self, JournalWriter};
use crate::memory::{Entry, EntryKind, MemoryStore};
use crate::model::ModelBackend;
use crate::problem::Problem;

pub const LEASE_SECS: u64 = 15;
const RENEW_EVERY: Duration = Duration::from_secs(5);

pub fn lease_key(session: &str, task: &str) -> String {
    format!("memdoor:{{{session}}}:coord:{task}")
}

/// The `memory:<id>` value for a task that could not be run.
pub fn error_object(message: &str) -> String {
    serde_json::json!({ "error": message }).to_string()
}

/// Runs a task whose lease this worker holds, then releases the lease.
pub async fn coordinate(worker: Arc<Worker>, task: String, cancel: CancellationToken) {
    let lease = lease_key(worker.store.session(), &task);
    let renew = CancellationToken::new();
    let mut conn = worker.store.connection();
    {
        let (mut conn, lease, renew) = (conn.clone(), lease.clone(), renew.clone());
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = renew.cancelled() => return,
                    _ = tokio::time::sleep(RENEW_EVERY) => {}
                }
                let _: Result<(), _> = conn.expire(&lease, LEASE_SECS as i64).await;
            }
        });
    }
    if let Err(e) = run_task(&worker, &task, cancel).await {
        tracing::warn!(%task, "task failed: {e:#}");
        let store: &dyn MemoryStore = &worker.store;
        let _ = store.append(Entry::new(&task, 0, None, EntryKind::Error, format!("{e:#}"))).await;
        let _ = store.put_final(&task, &error_object(&format!("{e:#}"))).await;
    }
    renew.cancel();
    let _: Result<(), _> = conn.del(&lease).await;
}

async fn run_task(worker: &Worker, task: &str, cancel: CancellationToken) -> Result<()> {
    let mut conn = worker.store.connection();
    let raw: Option<Vec<u8>> = conn.get(format!("task:{task}")).await?;
    let problem = Problem::from_task(task, &raw.unwrap_or_default())?;
    let name = format!("remote:{}", worker.model.name());
    let agents: Vec<Agent> = (0..worker.team.agents)
        .map(|id| {
            let backend: Arc<dyn ModelBackend> = Arc::new(RemoteBackend::new(worker.store.clone(), name.clone()));
            Agent::new(id, backend, agent_sampling(&worker.team, id))
        })
        .collect();
    let (tx, mut rx) = mpsc::channel(1024);
    let mut journal = JournalWriter::create(&journal::default_path(task)).ok();
    let drain = tokio::spawn(async move {
        while let Some(event) = rx.recv().await {
            if let Some(j) = journal.as_mut() {
                let _ = j.write(&event);
            }
        }
        journal.map(|j| j.finish())
    });
    let session = Session {
        problem: &problem,
        agents: &agents,
        max_tokens: worker.team.max_tokens,
        rounds: worker.rounds,
        strategy: &SelfConsistency,
        store: Arc::new(worker.store.clone()),
        sandbox: Some(worker.sandbox.clone()),
        mechanisms: crate::team::Mechanisms::default(),
    };
    let verdict = run_team(session, tx, cancel).await;
    let _ = drain.await;
    if verdict.is_none() {
        anyhow::bail!("no agent wrote a fenced code block; there is no answer to stand behind");
    }
    Ok(())
}
