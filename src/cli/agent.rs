//! `memdoor agent`: one worker process on a shared Redis.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Result;
use tokio_util::sync::CancellationToken;

use super::solve::{load_model, warn_if_not_persistent};
use super::AgentArgs;
use crate::judge::sandbox::{Limits, Sandbox};
use crate::memory::redis::RedisStore;
use crate::team::worker::{run_worker, Worker};
use crate::team::TeamConfig;

fn default_id() -> String {
    let host = std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_default();
    let host = if host.is_empty() { "agent".to_string() } else { host };
    format!("{host}-{}", std::process::id())
}

pub async fn agent(args: AgentArgs) -> Result<ExitCode> {
    // Fail before loading anything when drafts could not run as asked.
    let sandbox = Sandbox::open(args.sandbox.unwrap_or_default(), Limits::default()).await?;
    if !sandbox.strength().is_strong() {
        eprintln!("memdoor agent: WARNING: drafts of the tasks this worker coordinates run without bubblewrap ({})", sandbox.strength());
    }
    let store = RedisStore::connect(&args.redis, &args.session).await?;
    warn_if_not_persistent(&store).await;
    let model = load_model(&args.model).await?;
    let team = TeamConfig { agents: args.agents.clamp(1, 64), max_tokens: args.max_tokens, ..TeamConfig::default() };
    let worker = Arc::new(Worker { id: args.id.unwrap_or_else(default_id), store, model, team, rounds: args.rounds.max(1), sandbox });

    let cancel = CancellationToken::new();
    let stop = cancel.clone();
    tokio::spawn(async move {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = async { match term.as_mut() { Some(t) => { t.recv().await; } None => std::future::pending().await } } => {}
        }
        stop.cancel();
    });
    run_worker(worker, cancel).await?;
    Ok(ExitCode::SUCCESS)
}
