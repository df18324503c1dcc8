//! `cargo test`'s lines: each test binary's results under the label stderr
//! gives it, checked against the binary's own totals.

use std::collections::{HashMap, HashSet};

use crate::domain::TestOutcome;

use super::found::{cut, Found, Map, MAX_NAME_CHARS};

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
pub(super) fn cargo(stdout: &str, stderr: &str) -> Option<Map> {
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
