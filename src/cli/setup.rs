//! From a `Config` to what a session runs with: the agents (local ones share
//! one loaded model per distinct model, OpenAI-compatible ones get a client
//! each) and the shared memory. Every entry point opens its parts through
//! `open_session` (in `setup/open.rs`), in fail-fast order.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};

use super::TeamFlags;
use crate::config::Config;
use crate::memory::redis::RedisStore;
use crate::memory::MemoryStore;
use crate::model::local::{parse_device, parse_quant, LoadOptions, LocalModel};
use crate::model::openai::OpenAiBackend;
use crate::model::resolve::{self, ModelSpec};
use crate::model::ModelBackend;
use crate::session::SessionSettings;
use crate::team::Agent;

mod open;
pub use open::{open_session, AgentChoice, Opened, StoreChoice};

/// The team flags (`solve`, the TUI) on top of the config: a flag given wins, a flag left out
/// keeps what the file (or the environment, or the default) said.
pub(crate) fn apply_team_flags(args: &TeamFlags, mut cfg: Config) -> Config {
    let t = &mut cfg.team;
    if let Some(n) = args.agents {
        t.agents = Some(n as usize);
    }
    t.rounds = args.rounds.unwrap_or(t.rounds);
    t.max_tokens = args.max_tokens.unwrap_or(t.max_tokens);
    t.seed = args.seed.unwrap_or(t.seed);
    t.temperature = args.temperature.or(t.temperature);
    t.agent_tests &= !args.no_agent_tests;
    t.model = args.model.model.clone().unwrap_or(std::mem::take(&mut t.model));
    t.device = args.model.device.clone().unwrap_or(std::mem::take(&mut t.device));
    t.quant = args.model.quant.clone().unwrap_or(std::mem::take(&mut t.quant));
    t.keep_prefix_mb = args.model.keep_prefix_mb.unwrap_or(t.keep_prefix_mb);
    t.context = args.model.context.or(t.context);
    cfg.store.redis = args.redis.clone().or(cfg.store.redis);
    cfg.store.namespace = args.namespace.clone().unwrap_or(cfg.store.namespace);
    cfg.sandbox.mode = args.sandbox.unwrap_or(cfg.sandbox.mode);
    // A flag temperature is for every agent, over the entries' own too.
    if args.temperature.is_some() {
        cfg.agents.iter_mut().for_each(|a| a.temperature = None);
    }
    cfg
}

/// Resolves (fetching if needed) and loads one local model.
pub(crate) async fn load_local(spec: &str, opts: LoadOptions) -> Result<Arc<LocalModel>> {
    let path = resolve_spec(spec).await?;
    load_path(path, opts).await
}

async fn resolve_spec(spec: &str) -> Result<PathBuf> {
    let parsed = ModelSpec::parse(spec);
    let spec = spec.to_string();
    tokio::task::spawn_blocking(move || resolve::resolve(&parsed))
        .await?
        .with_context(|| format!("finding the model `{spec}`"))
}

/// Load options from their spellings in flags and the config.
pub(crate) fn load_options(
    device: &str,
    quant: &str,
    keep_prefix_mb: usize,
    context: Option<usize>,
) -> Result<LoadOptions> {
    Ok(LoadOptions {
        device: parse_device(device)?,
        requantize: parse_quant(quant)?,
        keep_prefix_mb,
        context,
        kv_pool: None,
        prefill_chunk: None,
        decode_graphs: None,
        device_sampling: None,
        fused: None,
    })
}

async fn load_path(path: PathBuf, opts: LoadOptions) -> Result<Arc<LocalModel>> {
    eprintln!("memdoor: loading {}", path.display());
    let model = tokio::task::spawn_blocking(move || LocalModel::load(&path, &opts)).await??;
    if !model.has_chat_template() {
        anyhow::bail!("{} has no chat template (`tokenizer.chat_template`): it is a base model; memdoor needs an instruct/chat model", model.path().display());
    }
    eprintln!("memdoor: {}", model.memory_summary());
    Ok(Arc::new(model))
}

/// The team the config describes, `cfg.team_size()` agents in order, with
/// the settings `SessionSettings` reads from it (temperature, role, length).
pub async fn build_agents(cfg: &Config) -> Result<Vec<Agent>> {
    build_agents_sharing(cfg, &mut LoadedModels::default()).await
}

/// As `build_agents`, taking local models from `loaded` (and leaving the new
/// ones there): a bench that runs two teams and a model alone loads each file once.
pub(crate) async fn build_agents_sharing(cfg: &Config, loaded: &mut LoadedModels) -> Result<Vec<Agent>> {
    let mut backends = Vec::with_capacity(cfg.team_size());
    for id in 0..cfg.team_size() {
        let entry = cfg.agent(id);
        let backend: Arc<dyn ModelBackend> = match entry.openai() {
            Some(oc) => {
                let what = format!("agent {id} ({} at {})", oc.model, crate::hygiene::redact_url(&oc.base_url));
                Arc::new(OpenAiBackend::new(oc).context(what)?)
            }
            None => {
                let spec = entry.model.clone().unwrap_or_else(|| cfg.team.model.clone());
                let t = &cfg.team;
                let opts = load_options(&t.device, &t.quant, t.keep_prefix_mb, t.context)?;
                loaded.load(&spec, opts).await.with_context(|| format!("agent {id}"))?
            }
        };
        backends.push(backend);
    }
    Ok(SessionSettings::from_config(cfg).agents(|id| backends[id].clone()))
}

/// Local models loaded so far, one per model file and load options, however
/// many agents or spellings name it.
#[derive(Default)]
pub(crate) struct LoadedModels {
    by_spec: HashMap<(String, String), Arc<dyn ModelBackend>>,
    by_path: HashMap<(PathBuf, String), Arc<dyn ModelBackend>>,
}

impl LoadedModels {
    /// The model `spec` names, loaded with `opts` unless it already was.
    pub async fn load(&mut self, spec: &str, opts: LoadOptions) -> Result<Arc<dyn ModelBackend>> {
        // Options have no Eq; their Debug form names every field.
        let how = format!("{opts:?}");
        if let Some(b) = self.by_spec.get(&(spec.to_string(), how.clone())) {
            return Ok(b.clone());
        }
        let path = resolve_spec(spec).await?;
        let backend = match self.by_path.get(&(path.clone(), how.clone())) {
            Some(b) => b.clone(),
            None => {
                let b: Arc<dyn ModelBackend> = load_path(path.clone(), opts).await?;
                self.by_path.insert((path, how.clone()), b.clone());
                b
            }
        };
        self.by_spec.insert((spec.to_string(), how), backend.clone());
        Ok(backend)
    }

    /// The model the flags name (as `load_model`), shared like the rest.
    pub(crate) async fn load_flags(&mut self, args: &super::ModelArgs) -> Result<Arc<dyn ModelBackend>> {
        self.load(args.spec(), args.load_options()?).await
    }
}

/// The Redis the config names, connected (with a warning when it does not
/// persist), or `None` for the in-process store.
pub(crate) async fn open_redis(cfg: &Config) -> Result<Option<RedisStore>> {
    let Some(url) = &cfg.store.redis else { return Ok(None) };
    connect_redis(url, cfg).await.map(Some)
}

/// The Redis at `url` for the config's key namespace, signing and checking with
/// the team secret when one is set; warns when the server would lose the
/// memory, and when a Redis off this machine is used without a secret.
pub(crate) async fn connect_redis(url: &str, cfg: &Config) -> Result<RedisStore> {
    use crate::memory::auth::{TeamKey, DEFAULT_SECRET_ENV};
    let var = cfg.store.secret_env.as_deref().unwrap_or(DEFAULT_SECRET_ENV);
    let key = TeamKey::from_env(var)?;
    let redis =
        RedisStore::connect(url, &cfg.store.namespace).await?.with_team_key(key).with_retention(cfg.store.retention());
    if redis.team_key().is_none() && !redis.is_local() {
        let msg = format!(
            "{} is not on this machine and no team secret is set (${var}): anyone who can write to it can forge drafts and answers",
            redis.describe()
        );
        tracing::warn!("{msg}");
        eprintln!("memdoor: warning: {msg}");
    }
    warn_if_not_persistent(&redis).await;
    Ok(redis)
}

/// Warns (stderr and log) when the Redis server would lose the memory on a restart.
pub(crate) async fn warn_if_not_persistent(store: &RedisStore) {
    let mut conn = store.connection();
    let aof: Vec<String> =
        ::redis::cmd("CONFIG").arg("GET").arg("appendonly").query_async(&mut conn).await.unwrap_or_default();
    let save: Vec<String> =
        ::redis::cmd("CONFIG").arg("GET").arg("save").query_async(&mut conn).await.unwrap_or_default();
    let aof_on = aof.get(1).is_some_and(|v| v == "yes");
    let rdb_on = save.get(1).is_some_and(|v| !v.trim().is_empty());
    if !aof.is_empty() && !aof_on && !rdb_on {
        let msg = format!(
            "{} has persistence off (no AOF, no RDB saves): a restart loses the shared memory",
            store.describe()
        );
        tracing::warn!("{msg}");
        eprintln!("memdoor: warning: {msg}");
    }
}

/// Says on stderr, once, that `what` (drafts run, the program runs…) without
/// bubblewrap, as the user: the sandbox was asked to be weak.
pub(crate) fn warn_if_weak(sandbox: &crate::judge::sandbox::Sandbox, what: &str) {
    if !sandbox.strength().is_strong() {
        eprintln!(
            "memdoor: WARNING: {what} without bubblewrap, as you, with your files and network in reach ({})",
            sandbox.strength()
        );
    }
}

/// Resolves (fetching if needed) and loads the model named by `args`.
pub(crate) async fn load_model(args: &super::ModelArgs) -> Result<Arc<LocalModel>> {
    load_local(args.spec(), args.load_options()?).await
}

#[cfg(test)]
mod tests;

/// A token cancelled on Ctrl-C or SIGTERM: long-running commands stop cleanly on either.
pub(crate) fn stop_on_signal() -> tokio_util::sync::CancellationToken {
    let stop = tokio_util::sync::CancellationToken::new();
    let on_signal = stop.clone();
    tokio::spawn(async move {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = async { match term.as_mut() { Some(t) => { t.recv().await; } None => std::future::pending().await } } => {}
        }
        on_signal.cancel();
    });
    stop
}
