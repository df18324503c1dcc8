//! A scripted team on a real git repository, for the repository tests
//! (`repo_patch`, `repo_rounds`): each agent answers from its script, every
//! candidate patch runs the given test command in the strong sandbox.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use memdoor::domain::TeamEvent;
use memdoor::judge::sandbox::{Limits, Sandbox, SandboxMode};
use memdoor::memory::embedded::EmbeddedStore;
use memdoor::memory::{EntryKind, MemoryStore};
use memdoor::model::Sampling;
use memdoor::problem::Problem;
use memdoor::repo::{gather, RepoTask, TestCommand, Workbench};
use memdoor::session::{drive, Recorder, SessionSpec, Step};
use memdoor::team::{Agent, Mechanisms};
use memdoor_testkit::scripted::Scripted;
use tokio_util::sync::CancellationToken;

/// A session run to its end: what it decided, its events and notes.
pub(crate) struct Run {
    pub verdict: Option<memdoor::domain::Consensus>,
    pub events: Vec<TeamEvent>,
    pub notes: Vec<String>,
    pub backends: Vec<Arc<Scripted>>,
    pub work: Arc<RepoTask>,
}

impl Run {
    /// Some memory note of the session is `what` says; else the notes are shown.
    #[track_caller]
    pub fn assert_note(&self, what: impl Fn(&str) -> bool) {
        assert!(self.notes.iter().any(|n| what(n)), "no such note among {:#?}", self.notes);
    }
}

/// A team on `dir` with `--test test`, each agent answering from its script, not yet run.
pub(crate) struct Team {
    pub spec: SessionSpec,
    pub problem: Problem,
    pub store: Arc<EmbeddedStore>,
    pub backends: Vec<Arc<Scripted>>,
    pub work: Arc<RepoTask>,
}

pub(crate) async fn team(dir: &Path, test: &str, timeout: Duration, scripts: Vec<Vec<String>>, rounds: u32) -> Team {
    team_on(dir, "add in calc.py subtracts; make test_add pass", test, timeout, scripts, rounds).await
}

/// As `team`, with the task said.
pub(crate) async fn team_on(
    dir: &Path,
    task: &str,
    test: &str,
    timeout: Duration,
    scripts: Vec<Vec<String>>,
    rounds: u32,
) -> Team {
    let context = gather(dir, task, &[], 6000).unwrap();
    let problem = Problem::from_text_with_context(task, &context.as_prompt()).unwrap();
    let bench = Workbench::snapshot(dir).unwrap();
    let work = Arc::new(RepoTask::new(bench, Some(TestCommand::given(test)), &context, timeout));
    let backends: Vec<Arc<Scripted>> = scripts.into_iter().map(|s| Arc::new(Scripted::new(s))).collect();
    let agents = backends.iter().enumerate().map(|(id, b)| Agent::new(id, b.clone(), Sampling::default())).collect();
    let store = Arc::new(EmbeddedStore::new());
    let sandbox = Sandbox::open(SandboxMode::Strong, Limits::default()).await.expect("the strong sandbox");
    let spec = SessionSpec {
        agents,
        store: store.clone(),
        sandbox: Some(sandbox),
        rounds,
        max_tokens: 256,
        // Every round runs: the repair turns are what these tests look at.
        mechanisms: Mechanisms { early_stop: false, ..Mechanisms::default() },
        unique_ids: false,
        repo: Some(work.clone()),
    };
    Team { spec, problem, store, backends, work }
}

impl Team {
    /// Runs `step`; what it decided, its events, and every note in the memory so far.
    pub async fn drive(&self, step: Step) -> (Option<memdoor::domain::Consensus>, Vec<TeamEvent>, Vec<String>) {
        let mut recorder = Recorder::default();
        let verdict =
            drive(&self.spec, &self.problem, step, &mut [&mut recorder], CancellationToken::new()).await.unwrap();
        let notes = self
            .store
            .read(&self.problem.id, None)
            .await
            .unwrap()
            .into_iter()
            .filter(|(_, e)| matches!(e.kind, EntryKind::Note | EntryKind::Error))
            .map(|(_, e)| e.content)
            .collect();
        (verdict, recorder.events, notes)
    }
}

/// The team on `dir` with `--test test`, each agent answering from its script.
pub(crate) async fn run_team(dir: &Path, test: &str, timeout: Duration, scripts: Vec<Vec<String>>, rounds: u32) -> Run {
    let team = team(dir, test, timeout, scripts, rounds).await;
    let (verdict, events, notes) = team.drive(Step::Start).await;
    Run { verdict, events, notes, backends: team.backends, work: team.work }
}
