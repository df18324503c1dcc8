//! One agent's turn: its prompt streamed through its backend, every token an
//! event, the answer a `Draft` whose code is ready for the judge; and the
//! two ways the team reports: events, and entries in the shared memory.

use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent::Agent;
use super::extract::draft_code;
use super::form::repair_for_problem;
use super::placeholder::no_code;
use super::prompt::with_role;
use crate::domain::{Draft, FinishReason, NoCode, TeamEvent, Usage};
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
            emit(
                events,
                TeamEvent::MemoryEntry(Entry::new(&entry.task, entry.round, entry.agent, EntryKind::Error, content)),
            )
            .await;
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
    pub(crate) repair_for: Option<&'a Problem>,
}

/// The code the judge runs: the draft's code (`draft_code`), with its form
/// repaired when asked (the repairs made are kept on the draft); or why
/// the answer holds none that counts.
fn code_of(
    text: &str,
    finish: FinishReason,
    repair_for: Option<&Problem>,
) -> (Result<String, Option<NoCode>>, Vec<crate::domain::Repair>) {
    let Some(code) = draft_code(text, finish) else { return (Err(None), Vec::new()) };
    if let Some(why) = no_code(&code) {
        return (Err(Some(why)), Vec::new());
    }
    match repair_for {
        Some(p) => {
            let (code, repairs) = repair_for_problem(&code, p);
            (Ok(code), repairs)
        }
        None => (Ok(code), Vec::new()),
    }
}

/// What the agent is told when its code block held only a placeholder.
const REASK: &str = "Your code block holds no code, only a placeholder. Write the complete solution now, \
as one ```python code block with the whole working code: no placeholder, no `pass`, no `...`.";

/// One streamed answer: its text, how it ended and what it cost; `Err` the
/// failure, already reported as an event.
pub(super) async fn stream_answer(
    agent: &Agent,
    req: ChatRequest,
    round: u32,
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Result<(String, FinishReason, Usage), ()> {
    let failed = |error: String| TeamEvent::AgentFailed { agent: agent.id, round, error };
    let mut stream = match agent.backend.stream(req, cancel).await {
        Ok(s) => s,
        Err(e) => {
            emit(events, failed(format!("{e:#}"))).await;
            return Err(());
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
            Ok(Chunk::Done { finish, usage }) => return Ok((text, finish, usage)),
            Err(e) => {
                emit(events, failed(format!("{e:#}"))).await;
                return Err(());
            }
        }
    }
    emit(events, failed("the model's stream ended without finishing".into())).await;
    Err(())
}

/// Streams one answer; `None` when the agent failed (reported as an event).
/// An answer whose code block holds only a placeholder (or nothing) is no
/// draft: the agent is asked once more, its first answer and `REASK` in
/// the conversation, and the second answer is the draft (`reasked` says why).
pub(super) async fn run_agent(
    agent: &Agent,
    turn: TurnRequest<'_>,
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Draft> {
    let round = turn.round;
    let messages = with_role(turn.messages, agent.role.as_deref());
    let sampling = turn.sampling.unwrap_or_else(|| agent.sampling.clone());
    let req = ChatRequest { messages, sampling, max_tokens: turn.max_tokens, ignore_stop: false };
    let (text, finish, usage) = stream_answer(agent, req.clone(), round, events, cancel.clone()).await.ok()?;
    let (code, repairs) = code_of(&text, finish, turn.repair_for);
    let draft = match code {
        Ok(code) => Draft { code: Some(code), text, finish, usage, repairs, reasked: None },
        Err(Some(why)) if finish != FinishReason::Cancelled && !cancel.is_cancelled() => {
            tracing::info!(agent = agent.id, round, ?why, "a code block without code: asking again");
            let mut again = req;
            again.messages.extend([Message::assistant(text), Message::user(REASK)]);
            emit(events, TeamEvent::AgentRestarted { agent: agent.id, round }).await;
            let (text, finish, second) = stream_answer(agent, again, round, events, cancel).await.ok()?;
            let (code, repairs) = code_of(&text, finish, turn.repair_for);
            let usage = usage.plus(&second);
            Draft { code: code.ok(), text, finish, usage, repairs, reasked: Some(why) }
        }
        Err(_) => Draft { code: None, text, finish, usage, repairs, reasked: None },
    };
    emit(events, TeamEvent::AgentDone { agent: agent.id, round, draft: draft.clone() }).await;
    Some(draft)
}

/// A question on the side of the rounds (test inputs, distinguishing
/// inputs, a predicted output): the problem, then `ask`; the whole answer,
/// streamed to no one. `None` when the agent failed.
pub(super) async fn side_question(
    agent: &Agent,
    problem: &Problem,
    ask: &str,
    max_tokens: usize,
    cancel: CancellationToken,
) -> Option<String> {
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
