//! Grading: runs a program on tests in the sandbox through harness.py (our
//! own harness following LiveCodeBench's rules: see its header) and reads
//! back one verdict per test.

use std::time::Duration;

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use super::sandbox::{Exit, Sandbox};
use crate::problem::{Mode, TestCase};

const HARNESS: &str = include_str!("harness.py");
const MARK: &str = "\u{1e}MEMDOOR-RESULTS ";
/// LiveCodeBench's per-test timeout.
pub const TEST_TIMEOUT_SECS: u64 = 6;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Pass,
    WrongAnswer,
    TimeLimit,
    RuntimeError,
    CompileError,
    /// Ran on an input with no expected output (only the output is known).
    Ran,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestResult {
    pub verdict: Verdict,
    /// What the program printed or returned (cut to 300 characters).
    #[serde(default)]
    pub got: Option<String>,
    /// The output in a form for comparing behaviours (stripped lines / JSON).
    #[serde(default)]
    pub key: Option<String>,
    #[serde(default)]
    pub error: Option<String>,
}

impl TestResult {
    fn failed(verdict: Verdict, error: String) -> Self {
        Self { verdict, got: None, key: None, error: Some(error) }
    }
}

/// Whether every result is a pass (and there is at least one).
pub fn all_pass(results: &[TestResult]) -> bool {
    !results.is_empty() && results.iter().all(|r| r.verdict == Verdict::Pass)
}

#[derive(Serialize)]
struct Spec<'a> {
    mode: &'a str,
    code: String,
    fn_name: Option<&'a str>,
    tests: Vec<&'a TestCase>,
    timeout: u64,
}

/// Runs `code` on `tests` (HumanEval: one run of its `check`).
pub async fn grade(sandbox: &Sandbox, mode: &Mode, code: &str, tests: &[TestCase]) -> Result<Vec<TestResult>> {
    let humaneval_test;
    let (mode_name, fn_name, code, tests): (&str, Option<&str>, String, Vec<&TestCase>) = match mode {
        Mode::Stdin => ("stdin", None, code.to_string(), tests.iter().collect()),
        Mode::Functional { fn_name } => ("functional", Some(fn_name.as_str()), code.to_string(), tests.iter().collect()),
        Mode::HumanEval { prompt, entry_point, test } => {
            // HumanEval runs prompt + completion: a completion that is only the
            // body continues the prompt's function; a whole function redefines it.
            humaneval_test = TestCase { input: format!("{}", serde_json::json!(entry_point)), output: Some("null".into()) };
            let code = format!("{prompt}{code}\n\n{test}\n\ndef __memdoor_check(name):\n    check(globals()[name])\n");
            ("functional", Some("__memdoor_check"), code, vec![&humaneval_test])
        }
    };
    if tests.is_empty() {
        return Ok(Vec::new());
    }
    let mut limits = sandbox.limits().clone();
    // The sandbox's wall clock is the per-test timeout (TEST_TIMEOUT_SECS by
    // default; `[sandbox] test_timeout_secs` in the config).
    let per_test = limits.wall.as_secs().max(1);
    let spec = Spec { mode: mode_name, code, fn_name, tests: tests.clone(), timeout: per_test };
    let stdin = serde_json::to_vec(&spec)?;
    // One process runs every test, each under its own alarm: the watchdog
    // is the backstop for what an alarm cannot interrupt.
    let budget = per_test * (tests.len() as u64 + 1) + 5;
    limits.wall = Duration::from_secs(budget);
    limits.cpu_secs = budget;
    let out = sandbox.clone().with_limits(limits).run(HARNESS, &stdin).await.context("running the grading harness")?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if let Some(line) = stdout.lines().rev().find_map(|l| l.strip_prefix(MARK)) {
        let results: Vec<TestResult> = serde_json::from_str(line).context("reading the harness's results")?;
        if results.len() == tests.len() {
            return Ok(results);
        }
    }
    // No results: the program took the harness down with it.
    let (verdict, why) = match out.status {
        Exit::TimedOut => (Verdict::TimeLimit, "Time Limit Exceeded (killed by the watchdog)".to_string()),
        Exit::OutputLimit => (Verdict::RuntimeError, "wrote more output than allowed".to_string()),
        other => (Verdict::RuntimeError, format!("the run ended ({other:?}) without results: {}", String::from_utf8_lossy(&out.stderr).chars().take(300).collect::<String>())),
    };
    Ok(tests.iter().map(|_| TestResult::failed(verdict, why.clone())).collect())
}
