//! node's `--test` TAP: subtests nested by indentation, named by their
//! path, repeated names kept apart.

use crate::domain::TestOutcome;

use super::found::{cut, Found, Map, MAX_NAME_CHARS, MAX_OUTCOMES};

/// Nesting of node's subtests followed at most (a deeper line is not read).
const MAX_DEPTH: usize = 64;

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
pub(super) fn node(out: &str) -> Option<Map> {
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
