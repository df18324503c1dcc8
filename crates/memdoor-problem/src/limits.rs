//! The sizes a problem may have. Problem text and files come from strangers
//! (a serve client, a `task:*` key, a file handed over), so each part is
//! checked against a limit *before* any parsing that costs more than one
//! pass over it, and a problem past one is refused with a [`LimitExceeded`]
//! that names the limit. Callers tell it from other errors with
//! [`LimitExceeded::find`] (`serve` answers 413 for it, 400 otherwise).
//!
//! The values are far above any real problem (LiveCodeBench's statements are
//! a few KB, its problems carry a dozen or so tests) and low enough that the
//! work a problem makes — parsing, the runs, the outputs kept — stays small.

use std::fmt;

/// Bytes of a problem as given: free text, or a JSON object with its tests.
pub(crate) const MAX_PROBLEM_BYTES: usize = 16 << 20;
/// Bytes of a task a plain client wrote to `task:<id>` (it is read whole from Redis).
pub const MAX_TASK_BYTES: usize = 256 << 10;
/// Bytes of the statement (`question_content`, free text, a HumanEval prompt).
pub const MAX_STATEMENT_BYTES: usize = 64 << 10;
/// Bytes of one line of the statement (the example scans work line by line).
pub const MAX_LINE_BYTES: usize = 16 << 10;
/// Examples a statement may state (`f(1) -> 2`, doctests, Input/Output pairs).
pub(crate) const MAX_STATED_EXAMPLES: usize = 100;
/// Tests a problem may carry, public and private together.
pub(crate) const MAX_TESTS: usize = 200;
/// Bytes of one test's input or expected output (or a HumanEval `test`).
pub(crate) const MAX_TEST_BYTES: usize = 4 << 20;
/// Bytes of the starter code.
pub(crate) const MAX_STARTER_BYTES: usize = 64 << 10;
/// Bytes of a problem's id (it names journal files and log lines).
pub const MAX_ID_BYTES: usize = 200;
/// Brackets an example's literal may nest (the literal reader recurses).
pub(crate) const MAX_LITERAL_DEPTH: usize = 64;
/// Bytes of a problem set file (after gunzipping).
pub(crate) const MAX_SET_BYTES: usize = 256 << 20;
/// Problems in one set.
pub(crate) const MAX_SET_PROBLEMS: usize = 10_000;

/// Which limit a problem went past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    ProblemBytes,
    TaskBytes,
    StatementBytes,
    LineBytes,
    StatedExamples,
    Tests,
    TestBytes,
    StarterBytes,
    IdBytes,
    LiteralDepth,
    SetBytes,
    SetProblems,
}

impl Limit {
    /// The limit's name, as errors and docs/judge.md write it.
    pub const fn name(self) -> &'static str {
        match self {
            Limit::ProblemBytes => "problem_bytes",
            Limit::TaskBytes => "task_bytes",
            Limit::StatementBytes => "statement_bytes",
            Limit::LineBytes => "line_bytes",
            Limit::StatedExamples => "stated_examples",
            Limit::Tests => "tests",
            Limit::TestBytes => "test_bytes",
            Limit::StarterBytes => "starter_bytes",
            Limit::IdBytes => "id_bytes",
            Limit::LiteralDepth => "literal_depth",
            Limit::SetBytes => "set_bytes",
            Limit::SetProblems => "set_problems",
        }
    }

    pub const fn max(self) -> usize {
        match self {
            Limit::ProblemBytes => MAX_PROBLEM_BYTES,
            Limit::TaskBytes => MAX_TASK_BYTES,
            Limit::StatementBytes => MAX_STATEMENT_BYTES,
            Limit::LineBytes => MAX_LINE_BYTES,
            Limit::StatedExamples => MAX_STATED_EXAMPLES,
            Limit::Tests => MAX_TESTS,
            Limit::TestBytes => MAX_TEST_BYTES,
            Limit::StarterBytes => MAX_STARTER_BYTES,
            Limit::IdBytes => MAX_ID_BYTES,
            Limit::LiteralDepth => MAX_LITERAL_DEPTH,
            Limit::SetBytes => MAX_SET_BYTES,
            Limit::SetProblems => MAX_SET_PROBLEMS,
        }
    }

    /// What is measured, for the message.
    const fn what(self) -> (&'static str, &'static str) {
        match self {
            Limit::ProblemBytes => ("the problem", "bytes"),
            Limit::TaskBytes => ("the task", "bytes"),
            Limit::StatementBytes => ("the statement", "bytes"),
            Limit::LineBytes => ("a line of the statement", "bytes"),
            Limit::StatedExamples => ("the statement's examples", "or more"),
            Limit::Tests => ("the problem's tests", "in all"),
            Limit::TestBytes => ("a test's input or output", "bytes"),
            Limit::StarterBytes => ("the starter code", "bytes"),
            Limit::IdBytes => ("the problem's id", "bytes"),
            Limit::LiteralDepth => ("an example's brackets", "deep or more"),
            Limit::SetBytes => ("the problem set", "bytes or more"),
            Limit::SetProblems => ("the problem set", "problems or more"),
        }
    }

    /// `Err` when `value` is past this limit.
    pub fn check(self, value: usize) -> Result<(), LimitExceeded> {
        if value > self.max() {
            return Err(LimitExceeded { limit: self, value, max: self.max() });
        }
        Ok(())
    }
}

/// A problem past one of the limits above. It travels inside `anyhow`
/// errors (under any context); [`LimitExceeded::find`] gets it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitExceeded {
    pub limit: Limit,
    /// What was measured; for the counts that stop early, the count at which reading stopped.
    pub value: usize,
    pub max: usize,
}

impl LimitExceeded {
    /// The limit an error (or any error it wraps) reports, if it is one.
    pub fn find(err: &anyhow::Error) -> Option<&LimitExceeded> {
        err.chain().find_map(|e| e.downcast_ref::<LimitExceeded>())
    }
}

impl fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, unit) = self.limit.what();
        write!(f, "{what}: {} {unit}, over the limit {} = {}", self.value, self.limit.name(), self.max)
    }
}

impl std::error::Error for LimitExceeded {}
