//! The units of a Python text, by its indentation: a line at exactly the
//! units' depth opens one, and it runs to its last line that holds code.

use std::ops::Range;

use super::unit::Unit;
use crate::code_scan::Scan;
use crate::lang::Language;

/// The units of `text` at the indentation `indent` (column 0, or a class
/// body's: the lines there are its methods and attributes), each with its
/// byte range: from its first line (a decorator's, for a definition) to its
/// last non-blank, non-comment line, inclusive of that line's newline. Blank
/// lines and comments no deeper than the units between them belong to none.
pub(super) fn units_at(text: &str, indent: &str) -> Vec<(Unit, Range<usize>)> {
    // Each line's start, and its text past `indent` when it opens a unit: at exactly that
    // depth, not blank, not a comment, not inside a triple-quoted string.
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    let mut in_string = false;
    // Brackets open at a line's start: inside them a line goes on the one above (black's
    // `class A(\n    Base,\n):`).
    let mut depth = 0usize;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let rest = body.strip_prefix(indent).filter(|r| !in_string && depth == 0 && !r.trim().is_empty());
        let opens = rest.filter(|r| !r.starts_with([' ', '\t', '#']));
        lines.push((offset, opens.unwrap_or("")));
        // Odd counts of a triple quote open or close a string that spans lines (a rough, safe reading).
        let quotes = body.matches("\"\"\"").count() + body.matches("'''").count();
        if quotes % 2 == 1 {
            in_string = !in_string;
        }
        if !in_string && quotes == 0 {
            depth = brackets_after(body, depth);
        }
        offset += line.len();
    }
    // A comment no deeper than the units' own depth sits between units, not in one.
    let between = |line: &str| {
        let trimmed = line.trim_start();
        trimmed.is_empty() || (trimmed.starts_with('#') && line.len() - trimmed.len() <= indent.len())
    };
    let starts: Vec<usize> = (0..lines.len()).filter(|&i| !lines[i].1.is_empty()).collect();
    let mut out: Vec<(Unit, Range<usize>)> = Vec::new();
    let mut decorators: Option<usize> = None;
    for (n, &i) in starts.iter().enumerate() {
        let (start, body) = lines[i];
        let next = starts.get(n + 1).map_or(lines.len(), |&j| j);
        let last = (i..next).rev().find(|&j| j == i || !between(line_at(text, &lines, j))).unwrap_or(i);
        let end = lines.get(last + 1).map_or(text.len(), |l| l.0);
        if body.starts_with('@') {
            decorators.get_or_insert(start);
            continue;
        }
        let kind = Language::Python.definition_name(body).map_or_else(
            || if body.starts_with("import ") || body.starts_with("from ") { Unit::Import } else { Unit::Other },
            Unit::Definition,
        );
        out.push((kind, decorators.take().unwrap_or(start)..end));
    }
    out
}

/// The bracket depth after `line`, from `depth` before it: its code's
/// brackets outside one-line strings and before a `#` comment (a rough
/// reading: a line a string spans is left alone by the caller).
fn brackets_after(line: &str, depth: usize) -> usize {
    let mut scan = Scan::at(depth);
    for c in line.chars() {
        if scan.code(c) && c == '#' {
            break;
        }
    }
    scan.depth
}

/// Line `j` of `text` (without its newline), by the offsets in `lines`.
fn line_at<'a>(text: &'a str, lines: &[(usize, &str)], j: usize) -> &'a str {
    let start = lines[j].0;
    let end = lines.get(j + 1).map_or(text.len(), |l| l.0);
    text[start..end].trim_end_matches(['\n', '\r'])
}
