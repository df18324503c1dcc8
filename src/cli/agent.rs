//! `memdoor agent`: one worker process on a shared Redis.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Result;

use super::setup::{open_session, AgentChoice, StoreChoice};
use super::AgentArgs;
use crate::config::Config;
use crate::distributed::run_worker;
use crate::distributed::worker::Worker;

fn default_id() -> String {
    let host = std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_default();
    let host = if host.is_empty() { "agent".to_string() } else { host };
    format!("{host}-{}", std::process::id())
}

/// `memdoor agent`'s flags on top of the config: the team a worker
/// coordinates is the config's, as `solve --remote` would run it.
pub(crate) fn apply_agent_flags(args: &AgentArgs, mut cfg: Config) -> Config {
    if let Some(n) = args.agents {
        cfg.team.agents = Some(n.clamp(1, 64));
    }
    cfg.team.rounds = args.rounds.map_or(cfg.team.rounds, |r| r.max(1));
    cfg.team.max_tokens = args.max_tokens.unwrap_or(cfg.team.max_tokens);
    cfg.sandbox.mode = args.sandbox.unwrap_or(cfg.sandbox.mode);
    cfg.store.namespace = args.namespace.clone().unwrap_or(cfg.store.namespace);
    cfg
}

pub async fn agent(args: AgentArgs, cfg: Config) -> Result<ExitCode> {
    let runs = "drafts of the tasks this worker coordinates run";
    let opened = open_session(&cfg, runs, StoreChoice::Redis(&args.redis), AgentChoice::Worker(&args.model)).await?;
    let (Some(store), Some(model)) = (opened.redis, opened.model) else {
        anyhow::bail!("a worker needs its Redis and its model")
    };
    let worker = Arc::new(Worker {
        id: args.id.unwrap_or_else(default_id),
        store,
        model,
        settings: opened.settings,
        sandbox: opened.sandbox,
        manage_notifications: cfg.store.manage_notifications,
        journals: true,
        runs_started: Default::default(),
    });

    let cancel = super::setup::stop_on_signal();
    run_worker(worker, cancel).await?;
    Ok(ExitCode::SUCCESS)
}
