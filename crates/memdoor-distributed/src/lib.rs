//! Agents on other machines, meeting in one Redis: the worker protocol.
//! `memdoor agent` workers take model jobs from the namespace's work stream
//! (`remote`: the requester's side, `worker`: the serving side) and answer
//! plain clients' `task:<id>` keys (`discover` finds them, `coordinate` runs
//! the team on one under a lease, building it as `solve --remote` does).
//! What travels is in `wire`; `signed` tags it under the team secret;
//! `fence` keeps only the latest take of a job; `claim` lets each job be
//! taken once (a replayed copy is refused). The crate `memdoor-distributed`,
//! re-exported as `memdoor::distributed`: it can import only the rooms below
//! it (under the names the rest of memdoor uses).

mod claim;
pub mod coordinate;
mod discover;
pub mod fence;
pub mod lease;
pub mod leased_store;
pub mod remote;
pub mod runs;
mod signed;
pub mod wire;
mod work_stream;
pub mod worker;

pub(crate) use memdoor_base::backoff;
pub(crate) use memdoor_core as domain;
pub(crate) use memdoor_judge as judge;
pub(crate) use memdoor_memory as memory;
pub(crate) use memdoor_model as model;
pub(crate) use memdoor_problem as problem;
pub(crate) use memdoor_session as session;
pub(crate) use memdoor_team as team;

pub use coordinate::{error_object, remote_agents};

use std::sync::Arc;

use tokio_util::sync::CancellationToken;

/// A `memdoor agent` worker until `cancel`: it serves the namespace's model
/// jobs and coordinates the plain clients' tasks it wins. It returns once
/// the task watcher has stopped too (and tidied the index of open tasks),
/// also when serving ends in an error.
pub async fn run_worker(worker: Arc<worker::Worker>, cancel: CancellationToken) -> anyhow::Result<()> {
    let watching = cancel.child_token();
    let watcher = tokio::spawn(discover::watch_tasks(worker.clone(), watching.clone()));
    let served = worker::serve_jobs(worker, cancel).await;
    watching.cancel();
    if let Err(e) = watcher.await {
        tracing::warn!("the task watcher ended abnormally: {e}");
    }
    served
}
