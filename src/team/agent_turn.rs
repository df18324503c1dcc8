//! One agent's turn: its prompt streamed through its backend, every token an
//! event, the answer a `Draft` whose code is ready for the judge; and the
//! two ways the team reports: events, and entries in the shared memory.

use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::extract::extract_code;
use super::form::repair_for_problem;
use super::prompt::with_role;
use super::session::Agent;
use crate::domain::{Draft, TeamEvent};
use crate::memory::{Entry, EntryKind, MemoryStore};
use crate::model::{ChatRequest, Chunk, Message, Sampling};
use crate::problem::Problem;

pub(super) async fn emit(events: &mpsc::Sender<TeamEvent>, e: TeamEvent) {
    // A consumer that went away (e.g. the terminal closed) must not stop the team.
    let _ = events.send(e).await;
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

/// What one turn asks of an agent.
pub(super) struct TurnRequest<'a> {
    pub messages: Vec<Message>,
    pub max_tokens: usize,
    pub round: u32,
    /// This turn's sampling, when not the agent's own (a fresh draft's new seed).
    pub sampling: Option<Sampling>,
    /// Repair the code's form for this problem before the judge sees it.
    pub repair_for: Option<&'a Problem>,
}

/// The code the judge runs: the last fenced block, with its form repaired
/// when asked (the repairs made are kept on the draft).
fn code_of(text: &str, repair_for: Option<&Problem>) -> (Option<String>, Vec<crate::domain::Repair>) {
    let Some(code) = extract_code(text) else { return (None, Vec::new()) };
    match repair_for {
        Some(p) => {
            let (code, repairs) = repair_for_problem(&code, p);
            (Some(code), repairs)
        }
        None => (Some(code), Vec::new()),
    }
}

/// Streams one answer; `None` when the agent failed (reported as an event).
pub(super) async fn run_agent(agent: &Agent, turn: TurnRequest<'_>, events: &mpsc::Sender<TeamEvent>, cancel: CancellationToken) -> Option<Draft> {
    let round = turn.round;
    let failed = |error: String| TeamEvent::AgentFailed { agent: agent.id, round, error };
    let messages = with_role(turn.messages, agent.role.as_deref());
    let sampling = turn.sampling.unwrap_or_else(|| agent.sampling.clone());
    let req = ChatRequest { messages, sampling, max_tokens: turn.max_tokens, ignore_stop: false };
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
                let (code, repairs) = code_of(&text, turn.repair_for);
                let draft = Draft { code, text, finish, usage, repairs };
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

/// A question on the side of the rounds (test inputs, distinguishing
/// inputs, a predicted output): the problem, then `ask`; the whole answer,
/// streamed to no one. `None` when the agent failed.
pub(super) async fn side_question(agent: &Agent, problem: &Problem, ask: &str, max_tokens: usize, cancel: CancellationToken) -> Option<String> {
    let mut messages = problem.messages();
    if let Some(last) = messages.last_mut() {
        last.content = format!("{}\n\n{ask}", last.content.trim_end());
    }
    let req = ChatRequest { messages, sampling: agent.sampling.clone(), max_tokens, ignore_stop: false };
    let mut stream = agent.backend.stream(req, cancel).await.ok()?;
    let mut text = String::new();
    while let Some(chunk) = stream.next().await {
        match chunk.ok()? {
            Chunk::Text(t) => text.push_str(&t),
            Chunk::Restart => text.clear(),
            Chunk::Done { .. } => return Some(text),
        }
    }
    None
}
