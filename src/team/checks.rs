//! Running the drafts: after each round every new draft with code runs on
//! the public tests and on the agents' proposed inputs, in the sandbox; the
//! results feed the vote and, as failing tests, the next round's prompts.

use std::collections::BTreeMap;

use tokio::sync::mpsc;

use super::run::{emit, Session};
use crate::event::{Draft, TeamEvent};
use crate::judge::grade::{grade, TestResult, Verdict};
use crate::judge::DraftRun;
use crate::problem::{Mode, Problem, TestCase};

/// Whether drafts of this session can be run on tests.
pub fn testable(s: &Session<'_>) -> bool {
    s.sandbox.is_some() && !s.problem.public_tests.is_empty() && !matches!(s.problem.mode, Mode::HumanEval { .. })
}

/// Runs each new draft on the public tests then `extra` inputs; reports
/// the public results as a `TestRun`.
pub async fn run_tests(
    s: &Session<'_>,
    round: u32,
    drafts: &[(usize, &Draft)],
    extra: &[TestCase],
    events: &mpsc::Sender<TeamEvent>,
) -> BTreeMap<usize, DraftRun> {
    let mut runs = BTreeMap::new();
    let (true, Some(sandbox)) = (testable(s), &s.sandbox) else { return runs };
    let tests: Vec<TestCase> = s.problem.public_tests.iter().chain(extra).cloned().collect();
    let public = s.problem.public_tests.len();
    let jobs = drafts.iter().filter_map(|(agent, d)| {
        let code = d.code.as_ref()?;
        let tests = &tests;
        Some(async move { (*agent, grade(sandbox, &s.problem.mode, code, tests).await) })
    });
    for (agent, result) in futures::future::join_all(jobs).await {
        match result {
            Ok(mut results) => {
                let extra = results.split_off(public.min(results.len()));
                emit(events, TeamEvent::TestRun { agent, round, results: results.clone() }).await;
                runs.insert(agent, DraftRun { public: results, extra });
            }
            Err(e) => tracing::warn!(agent, "running the tests failed: {e:#}"),
        }
    }
    runs
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
