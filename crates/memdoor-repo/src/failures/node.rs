//! node's `--test` TAP: a `not ok N - name` line (indented for subtests),
//! then a YAML block to `...` holding `location:`, the `error:` message,
//! `expected:` and `actual:` (one line or a block), and the `stack:` whose
//! frames in the repository's files are the failure's (the test's own
//! frame gives where it failed). Checked against node 20's real output
//! (failures_tests.rs).

use super::{kept, place, Compared, Failure, Frame, Place, MAX_FAILURES, MAX_FRAMES, MAX_SAYS};

/// Where the sandbox mounts the tree (`judge::sandbox::tree`): a path under
/// it is the repository's.
const TREE_INSIDE: &str = "/repo/";

/// The YAML key whose lines are being read.
#[derive(PartialEq)]
enum Key {
    Error,
    Expected,
    Actual,
    Stack,
    Other,
}

/// One failure being read.
struct Reading {
    failure: Failure,
    key: Key,
    /// `expected:` and `actual:` as printed, one line or a block's lines.
    expected: Vec<String>,
    actual: Vec<String>,
    /// The error's class (`name: 'TypeError'`).
    class: Option<String>,
}

pub(super) fn failures(out: &str) -> Vec<Failure> {
    let mut found = Vec::new();
    let mut current: Option<Reading> = None;
    for line in out.lines() {
        let t = line.trim();
        let ends = not_ok(t).is_some() || t == "..." || t.starts_with("ok ") || t.starts_with("# Subtest:");
        if ends {
            if let Some(r) = current.take() {
                found.push(r.finish());
                if found.len() >= MAX_FAILURES {
                    return found;
                }
            }
        }
        if let Some(name) = not_ok(t) {
            let failure = Failure { test: kept(name), ..Failure::default() };
            current = Some(Reading { failure, key: Key::Other, expected: Vec::new(), actual: Vec::new(), class: None });
            continue;
        }
        let Some(r) = current.as_mut() else { continue };
        // A key of the YAML block, or a line under the last one.
        if let Some((k, value)) = yaml_key(t) {
            let value = value.trim();
            r.key = match k {
                "error" => Key::Error,
                "expected" => Key::Expected,
                "actual" => Key::Actual,
                "stack" => Key::Stack,
                "location" => {
                    r.failure.at = repo_place(value.trim_matches('\''));
                    Key::Other
                }
                "name" => {
                    r.class = Some(kept(value.trim_matches('\'')));
                    Key::Other
                }
                _ => Key::Other,
            };
            if !value.is_empty() && value != "|-" && value != "|" && r.key != Key::Other {
                r.take(value.trim_matches('\''));
            }
            continue;
        }
        if !t.is_empty() {
            r.take(t);
        }
    }
    if let Some(r) = current.take() {
        found.push(r.finish());
    }
    found.truncate(MAX_FAILURES);
    found
}

impl Reading {
    /// A line under the current key, taken where it goes.
    fn take(&mut self, line: &str) {
        let failure = &mut self.failure;
        match self.key {
            Key::Error if failure.says.len() < MAX_SAYS => failure.says.push(kept(line)),
            Key::Expected if self.expected.len() < MAX_VALUE_LINES => self.expected.push(kept(line)),
            Key::Actual if self.actual.len() < MAX_VALUE_LINES => self.actual.push(kept(line)),
            Key::Stack => {
                if let Some(frame) = stack_frame(line) {
                    let own = failure.at.as_ref().is_some_and(|at| at.path == frame.at.path);
                    if own {
                        // The test's own frame: the line it failed on.
                        failure.at = Some(frame.at);
                    } else if failure.frames.len() < MAX_FRAMES {
                        failure.frames.push(frame);
                    }
                }
            }
            _ => {}
        }
    }

    fn finish(self) -> Failure {
        let mut failure = self.failure;
        if let (Some(first), Some(second)) = (value(&self.actual), value(&self.expected)) {
            // `assert.strictEqual(actual, expected)`: the first argument is the actual value.
            failure.compared = Some(Compared { first, second });
        }
        if let (Some(class), Some(first)) = (self.class, failure.says.first_mut()) {
            if class != "AssertionError" && !first.starts_with(&class) {
                *first = kept(&format!("{class}: {first}"));
            }
        }
        // The stack lists the innermost first.
        failure.frames.reverse();
        failure
    }
}

/// Lines of an `expected:` or `actual:` value read at most.
const MAX_VALUE_LINES: usize = 32;

/// A value as printed: one line as it is; a block of `0: 100` lines as
/// `[100, …]`, of `key: value` lines as `{key: value, …}`.
fn value(lines: &[String]) -> Option<String> {
    match lines {
        [] => None,
        [one] => Some(one.clone()),
        many => {
            let indexed = many.iter().enumerate().all(|(i, l)| l.starts_with(&format!("{i}: ")));
            let joined = if indexed {
                let items: Vec<&str> = many.iter().map(|l| l.split_once(": ").map_or(l.as_str(), |(_, v)| v)).collect();
                format!("[{}]", items.join(", "))
            } else {
                format!("{{{}}}", many.join(", "))
            };
            Some(kept(&joined))
        }
    }
}

/// `not ok 4 - schedule starts at baseMs` → the name.
fn not_ok(t: &str) -> Option<&str> {
    let rest = t.strip_prefix("not ok ")?;
    let (n, name) = rest.split_once(" - ")?;
    (n.chars().all(|c| c.is_ascii_digit()) && !name.trim().is_empty()).then(|| name.trim())
}

/// `error: |-` → (`error`, `|-`): a YAML key of the block.
fn yaml_key(t: &str) -> Option<(&str, &str)> {
    let (k, v) = t.split_once(':')?;
    let known =
        ["error", "expected", "actual", "stack", "location", "code", "name", "operator", "duration_ms", "failureType"];
    known.contains(&k).then_some((k, v))
}

/// `backoff (/repo/backoff.js:5:3)`, `/repo/test/x.test.js:23:10`, `at f (…)` → its frame, when in the repository.
fn stack_frame(line: &str) -> Option<Frame> {
    let line = line.strip_prefix("at ").unwrap_or(line);
    let (function, at) = match line.strip_suffix(')').and_then(|l| l.rsplit_once(" (")) {
        Some((f, at)) => (Some(f.rsplit('.').next().unwrap_or(f).trim()), at),
        None => (None, line),
    };
    let at = repo_place(at)?;
    let function = function.filter(|f| !f.is_empty() && !f.starts_with('<')).map(kept);
    Some(Frame { at, function })
}

/// `/repo/test/x.test.js:22:1` → `test/x.test.js`, 22: only a place in the repository.
fn repo_place(at: &str) -> Option<Place> {
    let rel = at.strip_prefix(TREE_INSIDE)?;
    let (path_line, _col) = rel.rsplit_once(':')?;
    place(path_line)
}
