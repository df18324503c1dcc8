//! Running the drafts: after each round every new draft with code runs on
//! the public tests and on the agents' proposed inputs, in the sandbox; the
//! results feed the vote and, as failing tests, the next round's prompts.

use std::collections::BTreeMap;

use tokio::sync::mpsc;

use super::agent_turn::emit;
use super::team_run::TeamRun;
use crate::domain::{Draft, TeamEvent};
use crate::judge::grade::{grade, TestResult, TestVerdict};
use crate::judge::{DraftKey, DraftRun};
use crate::problem::{Problem, TestCase};

/// Whether drafts of this session can be run: a sandbox, and a problem whose
/// form is known — tests of its own, or a function to call on the inputs
/// the agents write (a free-text problem that names its function).
pub(crate) fn runnable(s: &TeamRun<'_>) -> bool {
    s.sandbox.is_some() && s.problem.is_runnable()
}

/// Runs each new draft on the public tests then `extra` inputs; reports
/// the public results as a `TestRun`.
pub async fn run_tests(
    s: &TeamRun<'_>,
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
pub(crate) async fn run_on(
    s: &TeamRun<'_>,
    drafts: &[(DraftKey, &Draft)],
    tests: &[TestCase],
) -> Vec<(DraftKey, Vec<TestResult>)> {
    let (true, Some(sandbox)) = (runnable(s), &s.sandbox) else { return Vec::new() };
    if tests.is_empty() {
        return Vec::new();
    }
    let mode = s.problem.run_mode();
    let mode = &mode;
    let jobs = drafts.iter().filter_map(|(key, d)| {
        let code = s.problem.run_code(d.code.as_ref()?);
        Some(async move { (*key, grade(sandbox, mode, &code, tests).await) })
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

/// What an agent's last draft failed, for its refine prompt (self-repair):
/// the public tests, then the teammates' inputs it timed out or crashed on.
/// No output asserted by a model is used: a probe counts only as a time-out,
/// or as a crash on an input that a draft passing every public test ran
/// cleanly (so the input is not itself malformed).
pub(crate) fn failing_tests(
    problem: &Problem,
    run: Option<&DraftRun>,
    extra: &[TestCase],
    runs: &BTreeMap<DraftKey, DraftRun>,
) -> Vec<(TestCase, TestResult)> {
    let Some(run) = run else { return Vec::new() };
    let public = problem.public_tests.iter().zip(&run.public).filter(|(_, r)| r.verdict != TestVerdict::Pass);
    let ran_cleanly =
        |i: usize| runs.values().any(|r| r.all_public_pass() && r.extra.get(i).is_some_and(|x| x.key.is_some()));
    let probes = extra.iter().zip(&run.extra).enumerate().filter(|(i, (_, r))| match r.verdict {
        TestVerdict::TimeLimit => true,
        TestVerdict::RuntimeError => ran_cleanly(*i),
        _ => false,
    });
    public
        .chain(probes.map(|(_, p)| p))
        .map(|(t, r)| (TestCase { input: t.input.clone(), output: t.output.clone() }, r.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(verdict: TestVerdict, key: Option<&str>) -> TestResult {
        TestResult { verdict, got: key.map(str::to_string), key: key.map(str::to_string), error: None }
    }

    fn case(input: &str, output: Option<&str>) -> TestCase {
        TestCase { input: input.into(), output: output.map(str::to_string) }
    }

    #[test]
    fn public_failures_then_time_outs_and_crashes_on_inputs_a_passing_draft_ran() {
        let mut problem = Problem::from_text("Read n, print F(n).").unwrap();
        problem.public_tests = vec![case("1\n", Some("1\n")), case("2\n", Some("1\n"))];
        let extra = vec![case("90\n", None), case("-1\n", None), case("x\n", None), case("3\n", None)];
        let mine = DraftRun {
            public: vec![result(TestVerdict::Pass, Some("1")), result(TestVerdict::WrongAnswer, Some("2"))],
            extra: vec![
                result(TestVerdict::TimeLimit, None),
                result(TestVerdict::RuntimeError, None),
                result(TestVerdict::RuntimeError, None),
                result(TestVerdict::Ran, Some("2")),
            ],
        };
        // A passing teammate ran "-1" cleanly, and crashed on "x" too (a malformed input).
        let theirs = DraftRun {
            public: vec![result(TestVerdict::Pass, Some("1")), result(TestVerdict::Pass, Some("1"))],
            extra: vec![
                result(TestVerdict::Ran, Some("2880067194370816120")),
                result(TestVerdict::Ran, Some("0")),
                result(TestVerdict::RuntimeError, None),
                result(TestVerdict::Ran, Some("2")),
            ],
        };
        let runs = BTreeMap::from([
            (DraftKey { round: 1, agent: 0 }, mine.clone()),
            (DraftKey { round: 1, agent: 1 }, theirs),
        ]);
        let failed = failing_tests(&problem, Some(&mine), &extra, &runs);
        let inputs: Vec<&str> = failed.iter().map(|(t, _)| t.input.as_str()).collect();
        assert_eq!(
            inputs,
            ["2\n", "90\n", "-1\n"],
            "the wrong answer, the time-out, the crash a passing draft did not share"
        );
        assert_eq!(failed[1].0.output, None, "a probe asserts no output");
        // A crash nobody passing ran cleanly says nothing (the input may be malformed).
        let alone = BTreeMap::from([(DraftKey { round: 1, agent: 0 }, mine.clone())]);
        assert_eq!(failing_tests(&problem, Some(&mine), &extra, &alone).len(), 2);
    }
}
