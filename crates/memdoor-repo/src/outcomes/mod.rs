//! Per-test outcomes read from a test runner's output (#30): the user's test
//! command runs on each candidate patch and on the untouched tree, and the
//! candidates are compared test by test. The output is hostile — it comes
//! from the repository's code and from patches a model wrote — so every
//! reader is linear, never panics, keeps at most `MAX_OUTCOMES` outcomes
//! with names of at most `MAX_NAME_CHARS` characters, and, where the runner
//! prints its own totals (pytest, unittest, cargo), checks what it read
//! against them: a test that prints result lines of its own then makes the
//! reading disagree, and a disagreement reads as `None` (the caller goes by
//! the exit code). A test seen twice keeps its worse outcome, so a second
//! line can never turn a failure into a pass (in node's TAP, where names
//! repeat, a repeated name is another test and gets an index).
//!
//! Checked against real output: pytest 8.3.4 (`-rA`, `-q` and not), Python
//! 3.11's `unittest -v`, `cargo test` of Rust 1.95 (unit, integration and
//! doc tests, a workspace), node 20's `--test` TAP. The go reader follows `go test -v`'s documented
//! format only: no go was at hand to run.

//!
//! By runner: `python` (pytest, unittest), `cargo`, `node`, `go`; `found`
//! holds what they share.

mod cargo;
mod found;
mod go;
mod node;
mod python;

use std::collections::BTreeMap;

use cargo::cargo;
use go::go;
use node::node;
use python::{pytest, ran_line, unittest};

pub use found::{MAX_NAME_CHARS, MAX_OUTCOMES};

// How one test ended: a core type, since the consensus carries it too.
pub use crate::domain::TestOutcome;

/// Which test runner's output format to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Runner {
    Pytest,
    Unittest,
    Cargo,
    NodeTest,
    GoTest,
    Unknown,
}

impl Runner {
    /// The runner a command line names (`python3 -m pytest -q` → Pytest, `pytest` → Pytest, `python -m unittest` → Unittest, `cargo test` → Cargo, `node --test` / `npm test` → NodeTest, `go test` → GoTest; else Unknown). Words, not substrings: `mypytest.sh` is Unknown.
    pub(crate) fn of_command(command: &str) -> Runner {
        let words: Vec<&str> = command
            .split(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|' | '(' | ')' | '`'))
            .map(|w| w.trim_matches(|c| c == '"' || c == '\''))
            .map(|w| w.rsplit('/').next().unwrap_or(w))
            .filter(|w| !w.is_empty())
            .collect();
        // The subcommand after a tool's name, past its options (`cargo +nightly test`).
        let then = |i: usize| words.iter().skip(i + 1).find(|w| !w.starts_with(['-', '+'])).copied();
        let named = |tool: &[&str], sub: &[&str]| {
            words.iter().enumerate().any(|(i, w)| tool.contains(w) && then(i).is_some_and(|s| sub.contains(&s)))
        };
        let module =
            |m: &str| words.windows(2).any(|p| p[0] == "-m" && p[1] == m) || words.contains(&&*format!("-m{m}"));
        if words.iter().any(|w| matches!(*w, "pytest" | "py.test")) || module("pytest") {
            Runner::Pytest
        } else if module("unittest") {
            Runner::Unittest
        } else if named(&["cargo"], &["test", "t"]) {
            Runner::Cargo
        } else if named(&["npm", "pnpm", "yarn"], &["test", "t"])
            || words.windows(3).any(|w| matches!(w[0], "npm" | "pnpm" | "yarn") && w[1] == "run" && w[2] == "test")
            || words.iter().position(|w| *w == "node").is_some_and(|i| words[i..].contains(&"--test"))
        {
            Runner::NodeTest
        } else if named(&["go"], &["test"]) {
            Runner::GoTest
        } else {
            Runner::Unknown
        }
    }
}

/// Per-test outcomes in a run's output (stdout and stderr as the runner wrote them), by test name;
/// `None` when the output holds none in the runner's format (the caller then goes by the exit code).
/// `Unknown` tries every format, in the order above, and takes the first that finds any.
pub fn read_outcomes(runner: Runner, stdout: &str, stderr: &str) -> Option<BTreeMap<String, TestOutcome>> {
    match runner {
        Runner::Pytest => pytest(stdout),
        // unittest writes on stderr; on stdout only when the two were joined.
        Runner::Unittest => {
            unittest(if stderr.lines().any(|l| ran_line(l.trim()).is_some()) { stderr } else { stdout })
        }
        Runner::Cargo => cargo(stdout, stderr),
        Runner::NodeTest => node(stdout),
        Runner::GoTest => go(stdout),
        Runner::Unknown => [Runner::Pytest, Runner::Unittest, Runner::Cargo, Runner::NodeTest, Runner::GoTest]
            .into_iter()
            .find_map(|r| read_outcomes(r, stdout, stderr)),
    }
}

#[cfg(test)]
mod tests;
