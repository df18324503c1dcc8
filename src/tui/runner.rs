//! Runs the team for the TUI: a new problem, or more rounds with the user's
//! feedback; each run on a task of its own whose events come back as `Msg`s,
//! cancellable at any time. Also judges the user's edits.

use std::sync::Arc;

use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::msg::Msg;
use super::state::JudgeOutcome;
use crate::judge::grade::{grade, Verdict};
use crate::judge::sandbox::Sandbox;
use crate::judge::SelfConsistency;
use crate::memory::MemoryStore;
use crate::problem::{Mode, Problem};
use crate::team::{continue_team, run_team, Agent, Continuation, Session};

/// What every run of the team shares.
pub struct TeamSetup {
    pub agents: Vec<Agent>,
    pub store: Arc<dyn MemoryStore>,
    pub sandbox: Option<Sandbox>,
    pub rounds: u32,
    pub max_tokens: usize,
    pub agent_tests: bool,
    /// Ids in a shared Redis must not collide with earlier runs' answers.
    pub unique_ids: bool,
}

pub struct TeamRunner {
    setup: Arc<TeamSetup>,
    problem: Option<Arc<Problem>>,
    cancel: Option<CancellationToken>,
    /// Stops following the last task's memory in the store.
    watch: Option<CancellationToken>,
    tx: mpsc::Sender<Msg>,
}

impl TeamRunner {
    pub fn new(setup: TeamSetup, tx: mpsc::Sender<Msg>) -> Self {
        TeamRunner { setup: Arc::new(setup), problem: None, cancel: None, watch: None, tx }
    }

    pub fn start(&mut self, mut problem: Problem) {
        self.cancel();
        if self.setup.unique_ids {
            problem.id = format!("{}-{}", problem.id, crate::memory::now_ms());
        }
        if let Some(w) = self.watch.take() {
            w.cancel();
        }
        let watch = CancellationToken::new();
        tokio::spawn(follow_store(self.setup.store.clone(), problem.id.clone(), self.tx.clone(), watch.clone()));
        self.watch = Some(watch);
        self.problem = Some(Arc::new(problem));
        self.spawn(None, None);
    }

    /// One more round for `agents` (all when `None`) with `feedback`.
    pub fn reprompt(&mut self, feedback: String, agents: Option<Vec<usize>>, round: u32) {
        self.cancel();
        self.spawn(Some(Continuation { round, feedback: Some(feedback) }), agents);
    }

    pub fn cancel(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.cancel();
        }
    }

    fn spawn(&mut self, more: Option<Continuation>, only: Option<Vec<usize>>) {
        let Some(problem) = self.problem.clone() else { return };
        let cancel = CancellationToken::new();
        self.cancel = Some(cancel.clone());
        let (setup, tx) = (self.setup.clone(), self.tx.clone());
        tokio::spawn(async move {
            let agents: Vec<Agent> =
                setup.agents.iter().filter(|a| only.as_ref().is_none_or(|o| o.contains(&a.id))).cloned().collect();
            let (etx, mut erx) = mpsc::channel(1024);
            let forward = {
                let tx = tx.clone();
                async move {
                    while let Some(e) = erx.recv().await {
                        let _ = tx.send(Msg::Team(e)).await;
                    }
                }
            };
            let rounds = if more.is_some() { 1 } else { setup.rounds };
            let session = Session {
                problem: &problem,
                agents: &agents,
                max_tokens: setup.max_tokens,
                rounds,
                strategy: &SelfConsistency,
                store: setup.store.clone(),
                sandbox: setup.sandbox.clone(),
                mechanisms: crate::team::Mechanisms { agent_tests: setup.agent_tests, ..Default::default() },
            };
            let run = async move {
                match more {
                    None => run_team(session, etx, cancel).await,
                    Some(m) => continue_team(session, m, etx, cancel).await,
                }
            };
            futures::future::join(run, forward).await;
            let _ = tx.send(Msg::TeamStopped).await;
        });
    }

    /// Runs `code` on the problem's public tests; the outcome comes back as `Msg::Judged`.
    pub fn judge(&self, code: String) {
        let (problem, sandbox, tx) = (self.problem.clone(), self.setup.sandbox.clone(), self.tx.clone());
        tokio::spawn(async move {
            let outcome = match (problem, sandbox) {
                (Some(p), Some(sb)) if !p.public_tests.is_empty() && !matches!(p.mode, Mode::HumanEval { .. }) => {
                    match grade(&sb, &p.mode, &code, &p.public_tests).await {
                        Ok(results) => JudgeOutcome::Tests {
                            passed: results.iter().filter(|r| r.verdict == Verdict::Pass).count(),
                            run: results.len(),
                        },
                        Err(e) => JudgeOutcome::Error(format!("{e:#}")),
                    }
                }
                _ => JudgeOutcome::NoTests,
            };
            let _ = tx.send(Msg::Judged(outcome)).await;
        });
    }
}

impl Drop for TeamRunner {
    fn drop(&mut self) {
        self.cancel();
        if let Some(w) = self.watch.take() {
            w.cancel();
        }
    }
}

/// The store as the memory panel names it, with its connection state (the
/// embedded store has none).
pub fn store_label(store: &dyn MemoryStore, state: Option<&str>) -> String {
    match (store.describe(), state) {
        (d, _) if d == "embedded" => "embedded store".into(),
        (d, Some(state)) => format!("{d} · {state}"),
        (d, None) => d,
    }
}

/// Follows `task`'s entries in the store (others' too: remote workers write
/// there) and reports the connection: a lost subscription is re-made with
/// backoff; entries seen twice are dropped by the state.
async fn follow_store(store: Arc<dyn MemoryStore>, task: String, tx: mpsc::Sender<Msg>, stop: CancellationToken) {
    let name = store.describe();
    let mut backoff = std::time::Duration::from_millis(250);
    loop {
        let mut entries = match store.subscribe(&task).await {
            Ok(s) => s,
            Err(e) => {
                let _ = tx.send(Msg::StoreStatus(format!("{name} · reconnecting ({e:#})"))).await;
                tokio::select! {
                    _ = stop.cancelled() => return,
                    // Waiting between attempts, not for a condition: there is no event for "the server is back".
                    _ = tokio::time::sleep(backoff) => {}
                }
                backoff = (backoff * 2).min(std::time::Duration::from_secs(5));
                continue;
            }
        };
        let _ = tx.send(Msg::StoreStatus(store_label(&*store, Some("connected")))).await;
        backoff = std::time::Duration::from_millis(250);
        loop {
            let next = tokio::select! {
                _ = stop.cancelled() => return,
                next = entries.next() => next,
            };
            match next {
                Some(Ok((_, e))) => {
                    let _ = tx.send(Msg::StoreEntry(e)).await;
                }
                Some(Err(e)) => {
                    let _ = tx.send(Msg::StoreStatus(format!("{name} · reconnecting ({e:#})"))).await;
                    break;
                }
                None => break,
            }
        }
    }
}
