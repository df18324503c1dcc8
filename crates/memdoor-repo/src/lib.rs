//! The team on the user's repository (#30): which of its files the agents
//! see (`context`); their answers as edit blocks (`edit`) applied to the
//! session's own copy of the tree (`workbench`), shown as a patch (`patch`);
//! the repository's tests run on each candidate in the sandbox (`testrun`,
//! `outcomes`) and the answer chosen by them (`rank`); the consensus patch
//! written into the user's tree only after every check (`accept`); a branch's
//! change as the task (`review`), its findings said (`findings`).
//! docs/repo.md says what is built and what is not. The crate
//! `memdoor-repo`, re-exported as `memdoor::repo`: it can import only the
//! judge, the problems and the core (under the names the rest of memdoor uses).

pub mod accept;
pub(crate) mod code_scan;
pub mod context;
pub mod edit;
pub mod failures;
pub mod fences;
pub mod findings;
pub mod git;
pub mod lang;
pub mod outcomes;
pub mod patch;
pub mod rank;
pub mod review;
pub mod testrun;
pub mod workbench;

pub(crate) use memdoor_core as domain;
pub(crate) use memdoor_judge as judge;
pub(crate) use memdoor_problem as problem;

/// What a session on a repository works with beside its problem (the task
/// and the files shown): the copy of the tree, the test command, and the
/// files shown (where a block naming no file is looked for).
pub struct RepoTask {
    pub bench: Workbench,
    /// `None`: nothing to run; the answer is unverified.
    pub test: Option<TestCommand>,
    pub shown: Vec<edit::Shown>,
    /// One run of the test command at most.
    pub timeout: std::time::Duration,
    /// Every candidate the session made, by its patch: what accepting one writes.
    candidates: std::sync::Mutex<Vec<(String, Candidate)>>,
    /// What a re-prompt continues from: the untouched tree's run and the team's latest patch.
    progress: std::sync::Mutex<Progress>,
}

/// What the session's runs so far left for the next one.
#[derive(Default)]
struct Progress {
    before: Option<TestReport>,
    answer: Option<String>,
}

impl RepoTask {
    pub fn new(bench: Workbench, test: Option<TestCommand>, context: &Context, timeout: std::time::Duration) -> Self {
        let shown = context
            .files
            .iter()
            .filter_map(|f| Some((RepoPath::parse(&f.path.to_string_lossy()).ok()?, f.text.clone())))
            .collect();
        RepoTask { bench, test, shown, timeout, candidates: Default::default(), progress: Default::default() }
    }

    /// The untouched tree's test run, once a session ran it (the tree does not change under a session).
    pub fn before(&self) -> Option<TestReport> {
        self.progress.lock().ok()?.before.clone()
    }

    pub fn set_before(&self, run: &TestReport) {
        if let Ok(mut p) = self.progress.lock() {
            p.before = Some(run.clone());
        }
    }

    /// The patch the team last stood behind: what a re-prompt continues from.
    pub fn answer(&self) -> Option<String> {
        self.progress.lock().ok()?.answer.clone()
    }

    pub fn set_answer(&self, patch: &str) {
        if let Ok(mut p) = self.progress.lock() {
            p.answer = Some(patch.to_string());
        }
    }

    /// Keeps `candidate` under its patch text.
    pub fn keep(&self, patch: &str, candidate: &Candidate) {
        if let Ok(mut all) = self.candidates.lock() {
            if !all.iter().any(|(p, _)| p == patch) {
                all.push((patch.to_string(), candidate.clone()));
            }
        }
    }

    /// The candidate whose patch is `patch` (the team's answer), to accept.
    pub fn candidate(&self, patch: &str) -> Option<Candidate> {
        let all = self.candidates.lock().ok()?;
        all.iter().find(|(p, _)| p == patch).map(|(_, c)| c.clone())
    }

    /// The two trees `mine` and `other` (both this session's patches) make,
    /// as `Candidate::trees_beside` shows them; `None` when either is not
    /// one the session made (an edited patch).
    pub fn trees(&self, mine: &str, other: &str) -> Option<(String, String)> {
        Some(self.candidate(mine)?.trees_beside(&self.candidate(other)?))
    }

    /// Writes `patch` — one of this session's candidates, never text from
    /// elsewhere — into the user's tree after every check of `accept`; the
    /// files written (new ones marked), or why nothing was.
    pub fn apply(&self, patch: &str) -> Result<Vec<String>, String> {
        let Some(candidate) = self.candidate(patch) else {
            return Err(
                "the patch is not one the team made (an edited patch is not applied: copy it and `git apply` it)"
                    .into(),
            );
        };
        let plan = self.bench.plan(&candidate).map_err(|e| format!("nothing written: {e}"))?;
        let applied = accept::apply_to_tree(self.bench.root(), &plan).map_err(|e| e.to_string())?;
        let written = applied.written.iter().map(|p| p.display().to_string());
        Ok(written.chain(applied.created.iter().map(|p| format!("{} (new)", p.display()))).collect())
    }
}

pub use context::{estimate_tokens, gather, Context, ContextFile, LeftOut, Picked};
pub use edit::{parse_edits, Edit, EditError, RepoPath};
pub use testrun::{run_tests, test_limits, TestCommand, TestReport};
pub use workbench::{Candidate, Change, Workbench};
