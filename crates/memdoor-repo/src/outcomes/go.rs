//! `go test -v`'s `--- PASS`/`--- FAIL` lines, by its documented format (no
//! go was at hand to run).

use crate::domain::TestOutcome;

use super::found::{cut, Found, Map, MAX_NAME_CHARS, MAX_OUTCOMES};

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
pub(super) fn go(out: &str) -> Option<Map> {
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
