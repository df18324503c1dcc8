//! What each failing test's output says (#63 item 1): where it failed, the
//! line that failed, the error's own words, the frames it went through, and
//! — where the assertion compares a call with a value — the call, what it
//! should be and what it is now: the problem form a small model writes
//! best ("`parse_duration('1h30m')` should be 5400; it is 1800"). Read from
//! pytest's reports (`--tb=long`, the default, and `--tb=short`), from
//! `cargo test`'s panics and from node's TAP; other runners give none, and
//! the prompt shows the end of their output instead.
//!
//! The output is hostile (a repository's code and a model's patch print
//! it): every reader is linear, never panics, and keeps at most
//! `MAX_FAILURES` failures, `MAX_SAYS` lines of at most `MAX_LINE_CHARS`
//! characters each and `MAX_FRAMES` frames. What it reads is shown to the
//! agents as the tests' words, never acted on.

mod cargo;
mod node;
mod pytest;

use crate::code_scan::Scan;
use crate::outcomes::Runner;

/// Failures read at most from one run.
pub const MAX_FAILURES: usize = 16;
/// Lines of an error's words kept at most.
pub const MAX_SAYS: usize = 8;
/// Frames of one failure kept at most.
pub const MAX_FRAMES: usize = 8;
/// Characters of any one line kept at most (a longer one is cut, with `…`).
pub const MAX_LINE_CHARS: usize = 200;

/// One failing test, as its runner's report says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Failure {
    /// The test's name as the report gives it (`test_two_units`, `median_of_nothing`).
    pub test: String,
    /// Where in the test it failed: its file and line.
    pub at: Option<Place>,
    /// The test's line that failed (`assert parse_duration("1h30m") == 5400`).
    pub source: Option<String>,
    /// The error's own words, first line first (`AssertionError: assert 1800 == 5400`).
    pub says: Vec<String>,
    /// The frames past the test's own, outermost first: where the code it
    /// called went, the function at the failure last.
    pub frames: Vec<Frame>,
    /// The values the runner printed of a failing two-argument comparison
    /// (cargo's `left`/`right`, node's `actual`/`expected`).
    pub compared: Option<Compared>,
    /// The failing comparison as a call and two values, where it reads as one.
    pub example: Option<Example>,
}

/// The printed values of a failing comparison's first and second arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compared {
    pub first: String,
    pub second: String,
}

/// A file and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub path: String,
    pub line: u32,
}

/// One frame a failure went through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub at: Place,
    /// The function the frame is in, where the report names it.
    pub function: Option<String>,
}

/// A failing comparison in the problem form: `call` should be `expected`; it is `got`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    pub call: String,
    pub expected: String,
    pub got: String,
}

impl Failure {
    /// Where the runner prints no source line (cargo, node), the failing
    /// line as `line_of` finds it — the caller looks it up in the files it
    /// shows, never on disk by a path the output names — and the example
    /// its comparison makes: `assert_eq!(page_count(25, 10), 3)` with
    /// `left: 2` reads as "`page_count(25, 10)` should be 3; it is 2".
    pub fn read_source(&mut self, line_of: impl Fn(&Place) -> Option<String>) {
        if self.source.is_none() {
            self.source = self.at.as_ref().and_then(&line_of).map(|l| kept(l.trim()));
        }
        if self.example.is_none() {
            self.example = self.source.as_deref().zip(self.compared.as_ref()).and_then(|(s, c)| call_example(s, c));
        }
    }

    /// The functions the failure went through, innermost first, each once.
    pub fn functions(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for f in self.frames.iter().rev().filter_map(|f| f.function.as_deref()) {
            if !out.contains(&f) {
                out.push(f);
            }
        }
        out
    }
}

/// The failures `runner`'s standard output reports (every runner read
/// prints its report there: pytest's failures, libtest's captured panics,
/// node's TAP).
pub fn read_failures(runner: Runner, stdout: &str) -> Vec<Failure> {
    let mut failures = match runner {
        Runner::Pytest => pytest::failures(stdout),
        Runner::Cargo => cargo::failures(stdout),
        Runner::NodeTest => node::failures(stdout),
        _ => Vec::new(),
    };
    failures.truncate(MAX_FAILURES);
    failures
}

/// `line` cut to `MAX_LINE_CHARS` characters, trimmed at its end.
pub(crate) fn kept(line: &str) -> String {
    let line = line.trim_end();
    match line.char_indices().nth(MAX_LINE_CHARS) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_string(),
    }
}

/// `path:line` with the line a number (`tests/test_x.py:12`); the path as written.
pub(crate) fn place(text: &str) -> Option<Place> {
    let (path, line) = text.rsplit_once(':')?;
    let line: u32 = line.parse().ok()?;
    (!path.is_empty() && !path.contains(char::is_whitespace)).then(|| Place { path: path.to_string(), line })
}

/// The byte offsets of `text`'s characters at bracket depth 0 outside strings (`code_scan`).
fn top_level(text: &str) -> impl Iterator<Item = usize> + '_ {
    let mut scan = Scan::default();
    text.char_indices().filter(move |&(_, c)| scan.code(c) && scan.depth == 0).map(|(i, _)| i)
}

/// `expr` split at its one top-level ` == ` (not inside quotes or
/// brackets): `None` when it has none or more than one.
pub(crate) fn split_equality(expr: &str) -> Option<(&str, &str)> {
    let mut at = top_level(expr).filter(|&i| expr[i..].starts_with(" == "));
    let first = at.next()?;
    if at.next().is_some() {
        return None;
    }
    let (left, right) = (expr[..first].trim(), expr[first + 4..].trim());
    (!left.is_empty() && !right.is_empty()).then_some((left, right))
}

/// The example a failing `assert CALL == VALUE` line and its error's
/// `assert GOT == VALUE` make (either side may hold the call).
pub(crate) fn example(source: &str, said: &str) -> Option<Example> {
    let (left, right) = split_equality(source.trim().strip_prefix("assert ")?)?;
    let said = said.trim();
    let said = said.split_once(": ").filter(|(kind, _)| kind.ends_with("Error")).map_or(said, |(_, rest)| rest);
    let (now_left, now_right) = split_equality(said.strip_prefix("assert ")?)?;
    let is_call = |s: &str| s.ends_with(')') && s.contains('(');
    match (is_call(left), is_call(right)) {
        (true, false) => Some(Example { call: left.into(), expected: right.into(), got: now_left.into() }),
        (false, true) => Some(Example { call: right.into(), expected: left.into(), got: now_right.into() }),
        _ => None,
    }
}

/// The comparisons whose first two arguments `Compared` holds the values of.
const COMPARISONS: [&str; 6] = [
    "assert_eq!(",
    "assert.strictEqual(",
    "assert.deepStrictEqual(",
    "assert.equal(",
    "assert.deepEqual(",
    "assert_eq!{",
];

/// `assert_eq!(CALL, VALUE);` (or node's `assert.strictEqual(CALL, VALUE)`)
/// with the values printed: the call, the value it should be (as the test
/// writes it) and the value it is (as printed). Either argument may be the call.
pub(crate) fn call_example(source: &str, compared: &Compared) -> Option<Example> {
    let source = source.trim().trim_end_matches(';').trim_end();
    let args = COMPARISONS.iter().find_map(|head| source.strip_prefix(head))?;
    let args = args.strip_suffix(')').or_else(|| args.strip_suffix('}'))?;
    let (first, second) = split_arguments(args)?;
    let is_call = |s: &str| s.ends_with(')') && s.contains('(');
    match (is_call(first), is_call(second)) {
        (true, false) => Some(Example { call: first.into(), expected: second.into(), got: compared.first.clone() }),
        (false, true) => Some(Example { call: second.into(), expected: first.into(), got: compared.second.clone() }),
        _ => None,
    }
}

/// A call's arguments split at top-level commas: the first two, when there
/// are two or three (a message may follow).
fn split_arguments(args: &str) -> Option<(&str, &str)> {
    let cuts: Vec<usize> = top_level(args).filter(|&i| args[i..].starts_with(',')).take(3).collect();
    let (first, second) = match cuts.as_slice() {
        [a] => (&args[..*a], &args[a + 1..]),
        [a, b] => (&args[..*a], &args[a + 1..*b]),
        _ => return None,
    };
    let (first, second) = (first.trim(), second.trim());
    (!first.is_empty() && !second.is_empty()).then_some((first, second))
}

#[cfg(test)]
#[path = "failures_tests.rs"]
mod tests;
