//! What one run of a draft on one test gave, and how one of a repository's
//! tests ended before and after a patch.

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

/// How one of a repository's tests ended, as its runner's output says (`repo::outcomes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TestOutcome {
    Pass,
    Fail,
    Error,
    Skip,
}

impl TestOutcome {
    /// It failed or errored (a skip is neither).
    pub fn failed(self) -> bool {
        matches!(self, TestOutcome::Fail | TestOutcome::Error)
    }
}

/// One of a repository's tests on the untouched tree and with a patch:
/// what the consensus pane marks ✓ or ✗.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestChange {
    pub name: String,
    /// `None`: the untouched tree has no such test (the patch adds it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<TestOutcome>,
    /// `None`: the test is gone with the patch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<TestOutcome>,
}

impl TestChange {
    /// Failing before (or absent) and passing with the patch.
    pub fn fixed(&self) -> bool {
        self.before.is_some_and(TestOutcome::failed) && self.after == Some(TestOutcome::Pass)
    }

    /// Passing with the patch.
    pub fn passes(&self) -> bool {
        self.after == Some(TestOutcome::Pass)
    }

    /// ✓ passing with the patch, ✗ failing or gone, - skipped.
    pub fn mark(&self) -> char {
        match self.after {
            Some(TestOutcome::Pass) => '✓',
            Some(TestOutcome::Skip) => '-',
            Some(TestOutcome::Fail | TestOutcome::Error) | None => '✗',
        }
    }

    /// How the patch changed it, in a few words.
    pub fn how(&self) -> &'static str {
        match (self.before, self.after) {
            _ if self.fixed() => "fixed: failed before",
            (Some(b), Some(a)) if b.failed() && a.failed() => "still failing",
            (None, Some(TestOutcome::Pass)) => "new: the patch adds it",
            (None, _) => "new: the patch adds it, failing",
            (_, None) => "gone with the patch",
            (Some(TestOutcome::Pass), Some(a)) if a.failed() => "broken: passed before",
            (Some(TestOutcome::Skip), Some(TestOutcome::Pass)) => "passes: skipped before",
            (_, Some(TestOutcome::Skip)) => "skipped",
            _ => "as before",
        }
    }
}
