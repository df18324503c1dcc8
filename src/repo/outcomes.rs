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

use std::collections::hash_map::RandomState;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::BuildHasher;

/// Outcomes kept from one run at most; past them reading goes on only to count.
pub const MAX_OUTCOMES: usize = 10_000;
/// A test's key is at most this many characters (chars, not bytes); a longer
/// name is cut and ends in `~` and a hash of the whole, so keys stay distinct.
pub const MAX_NAME_CHARS: usize = 300;
/// Nesting of node's subtests followed at most (a deeper line is not read).
const MAX_DEPTH: usize = 64;

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
    pub fn of_command(command: &str) -> Runner {
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

type Map = BTreeMap<String, TestOutcome>;

/// How bad an outcome is, for a test seen twice.
fn severity(o: TestOutcome) -> u8 {
    match o {
        TestOutcome::Pass => 0,
        TestOutcome::Skip => 1,
        TestOutcome::Fail => 2,
        TestOutcome::Error => 3,
    }
}

/// FNV-1a: a hash that is the same in every process, for the keys of cut names.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// `name` within `max` characters: cut on a char boundary, the hash of the whole after `~`.
fn cut(name: &str, max: usize) -> String {
    if name.char_indices().nth(max).is_none() {
        return name.to_string();
    }
    let keep = max.saturating_sub(17);
    let end = name.char_indices().nth(keep).map_or(name.len(), |(i, _)| i);
    format!("{}~{:016x}", &name[..end], fnv(name))
}

/// The outcomes read so far, within the bounds.
#[derive(Default)]
struct Found {
    map: Map,
    /// The last index given to a repeated name (`fresh`), so finding a free one stays linear.
    index: HashMap<String, usize>,
}

impl Found {
    /// The same test again (a pytest teardown error after its pass, a unittest
    /// subtest, a line printed twice): the worse outcome stands.
    fn merge(&mut self, name: &str, outcome: TestOutcome) {
        let key = cut(name, MAX_NAME_CHARS);
        let room = self.map.len() < MAX_OUTCOMES;
        match self.map.get_mut(&key) {
            Some(o) if severity(outcome) > severity(*o) => *o = outcome,
            Some(_) => {}
            None if room => {
                self.map.insert(key, outcome);
            }
            None => {}
        }
    }

    /// Another test of the same name (node's names need not be unique): ` #2`, ` #3`… keep it apart.
    fn fresh(&mut self, name: &str, outcome: TestOutcome) {
        if self.map.len() >= MAX_OUTCOMES {
            return;
        }
        let mut key = cut(name, MAX_NAME_CHARS);
        if self.map.contains_key(&key) {
            let n = self.index.entry(key.clone()).or_insert(1);
            loop {
                *n += 1;
                let suffix = format!(" #{n}");
                let indexed = cut(name, MAX_NAME_CHARS - suffix.len()) + &suffix;
                if !self.map.contains_key(&indexed) {
                    key = indexed;
                    break;
                }
            }
        }
        self.map.insert(key, outcome);
    }

    fn finish(self) -> Option<Map> {
        (!self.map.is_empty()).then_some(self.map)
    }
}

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
fn pytest(out: &str) -> Option<Map> {
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
fn ran_line(t: &str) -> Option<u64> {
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
fn unittest(text: &str) -> Option<Map> {
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

/// `Running unittests src/lib.rs (target/debug/deps/tinyc-e86c…)`, `Running tests/foo.rs (…)`,
/// `Doc-tests name` → (the binary's name, its crate where the line says it).
fn cargo_label(line: &str) -> Option<(String, &str)> {
    let t = line.trim();
    if let Some(rest) = t.strip_prefix("Running ") {
        let rest = rest.strip_prefix("unittests ").unwrap_or(rest);
        let (label, binary) = rest.split_once(" (").unwrap_or((rest, ""));
        let file = binary.trim_end_matches(')').rsplit('/').next().unwrap_or("");
        let label = label.trim();
        return (!label.is_empty()).then(|| (label.to_string(), file.rsplit_once('-').map_or(file, |(c, _)| c)));
    }
    t.strip_prefix("Doc-tests ").map(|name| (format!("Doc-tests {}", name.trim()), ""))
}

/// The k-th block's name: two members' `src/lib.rs` in a workspace are
/// `src/lib.rs` and `src/lib.rs (b)`, then an index.
fn cargo_labels(text: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut given = HashSet::new();
    let mut labels = Vec::new();
    for (label, krate) in text.lines().filter_map(cargo_label) {
        // Cut once here, not in every test's key: a long name times many tests would be quadratic.
        let (label, krate) = (cut(&label, MAX_NAME_CHARS), cut(krate, MAX_NAME_CHARS));
        let n = seen.entry(label.clone()).or_insert(0);
        *n += 1;
        let mut name = if *n == 1 { label.clone() } else { format!("{label} ({krate})") };
        if !given.insert(name.clone()) {
            name = format!("{name} #{n}");
            given.insert(name.clone());
        }
        labels.push(name);
    }
    labels
}

/// Per test binary: (passed, failed, ignored, measured).
type CargoTotals = [u64; 4];

/// `test result: FAILED. 2 passed; 1 failed; 2 ignored; 0 measured; 0 filtered out; finished in 0.15s`.
fn cargo_totals(t: &str) -> Option<CargoTotals> {
    let (_, counts) = t.strip_prefix("test result: ")?.split_once(". ")?;
    let mut said = [None; 4];
    for part in counts.split("; ") {
        let Some((n, word)) = part.split_once(' ') else { continue };
        let slot = ["passed", "failed", "ignored", "measured"].iter().position(|w| *w == word);
        if let (Some(i), Ok(n)) = (slot, n.parse::<u64>()) {
            said[i] = Some(n);
        }
    }
    Some([said[0]?, said[1]?, said[2]?, said[3]?])
}

/// `test a::b ... ok|FAILED|ignored[, reason]|bench: …` → (name, outcome, which total it counts in).
fn cargo_test(t: &str) -> Option<(&str, TestOutcome, usize)> {
    let (name, word) = t.strip_prefix("test ")?.split_once(" ... ")?;
    let name = name.strip_suffix(" - should panic").unwrap_or(name);
    let (outcome, slot) = match word {
        "ok" => (TestOutcome::Pass, 0),
        w if w.starts_with("FAILED") => (TestOutcome::Fail, 1),
        w if w == "ignored" || w.starts_with("ignored, ") => (TestOutcome::Skip, 2),
        w if w.starts_with("bench:") => (TestOutcome::Pass, 3),
        _ => return None,
    };
    Some((name, outcome, slot))
}

/// cargo test: each binary's block (`running N tests` … `test result:`) on
/// stdout, named by the `Running …`/`Doc-tests …` line before it (on stderr
/// unless the streams were joined), the k-th name for the k-th block.
/// Every block must add up to its `test result:` line and its `running N`.
fn cargo(stdout: &str, stderr: &str) -> Option<Map> {
    let mut labels = cargo_labels(stdout);
    if labels.is_empty() {
        labels = cargo_labels(stderr);
    }
    let mut found = Found::default();
    let mut blocks = 0usize;
    // The open block: tests it announced, totals read, whether its failures' output has begun.
    let mut open: Option<(u64, CargoTotals, bool)> = None;
    for line in stdout.lines() {
        let t = line.trim_end();
        if let Some(n) = t.strip_prefix("running ").and_then(|r| r.split_once(' ')).and_then(|(n, _)| n.parse().ok()) {
            if open.is_some() {
                return None; // the previous binary never said its result
            }
            open = Some((n, [0; 4], false));
            blocks += 1;
            continue;
        }
        let Some((announced, read, failures)) = open.as_mut() else { continue };
        if let Some(said) = cargo_totals(t) {
            if said != *read || *announced != read.iter().fold(0u64, |a, n| a.saturating_add(*n)) {
                return None;
            }
            open = None;
        } else if t == "failures:" {
            // What failing tests printed comes after this: never read as results.
            *failures = true;
        } else if let Some((name, outcome, slot)) = cargo_test(t).filter(|_| !*failures) {
            read[slot] += 1;
            match labels.get(blocks.saturating_sub(1)) {
                Some(label) => found.merge(&format!("{label}::{name}"), outcome),
                None => found.merge(name, outcome),
            }
        }
    }
    // A binary that died mid-run, or blocks and names that do not pair up.
    if open.is_some() || !(labels.len() == blocks || (labels.is_empty() && blocks == 1)) {
        return None;
    }
    found.finish()
}

/// A TAP result line: `ok 1 - name`, `not ok 2 - name # SKIP why` → (name, outcome).
fn tap_line(body: &str) -> Option<(String, TestOutcome)> {
    let (ok, rest) = match body.strip_prefix("not ok") {
        Some(rest) => (false, rest),
        None => (true, body.strip_prefix("ok")?),
    };
    // node numbers every line (`ok 1`); that keeps out lines merely starting with `ok` (go's `ok  \tpkg`).
    let rest = rest.strip_prefix(' ')?;
    let unnumbered = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    if unnumbered.len() == rest.len() || !(unnumbered.is_empty() || unnumbered.starts_with(' ')) {
        return None;
    }
    let rest = unnumbered.trim_start();
    let rest = rest.strip_prefix('-').unwrap_or(rest).trim_start();
    // The name runs to the first `#` not escaped (`\#`); a directive follows it.
    let mut name = String::new();
    let mut directive = "";
    let mut chars = rest.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, e @ ('#' | '\\'))) => name.push(e),
                Some((_, e)) => {
                    name.push('\\');
                    name.push(e);
                }
                None => name.push('\\'),
            },
            '#' => {
                directive = rest.get(i + 1..).unwrap_or("").trim_start();
                break;
            }
            c => name.push(c),
        }
    }
    let is = |word: &str| directive.get(..word.len()).is_some_and(|d| d.eq_ignore_ascii_case(word));
    let outcome = match () {
        _ if is("skip") || is("todo") => TestOutcome::Skip,
        _ if ok => TestOutcome::Pass,
        _ => TestOutcome::Fail,
    };
    Some((name.trim_end().to_string(), outcome))
}

/// node --test's TAP: a subtest's line is indented 4 spaces a level and
/// comes before its parent's, so children wait for the next line one level
/// up and are keyed by their path, `suite > test`; a name that repeats
/// at one place gets an index. YAML blocks (`---` … `...`) hold error
/// messages and are skipped; what tests print node turns into `#` comments.
fn node(out: &str) -> Option<Map> {
    // (name, outcome, parent) in the order their lines come.
    let mut nodes: Vec<(String, TestOutcome, Option<usize>)> = Vec::new();
    let mut waiting: Vec<Vec<usize>> = Vec::new();
    let mut yaml = None;
    let mut last = None;
    for line in out.lines() {
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        let body = body.trim_end();
        if let Some(fence) = yaml {
            if indent == fence && body == "..." {
                yaml = None;
            }
            continue;
        }
        if body == "---" && last.is_some_and(|l: usize| l + 2 == indent) {
            yaml = Some(indent);
            continue;
        }
        last = None;
        let depth = indent / 4;
        if indent % 4 != 0 || depth > MAX_DEPTH || nodes.len() >= MAX_OUTCOMES {
            continue;
        }
        let Some((name, outcome)) = tap_line(body) else { continue };
        let id = nodes.len();
        waiting.resize_with(waiting.len().max(depth + 2), Vec::new);
        for (d, ids) in waiting.iter_mut().enumerate().skip(depth + 1) {
            for child in ids.drain(..) {
                if let Some(c) = nodes.get_mut(child).filter(|_| d == depth + 1) {
                    c.2 = Some(id);
                }
            }
        }
        waiting.truncate(depth + 2);
        if let Some(here) = waiting.get_mut(depth) {
            here.push(id);
        }
        nodes.push((cut(&name, MAX_NAME_CHARS), outcome, None));
        last = Some(indent);
    }
    // A parent's line comes after its children's: keys are made from the last line back,
    // each from its parent's (already cut) key, so a deep path costs no more than a short one.
    let mut keys = vec![String::new(); nodes.len()];
    for (i, (name, _, parent)) in nodes.iter().enumerate().rev() {
        let key = match parent.and_then(|p| keys.get(p)) {
            Some(up) => cut(&format!("{up} > {name}"), MAX_NAME_CHARS),
            None => name.clone(),
        };
        keys[i] = key;
    }
    let mut found = Found::default();
    for ((_, outcome, _), key) in nodes.iter().zip(&keys) {
        found.fresh(key, *outcome);
    }
    found.finish()
}

/// `ok  \tpkg\t0.01s`, `FAIL\tpkg\t0.01s`, `FAIL\tpkg [build failed]` → (pkg, whether it never ran).
fn go_package(t: &str) -> Option<(&str, bool)> {
    let mut words = t.split_whitespace();
    let first = words.next()?;
    if !matches!(first, "ok" | "FAIL") || !t.contains('\t') {
        return None;
    }
    let pkg = words.next()?;
    Some((pkg, first == "FAIL" && (t.contains("[build failed]") || t.contains("[setup failed]"))))
}

/// go test -v: `--- PASS: TestX (0.00s)`, `--- FAIL:`, `--- SKIP:`, subtests
/// indented, named `TestX/sub`. A package's tests come before its `ok`/`FAIL`
/// line and are keyed `pkg::TestX` once it comes. go prints no totals to
/// check against; a test printing a `--- PASS:` line for itself still
/// fails when its own `--- FAIL:` follows (the worse outcome stands).
fn go(out: &str) -> Option<Map> {
    let mut found = Found::default();
    let mut waiting: Vec<(String, TestOutcome)> = Vec::new();
    for line in out.lines() {
        let t = line.trim();
        if let Some((word, rest)) = t.strip_prefix("--- ").and_then(|r| r.split_once(": ")) {
            let outcome = match word {
                "PASS" => TestOutcome::Pass,
                "FAIL" => TestOutcome::Fail,
                "SKIP" => TestOutcome::Skip,
                _ => continue,
            };
            if let Some(name) = rest.split_whitespace().next().filter(|_| waiting.len() < MAX_OUTCOMES) {
                waiting.push((cut(name, MAX_NAME_CHARS), outcome));
            }
        } else if let Some((pkg, broken)) = go_package(t) {
            let pkg = cut(pkg, MAX_NAME_CHARS);
            for (name, outcome) in waiting.drain(..) {
                found.merge(&format!("{pkg}::{name}"), outcome);
            }
            if broken {
                found.merge(&pkg, TestOutcome::Error);
            }
        }
    }
    for (name, outcome) in waiting {
        found.merge(&name, outcome);
    }
    found.finish()
}

#[cfg(test)]
#[path = "outcomes_tests.rs"]
mod tests;
