//! `memdoor agent`: one worker process on a shared Redis.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Result;

use super::setup::load_model;
use super::AgentArgs;
use crate::config::Config;
use crate::distributed::run_worker;
use crate::distributed::worker::Worker;
use crate::session::SessionSettings;

fn default_id() -> String {
    let host = std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_default();
    let host = if host.is_empty() { "agent".to_string() } else { host };
    format!("{host}-{}", std::process::id())
}

/// `memdoor agent`'s flags on top of the config: the team a worker
/// coordinates is the config's, as `solve --remote` would run it.
pub fn apply_agent_flags(args: &AgentArgs, mut cfg: Config) -> Config {
    if let Some(n) = args.agents {
        cfg.team.agents = Some(n.clamp(1, 64));
    }
    cfg.team.rounds = args.rounds.map_or(cfg.team.rounds, |r| r.max(1));
    cfg.team.max_tokens = args.max_tokens.unwrap_or(cfg.team.max_tokens);
    cfg.sandbox.mode = args.sandbox.unwrap_or(cfg.sandbox.mode);
    cfg.store.session = args.session.clone().unwrap_or(cfg.store.session);
    cfg
}

pub async fn agent(args: AgentArgs, cfg: Config) -> Result<ExitCode> {
    let settings = SessionSettings::from_config(&cfg);
    // Fail before loading anything when drafts could not run as asked.
    let sandbox = settings.open_sandbox().await?;
    super::setup::warn_if_weak(&sandbox, "drafts of the tasks this worker coordinates run");
    let store = super::setup::connect_redis(&args.redis, &cfg).await?;
    let model = load_model(&args.model.or_config(&cfg)).await?;
    let manage_notifications = cfg.store.manage_notifications;
    let worker = Arc::new(Worker {
        id: args.id.unwrap_or_else(default_id),
        store,
        model,
        settings,
        sandbox,
        manage_notifications,
        journals: true,
        runs_started: Default::default(),
    });

    let cancel = super::setup::stop_on_signal();
    run_worker(worker, cancel).await?;
    Ok(ExitCode::SUCCESS)
}
