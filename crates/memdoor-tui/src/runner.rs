//! Runs the team for the TUI: a new problem, or more rounds with the user's
//! feedback; each run on a task of its own whose events come back as `Msg`s,
//! cancellable at any time. Also judges the user's edits.

use std::sync::Arc;

use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::msg::{AppliedPatch, Msg};
use super::state::JudgeOutcome;
use crate::domain::TeamEvent;
use crate::judge::grade::grade;
use crate::memory::MemoryStore;
use crate::problem::Problem;
use crate::session::{drive, EventSink, JournalSink, SessionSpec, Step};
use crate::team::Continuation;

/// Hands the team's events to the app loop as `Msg`s. When the app has
/// gone, the send fails and the session stops.
struct ToApp(mpsc::Sender<Msg>);

#[async_trait::async_trait]
impl EventSink for ToApp {
    async fn handle(&mut self, event: &TeamEvent) -> anyhow::Result<()> {
        self.0.send(Msg::Team(event.clone())).await.map_err(|_| anyhow::anyhow!("the TUI has closed"))
    }
}

pub(crate) struct TeamRunner {
    spec: Arc<SessionSpec>,
    /// Every run of the session writes to the one journal.
    journal: Option<JournalSink>,
    problem: Option<Arc<Problem>>,
    cancel: Option<CancellationToken>,
    /// Stops following the last task's memory in the store.
    watch: Option<CancellationToken>,
    tx: mpsc::Sender<Msg>,
}

impl TeamRunner {
    pub fn new(spec: SessionSpec, journal: Option<JournalSink>, tx: mpsc::Sender<Msg>) -> Self {
        TeamRunner { spec: Arc::new(spec), journal, problem: None, cancel: None, watch: None, tx }
    }

    pub fn start(&mut self, mut problem: Problem) {
        self.cancel();
        problem.id = self.spec.task_id(&problem.id);
        if let Some(w) = self.watch.take() {
            w.cancel();
        }
        let watch = CancellationToken::new();
        tokio::spawn(follow_store(self.spec.store.clone(), problem.id.clone(), self.tx.clone(), watch.clone()));
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
        let (spec, journal, tx) = (self.spec.clone(), self.journal.clone(), self.tx.clone());
        tokio::spawn(async move {
            let step = match more {
                None => Step::Start,
                Some(more) => Step::Continue { more, only },
            };
            let mut journal = journal;
            let mut to_app = ToApp(tx.clone());
            let mut sinks: Vec<&mut dyn EventSink> = Vec::new();
            if let Some(j) = journal.as_mut() {
                sinks.push(j);
            }
            sinks.push(&mut to_app);
            if let Err(e) = drive(&spec, &problem, step, &mut sinks, cancel).await {
                tracing::warn!("the team stopped: {e:#}");
            }
            let _ = tx.send(Msg::TeamStopped).await;
        });
    }

    /// Writes the team's patch into the repository (`--repo`) after every
    /// check of `repo::accept`; the outcome comes back as `Msg::Applied`.
    pub fn apply(&self, patch: String) {
        let (work, tx) = (self.spec.repo.clone(), self.tx.clone());
        tokio::spawn(async move {
            let outcome = match work {
                Some(work) => {
                    let applying = patch.clone();
                    match tokio::task::spawn_blocking(move || work.apply(&applying)).await {
                        Ok(Ok(files)) => Ok(AppliedPatch { patch, files }),
                        Ok(Err(why)) => Err(why),
                        Err(e) => Err(e.to_string()),
                    }
                }
                None => Err("this session is not on a repository".to_string()),
            };
            let _ = tx.send(Msg::Applied(outcome)).await;
        });
    }

    /// Runs `code` on the problem's public tests; the outcome comes back as `Msg::Judged`.
    /// The trees two of the session's patches make (in memory: the
    /// session kept each candidate's files), sent back for the diff view.
    pub fn trees(&self, mine: String, other: String) {
        let trees = self.spec.repo.as_ref().and_then(|work| work.trees(&mine, &other));
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let _ = tx.send(Msg::Trees { mine, other, trees }).await;
        });
    }

    pub fn judge(&self, code: String) {
        let (problem, sandbox, tx) = (self.problem.clone(), self.spec.sandbox.clone(), self.tx.clone());
        tokio::spawn(async move {
            let outcome = match (problem, sandbox) {
                (Some(p), Some(sb)) if p.can_judge_public() => {
                    match grade(&sb, &p.run_mode(), &p.run_code(&code), &p.public_tests).await {
                        Ok(results) => {
                            JudgeOutcome::Tests { passed: crate::domain::passed(&results), run: results.len() }
                        }
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
    let mut backoff =
        crate::backoff::Backoff::new(std::time::Duration::from_millis(250), std::time::Duration::from_secs(5));
    let mut reported = store.rejected();
    loop {
        let mut entries = match store.subscribe(&task).await {
            Ok(s) => s,
            Err(e) => {
                let _ = tx.send(Msg::StoreStatus(format!("{name} · reconnecting ({e:#})"))).await;
                if !backoff.wait(&stop).await {
                    return;
                }
                continue;
            }
        };
        let _ = tx.send(Msg::StoreStatus(store_label(&*store, Some("connected")))).await;
        loop {
            let next = tokio::select! {
                _ = stop.cancelled() => return,
                next = entries.next() => next,
            };
            match next {
                Some(Ok((_, e))) => {
                    // Only a subscription that delivers resets the wait.
                    backoff.reset();
                    let _ = tx.send(Msg::StoreEntry(e)).await;
                    // Items the subscription dropped (not the team's) are counted
                    // in the store; said here too, for those written after the run.
                    let total = store.rejected();
                    if total > reported {
                        reported = total;
                        let _ = tx.send(Msg::Team(TeamEvent::Rejected { total })).await;
                    }
                }
                Some(Err(e)) => {
                    let _ = tx.send(Msg::StoreStatus(format!("{name} · reconnecting ({e:#})"))).await;
                    break;
                }
                None => break,
            }
        }
        // Every way out of a subscription waits before the next: a store that
        // fails at once must not be asked again in a tight loop.
        if !backoff.wait(&stop).await {
            return;
        }
    }
}
