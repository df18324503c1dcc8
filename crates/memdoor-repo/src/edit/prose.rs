//! Edits written as sentences (#63 item 3). Asked to say first which lines
//! change and how, small models often stop there: "the line `return a - b`
//! should be changed to `return a + b`", "replace `X` with `Y`", or the old
//! and the new line in two fences under "should be changed to:". Such a
//! sentence is an edit when its old code is whole lines that occur exactly
//! once in the files shown — the same rule as a SEARCH block, one uniform
//! indentation shift allowed — and its new code differs. Code in backticks
//! or fences is read; the words between two pieces of code say which is the
//! old one ("to", "with", "into", "→"; "instead of" the other way round).
//! The text is untrusted: nothing here does more than pair pieces of code
//! and look them up in the files shown.

use super::parse::Shown;
use super::{apply_edit, Edit, MAX_BLOCKS, MAX_SECTION_BYTES};

/// A piece of code in an answer: its text and where it lies (byte offsets).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece<'a> {
    code: &'a str,
    start: usize,
    end: usize,
}

/// The most text between two pieces for their words to join them.
const MAX_JOINT_BYTES: usize = 120;

/// Pieces of code an answer holds at most before the rest is not read.
const MAX_PIECES: usize = 256;

/// Which way the words between two pieces point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    /// The first is the old code, the second the new: "`X` to `Y`".
    Forward,
    /// The first is the new code: "`Y` instead of `X`".
    Backward,
}

/// What the words between two pieces say of them, if anything.
fn direction(joint: &str) -> Option<Direction> {
    if joint.len() > MAX_JOINT_BYTES || joint.contains("\n\n\n") {
        return None;
    }
    let words = joint.to_lowercase();
    let words = words.trim().trim_end_matches(':').trim();
    const BACKWARD: [&str; 3] = ["instead of", "in place of", "rather than"];
    const FORWARD_END: [&str; 6] = [" to", " with", " into", " by", " be", " becomes"];
    const FORWARD_SIGNS: [&str; 4] = ["→", "->", "=>", "⇒"];
    if BACKWARD.iter().any(|b| words.ends_with(b)) {
        return Some(Direction::Backward);
    }
    let padded = format!(" {words}");
    if FORWARD_END.iter().any(|f| padded.ends_with(f)) || FORWARD_SIGNS.contains(&words) {
        return Some(Direction::Forward);
    }
    None
}

/// The pieces of code in `answer`, in order: fenced blocks (their lines)
/// and inline spans of single backticks outside them.
fn pieces(answer: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < answer.len() && out.len() < MAX_PIECES {
        let rest = &answer[at..];
        let Some(tick) = rest.find('`') else { break };
        let start = at + tick;
        let line_start = answer[..start].rfind('\n').map_or(0, |n| n + 1);
        let opens_fence = answer[start..].starts_with("```") && answer[line_start..start].trim().is_empty();
        if opens_fence {
            let run = answer[start..].chars().take_while(|c| *c == '`').count();
            let body = answer[start..].find('\n').map_or(answer.len(), |n| start + n + 1);
            let (code_end, end) = fence_end(answer, body, run);
            out.push(Piece { code: &answer[body.min(code_end)..code_end], start, end });
            at = end;
            continue;
        }
        let run = answer[start..].chars().take_while(|c| *c == '`').count();
        let after = start + run;
        // An inline span closes at the same run of backticks, on the same line.
        let line_end = answer[after..].find('\n').map_or(answer.len(), |n| after + n);
        let closer = "`".repeat(run);
        match answer[after..line_end].find(&closer) {
            Some(close) if run < 3 => {
                let code_end = after + close;
                out.push(Piece { code: &answer[after..code_end], start, end: code_end + run });
                at = code_end + run;
            }
            _ => at = after,
        }
    }
    out
}

/// Where a fence opened with `run` backticks ends: (the end of its code,
/// the end of its closing line); an unclosed fence ends with the text.
fn fence_end(answer: &str, body: usize, run: usize) -> (usize, usize) {
    let mut line_start = body;
    while line_start < answer.len() {
        let line_end = answer[line_start..].find('\n').map_or(answer.len(), |n| line_start + n);
        let line = answer[line_start..line_end].trim();
        if line.len() >= run && line.chars().all(|c| c == '`') {
            return (line_start, (line_end + 1).min(answer.len()));
        }
        line_start = line_end + 1;
    }
    (answer.len(), answer.len())
}

/// `code` as whole lines, each ending in `\n` (a span is one line; a fence's lines as written).
fn as_lines(code: &str) -> String {
    let lines: Vec<&str> = code.lines().collect();
    // A span's own surrounding spaces are not the code's ("`  x = 1 `").
    let mut text = match lines[..] {
        [one] => one.trim().to_string(),
        _ => lines.join("\n"),
    };
    text.push('\n');
    text
}

/// The edits `answer` states in sentences, each on the one shown file where
/// its old code occurs exactly once; pairs whose new code is the old, or
/// whose old code is found nowhere or more than once, are not edits.
pub fn prose_edits(answer: &str, shown: &[Shown]) -> Vec<Edit> {
    let pieces = pieces(answer);
    let mut edits: Vec<Edit> = Vec::new();
    let mut i = 0;
    while i + 1 < pieces.len() && edits.len() < MAX_BLOCKS {
        let (a, b) = (&pieces[i], &pieces[i + 1]);
        let Some(way) = direction(&answer[a.end..b.start]) else {
            i += 1;
            continue;
        };
        let (old, new) = match way {
            Direction::Forward => (a.code, b.code),
            Direction::Backward => (b.code, a.code),
        };
        // "Add `import os` to `calc.py`" names a file, not its new code.
        let names_a_file = shown.iter().any(|(path, _)| path.to_string() == new.trim());
        if old.trim().is_empty() || old.trim() == new.trim() || old.len() > MAX_SECTION_BYTES || names_a_file {
            i += 1;
            continue;
        }
        if let Some(edit) = located(&as_lines(old), &as_lines(new), shown) {
            if !edits.iter().any(|e| e.path == edit.path && e.search == edit.search) {
                edits.push(edit);
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    edits
}

/// The edit replacing `search` by `replace` in the one shown file where the
/// lines occur exactly once (as a SEARCH block finds them), if there is one.
fn located(search: &str, replace: &str, shown: &[Shown]) -> Option<Edit> {
    let mut found = shown.iter().filter_map(|(path, text)| {
        let edit = Edit { path: path.clone(), search: search.to_string(), replace: replace.to_string() };
        apply_edit(Some(text), &edit, 1).ok().filter(|after| after != text).map(|_| edit)
    });
    let edit = found.next()?;
    found.next().is_none().then_some(edit)
}

#[cfg(test)]
#[path = "prose_tests.rs"]
mod tests;
