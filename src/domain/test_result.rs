//! What one run of a draft on one test gave.

use serde::{Deserialize, Serialize};

/// One test's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestVerdict {
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
    pub verdict: TestVerdict,
    /// What the program printed or returned (cut to 300 characters).
    #[serde(default)]
    pub got: Option<String>,
    /// The output in a form for comparing behaviours (stripped lines / JSON).
    #[serde(default)]
    pub key: Option<String>,
    #[serde(default)]
    pub error: Option<String>,
}

/// Tests passed among `results`.
pub fn passed(results: &[TestResult]) -> usize {
    results.iter().filter(|r| r.verdict == TestVerdict::Pass).count()
}

/// Whether every result is a pass (and there is at least one).
pub fn all_pass(results: &[TestResult]) -> bool {
    !results.is_empty() && passed(results) == results.len()
}

impl TestResult {
    /// A run that gave no output to compare, and why.
    pub fn failed(verdict: TestVerdict, error: String) -> Self {
        Self { verdict, got: None, key: None, error: Some(error) }
    }
}
