//! `memdoor solve`: load the model, run the team, show and journal the events.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::{setup, ModelArgs, SolveArgs};
use crate::config::{Backend, Config};
use crate::judge::sandbox::Sandbox;
use crate::judge::SelfConsistency;
use crate::memory::embedded::EmbeddedStore;
use crate::memory::redis::RedisStore;
use crate::memory::MemoryStore;
use crate::model::local::LocalModel;
use crate::model::ModelBackend;
use crate::solve_view::SolveView;
use crate::team::remote::RemoteBackend;
use crate::team::{agent_sampling, run_team, Agent, Session};

/// Resolves (fetching if needed) and loads the model named by `args`.
pub async fn load_model(args: &ModelArgs) -> Result<Arc<LocalModel>> {
    setup::load_local(args.spec(), args.load_options()?).await
}

/// Warns (stderr and log) when the Redis server would lose the memory on a restart.
pub async fn warn_if_not_persistent(store: &RedisStore) {
    let mut conn = store.connection();
    let aof: Vec<String> = ::redis::cmd("CONFIG").arg("GET").arg("appendonly").query_async(&mut conn).await.unwrap_or_default();
    let save: Vec<String> = ::redis::cmd("CONFIG").arg("GET").arg("save").query_async(&mut conn).await.unwrap_or_default();
    let aof_on = aof.get(1).is_some_and(|v| v == "yes");
    let rdb_on = save.get(1).is_some_and(|v| !v.trim().is_empty());
    if !aof.is_empty() && !aof_on && !rdb_on {
        let msg = format!("{} has persistence off (no AOF, no RDB saves): a restart loses the shared memory", store.describe());
        tracing::warn!("{msg}");
        eprintln!("memdoor: warning: {msg}");
    }
}

pub async fn solve(args: SolveArgs, file: Config) -> Result<ExitCode> {
    let Some(mut problem) = args.session.read_problem()? else {
        bail!("no problem given: memdoor solve \"TEXT\" or memdoor solve --problem FILE")
    };
    let cfg = setup::apply_team_flags(&args.session.team, file);
    let team = cfg.team_config();
    let redis = setup::open_redis(&cfg).await?;
    if redis.is_some() {
        // Ids in a shared Redis must not collide with earlier runs' answers.
        problem.id = format!("{}-{}", problem.id, crate::memory::now_ms());
    }
    let (store, agents): (Arc<dyn MemoryStore>, Vec<Agent>) = match redis {
        Some(redis) if args.remote => {
            if cfg.agents.iter().take(team.agents).any(|a| a.backend == Backend::Openai) {
                bail!("--remote runs every agent on `memdoor agent` workers; the config's backend = \"openai\" agents cannot join (run without --remote)");
            }
            let agents = (0..team.agents)
                .map(|id| {
                    let backend: Arc<dyn ModelBackend> = Arc::new(RemoteBackend::new(redis.clone(), "remote"));
                    let entry = cfg.agent(id);
                    let mut sampling = agent_sampling(&team, id);
                    sampling.temperature = entry.temperature.unwrap_or(sampling.temperature);
                    Agent { role: entry.role, max_tokens: entry.max_tokens, ..Agent::new(id, backend, sampling) }
                })
                .collect();
            (Arc::new(redis), agents)
        }
        None if args.remote => bail!("--remote needs a Redis: --redis URL, MEMDOOR_REDIS, or [store] redis in the config"),
        Some(redis) => (Arc::new(redis), setup::build_agents(&cfg).await?),
        None => (Arc::new(EmbeddedStore::new()), setup::build_agents(&cfg).await?),
    };

    let mut journal = args.session.open_journal(&problem.id)?;

    let sandbox = Sandbox::open(cfg.sandbox.mode, cfg.sandbox.limits()).await?;
    if !sandbox.strength().is_strong() {
        eprintln!("memdoor: WARNING: drafts run without bubblewrap, as you, with your files and network in reach ({})", sandbox.strength());
    }

    let cancel = CancellationToken::new();
    let on_ctrl_c = cancel.clone();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            on_ctrl_c.cancel();
        }
    });
    let (tx, mut rx) = mpsc::channel(1024);
    let (rounds, agent_tests, max_tokens) = (cfg.team.rounds, cfg.team.agent_tests, cfg.team.max_tokens);
    let longest = agents.iter().map(|a| a.max_tokens.unwrap_or(max_tokens)).max().unwrap_or(max_tokens);
    let team = tokio::spawn(async move {
        let session = Session { problem: &problem, agents: &agents, max_tokens, rounds, strategy: &SelfConsistency, store, sandbox: Some(sandbox), mechanisms: crate::team::Mechanisms { agent_tests, ..Default::default() } };
        run_team(session, tx, cancel).await
    });
    let mut view = SolveView::new(args.json, args.show_drafts, longest);
    while let Some(event) = rx.recv().await {
        if let Some(j) = journal.as_mut() {
            j.write(&event)?;
        }
        view.handle(&event).context("writing output")?;
    }
    let verdict = team.await.context("the team task failed")?;
    if let Some(j) = journal {
        eprintln!("memdoor: session journal: {}", j.finish()?.display());
    }
    Ok(if verdict.is_some() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
