//! The one way an entry point opens what its sessions run with, in
//! fail-fast order: the sandbox first (a refusal costs nothing), then the
//! store (a wrong Redis fails in a second), then the models (a minute or
//! more). `solve`, the TUI, `serve` and `memdoor agent` start here; `watch`
//! opens only a store and runs no session; the bench opens an in-process
//! store a problem on models it loaded once.

use std::sync::Arc;

use anyhow::{bail, Result};

use super::{build_agents, connect_redis, open_redis, warn_if_weak, LoadedModels};
use crate::cli::ModelArgs;
use crate::config::{Backend, Config};
use crate::judge::sandbox::Sandbox;
use crate::memory::embedded::EmbeddedStore;
use crate::memory::redis::RedisStore;
use crate::memory::MemoryStore;
use crate::model::ModelBackend;
use crate::session::{SessionSettings, SessionSpec};
use crate::team::Agent;

/// Where the sessions' shared memory is.
#[derive(Debug, Clone, Copy)]
pub enum StoreChoice<'a> {
    /// The config's Redis if it names one, else an in-process store.
    Config,
    /// This Redis (`memdoor agent --redis`).
    Redis(&'a str),
}

/// Where the agents' models come from.
#[derive(Clone, Copy)]
pub enum AgentChoice<'a> {
    /// The config's team: local models (each file loaded once) and OpenAI-compatible clients.
    Config,
    /// Every agent is a `memdoor agent` worker on the Redis (`solve --remote`).
    Remote,
    /// One local model for a worker's own drafts (`memdoor agent`); the
    /// teams the worker coordinates are remote, so no team is built here.
    Worker(&'a ModelArgs),
}

/// What a session runs with, opened.
pub struct Opened {
    pub settings: SessionSettings,
    pub sandbox: Sandbox,
    /// The Redis, when the memory is in one.
    pub redis: Option<RedisStore>,
    /// The team (empty for a worker).
    pub agents: Vec<Agent>,
    /// A worker's own model (`AgentChoice::Worker`).
    pub model: Option<Arc<dyn ModelBackend>>,
}

impl Opened {
    /// The memory a session writes to: the Redis, or a new in-process store.
    pub fn store(&self) -> Arc<dyn MemoryStore> {
        match &self.redis {
            Some(redis) => Arc::new(redis.clone()),
            None => Arc::new(EmbeddedStore::new()),
        }
    }

    /// A session on these parts. In a Redis its task ids get a time suffix:
    /// an earlier run's answer under the same id must not be taken for this one's.
    pub fn spec(&self) -> SessionSpec {
        let mut spec = SessionSpec::new(&self.settings, self.agents.clone(), self.store(), Some(self.sandbox.clone()));
        spec.unique_ids = self.redis.is_some();
        spec
    }
}

/// Opens the parts of `cfg`'s sessions (flags already applied to it).
/// `runs` names what will run in the sandbox, for its warning when it is weak.
pub async fn open_session(cfg: &Config, runs: &str, store: StoreChoice<'_>, agents: AgentChoice<'_>) -> Result<Opened> {
    let settings = SessionSettings::from_config(cfg);
    refuse_impossible(cfg, &settings, store, agents)?;
    let sandbox = settings.open_sandbox().await?;
    warn_if_weak(&sandbox, runs);
    let redis = match store {
        StoreChoice::Config => open_redis(cfg).await?,
        StoreChoice::Redis(url) => Some(connect_redis(url, cfg).await?),
    };
    let (agents, model) = match (agents, &redis) {
        (AgentChoice::Config, _) => (build_agents(cfg).await?, None),
        (AgentChoice::Remote, Some(redis)) => (crate::distributed::remote_agents(&settings, redis, "remote"), None),
        (AgentChoice::Remote, None) => bail!("--remote needs a Redis"),
        (AgentChoice::Worker(args), _) => {
            let args = args.clone().or_config(cfg);
            (Vec::new(), Some(LoadedModels::default().load_flags(&args).await?))
        }
    };
    Ok(Opened { settings, sandbox, redis, agents, model })
}

/// What can be refused from the config alone, before anything opens.
fn refuse_impossible(
    cfg: &Config,
    settings: &SessionSettings,
    store: StoreChoice<'_>,
    agents: AgentChoice<'_>,
) -> Result<()> {
    if let AgentChoice::Remote = agents {
        if matches!(store, StoreChoice::Config) && cfg.store.redis.is_none() {
            bail!("--remote needs a Redis: --redis URL, MEMDOOR_REDIS, or [store] redis in the config");
        }
        if cfg.agents.iter().take(settings.team.agents).any(|a| a.backend == Backend::Openai) {
            bail!("--remote runs every agent on `memdoor agent` workers; the config's backend = \"openai\" agents cannot join (run without --remote)");
        }
    }
    Ok(())
}
