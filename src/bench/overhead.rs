//! `memdoor bench team`: what one team solve costs beyond the model's own
//! compute, with the embedded store and with Redis.

use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::BENCH_PROMPT;
use crate::model::local::LocalModel;
use crate::model::ModelBackend;

/// What a team solve costs beyond the model's own compute.
#[derive(Debug, Serialize)]
pub struct OverheadFigures {
    pub store: String,
    pub rounds: u32,
    pub wall_s: f64,
    /// Per round, the slowest agent's prompt + generation time (agents run in parallel).
    pub(crate) model_s: f64,
    pub(crate) overhead_s: f64,
}

/// Runs the team once on the bench prompt with `store` and splits its wall
/// time into the model's compute and everything else.
pub async fn team_overhead(
    model: Arc<LocalModel>,
    store: Arc<dyn crate::memory::MemoryStore>,
    agents: usize,
    rounds: u32,
    max_tokens: usize,
) -> Result<OverheadFigures> {
    use crate::domain::TeamEvent;
    use crate::session::{SessionSettings, SessionSpec};
    use crate::team::{Mechanisms, TeamConfig};
    let cfg = TeamConfig { agents, max_tokens, ..TeamConfig::default() };
    let backend: Arc<dyn ModelBackend> = model;
    let mechanisms = Mechanisms { agent_tests: false, aggregate: false, ..Default::default() };
    let settings = SessionSettings::plain(cfg, rounds, mechanisms, None);
    let team = settings.agents(|_| backend.clone());
    let mut problem = crate::problem::Problem::from_text(BENCH_PROMPT)?;
    problem.id = format!("bench-{}", crate::memory::now_ms());
    let describe = store.describe();
    let spec = SessionSpec::new(&settings, team, store, None);
    let started = Instant::now();
    let mut recorder = crate::session::Recorder::default();
    crate::session::drive(&spec, &problem, crate::session::Step::Start, &mut [&mut recorder], CancellationToken::new())
        .await?;
    let mut slowest = std::collections::BTreeMap::<u32, f64>::new();
    for e in &recorder.events {
        if let TeamEvent::AgentDone { round, draft, .. } = e {
            let secs = draft.usage.prompt_secs.unwrap_or(0.0) + draft.usage.generate_secs.unwrap_or(0.0);
            let slot = slowest.entry(*round).or_default();
            *slot = slot.max(secs);
        }
    }
    let model_s = slowest.values().sum::<f64>();
    let wall_s = started.elapsed().as_secs_f64();
    Ok(OverheadFigures { store: describe, rounds, wall_s, model_s, overhead_s: wall_s - model_s })
}
