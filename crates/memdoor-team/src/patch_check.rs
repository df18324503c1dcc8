//! The runs that judge a repository session's patches (#30 item 4): each
//! new patch on the repository's tests; a patch whose run shows tests it
//! adds passing, once more with its test files alone (do they fail without
//! its change? then they reproduce the task); and after the last round each
//! reproduction on the teammates' patches the repository's tests rank
//! alike, so a patch is backed by every agent's test it passes, not only by
//! its author's (`repo::rank` weighs them after the repository's tests).

use std::collections::BTreeMap;

use futures::future::BoxFuture;
use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent_turn::emit;
use crate::domain::TeamEvent;
use crate::judge::grade::{TestResult, TestVerdict};
use crate::judge::sandbox::Sandbox;
use crate::judge::DraftKey;
use crate::repo::outcomes::TestOutcome;
use crate::repo::rank::{reproductions, standing};
use crate::repo::{run_tests, Candidate, RepoPath, RepoTask, TestCommand, TestReport};

/// Outcomes one `TestRun` event carries at most (failures first): the panes count them.
const MAX_RESULTS_SHOWN: usize = 500;
/// Reproductions run on teammates' patches, at most this many (each costs
/// a run of the suite on every other patch the tests rank alike).
const REPRODUCTIONS_SHARED: usize = 3;

/// One agent's answer in a round, and what its runs showed.
pub(super) struct Attempt {
    pub key: DraftKey,
    pub text: String,
    /// The patch, or why the blocks did not apply.
    pub patch: Result<(Candidate, String), String>,
    pub run: Option<TestReport>,
    /// The tests the patch adds that fail on the tree with its test files
    /// alone and pass with the whole patch: its reproduction of the task.
    pub reproduces: Vec<String>,
    /// Reproductions (its own and its teammates') that pass on its code (`cross_check`).
    pub backed: usize,
}

impl Attempt {
    pub fn new(key: DraftKey, text: String, patch: Result<(Candidate, String), String>) -> Attempt {
        Attempt { key, text, patch, run: None, reproduces: Vec::new(), backed: 0 }
    }

    pub(crate) fn complete(&self) -> bool {
        self.run.as_ref().is_some_and(TestReport::passed)
    }

    fn candidate(&self) -> Option<&Candidate> {
        self.patch.as_ref().ok().map(|(c, _)| c)
    }
}

/// What the judging runs share: where and how the tests run, and the untouched tree's run.
pub(super) struct Judge<'a> {
    pub sandbox: &'a Sandbox,
    pub work: &'a RepoTask,
    pub cmd: &'a TestCommand,
    pub before: &'a TestReport,
    pub cancel: &'a CancellationToken,
}

impl Judge<'_> {
    fn width() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4)
    }

    /// Runs the tests on every new attempt whose patch applied, a few at
    /// once; with `reproductions_on`, then on the test files alone of each
    /// whose run shows tests it adds passing (per-test outcomes only).
    pub(crate) async fn test_new(&self, new: &mut [Attempt], reproductions_on: bool, events: &mpsc::Sender<TeamEvent>) {
        let mut jobs: Vec<BoxFuture<'_, (usize, Option<anyhow::Result<TestReport>>)>> = Vec::new();
        for (i, a) in new.iter().enumerate() {
            if let Some(candidate) = a.candidate() {
                jobs.push(Box::pin(async move { (i, cancellable(self.judged(candidate), self.cancel).await) }));
            }
        }
        let done: Vec<_> = futures::stream::iter(jobs).buffer_unordered(Self::width()).collect().await;
        for (i, result) in done {
            let a = &mut new[i];
            match result {
                Some(Ok(report)) => {
                    let results = shown(&report);
                    emit(events, TeamEvent::TestRun { agent: a.key.agent, round: a.key.round, results }).await;
                    a.run = Some(report);
                }
                Some(Err(e)) => tracing::warn!(key = ?a.key, "the tests could not run: {e:#}"),
                None => {}
            }
        }
        if !reproductions_on || self.before.outcomes.is_none() {
            return;
        }
        let mut jobs: Vec<BoxFuture<'_, (usize, Option<anyhow::Result<TestReport>>)>> = Vec::new();
        for (i, a) in new.iter().enumerate() {
            let (Some(candidate), Some(run)) = (a.candidate(), &a.run) else { continue };
            let Some(tests) = candidate.tests_alone().filter(|_| self.adds_passing(run)) else { continue };
            jobs.push(Box::pin(async move {
                let alone = run_tests(self.sandbox, &self.work.bench, Some(&tests), self.cmd);
                (i, cancellable(alone, self.cancel).await)
            }));
        }
        let done: Vec<_> = futures::stream::iter(jobs).buffer_unordered(Self::width()).collect().await;
        for (i, result) in done {
            let a = &mut new[i];
            match (result, &a.run) {
                (Some(Ok(alone)), Some(run)) => a.reproduces = reproductions(self.before, &alone, run),
                (Some(Err(e)), _) => tracing::warn!(key = ?a.key, "its tests alone could not run: {e:#}"),
                _ => {}
            }
        }
    }

    /// The run that judges `candidate`: the repository's tests on it; where
    /// it edits them, also its code with them as they were, each test taking
    /// the worse outcome (`TestReport::strictest`) — a test rewritten to pass
    /// fixes nothing.
    async fn judged(&self, candidate: &Candidate) -> anyhow::Result<TestReport> {
        let whole = run_tests(self.sandbox, &self.work.bench, Some(candidate), self.cmd).await?;
        if candidate.edited_tests().is_empty() {
            return Ok(whole);
        }
        let code = candidate.with_tests_as_they_were();
        let as_were = match code.changes.is_empty() {
            true => self.before.clone(),
            false => run_tests(self.sandbox, &self.work.bench, Some(&code), self.cmd).await?,
        };
        Ok(whole.strictest(as_were))
    }

    /// The run shows a test passing that the untouched tree's run has not.
    fn adds_passing(&self, run: &TestReport) -> bool {
        let (Some(before), Some(after)) = (&self.before.outcomes, &run.outcomes) else { return false };
        after.iter().any(|(name, o)| matches!(o, TestOutcome::Pass) && !before.contains_key(name))
    }

    /// Every reproduction (at most `REPRODUCTIONS_SHARED`, distinct by their
    /// test files) run on the other patches the repository's tests rank
    /// alike at the top — their code with its test files over their own
    /// (`Candidate::with_tests`) — and each attempt's `backed` set to the
    /// reproductions passing on it (its own by its own run). A note per
    /// reproduction says where it passed. Nothing is set, and nothing said,
    /// if the session is cancelled meanwhile.
    pub(crate) async fn cross_check(&self, attempts: &mut [Attempt]) -> Vec<String> {
        let mut sources: Vec<(usize, Candidate)> = Vec::new();
        for (i, a) in attempts.iter().enumerate().filter(|(_, a)| !a.reproduces.is_empty()) {
            let Some(tests) = a.candidate().and_then(Candidate::tests_alone) else { continue };
            if sources.len() < REPRODUCTIONS_SHARED && !sources.iter().any(|(_, t)| *t == tests) {
                sources.push((i, tests));
            }
        }
        // The patches the repository's tests cannot tell apart at the top: where reproductions decide.
        let level = |a: &Attempt| {
            let s = standing(self.before, a.run.as_ref()?);
            s.broken.is_empty().then_some((s.complete, s.fixed))
        };
        let best = attempts.iter().filter_map(level).max();
        let mut targets: Vec<usize> =
            (0..attempts.len()).filter(|&i| best.is_some() && level(&attempts[i]) == best).collect();
        if targets.len() < 2 {
            targets.clear(); // one patch at the top: nothing for reproductions to tell apart
        }
        // One run per reproduction and code (attempts with the same code share it); on its
        // author's code it passed already.
        type Key = (usize, Vec<(RepoPath, String)>);
        let mut runs: BTreeMap<Key, Option<bool>> = BTreeMap::new();
        let mut pending: BTreeMap<Key, usize> = BTreeMap::new();
        for (s, (author, _)) in sources.iter().enumerate() {
            if let Some(own) = attempts[*author].candidate() {
                runs.insert((s, code_of(own)), Some(true));
            }
            for &i in &targets {
                if let Some(candidate) = attempts[i].candidate() {
                    let key = (s, code_of(candidate));
                    if !runs.contains_key(&key) {
                        pending.entry(key).or_insert(i);
                    }
                }
            }
        }
        let mut jobs: Vec<BoxFuture<'_, (Key, Option<bool>)>> = Vec::new();
        for (key, i) in pending {
            let (author, tests) = &sources[key.0];
            let Some(candidate) = attempts[i].candidate() else { continue };
            let merged = candidate.with_tests(tests);
            let names = &attempts[*author].reproduces;
            jobs.push(Box::pin(async move {
                let run = run_tests(self.sandbox, &self.work.bench, Some(&merged), self.cmd);
                let passed = match cancellable(run, self.cancel).await {
                    Some(Ok(report)) => Some(names.iter().all(|n| {
                        report.outcomes.as_ref().and_then(|o| o.get(n)).is_some_and(|o| matches!(o, TestOutcome::Pass))
                    })),
                    Some(Err(e)) => {
                        tracing::warn!("a reproduction could not run on a teammate's patch: {e:#}");
                        None
                    }
                    None => None,
                };
                (key, passed)
            }));
        }
        let done: Vec<_> = futures::stream::iter(jobs).buffer_unordered(Self::width()).collect().await;
        if self.cancel.is_cancelled() {
            return Vec::new();
        }
        runs.extend(done);
        let on = |s: usize, a: &Attempt| a.candidate().and_then(|c| runs.get(&(s, code_of(c))).copied().flatten());
        let mut notes = Vec::new();
        for (s, (author, _)) in sources.iter().enumerate() {
            let (mut passes, mut fails, mut unrun) = (Vec::new(), Vec::new(), Vec::new());
            let by_author = |a: &&Attempt| a.key.agent == attempts[*author].key.agent;
            for a in targets.iter().map(|&i| &attempts[i]).filter(|a| !by_author(a)) {
                match on(s, a) {
                    Some(true) => passes.push(a.key.agent),
                    Some(false) => fails.push(a.key.agent),
                    None => unrun.push(a.key.agent),
                }
            }
            if passes.is_empty() && fails.is_empty() && unrun.is_empty() {
                continue;
            }
            let list = |v: &mut Vec<usize>| {
                v.sort_unstable();
                v.dedup();
                v.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
            };
            let names = attempts[*author].reproduces.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
            let mut note = format!(
                "agent {}'s reproduction ({names}) on teammates' patches: passes with agents [{}], fails with [{}]",
                attempts[*author].key.agent,
                list(&mut passes),
                list(&mut fails)
            );
            if !unrun.is_empty() {
                note += &format!(", could not run with [{}]", list(&mut unrun));
            }
            notes.push(note);
        }
        let backed: Vec<usize> = attempts
            .iter()
            .enumerate()
            .map(|(i, a)| (0..sources.len()).filter(|&s| sources[s].0 == i || on(s, a) == Some(true)).count())
            .collect();
        for (a, backed) in attempts.iter_mut().zip(backed) {
            a.backed = backed;
        }
        notes
    }
}

/// How the memory's note on an answer whose edit did not apply begins
/// (the bench reads the reason back after it).
pub fn unapplied_note(agent: usize) -> String {
    format!("agent {agent}'s edit does not apply: ")
}

/// A candidate's changes to code (its test files left out): the key under
/// which runs of a reproduction on it are shared.
fn code_of(candidate: &Candidate) -> Vec<(RepoPath, String)> {
    candidate.changes.iter().filter(|(p, _)| !p.is_test()).map(|(p, c)| (p.clone(), c.after.clone())).collect()
}

/// `fut`, or `None` once `cancel` fires (dropping it kills a running test command).
pub(super) async fn cancellable<T>(fut: impl std::future::Future<Output = T>, cancel: &CancellationToken) -> Option<T> {
    tokio::select! {
        out = fut => Some(out),
        _ = cancel.cancelled() => None,
    }
}

/// A run as the panes' test results: one per test (failures first, at most
/// `MAX_RESULTS_SHOWN`), or one for the whole command when no outcome was read.
fn shown(run: &TestReport) -> Vec<TestResult> {
    let result = |name: &str, verdict: TestVerdict| TestResult {
        verdict,
        got: None,
        key: Some(name.to_string()),
        error: (verdict != TestVerdict::Pass).then(|| name.to_string()),
    };
    match &run.outcomes {
        Some(outcomes) => {
            let verdict = |o: &TestOutcome| match o {
                TestOutcome::Pass | TestOutcome::Skip => TestVerdict::Pass,
                TestOutcome::Fail => TestVerdict::WrongAnswer,
                TestOutcome::Error => TestVerdict::RuntimeError,
            };
            let mut all: Vec<TestResult> = outcomes.iter().map(|(n, o)| result(n, verdict(o))).collect();
            all.sort_by_key(|r| r.verdict == TestVerdict::Pass);
            all.truncate(MAX_RESULTS_SHOWN);
            all
        }
        None if run.passed() => vec![result("the test command", TestVerdict::Pass)],
        None => vec![TestResult::failed(TestVerdict::RuntimeError, run.ending())],
    }
}
