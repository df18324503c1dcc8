//! One request's work, as frames the HTTP side turns into a reply (whole or
//! streamed): the team through `session::drive` — the same session every
//! entry point builds, journaled like any other — or one agent's model
//! alone when the request names it. Work stops when its receiver is
//! dropped (the client went away) or `cancel` fires.

use std::sync::Arc;

use anyhow::Result;
use async_trait::async_trait;
use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::progress::Progress;
use super::reply::{answer_text, finish_reason};
use super::wire::{WireFinish, WireUsage};
use super::Served;
use crate::domain::TeamEvent;
use crate::memory::journal::JournalWriter;
use crate::model::counting::{CountingBackend, TokenCounts};
use crate::model::{ChatRequest, Chunk, FinishReason, Message, ModelBackend, Sampling};
use crate::problem::Problem;
use crate::session::{drive, EventSink, JournalThread, OnJournalError, SessionSpec, Step};
use crate::team::Agent;

/// What a request's work yields, in order: any reasoning and content, then
/// one `Done` or one `Failed`.
#[derive(Debug, Clone, PartialEq)]
pub enum Frame {
    Reasoning(String),
    Content(String),
    Done { finish: WireFinish, usage: WireUsage },
    Failed(String),
}

/// Frames buffered ahead of a slow client.
const FRAMES: usize = 256;

/// Hands the session's events to the request's side; fails (and so stops
/// the session) once the client is gone.
struct ToRequest(mpsc::Sender<TeamEvent>);

#[async_trait]
impl EventSink for ToRequest {
    async fn handle(&mut self, event: &TeamEvent) -> Result<()> {
        self.0.send(event.clone()).await.map_err(|_| anyhow::anyhow!("the client went away"))
    }
}

/// Runs the team on `problem`, each draft at most `max_tokens`.
pub fn team(
    served: Arc<Served>,
    mut problem: Problem,
    max_tokens: usize,
    cancel: CancellationToken,
) -> mpsc::Receiver<Frame> {
    let (tx, rx) = mpsc::channel(FRAMES);
    tokio::spawn(async move {
        // Every token of the request counted, whatever asked for it (drafts,
        // test inputs, distinguishing inputs, aggregation): the reply's usage.
        let counts = Arc::new(TokenCounts::default());
        let agents = served
            .agents
            .iter()
            .map(|a| Agent {
                backend: Arc::new(CountingBackend::sharing(a.backend.clone(), counts.clone())),
                ..a.clone()
            })
            .collect();
        let mut spec = SessionSpec::new(&served.settings, agents, served.store(), Some(served.sandbox.clone()));
        spec.max_tokens = spec.max_tokens.min(max_tokens);
        // Requests run side by side and may repeat a problem: every run its own task.
        spec.unique_ids = true;
        problem.id = spec.task_id(&problem.id);
        let journal = match served.journals {
            false => None,
            true => match JournalWriter::create_default(&problem.id) {
                Ok(w) => Some(JournalThread::start(w, OnJournalError::Warn)),
                Err(e) => {
                    tracing::warn!(task = %problem.id, "no journal for this request: {e:#}");
                    None
                }
            },
        };
        let (events_tx, mut events) = mpsc::channel(1024);
        let relay = {
            let (tx, cancel) = (tx.clone(), cancel.clone());
            tokio::spawn(async move {
                let mut progress = Progress::default();
                while let Some(event) = events.recv().await {
                    if let Some(line) = progress.on(&event) {
                        if tx.send(Frame::Reasoning(line)).await.is_err() {
                            cancel.cancel();
                        }
                    }
                }
                progress
            })
        };
        let mut journal_sink = journal.as_ref().map(JournalThread::sink);
        let mut to_request = ToRequest(events_tx);
        let mut sinks: Vec<&mut dyn EventSink> = Vec::new();
        if let Some(j) = journal_sink.as_mut() {
            sinks.push(j);
        }
        sinks.push(&mut to_request);
        let verdict = drive(&spec, &problem, Step::Start, &mut sinks, cancel.clone()).await;
        drop(sinks);
        drop(to_request);
        if let Some(j) = journal {
            match j.finish().await {
                Ok(path) => tracing::info!(task = %problem.id, "journal: {}", path.display()),
                Err(e) => tracing::warn!(task = %problem.id, "journal: {e:#}"),
            }
        }
        let progress = relay.await.unwrap_or_default();
        let last = match verdict {
            Err(e) => Frame::Failed(format!("{e:#}")),
            Ok(_) if cancel.is_cancelled() => Frame::Failed("cancelled".into()),
            Ok(v) => {
                let _ = tx.send(Frame::Content(answer_text(v.as_ref(), &problem))).await;
                let usage = WireUsage::new(counts.prompt(), counts.completion());
                Frame::Done { finish: finish_reason(v.as_ref(), progress.any_length), usage }
            }
        };
        let _ = tx.send(last).await;
    });
    rx
}

/// Passes the conversation to one model, as an ordinary chat completion.
pub fn single(
    backend: Arc<dyn ModelBackend>,
    messages: Vec<Message>,
    sampling: Sampling,
    max_tokens: usize,
    cancel: CancellationToken,
) -> mpsc::Receiver<Frame> {
    let (tx, rx) = mpsc::channel(FRAMES);
    tokio::spawn(async move {
        let request = ChatRequest { messages, sampling, max_tokens, ignore_stop: false };
        let mut stream = match backend.stream(request, cancel.clone()).await {
            Ok(s) => s,
            Err(e) => {
                let _ = tx.send(Frame::Failed(format!("{e:#}"))).await;
                return;
            }
        };
        while let Some(chunk) = stream.next().await {
            let frame = match chunk {
                Ok(Chunk::Text(t)) => Frame::Content(t),
                // Only remote workers restart; a single local model never does.
                Ok(Chunk::Restart) => continue,
                Ok(Chunk::Done { finish, usage }) => {
                    let finish = if finish == FinishReason::Length { WireFinish::Length } else { WireFinish::Stop };
                    Frame::Done { finish, usage: WireUsage::new(usage.prompt_tokens, usage.completion_tokens) }
                }
                Err(e) => Frame::Failed(format!("{e:#}")),
            };
            let last = matches!(frame, Frame::Done { .. } | Frame::Failed(_));
            if tx.send(frame).await.is_err() {
                cancel.cancel();
                return;
            }
            if last {
                return;
            }
        }
        let _ = tx.send(Frame::Failed("the model's stream ended without finishing".into())).await;
    });
    rx
}
