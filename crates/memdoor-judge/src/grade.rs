//! Grading: runs a program on tests in the sandbox through harness.py (our
//! own harness following LiveCodeBench's rules: see its header), reads back
//! what it printed or returned for each test, and compares that with the
//! expected output here, where the program cannot reach (`compare`). Only
//! the tests' inputs enter the sandbox.

use std::time::Duration;

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use super::compare::{same_output, stdout_key};
use super::sandbox::{Exit, Sandbox};
use crate::problem::{Mode, TestCase};

pub mod read;

const HARNESS: &str = include_str!("harness.py");
pub(crate) const MARK: &str = "\u{1e}MEMDOOR-RESULTS ";
/// LiveCodeBench's per-test timeout.
pub const TEST_TIMEOUT_SECS: u64 = 6;
/// Characters of a test's output shown in a result (the comparison sees all of it).
pub const SHOWN_CHARS: usize = 300;
/// Characters of an output kept as its behaviour key for the vote.
pub const KEY_CHARS: usize = 2000;
/// The least output the harness sends back per test; a test whose expected
/// output is longer gets twice its length, up to `MAX_OUT_CAP`.
const MIN_OUT_CAP: usize = 64 * 1024;
/// The most output the harness sends back for one test, however long the
/// expected output the client sent: longer is a wrong answer ("over").
const MAX_OUT_CAP: usize = 4 << 20;
/// Seconds past the per-test time a test's result may take to arrive
/// before the program is taken to ignore the harness's alarm.
const RESULT_GRACE_SECS: u64 = 3;

pub use crate::domain::{all_pass, passed, TestResult, TestVerdict};

/// What enters the sandbox: the program and the inputs, never an expected output.
#[derive(Serialize)]
struct Spec<'a> {
    mode: &'a str,
    code: String,
    fn_name: Option<&'a str>,
    tests: Vec<Input<'a>>,
    timeout: u64,
    out_cap: usize,
    /// HumanEval: the task's `check` (run apart from the program), its entry
    /// point, and the nonce its success line must carry.
    #[serde(skip_serializing_if = "Option::is_none")]
    check: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    entry_point: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nonce: Option<String>,
}

/// 128 random bits as hex, from the kernel.
fn nonce() -> Result<String> {
    let mut bytes = [0u8; 16];
    // SAFETY: getrandom writes at most `len` bytes into the buffer it is given.
    let n = unsafe { libc::getrandom(bytes.as_mut_ptr().cast(), bytes.len(), 0) };
    anyhow::ensure!(n == bytes.len() as isize, "getrandom failed: {}", std::io::Error::last_os_error());
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[derive(Serialize)]
struct Input<'a> {
    input: &'a str,
}

/// How the harness says one test went (wire type; the verdict is ours).
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Status {
    Ran,
    TimeLimit,
    RuntimeError,
    CompileError,
}

#[derive(Deserialize)]
pub(crate) struct HarnessResult {
    status: Status,
    /// stdout (stdin mode) or the return value as JSON (functional).
    #[serde(default)]
    out: Option<String>,
    /// The output was longer than `out_cap`.
    #[serde(default)]
    over: bool,
    /// The return value's `repr` when it is not JSON.
    #[serde(default)]
    unjson: Option<String>,
    #[serde(default)]
    error: Option<String>,
}

fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let half = max / 2;
    let head: String = text.chars().take(half).collect();
    let tail: Vec<char> = text.chars().rev().take(half).collect();
    format!("{head}...(truncated)...{}", tail.into_iter().rev().collect::<String>())
}

/// Our verdict on one test from what the harness reported; `expected` is the test's output.
pub(crate) fn judged(stdin: bool, expected: Option<&str>, r: HarnessResult) -> TestResult {
    let verdict = match r.status {
        Status::TimeLimit => TestVerdict::TimeLimit,
        Status::RuntimeError => TestVerdict::RuntimeError,
        Status::CompileError => TestVerdict::CompileError,
        Status::Ran => TestVerdict::Ran,
    };
    if verdict != TestVerdict::Ran {
        return TestResult { verdict, got: None, key: None, error: Some(r.error.unwrap_or_default()) };
    }
    let (got, key) = match (&r.out, &r.unjson) {
        (Some(out), _) if stdin => (cut(out, SHOWN_CHARS), cut(&stdout_key(out), KEY_CHARS)),
        (Some(out), _) => (cut(out, SHOWN_CHARS), cut(out, KEY_CHARS)),
        (None, Some(repr)) => (cut(repr, SHOWN_CHARS), cut(repr, KEY_CHARS)),
        (None, None) => ("(output too long)".to_string(), "(output too long)".to_string()),
    };
    let verdict = match (expected, &r.out) {
        (None, _) => TestVerdict::Ran,
        (Some(_), None) => TestVerdict::WrongAnswer,
        (Some(expected), Some(out)) => {
            if same_output(stdin, out, expected) {
                TestVerdict::Pass
            } else {
                TestVerdict::WrongAnswer
            }
        }
    };
    let error = r.over.then(|| "the output was longer than the judge reads".to_string());
    TestResult { verdict, got: Some(got), key: Some(key), error }
}

/// Runs `code` on `tests` (HumanEval: one run of its `check`).
pub async fn grade(sandbox: &Sandbox, mode: &Mode, code: &str, tests: &[TestCase]) -> Result<Vec<TestResult>> {
    let humaneval_test;
    let mut humaneval = (None, None, None);
    let (mode_name, fn_name, code, tests): (&str, Option<&str>, String, Vec<&TestCase>) = match mode {
        Mode::Stdin => ("stdin", None, code.to_string(), tests.iter().collect()),
        Mode::Functional { fn_name } => {
            ("functional", Some(fn_name.as_str()), code.to_string(), tests.iter().collect())
        }
        Mode::HumanEval { prompt, entry_point, test } => {
            // HumanEval runs prompt + completion: a completion that is only the
            // body continues the prompt's function; a whole function redefines it.
            // The check passes only with the nonce, which the program never sees.
            let nonce = nonce()?;
            humaneval_test = TestCase { input: String::new(), output: Some(serde_json::json!(nonce).to_string()) };
            humaneval = (Some(test.as_str()), Some(entry_point.as_str()), Some(nonce));
            ("humaneval", None, format!("{prompt}{code}"), vec![&humaneval_test])
        }
    };
    if tests.is_empty() {
        return Ok(Vec::new());
    }
    let mut limits = sandbox.limits().clone();
    // The sandbox's wall clock is the per-test timeout (TEST_TIMEOUT_SECS by
    // default; `[sandbox] test_timeout_secs` in the config).
    let per_test = limits.wall.as_secs().max(1);
    let longest = tests.iter().filter_map(|t| t.output.as_deref()).map(str::len).max().unwrap_or(0);
    let out_cap = (2 * longest).clamp(MIN_OUT_CAP, MAX_OUT_CAP);
    let inputs = tests.iter().map(|t| Input { input: &t.input }).collect();
    let (check, entry_point, nonce) = humaneval;
    let spec =
        Spec { mode: mode_name, code, fn_name, tests: inputs, timeout: per_test, out_cap, check, entry_point, nonce };
    let stdin = serde_json::to_vec(&spec)?;
    // One process runs every test, each under its own alarm: the watchdog
    // is the backstop for what an alarm cannot interrupt (a program that
    // ignores SIGALRM). The tests' count is the client's, so the budget
    // that grows with it stops at the run's absolute cap.
    // (At least a compile and one test's worth, when a test may take longer.)
    let cap = limits.grade_wall.as_secs().max(2 * per_test + 5);
    let budget = (per_test * (tests.len() as u64 + 1) + 5).min(cap);
    limits.wall = Duration::from_secs(budget);
    limits.cpu_secs = budget;
    let stdin_mode = mode_name == "stdin";
    // Results come back one line per test as each ends, read and judged as
    // they come: a line is at most one test's output, JSON-escaped (six
    // bytes for a control character), and what the program writes to fd 1
    // itself is counted against the plain output cap, never kept.
    let reader = read::Reader {
        expected: tests.iter().map(|t| t.output.clone()).collect(),
        stdin_mode,
        line_cap: 6 * out_cap + (64 << 10),
        other_cap: limits.output_bytes,
        // The harness's alarm ends a test at `per_test`: a result later than
        // that and a grace (a loaded machine) means the program ignores it.
        first_within: Duration::from_secs(2 * per_test + RESULT_GRACE_SECS),
        then_within: Duration::from_secs(per_test + RESULT_GRACE_SECS),
    };
    let stderr_cap = limits.output_bytes;
    let (to_reader, chunks) = tokio::sync::mpsc::channel(4);
    let reading = tokio::spawn(reader.read(chunks));
    let out = sandbox.clone().with_limits(limits).run_streaming(HARNESS, &stdin, to_reader).await;
    let reading = reading.await.context("reading the harness's results")?;
    let out = out.context("running the grading harness")?;
    let mut results = reading.results;
    if results.len() < tests.len() {
        // The tests without a result: why the run ended before them.
        let (verdict, why) = match (reading.stopped, out.status) {
            (Some(stopped), _) => stopped,
            (None, Exit::TimedOut) if budget == cap => (
                TestVerdict::TimeLimit,
                format!("Time Limit Exceeded: the run hit the judge's cap of {cap} s for all its tests together"),
            ),
            (None, Exit::TimedOut) => {
                (TestVerdict::TimeLimit, "Time Limit Exceeded (killed by the watchdog)".to_string())
            }
            (None, Exit::OutputLimit) => (
                TestVerdict::RuntimeError,
                format!("output limit: the run wrote more than {stderr_cap} bytes to stderr"),
            ),
            (None, other) => {
                let stderr: String = String::from_utf8_lossy(&out.stderr).chars().take(300).collect();
                (TestVerdict::RuntimeError, format!("the run ended ({other:?}) without results: {stderr}"))
            }
        };
        results.extend(tests[results.len()..].iter().map(|_| TestResult::failed(verdict, why.clone())));
    }
    Ok(results)
}
