//! A session: round 1 every agent proposes; each later round every agent sees
//! the others' drafts and notes from the shared memory and refines its own;
//! then the strategy decides and the answer is written to the store, once.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent_tests::write_tests;
use super::checks::{failing_tests, run_tests, testable};
use super::extract::extract_code;
use super::prompt::{aggregate_messages, messages_for, note_of, with_feedback, with_role};
use super::spec::{agent_sampling, TeamConfig};
use crate::event::{AgentInfo, Draft, TeamEvent};
use crate::judge::sandbox::Sandbox;
use crate::judge::{DraftRun, ExecutionVote, Strategy, Verdict};
use crate::memory::{Entry, EntryKind, MemoryStore};
use crate::model::{ChatRequest, Chunk, Message, ModelBackend, Sampling};
use crate::problem::{Problem, TestCase};

#[derive(Clone)]
pub struct Agent {
    pub id: usize,
    pub backend: Arc<dyn ModelBackend>,
    pub sampling: Sampling,
    /// A persona line for this agent's system prompt.
    pub role: Option<String>,
    /// This agent's answer length, instead of the session's.
    pub max_tokens: Option<usize>,
}

impl Agent {
    /// `cfg.agents` agents on one backend (the weights are shared by cloning).
    pub fn team_on(backend: Arc<dyn ModelBackend>, cfg: &TeamConfig) -> Vec<Agent> {
        (0..cfg.agents).map(|id| Agent::new(id, backend.clone(), agent_sampling(cfg, id))).collect()
    }

    /// An agent with no role of its own and the session's answer length.
    pub fn new(id: usize, backend: Arc<dyn ModelBackend>, sampling: Sampling) -> Agent {
        Agent { id, backend, sampling, role: None, max_tokens: None }
    }
}

/// Everything one session runs with.
pub struct Session<'a> {
    pub problem: &'a Problem,
    pub agents: &'a [Agent],
    pub max_tokens: usize,
    /// 1 = propose only; each further round is a refine round.
    pub rounds: u32,
    pub strategy: &'a dyn Strategy,
    pub store: Arc<dyn MemoryStore>,
    /// Where drafts are run on the public tests; `None` = nothing is run
    /// and the strategy decides alone.
    pub sandbox: Option<Sandbox>,
    /// After proposing, agents write test inputs that help tell drafts apart.
    pub agent_tests: bool,
    /// With no tests to run, let agent 0 synthesise the answer from every
    /// draft (Mixture-of-Agents) instead of taking the most common one.
    pub aggregate: bool,
}

/// Marks a verdict that nothing was run to check.
fn unverified(v: Option<Verdict>) -> Option<Verdict> {
    v.map(|mut v| {
        v.strategy = format!("{} (unverified: no tests to run)", v.strategy);
        v
    })
}

/// Agent 0 writes one answer from all drafts, in a last round of its own.
async fn aggregate(s: &Session<'_>, round: u32, drafts: &[(usize, Draft)], events: &mpsc::Sender<TeamEvent>, cancel: CancellationToken) -> Option<Verdict> {
    let shown: Vec<(usize, String)> = drafts.iter().filter_map(|(a, d)| d.code.clone().map(|c| (*a, c))).collect();
    if shown.len() < 2 {
        return None; // nothing to synthesise
    }
    let agent = s.agents.first()?;
    let max_tokens = agent.max_tokens.unwrap_or(s.max_tokens);
    let messages = aggregate_messages(s.problem, &shown, agent.backend.context_tokens(), max_tokens);
    let draft = run_agent(agent, messages, max_tokens, round, events, cancel).await?;
    let answer = draft.code?;
    let entry = Entry::new(&s.problem.id, round, Some(agent.id), EntryKind::Draft, answer.clone());
    remember(&*s.store, events, entry).await;
    Some(Verdict {
        answer,
        strategy: "aggregator (unverified: no tests to run)".into(),
        cluster: 0,
        agents: shown.iter().map(|(a, _)| *a).collect(),
        evidence: drafts.iter().map(|(a, d)| crate::event::DraftEvidence { agent: *a, cluster: d.code.as_ref().map(|_| 0), tests: None }).collect(),
    })
}

pub(super) async fn emit(events: &mpsc::Sender<TeamEvent>, e: TeamEvent) {
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
    let messages = with_role(messages, agent.role.as_deref());
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
            Ok(Chunk::Restart) => {
                text.clear();
                emit(events, TeamEvent::AgentRestarted { agent: agent.id, round }).await;
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

/// Writes `entry` to the store and reports it; a store failure is reported
/// as an error entry event rather than stopping the team.
pub(super) async fn remember(store: &dyn MemoryStore, events: &mpsc::Sender<TeamEvent>, entry: Entry) {
    match store.append(entry.clone()).await {
        Ok(_) => emit(events, TeamEvent::MemoryEntry(entry)).await,
        Err(e) => {
            tracing::warn!("memory write failed: {e:#}");
            let content = format!("memory write failed ({}): {e:#}", store.describe());
            emit(events, TeamEvent::MemoryEntry(Entry::new(&entry.task, entry.round, entry.agent, EntryKind::Error, content))).await;
        }
    }
}

/// More rounds of a session already run: the user's feedback (a re-prompt)
/// for `Session::agents`, which may be part of the team; the others' latest
/// drafts are taken from the memory and take part in the vote.
#[derive(Debug, Clone)]
pub struct Continuation {
    /// The first new round's number (one after the last round run).
    pub round: u32,
    pub feedback: Option<String>,
}

/// Runs the session; returns the strategy's verdict (`None`: no draft had code).
pub async fn run_team(s: Session<'_>, events: mpsc::Sender<TeamEvent>, cancel: CancellationToken) -> Option<Verdict> {
    run_rounds(s, None, events, cancel).await
}

/// Runs `s.rounds` more rounds of a session (see `Continuation`).
pub async fn continue_team(s: Session<'_>, more: Continuation, events: mpsc::Sender<TeamEvent>, cancel: CancellationToken) -> Option<Verdict> {
    run_rounds(s, Some(more), events, cancel).await
}

/// Latest drafts in the memory of agents not in `exclude`, as drafts to vote on.
fn drafts_from_memory(memory: &[Entry], exclude: &[usize]) -> Vec<(usize, Draft)> {
    let mut by_agent: BTreeMap<usize, &Entry> = BTreeMap::new();
    for e in memory.iter().filter(|e| e.kind == EntryKind::Draft) {
        if let Some(a) = e.agent.filter(|a| !exclude.contains(a)) {
            by_agent.insert(a, e);
        }
    }
    by_agent
        .into_iter()
        .map(|(a, e)| {
            let code = extract_code(&e.content).or_else(|| Some(e.content.clone()));
            (a, Draft { text: e.content.clone(), code, finish: crate::model::FinishReason::Stop, usage: Default::default() })
        })
        .collect()
}

async fn run_rounds(s: Session<'_>, more: Option<Continuation>, events: mpsc::Sender<TeamEvent>, cancel: CancellationToken) -> Option<Verdict> {
    let started = Instant::now();
    let task = s.problem.id.clone();
    let infos = s
        .agents
        .iter()
        .map(|a| AgentInfo { agent: a.id, model: a.backend.name().to_string(), temperature: a.sampling.temperature, seed: a.sampling.seed, role: a.role.clone() })
        .collect();
    let sandbox = s.sandbox.as_ref().filter(|_| !s.problem.public_tests.is_empty()).map(|sb| sb.strength().to_string());
    emit(&events, TeamEvent::TaskStarted { task: task.clone(), problem: s.problem.statement.clone(), agents: infos, sandbox }).await;

    let mut latest: BTreeMap<usize, Draft> = BTreeMap::new();
    let mut runs: BTreeMap<usize, DraftRun> = BTreeMap::new();
    let mut extra: Vec<TestCase> = Vec::new();
    let first = more.as_ref().map_or(1, |m| m.round.max(1));
    let feedback = more.as_ref().and_then(|m| m.feedback.clone());
    let mut carried: Vec<(usize, Draft)> = Vec::new();
    if more.is_some() {
        if let Ok(entries) = s.store.read(&task, None).await {
            let ours: Vec<usize> = s.agents.iter().map(|a| a.id).collect();
            let memory: Vec<Entry> = entries.into_iter().map(|(_, e)| e).collect();
            // Every latest draft is run again: the re-prompted agents see their
            // failing tests, and the others' results enter the vote.
            let all = drafts_from_memory(&memory, &[]);
            let refs: Vec<(usize, &Draft)> = all.iter().map(|(a, d)| (*a, d)).collect();
            runs = run_tests(&s, first.saturating_sub(1), &refs, &[], &events).await;
            carried = all.into_iter().filter(|(a, _)| !ours.contains(a)).collect();
        }
    }
    let last_round = first + s.rounds.max(1) - 1;
    for round in first..=last_round {
        if cancel.is_cancelled() {
            break;
        }
        let memory: Vec<Entry> = match s.store.read(&task, None).await {
            Ok(entries) => entries.into_iter().map(|(_, e)| e).collect(),
            Err(e) => {
                tracing::warn!("memory read failed: {e:#}");
                Vec::new()
            }
        };
        let turns = s.agents.iter().map(|a| {
            let ctx = a.backend.context_tokens();
            let failures = failing_tests(s.problem, runs.get(&a.id));
            let max_tokens = a.max_tokens.unwrap_or(s.max_tokens);
            let mut messages = messages_for(s.problem, a.id, round, &memory, ctx, max_tokens, &failures);
            if let Some(f) = &feedback {
                with_feedback(&mut messages, f);
            }
            run_agent(a, messages, max_tokens, round, &events, cancel.clone())
        });
        let results = futures::future::join_all(turns).await;
        let new: Vec<(usize, &Draft)> = s.agents.iter().zip(&results).filter_map(|(a, d)| d.as_ref().map(|d| (a.id, d))).collect();
        if round == 1 && s.agent_tests && testable(&s) {
            extra = write_tests(&s, &events, cancel.clone()).await;
        }
        let tested = run_tests(&s, round, &new, &extra, &events).await;
        // Results belong to the draft they ran: a new draft drops the old ones.
        for (agent, _) in &new {
            runs.remove(agent);
        }
        for (agent, draft) in s.agents.iter().zip(results) {
            let Some(draft) = draft else { continue };
            if round > 1 {
                if let Some(note) = note_of(&draft.text) {
                    remember(&*s.store, &events, Entry::new(&task, round, Some(agent.id), EntryKind::Note, note)).await;
                }
            }
            let content = draft.code.clone().unwrap_or_else(|| draft.text.clone());
            remember(&*s.store, &events, Entry::new(&task, round, Some(agent.id), EntryKind::Draft, content)).await;
            latest.insert(agent.id, draft);
        }
        runs.extend(tested);
        if round == first {
            // The rest of the team's drafts stand beside the new ones in the vote.
            latest.extend(std::mem::take(&mut carried));
        }
        emit(&events, TeamEvent::RoundFinished { round }).await;
    }

    let drafts: Vec<(usize, Draft)> = latest.into_iter().collect();
    let verdict = if !runs.is_empty() {
        ExecutionVote.decide(&drafts, &runs)
    } else if s.aggregate && !cancel.is_cancelled() {
        aggregate(&s, last_round + 1, &drafts, &events, cancel.clone()).await.or_else(|| unverified(s.strategy.decide(&drafts)))
    } else {
        unverified(s.strategy.decide(&drafts))
    };
    if let Some(v) = &verdict {
        let decision = format!("{}: {} of {} drafts agree (agents {:?})", v.strategy, v.agents.len(), drafts.len(), v.agents);
        remember(&*s.store, &events, Entry::new(&task, last_round, None, EntryKind::Decision, decision)).await;
        match s.store.put_final(&task, &v.answer).await {
            Ok(true) => {}
            Ok(false) => tracing::info!(task, "a final answer was already stored; kept it"),
            Err(e) => tracing::warn!("storing the final answer failed: {e:#}"),
        }
        emit(&events, v.to_event()).await;
    }
    emit(
        &events,
        TeamEvent::TaskFinished { task, answer: verdict.as_ref().map(|v| v.answer.clone()), elapsed_secs: started.elapsed().as_secs_f64() },
    )
    .await;
    verdict
}
