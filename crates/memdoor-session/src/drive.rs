//! `drive`: runs the team for a `SessionSpec` and hands every `TeamEvent`,
//! in order, to each sink (journal, live view, JSON, TUI, bench recorder).
//! The only place a `team::TeamRun` is put together.

use anyhow::Result;
use async_trait::async_trait;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::SessionSpec;
use crate::domain::Consensus;
use crate::domain::TeamEvent;
use crate::problem::Problem;
use crate::team::{continue_team, run_team, Agent, Continuation, TeamRun};

/// Where a session's events go. A sink that fails stops the session: the
/// team is cancelled and `drive` returns that error.
#[async_trait]
pub trait EventSink: Send {
    async fn handle(&mut self, event: &TeamEvent) -> Result<()>;
    /// After the last event (also after a failure elsewhere).
    async fn finish(&mut self) -> Result<()> {
        Ok(())
    }
}

/// What to run: a new session, or more rounds of one already run.
#[derive(Debug, Clone, Default)]
pub enum Step {
    /// `spec.rounds` rounds from a blank memory.
    #[default]
    Start,
    /// One more round for `only` (every agent when `None`) with the user's feedback.
    Continue { more: Continuation, only: Option<Vec<usize>> },
}

/// Runs `step` of the session on `problem` and returns the team's verdict
/// (`None`: no draft to stand behind, or cancelled).
pub async fn drive(
    spec: &SessionSpec,
    problem: &Problem,
    step: Step,
    sinks: &mut [&mut dyn EventSink],
    cancel: CancellationToken,
) -> Result<Option<Consensus>> {
    let (agents, rounds, more) = match step {
        Step::Start => (spec.agents.clone(), spec.rounds, None),
        Step::Continue { more, only } => {
            let agents: Vec<Agent> =
                spec.agents.iter().filter(|a| only.as_ref().is_none_or(|o| o.contains(&a.id))).cloned().collect();
            (agents, 1, Some(more))
        }
    };
    // The public-tests ablation: the team sees the problem as if it stated no examples
    // (the bench still grades on every test).
    let unstated;
    let problem = if spec.mechanisms.public_tests {
        problem
    } else {
        unstated = Problem { public_tests: Vec::new(), ..problem.clone() };
        &unstated
    };
    let run = TeamRun {
        problem,
        agents: &agents,
        max_tokens: spec.max_tokens,
        rounds,
        store: spec.store.clone(),
        sandbox: spec.sandbox.clone(),
        mechanisms: spec.mechanisms,
        repo: spec.repo.as_deref(),
    };
    let (tx, mut rx) = mpsc::channel(1024);
    let team_cancel = cancel.child_token();
    let stop = team_cancel.clone();
    let team = async move {
        match more {
            None => run_team(run, tx, team_cancel).await,
            Some(m) => continue_team(run, m, tx, team_cancel).await,
        }
    };
    // Items the store dropped as not the team's, counted from here.
    let rejected_before = spec.store.rejected();
    let mut rejected_told = 0;
    let mut task = None;
    let fan_out = async {
        let mut failed = None;
        let mut last = false;
        loop {
            let event = match rx.recv().await {
                Some(event) => event,
                None if last => break,
                // After the team's last event, one more look at the count.
                None => {
                    last = true;
                    TeamEvent::Rejected { total: 0 }
                }
            };
            if let TeamEvent::TaskStarted { task: id, .. } = &event {
                task = Some(id.clone());
            }
            if failed.is_some() {
                continue; // drained so the cancelled team never blocks on a full channel
            }
            let rejected = spec.store.rejected().saturating_sub(rejected_before);
            let mut events = Vec::with_capacity(2);
            if rejected > rejected_told {
                rejected_told = rejected;
                events.push(TeamEvent::Rejected { total: rejected });
            }
            if !matches!(event, TeamEvent::Rejected { .. }) {
                events.push(event);
            }
            'sinks: for event in &events {
                for sink in sinks.iter_mut() {
                    if let Err(e) = sink.handle(event).await {
                        failed = Some(e);
                        stop.cancel();
                        break 'sinks;
                    }
                }
            }
        }
        for sink in sinks.iter_mut() {
            if let Err(e) = sink.finish().await {
                failed.get_or_insert(e);
            }
        }
        failed
    };
    let (verdict, failed) = futures::join!(team, fan_out);
    // The task is done (this step of it): a shared store starts its retention.
    if let Some(task) = task {
        if let Err(e) = spec.store.retire(&task).await {
            tracing::warn!(?task, "{e:#}");
        }
    }
    match failed {
        Some(e) => Err(e),
        None => Ok(verdict),
    }
}

/// A sink that keeps every event: tests and the bench read them afterwards.
#[derive(Default)]
pub struct Recorder {
    pub events: Vec<TeamEvent>,
}

#[async_trait]
impl EventSink for Recorder {
    async fn handle(&mut self, event: &TeamEvent) -> Result<()> {
        self.events.push(event.clone());
        Ok(())
    }
}
