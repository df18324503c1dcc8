//! pytest's `-rA` summary and unittest's `-v` lines, each checked against
//! the totals the runner prints.

use std::collections::hash_map::RandomState;
use std::collections::HashSet;
use std::hash::BuildHasher;

use crate::domain::TestOutcome;

use super::found::{Found, Map};

/// pytest's totals, as its last line says them and as the summary's lines add up.
#[derive(Debug, Default, PartialEq)]
struct PyTotals {
    passed: u64,
    failed: u64,
    errors: u64,
    skipped: u64,
    xfailed: u64,
    xpassed: u64,
}

/// `2 failed, 3 passed, 1 warning in 0.12s`, bare (`-q`) or between `=`s.
fn pytest_totals(line: &str) -> Option<PyTotals> {
    let (counts, time) = line.trim().trim_matches('=').trim().rsplit_once(" in ")?;
    if !time.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut t = PyTotals::default();
    if counts == "no tests ran" {
        return Some(t);
    }
    for part in counts.split(", ") {
        let (n, word) = part.split_once(' ')?;
        let n: u64 = n.parse().ok()?;
        let slot = match word {
            "passed" => &mut t.passed,
            "failed" => &mut t.failed,
            "error" | "errors" => &mut t.errors,
            "skipped" => &mut t.skipped,
            "xfailed" => &mut t.xfailed,
            "xpassed" => &mut t.xpassed,
            "warning" | "warnings" | "deselected" | "rerun" => continue,
            _ => return None,
        };
        *slot = slot.saturating_add(n);
    }
    Some(t)
}

/// The test id of `path::name[params] - message`: a parameter may itself hold ` - `.
fn pytest_id(rest: &str) -> &str {
    let Some((id, _)) = rest.split_once(" - ") else { return rest.trim() };
    if id.contains('[') {
        if let Some(end) = rest.find("] - ") {
            return &rest[..end + 1];
        }
        return rest.trim();
    }
    id.trim()
}

/// pytest `-rA`: the lines after the last `short test summary info` header,
/// up to the totals line. Anything a test prints comes before that header;
/// a line forged after it breaks the totals.
pub(super) fn pytest(out: &str) -> Option<Map> {
    let mut section = Vec::new();
    let mut header = false;
    for line in out.lines().rev() {
        let t = line.trim();
        if t.starts_with('=') && t.ends_with('=') && t.trim_matches('=').trim() == "short test summary info" {
            header = true;
            break;
        }
        section.push(t);
    }
    if !header {
        return None;
    }
    section.reverse();
    let (end, said) = section.iter().enumerate().rev().find_map(|(i, l)| pytest_totals(l).map(|t| (i, t)))?;
    let mut found = Found::default();
    let mut read = PyTotals::default();
    for line in &section[..end] {
        let Some((word, rest)) = line.split_once(' ') else { continue };
        let (slot, outcome) = match word {
            "PASSED" => (&mut read.passed, TestOutcome::Pass),
            "FAILED" => (&mut read.failed, TestOutcome::Fail),
            // A collection error names the file alone: keyed by it.
            "ERROR" => (&mut read.errors, TestOutcome::Error),
            "XFAIL" => (&mut read.xfailed, TestOutcome::Skip),
            "XPASS" => (&mut read.xpassed, TestOutcome::Pass),
            // `SKIPPED [2] tests/t.py:10: reason`: no test id, keyed by the place.
            "SKIPPED" => {
                let Some((n, rest)) = rest.strip_prefix('[').and_then(|r| r.split_once("] ")) else { continue };
                let Ok(n) = n.parse::<u64>() else { continue };
                read.skipped = read.skipped.saturating_add(n);
                found.merge(rest.split_once(": ").map_or(rest, |(place, _)| place), TestOutcome::Skip);
                continue;
            }
            _ => continue,
        };
        *slot += 1;
        found.merge(pytest_id(rest), outcome);
    }
    if read != said {
        return None;
    }
    found.finish()
}

/// `Ran 8 tests in 0.002s`.
pub(super) fn ran_line(t: &str) -> Option<u64> {
    let (n, rest) = t.strip_prefix("Ran ")?.split_once(' ')?;
    rest.starts_with("test").then(|| n.parse().ok()).flatten()
}

/// unittest's totals by kind: failures, errors, skipped, expected failures, unexpected successes.
type UnittestTotals = [u64; 5];

const UNITTEST_KINDS: [&str; 5] = ["failures", "errors", "skipped", "expected failures", "unexpected successes"];

/// unittest's verdict line: `OK`, `OK (skipped=1)`, `FAILED (failures=2, errors=1)`.
fn unittest_verdict(t: &str) -> Option<UnittestTotals> {
    let inner = match t.strip_prefix("OK").or_else(|| t.strip_prefix("FAILED")) {
        Some("") => return Some([0; 5]),
        Some(rest) => rest.strip_prefix(" (")?.strip_suffix(')')?,
        None => return None,
    };
    let mut said = [0; 5];
    for part in inner.split(", ") {
        let (word, n) = part.split_once('=')?;
        let slot = UNITTEST_KINDS.iter().position(|k| *k == word)?;
        said[slot] = n.parse().ok()?;
    }
    Some(said)
}

/// `test_name (module.Class.test_name)` (3.11; `(module.Class)` before) → (its key, the rest of the line).
fn unittest_test(t: &str) -> Option<(String, &str)> {
    let (name, rest) = t.split_once(" (")?;
    let (id, rest) = rest.split_once(')')?;
    if name.is_empty() || id.is_empty() || name.contains(char::is_whitespace) || id.contains(char::is_whitespace) {
        return None;
    }
    let whole = id.strip_suffix(name).is_some_and(|m| m.is_empty() || m.ends_with('.'));
    Some((if whole { id.to_string() } else { format!("{id}.{name}") }, rest))
}

/// A result word → its outcome and the total it counts in (none for `ok`).
fn unittest_word(w: &str) -> Option<(TestOutcome, Option<usize>)> {
    match w.trim() {
        "ok" => Some((TestOutcome::Pass, None)),
        "FAIL" => Some((TestOutcome::Fail, Some(0))),
        "ERROR" => Some((TestOutcome::Error, Some(1))),
        w if w.starts_with("skipped") => Some((TestOutcome::Skip, Some(2))),
        "expected failure" => Some((TestOutcome::Skip, Some(3))),
        "unexpected success" => Some((TestOutcome::Pass, Some(4))),
        _ => None,
    }
}

/// unittest `-v`: `name (id) ... ok`; a docstring's first line, or what the
/// test printed (streams joined), can come before the word, which then ends
/// a later line; subtests (`name (id) (i=1) ... FAIL`) fold into their
/// test. Checked against `Ran N tests` (tests read) and the verdict's totals.
pub(super) fn unittest(text: &str) -> Option<Map> {
    let mut found = Found::default();
    let hasher = RandomState::new();
    let mut tests = HashSet::new();
    let mut read = [0u64; 5];
    let (mut ran, mut said) = (None, None);
    // The test whose word has not come yet.
    let mut pending: Option<String> = None;
    for line in text.lines() {
        let t = line.trim();
        if let Some(n) = ran_line(t) {
            ran = Some(n);
            continue;
        }
        if let Some(v) = unittest_verdict(t) {
            said = Some(v);
            continue;
        }
        let waiting = pending.take();
        // The failures' details begin: nothing after is a result line.
        if t.starts_with("======") {
            continue;
        }
        let (key, word) = match (unittest_test(t), waiting) {
            (Some((key, rest)), _) => {
                let first = rest.split_once(" ... ").map(|(_, w)| w).filter(|w| unittest_word(w).is_some());
                (key, first.or(rest.rsplit_once(" ... ").map(|(_, w)| w)))
            }
            (None, Some(key)) => (key, Some(t.rsplit_once(" ... ").map_or(t, |(_, w)| w))),
            (None, None) => continue,
        };
        let Some((outcome, slot)) = word.and_then(unittest_word) else {
            pending = Some(key);
            continue;
        };
        if let Some(slot) = slot {
            read[slot] += 1;
        }
        // Class and module fixtures report errors but are not tests `Ran` counts.
        let fixture = ["setUpClass", "tearDownClass", "setUpModule", "tearDownModule"]
            .iter()
            .any(|f| key.strip_suffix(f).is_some_and(|m| m.ends_with('.')));
        if !fixture {
            tests.insert(hasher.hash_one(&key));
        }
        found.merge(&key, outcome);
    }
    if ran != Some(tests.len() as u64) || said != Some(read) {
        return None;
    }
    found.finish()
}
