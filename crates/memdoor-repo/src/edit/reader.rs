//! How one language's text is read for whole definitions: its units (by
//! indentation for Python, by brackets for the brace languages), its
//! containers (a class, an `impl`) split into header and body, what a
//! model's demo looks like, and whether a lone definition is a method.

use std::borrow::Cow;
use std::ops::Range;

use super::unit::Unit;
use super::{brace_units, python_units};
use crate::lang::Language;

/// The reading of one language's text.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reader {
    pub(super) lang: Language,
}

impl Reader {
    /// The units of `text` at the indentation `indent`, each with its byte range.
    pub(super) fn units_at(self, text: &str, indent: &str) -> Vec<(Unit, Range<usize>)> {
        match self.lang {
            Language::Python => python_units::units_at(text, indent),
            lang => brace_units::units_at(lang, text, indent),
        }
    }

    /// The units at column 0.
    pub(super) fn units(self, text: &str) -> Vec<(Unit, Range<usize>)> {
        self.units_at(text, "")
    }

    /// A container's text split after the line that opens its body, and its
    /// body (without a closing brace); `None` when it is no container.
    pub(super) fn split_container(self, text: &str) -> Option<(&str, &str)> {
        match self.lang {
            Language::Python => split_class(text),
            lang => brace_units::split_container(lang, text).map(|(head, body, _close)| (head, body)),
        }
    }

    /// What goes between a definition and one added after it: two blank
    /// lines at Python's top level, one elsewhere.
    pub(super) fn gap(self, top: bool) -> &'static str {
        if top && self.lang == Language::Python {
            "\n\n\n"
        } else {
            "\n\n"
        }
    }

    /// A model's demo, not part of the change: Python's `print(…)` or
    /// `if __name__ == …:`, JavaScript's `console.log(…)` or
    /// `if (require.main === module)`.
    pub(super) fn is_demo(self, unit: &str) -> bool {
        let first = unit.lines().next().unwrap_or("").trim();
        match self.lang {
            Language::Python => {
                first.starts_with("print(") || (first.starts_with("if __name__") && first.ends_with(':'))
            }
            Language::JavaScript => first.starts_with("console.log(") || first.starts_with("if (require.main"),
            Language::Rust => false,
        }
    }

    /// A lone definition that reads as a method of a class or `impl`: its
    /// first parameter is `self` or `cls` (Python), it takes or returns
    /// `self`/`Self` (Rust), it has a method's form (JavaScript).
    pub(super) fn looks_like_method(self, unit: &str) -> bool {
        let mut lines = unit.lines().map(str::trim).skip_while(|l| l.starts_with('@') || l.starts_with("#["));
        let head = lines.next().unwrap_or("");
        if !self.lang.is_method_form(head) {
            return false;
        }
        // The signature may go on over lines (rustfmt's and black's `f(\n    self,`).
        let signature = std::iter::once(head).chain(lines.take(3)).collect::<Vec<_>>().join(" ");
        // The first parameter, past `&`, a lifetime and `mut`.
        let first = signature.split_once('(').map_or("", |(_, params)| params.split([',', ')']).next().unwrap_or(""));
        let first = first.trim().trim_start_matches('&').trim_start();
        let first = if first.starts_with('\'') { first.split_once(' ').map_or("", |(_, r)| r) } else { first };
        let first = first.strip_prefix("mut ").unwrap_or(first).trim();
        let word = first.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("");
        match self.lang {
            Language::Python => matches!(word, "self" | "cls"),
            Language::Rust => head.contains("fn ") && (word == "self" || signature.contains("Self")),
            Language::JavaScript => true,
        }
    }
}

/// A Python class's text split after its `class …:` line (past any decorators).
/// The header may go on over lines (black's `class A(\n    Base,\n):`): it
/// ends at the first line, outside brackets, whose code ends with `:`.
fn split_class(text: &str) -> Option<(&str, &str)> {
    let mut at = 0;
    let mut lines = text.split_inclusive('\n').skip_while(|l| l.starts_with('@')).peekable();
    let skipped: usize = text.split_inclusive('\n').take_while(|l| l.starts_with('@')).map(str::len).sum();
    at += skipped;
    if !lines.peek()?.starts_with("class ") {
        return None;
    }
    let mut depth = 0i64;
    for line in lines.take(20) {
        at += line.len();
        let code = line.split('#').next().unwrap_or("").trim_end();
        depth += code
            .chars()
            .map(|c| i64::from(matches!(c, '(' | '[' | '{')) - i64::from(matches!(c, ')' | ']' | '}')))
            .sum::<i64>();
        if depth <= 0 && code.ends_with(':') {
            return Some(text.split_at(at));
        }
    }
    None
}

/// The leading whitespace of a body's first line that holds anything.
pub(super) fn body_indent(body: &str) -> Option<&str> {
    let line = body.lines().find(|l| !l.trim().is_empty())?;
    let indent = &line[..line.len() - line.trim_start().len()];
    (!indent.is_empty()).then_some(indent)
}

/// `text` without the indentation all its lines share (a method written
/// alone, still indented as in its class).
pub(super) fn dedented(text: &str) -> Cow<'_, str> {
    let lead = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
    let Some(first) = text.lines().find(|l| !l.trim().is_empty()) else { return Cow::Borrowed(text) };
    let mut common = &first[..lead(first)];
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let shared = common.bytes().zip(line.bytes()).take_while(|(a, b)| a == b).count();
        common = &common[..shared.min(lead(line))];
    }
    if common.is_empty() {
        return Cow::Borrowed(text);
    }
    let out = text.split_inclusive('\n').map(|l| l.strip_prefix(common).unwrap_or(l.trim_start_matches([' ', '\t'])));
    Cow::Owned(out.collect())
}

/// `text` with `indent` before each of its lines that holds anything.
pub(super) fn indented(text: &str, indent: &str) -> String {
    text.split_inclusive('\n')
        .map(|l| if l.trim().is_empty() { l.to_string() } else { format!("{indent}{l}") })
        .collect()
}
