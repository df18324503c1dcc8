//! The units of a brace language's text (Rust, JavaScript), by its
//! brackets: a line at exactly the units' indentation, outside any bracket,
//! string or comment, opens one, and it runs to the line that closes what it
//! opened — its `}` — or that ends it with `;`. Attributes and decorators
//! (`#[…]`, `@…`) go with the unit below them; comments between units (doc
//! comments too) belong to none, so the file keeps its own.
//!
//! The text is model output or a user's file: the scan is linear, and text
//! it cannot read — a closing bracket with none open, a string or comment
//! never closed — has no units at all (the caller then says the block is no
//! definitions), never a guess.

use std::ops::Range;

use super::unit::Unit;
use crate::lang::Language;

/// A string the scan is inside at a line's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quote {
    Double,
    /// JavaScript's template literal.
    Template,
    /// Rust's raw string, with its number of `#`.
    Raw(usize),
}

/// What the scan carries from one line to the next.
#[derive(Debug, Default, Clone, Copy)]
struct Scan {
    depth: usize,
    block_comment: bool,
    string: Option<Quote>,
}

impl Scan {
    /// Outside any bracket, string or comment.
    fn at_top(&self) -> bool {
        self.depth == 0 && !self.block_comment && self.string.is_none()
    }
}

/// What one line did: whether it opened a brace, and its last character of code.
struct LineScan {
    opened_brace: bool,
    last_code: Option<char>,
}

/// Reads one line on from `scan`; `None` when a bracket closes with none open.
fn scan_line(lang: Language, line: &str, scan: &mut Scan) -> Option<LineScan> {
    let chars: Vec<char> = line.chars().collect();
    let at = |i: usize| chars.get(i).copied();
    let mut out = LineScan { opened_brace: false, last_code: None };
    // A regex that found no closing `/` means none will on this line: not tried again (linear).
    let mut regex_closes = true;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if scan.block_comment {
            if c == '*' && at(i + 1) == Some('/') {
                scan.block_comment = false;
                i += 1;
            }
            i += 1;
            continue;
        }
        if let Some(quote) = scan.string {
            match (quote, c) {
                (Quote::Double | Quote::Template, '\\') => i += 1,
                (Quote::Double, '"') | (Quote::Template, '`') => scan.string = None,
                (Quote::Raw(n), '"') if (1..=n).all(|k| at(i + k) == Some('#')) => {
                    scan.string = None;
                    i += n;
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        let rust = lang == Language::Rust;
        match c {
            '/' if at(i + 1) == Some('/') => break,
            '/' if at(i + 1) == Some('*') => {
                scan.block_comment = true;
                i += 1;
            }
            '/' if !rust && regex_closes && regex_may_open(&chars, i) => {
                // A JavaScript regex literal (`/"/g`): past its closing `/`, outside `[…]`;
                // none on the line, it was a division.
                let (mut j, mut class) = (i + 1, false);
                while j < chars.len() && (chars[j] != '/' || class) {
                    match chars[j] {
                        '\\' => j += 1,
                        '[' => class = true,
                        ']' => class = false,
                        _ => {}
                    }
                    j += 1;
                }
                if j < chars.len() {
                    i = j;
                } else {
                    regex_closes = false;
                }
            }
            '"' => scan.string = Some(Quote::Double),
            '`' if !rust => scan.string = Some(Quote::Template),
            '\'' if !rust => {
                // A JavaScript string in single quotes never spans lines.
                let mut j = i + 1;
                while j < chars.len() && chars[j] != '\'' {
                    j += if chars[j] == '\\' { 2 } else { 1 };
                }
                i = j;
            }
            '\'' => {
                // Rust: a char literal ('x', '\n', '\u{7f}'), else a lifetime ('a).
                if at(i + 1) == Some('\\') {
                    // Past the escaped character: `'\''` closes at its fourth.
                    i = (i + 3..chars.len()).find(|&j| chars[j] == '\'').unwrap_or(i);
                } else if at(i + 2) == Some('\'') {
                    i += 2;
                }
            }
            'r' if rust && raw_string_may_open(&chars, i) => {
                let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
                // Rust allows at most 255 `#`; more is no raw string (and keeps the close check short).
                if hashes <= 255 && at(i + 1 + hashes) == Some('"') {
                    scan.string = Some(Quote::Raw(hashes));
                    i += 1 + hashes;
                }
            }
            '{' | '(' | '[' => {
                scan.depth += 1;
                out.opened_brace |= c == '{';
            }
            '}' | ')' | ']' => scan.depth = scan.depth.checked_sub(1)?,
            _ => {}
        }
        if !c.is_whitespace() && !scan.block_comment {
            out.last_code = Some(c);
        }
        i += 1;
    }
    Some(out)
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// A `/` at `i` that opens a regex literal rather than dividing: after an
/// operator, a bracket, a comma or `return`, or first on its line.
fn regex_may_open(chars: &[char], i: usize) -> bool {
    let mut j = i;
    while j > 0 && chars[j - 1].is_whitespace() {
        j -= 1;
    }
    let Some(&c) = j.checked_sub(1).and_then(|k| chars.get(k)) else { return true };
    if "(,=:[!&|?{};+-*%<>~^".contains(c) {
        return true;
    }
    // The word before, if short: `return /x/`.
    let mut k = j;
    while k > 0 && j - k < 7 && is_word(chars[k - 1]) {
        k -= 1;
    }
    if k > 0 && (is_word(chars[k - 1]) || chars[k - 1] == '.') {
        return false;
    }
    let word: String = chars[k..j].iter().collect();
    matches!(word.as_str(), "return" | "typeof" | "case" | "yield")
}

/// An `r` at `i` that may open a raw string: not inside a word (`for`), or
/// after a lone `b` (`br"…"`).
fn raw_string_may_open(chars: &[char], i: usize) -> bool {
    let before = |k: usize| i.checked_sub(k).map(|j| chars[j]);
    match before(1) {
        Some(c) if is_word(c) => c == 'b' && !before(2).is_some_and(is_word),
        _ => true,
    }
}

/// One line as the units are cut: where it starts, its text past the
/// units' indentation when it could open a unit, and what it did.
struct Line<'a> {
    start: usize,
    opens: Option<&'a str>,
    last_code: Option<char>,
    depth_after: usize,
}

/// The units of `text` at the indentation `indent` (column 0, or a class or
/// `impl` body's), each with its byte range: from its first line (an
/// attribute's, for a definition) through the line that ends it, inclusive
/// of that line's newline.
pub(super) fn units_at(lang: Language, text: &str, indent: &str) -> Vec<(Unit, Range<usize>)> {
    let mut lines: Vec<Line<'_>> = Vec::new();
    let mut scan = Scan::default();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let body = raw.trim_end_matches(['\n', '\r']);
        let opens = body
            .strip_prefix(indent)
            .filter(|r| scan.at_top() && !r.trim().is_empty() && !r.starts_with([' ', '\t']))
            .filter(|r| !r.starts_with("//") && !r.starts_with("/*"));
        let Some(done) = scan_line(lang, body, &mut scan) else { return Vec::new() };
        lines.push(Line { start: offset, opens, last_code: done.last_code, depth_after: scan.depth });
        offset += raw.len();
    }
    if !scan.at_top() {
        return Vec::new();
    }
    let end_of = |j: usize| lines.get(j + 1).map_or(text.len(), |l| l.start);
    let mut out = Vec::new();
    let mut attributes: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() {
        let Some(head) = lines[i].opens else {
            i += 1;
            continue;
        };
        // The line that ends the unit: back outside every bracket, ending in `}` or `;`
        // (JavaScript may leave `;` out: then a blank line or the next unit ends it).
        let mut j = i;
        let end = loop {
            let closed = lines[j].depth_after == 0
                && (matches!(lines[j].last_code, Some('}' | ';'))
                    || is_attribute(head)
                    || (lang == Language::JavaScript
                        && lines.get(j + 1).is_none_or(|next| {
                            next.opens.is_some() || text[next.start..end_of(j + 1)].trim().is_empty()
                        })));
            if closed || j + 1 == lines.len() {
                break j;
            }
            j += 1;
        };
        if is_attribute(head) {
            attributes.get_or_insert(lines[i].start);
        } else {
            out.push((unit_kind(lang, head), attributes.take().unwrap_or(lines[i].start)..end_of(end)));
        }
        i = end + 1;
    }
    out
}

/// `#[derive(Debug)]` or `@Component(…)` alone on its line: it belongs to
/// the unit below (`#[test] fn a() {}`, `@Input() name: string;` are units
/// of their own).
fn is_attribute(head: &str) -> bool {
    if head.starts_with("#![") {
        return false;
    }
    let rest = past_attribute(head);
    rest.len() < head.len() && (rest.trim_end().is_empty() || rest.starts_with("//"))
}

/// `text` past the `close` that ends a bracket already opened (nested
/// `open`s counted); `None` when it does not end on this line.
fn past_close(text: &str, open: char, close: char) -> Option<&str> {
    let mut depth = 1usize;
    for (i, c) in text.char_indices() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(&text[i + c.len_utf8()..]);
            }
        }
    }
    None
}

/// A head past an attribute or decorator on its own line's start (`#[test] fn a`).
fn past_attribute(head: &str) -> &str {
    let rest = if let Some(inner) = head.strip_prefix("#[") {
        past_close(inner, '[', ']')
    } else if let Some(name) = head.strip_prefix('@') {
        let end = name.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '$')).unwrap_or(name.len());
        match name[end..].strip_prefix('(') {
            Some(args) if end > 0 => past_close(args, '(', ')'),
            _ if end > 0 => Some(&name[end..]),
            _ => None,
        }
    } else {
        None
    };
    rest.map_or(head, str::trim_start)
}

fn unit_kind(lang: Language, head: &str) -> Unit {
    let head = past_attribute(head);
    let import = match lang {
        Language::Rust => {
            let rest = head.strip_prefix("pub ").unwrap_or(head);
            rest.starts_with("use ") || rest.starts_with("extern crate ")
        }
        _ => {
            head.starts_with("import ")
                || (["const ", "let ", "var "].iter().any(|k| head.starts_with(k)) && head.contains("require("))
        }
    };
    if import {
        return Unit::Import;
    }
    lang.definition_name(head).map_or(Unit::Other, Unit::Definition)
}

/// A class's or `impl`'s text split into its header (through the line that
/// opens its body), its body, and its closing line; `None` when it is no
/// such container.
pub(super) fn split_container(lang: Language, text: &str) -> Option<(&str, &str, &str)> {
    let mut at = 0;
    let mut lines = text.split_inclusive('\n').skip_while(|l| is_attribute(l.trim()));
    at += text.split_inclusive('\n').take_while(|l| is_attribute(l.trim())).map(str::len).sum::<usize>();
    let first = lines.next()?;
    if !lang.is_container(first.trim_end()) {
        return None;
    }
    // The header runs to the line that opens the body (rustfmt's `impl<T> S<T>\nwhere\n    T: Clone,\n{`).
    let mut scan = Scan::default();
    let mut head_end = None;
    for line in std::iter::once(first).chain(lines).take(20) {
        at += line.len();
        let done = scan_line(lang, line.trim_end_matches(['\n', '\r']), &mut scan)?;
        if done.opened_brace && scan.depth == 1 {
            head_end = Some(at);
            break;
        }
    }
    let head_end = head_end?;
    let trimmed = text.trim_end();
    let close = trimmed.rfind('\n').map_or(0, |n| n + 1);
    let last = trimmed[close..].trim();
    if close < head_end || !(last == "}" || last == "};") {
        return None;
    }
    Some((&text[..head_end], &text[head_end..close], &text[close..]))
}

#[cfg(test)]
#[path = "brace_units_tests.rs"]
mod tests;
