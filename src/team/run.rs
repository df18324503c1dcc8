//! One round: every agent streams its answer at once; tokens, drafts and
//! failures go out as events; then the strategy decides.

use std::sync::Arc;
use std::time::Instant;

use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::extract::extract_code;
use super::spec::{agent_sampling, TeamConfig};
use crate::event::{AgentInfo, Draft, TeamEvent};
use crate::judge::{Strategy, Verdict};
use crate::model::{ChatRequest, Chunk, Message, ModelBackend, Sampling};
use crate::problem::Problem;

pub struct Agent {
    pub id: usize,
    pub backend: Arc<dyn ModelBackend>,
    pub sampling: Sampling,
}

impl Agent {
    /// `cfg.agents` agents on one backend (the weights are shared by cloning).
    pub fn team_on(backend: Arc<dyn ModelBackend>, cfg: &TeamConfig) -> Vec<Agent> {
        (0..cfg.agents).map(|id| Agent { id, backend: backend.clone(), sampling: agent_sampling(cfg, id) }).collect()
    }
}

async fn emit(events: &mpsc::Sender<TeamEvent>, e: TeamEvent) {
    // A consumer that went away (e.g. the terminal closed) must not stop the team.
    let _ = events.send(e).await;
}

async fn run_agent(
    agent: &Agent,
    messages: Vec<Message>,
    max_tokens: usize,
    round: u32,
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Draft> {
    let failed = |error: String| TeamEvent::AgentFailed { agent: agent.id, round, error };
    let req = ChatRequest { messages, sampling: agent.sampling.clone(), max_tokens, ignore_stop: false };
    let mut stream = match agent.backend.stream(req, cancel).await {
        Ok(s) => s,
        Err(e) => {
            emit(events, failed(format!("{e:#}"))).await;
            return None;
        }
    };
    let mut text = String::new();
    while let Some(chunk) = stream.next().await {
        match chunk {
            Ok(Chunk::Text(t)) => {
                text.push_str(&t);
                emit(events, TeamEvent::AgentToken { agent: agent.id, round, text: t }).await;
            }
            Ok(Chunk::Done { finish, usage }) => {
                let draft = Draft { code: extract_code(&text), text, finish, usage };
                emit(events, TeamEvent::AgentDone { agent: agent.id, round, draft: draft.clone() }).await;
                return Some(draft);
            }
            Err(e) => {
                emit(events, failed(format!("{e:#}"))).await;
                return None;
            }
        }
    }
    emit(events, failed("the model's stream ended without finishing".into())).await;
    None
}

/// Runs the team on `problem` and returns the strategy's verdict (`None` when
/// no draft had code to vote on).
pub async fn run_team(
    problem: &Problem,
    agents: &[Agent],
    max_tokens: usize,
    strategy: &dyn Strategy,
    events: mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Verdict> {
    let started = Instant::now();
    let infos = agents
        .iter()
        .map(|a| AgentInfo {
            agent: a.id,
            model: a.backend.name().to_string(),
            temperature: a.sampling.temperature,
            seed: a.sampling.seed,
        })
        .collect();
    emit(&events, TeamEvent::TaskStarted { task: problem.id.clone(), problem: problem.statement.clone(), agents: infos }).await;

    let messages = problem.messages();
    let runs = agents.iter().map(|a| run_agent(a, messages.clone(), max_tokens, 1, &events, cancel.clone()));
    let drafts: Vec<(usize, Draft)> = futures::future::join_all(runs)
        .await
        .into_iter()
        .zip(agents)
        .filter_map(|(d, a)| d.map(|d| (a.id, d)))
        .collect();

    let verdict = strategy.decide(&drafts);
    if let Some(v) = &verdict {
        emit(&events, v.to_event()).await;
    }
    emit(
        &events,
        TeamEvent::TaskFinished {
            task: problem.id.clone(),
            answer: verdict.as_ref().map(|v| v.answer.clone()),
            elapsed_secs: started.elapsed().as_secs_f64(),
        },
    )
    .await;
    verdict
}
