//! Running the drafts: after each round every new draft with code runs on
//! the public tests and on the agents' proposed inputs, in the sandbox; the
//! results feed the vote and, as failing tests, the next round's prompts.

use std::collections::BTreeMap;

use tokio::sync::mpsc;

use super::agent_turn::emit;
use super::session::Session;
use crate::domain::{Draft, TeamEvent};
use crate::judge::grade::{grade, TestResult, Verdict};
use crate::judge::{DraftKey, DraftRun};
use crate::problem::{Problem, TestCase};

/// Whether drafts of this session can be run: a sandbox, and a problem whose
/// form is known — tests of its own, or a function to call on the inputs
/// the agents write (a free-text problem that names its function).
pub fn runnable(s: &Session<'_>) -> bool {
    s.sandbox.is_some() && s.problem.is_runnable()
}

/// Runs each new draft on the public tests then `extra` inputs; reports
/// the public results as a `TestRun`.
pub async fn run_tests(
    s: &Session<'_>,
    drafts: &[(DraftKey, &Draft)],
    extra: &[TestCase],
    events: &mpsc::Sender<TeamEvent>,
) -> BTreeMap<DraftKey, DraftRun> {
    let public = s.problem.public_tests.len();
    let tests: Vec<TestCase> = s.problem.public_tests.iter().chain(extra).cloned().collect();
    let mut runs = BTreeMap::new();
    for (key, mut results) in run_on(s, drafts, &tests).await {
        let extra = results.split_off(public.min(results.len()));
        emit(events, TeamEvent::TestRun { agent: key.agent, round: key.round, results: results.clone() }).await;
        runs.insert(key, DraftRun { public: results, extra });
    }
    runs
}

/// Runs each draft with code on `tests`, all at once; a draft the harness
/// could not run at all is left out (and logged).
pub async fn run_on(s: &Session<'_>, drafts: &[(DraftKey, &Draft)], tests: &[TestCase]) -> Vec<(DraftKey, Vec<TestResult>)> {
    let (true, Some(sandbox)) = (runnable(s), &s.sandbox) else { return Vec::new() };
    if tests.is_empty() {
        return Vec::new();
    }
    let jobs = drafts.iter().filter_map(|(key, d)| {
        let code = d.code.as_ref()?;
        Some(async move { (*key, grade(sandbox, &s.problem.mode, code, tests).await) })
    });
    let mut out = Vec::new();
    for (key, result) in futures::future::join_all(jobs).await {
        match result {
            Ok(results) => out.push((key, results)),
            Err(e) => tracing::warn!(?key, "running the tests failed: {e:#}"),
        }
    }
    out
}

/// The public tests an agent's last draft failed, with what it did, for its
/// refine prompt (self-repair).
pub fn failing_tests(problem: &Problem, run: Option<&DraftRun>) -> Vec<(TestCase, TestResult)> {
    let Some(run) = run else { return Vec::new() };
    problem
        .public_tests
        .iter()
        .zip(&run.public)
        .filter(|(_, r)| r.verdict != Verdict::Pass)
        .map(|(t, r)| (t.clone(), r.clone()))
        .collect()
}
