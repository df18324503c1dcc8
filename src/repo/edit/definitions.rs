//! Whole definitions as edits (Python): a fenced block under a Python
//! file's path that holds some of the file's top-level `def`s and `class`es
//! is read as their new text. Each replaces the definition of the same name
//! in the file — found by its name, exactly once, never by likeness; a
//! definition the file lacks goes after the last one replaced; an import
//! the file lacks goes after its last import. Small models write a changed
//! function whole far more often than they quote its lines exactly
//! (docs/benchmarks.md, the repository mode); the name says where it goes.
//!
//! A class given with only some of the file's class's methods is read the
//! same way one level down: those methods replace their namesakes, a new one
//! goes after the last replaced (a class given with all of them, or with
//! another header, replaces the class whole).
//!
//! Strict where it matters: any other top-level code in the block that the
//! file does not have (a demo call, a global) refuses the block, except a
//! `print(…)` line or an `if __name__ == "__main__":` block (a model's demo,
//! left out); a name defined twice in the file is ambiguous and refused.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::{Edit, EditError, RepoPath};
use crate::repo::python::{definition_name, is_python};

/// What one top-level unit of a Python text is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Unit {
    /// `def NAME`, `async def NAME` or `class NAME`, with its decorators and body.
    Definition(String),
    Import,
    Other,
}

/// The top-level units of `text`, each with its byte range: from its first
/// line (a decorator's, for a definition) to its last non-blank, non-comment
/// line, inclusive of that line's newline. Blank lines and column-0 comments
/// between units belong to none.
fn units(text: &str) -> Vec<(Unit, Range<usize>)> {
    units_at(text, "")
}

/// The units of `text` at the indentation `indent` (a class body's: the
/// lines there are its methods and attributes), as `units` reads column 0.
fn units_at(text: &str, indent: &str) -> Vec<(Unit, Range<usize>)> {
    // Each line's start, and its text past `indent` when it opens a unit: at exactly that
    // depth, not blank, not a comment, not inside a triple-quoted string.
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    let mut in_string = false;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let rest = body.strip_prefix(indent).filter(|r| !in_string && !r.trim().is_empty());
        let opens = rest.filter(|r| !r.starts_with([' ', '\t', '#']));
        lines.push((offset, opens.unwrap_or("")));
        // Odd counts of a triple quote open or close a string that spans lines (a rough, safe reading).
        let quotes = body.matches("\"\"\"").count() + body.matches("'''").count();
        if quotes % 2 == 1 {
            in_string = !in_string;
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
        let kind = definition_name(body).map_or_else(
            || if body.starts_with("import ") || body.starts_with("from ") { Unit::Import } else { Unit::Other },
            |name| Unit::Definition(name.to_string()),
        );
        out.push((kind, decorators.take().unwrap_or(start)..end));
    }
    out
}

/// Line `j` of `text` (without its newline), by the offsets in `lines`.
fn line_at<'a>(text: &'a str, lines: &[(usize, &str)], j: usize) -> &'a str {
    let start = lines[j].0;
    let end = lines.get(j + 1).map_or(text.len(), |l| l.0);
    text[start..end].trim_end_matches(['\n', '\r'])
}

/// A model's demo, not part of the change: `print(…)` or `if __name__ == …`.
fn is_demo(unit: &str) -> bool {
    let first = unit.lines().next().unwrap_or("").trim();
    first.starts_with("print(") || (first.starts_with("if __name__") && first.ends_with(':'))
}

/// The file's own text as a SEARCH section: exactly as read, ending in a
/// newline (a last line without one still matches: `occurrences`).
fn exact(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{text}\n")
    }
}

/// A block's text with exactly one trailing newline.
fn one_newline(text: &str) -> String {
    format!("{}\n", text.trim_end_matches(['\n', '\r', ' ', '\t']))
}

/// The first line of `text`, trimmed and cut to 80 characters (for messages).
fn first_line(text: &str) -> String {
    text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").chars().take(80).collect()
}

/// A file's units as a block looks them up: definitions by name (how many,
/// and the first's range), and the text of its imports and other code —
/// hashed once, so a block of thousands of lines is not matched against
/// every line of the file for each of its own.
struct Index<'a> {
    units: &'a [(Unit, Range<usize>)],
    definitions: HashMap<&'a str, (usize, &'a Range<usize>)>,
    code: HashSet<(bool, &'a str)>,
}

impl<'a> Index<'a> {
    fn new(text: &'a str, units: &'a [(Unit, Range<usize>)]) -> Self {
        let mut definitions: HashMap<&str, (usize, &Range<usize>)> = HashMap::new();
        let mut code = HashSet::new();
        for (unit, range) in units {
            match unit {
                Unit::Definition(name) => definitions.entry(name.as_str()).or_insert((0, range)).0 += 1,
                Unit::Import | Unit::Other => {
                    code.insert((*unit == Unit::Import, text[range.clone()].trim()));
                }
            }
        }
        Index { units, definitions, code }
    }

    /// Definitions of `name`, and the range of the first.
    fn find(&self, name: &str) -> (usize, Option<&'a Range<usize>>) {
        self.definitions.get(name).map_or((0, None), |(n, r)| (*n, Some(*r)))
    }

    /// The file has this import (`import`) or other top-level code, as text.
    fn has(&self, import: bool, text: &str) -> bool {
        self.code.contains(&(import, text.trim()))
    }
}

/// The block `code` (block number `block`) as edits of the Python file
/// `before` at `path`, when it holds at least one of the file's top-level
/// definitions; `None` when it is no such block (not Python, or none of its
/// definitions is the file's).
pub(super) fn definition_edits(
    path: &RepoPath,
    before: &str,
    code: &str,
    block: usize,
) -> Option<Result<Vec<Edit>, EditError>> {
    if !is_python(path.as_path()) {
        return None;
    }
    let file = units(before);
    let index = Index::new(before, &file);
    let new = units(code);
    let replaces = new.iter().any(|(u, _)| matches!(u, Unit::Definition(n) if index.find(n).0 > 0));
    if !replaces {
        return None;
    }
    Some(definitions_into(path, before, &index, code, &new, "\n\n\n", block))
}

/// The units `new` (of `code`) laid into `units` (of `before`, where a
/// definition of the same name is replaced and anything else must already
/// be). `gap`: what goes between a definition and one added after it
/// (two blank lines at the top level, one in a class).
fn definitions_into(
    path: &RepoPath,
    before: &str,
    file: &Index<'_>,
    code: &str,
    new: &[(Unit, Range<usize>)],
    gap: &str,
    block: usize,
) -> Result<Vec<Edit>, EditError> {
    let edit = |search: &str, replace: String| Edit { path: path.clone(), search: exact(search), replace };
    let mut edits: Vec<Edit> = Vec::new();
    // The edit whose replacement a new definition follows: the last whole definition replaced.
    let mut anchor: Option<usize> = None;
    let mut added = String::new();
    let mut imports = String::new();
    for (unit, range) in new {
        let text = &code[range.clone()];
        match unit {
            Unit::Definition(name) => match file.find(name) {
                (0, _) => added += &format!("{gap}{}", text.trim_end()),
                (1, Some(at)) => {
                    let old = &before[at.clone()];
                    match class_edits(path, old, text, block) {
                        Some(by_method) => edits.extend(by_method?),
                        None => {
                            anchor = Some(edits.len());
                            edits.push(edit(old, one_newline(text)));
                        }
                    }
                }
                (times, _) => return Err(EditError::Ambiguous { block, path: path.clone(), times }),
            },
            Unit::Import => {
                if !file.has(true, text) {
                    imports += &one_newline(text);
                }
            }
            Unit::Other => {
                if !file.has(false, text) && !is_demo(text) {
                    return Err(EditError::TopLevelCode { block, path: path.clone(), line: first_line(text) });
                }
            }
        }
    }
    if !added.is_empty() {
        match anchor {
            Some(i) => edits[i].replace = format!("{}{added}\n", edits[i].replace.trim_end()),
            // Only methods were replaced: after the last unit there is, before any other edit
            // (that unit's text is still as read then).
            None => {
                let Some((_, last)) = file.units.last() else { return Err(EditError::NoChange) };
                let old = &before[last.clone()];
                edits.insert(0, edit(old, format!("{}{added}\n", old.trim_end_matches(['\n', '\r']))));
            }
        }
    }
    if !imports.is_empty() {
        match file.units.iter().rev().find(|(u, _)| *u == Unit::Import) {
            Some((_, at)) => {
                let old = &before[at.clone()];
                edits.insert(0, edit(old, format!("{}{imports}", exact(old))));
            }
            None => match edits.iter_mut().find(|e| e.search == e.search.trim_start()) {
                Some(first) => first.replace = format!("{imports}\n\n{}", first.replace),
                None => return Err(EditError::TopLevelCode { block, path: path.clone(), line: first_line(&imports) }),
            },
        }
    }
    Ok(edits)
}

/// A class given with only some of its methods: each replaces its namesake
/// in the file's class, a new one goes after the last replaced (or at the
/// class's end). `None` when the class is to be replaced whole (not a
/// class; the block has every method of the file's class; its header or
/// body depth differs from the file's).
fn class_edits(path: &RepoPath, old: &str, new: &str, block: usize) -> Option<Result<Vec<Edit>, EditError>> {
    let (old_head, old_body) = split_class(old)?;
    let (new_head, new_body) = split_class(new)?;
    let indent = body_indent(old_body)?;
    if old_head.trim_end() != new_head.trim_end() || body_indent(new_body)? != indent {
        return None;
    }
    let (old_units, new_units) = (units_at(old_body, indent), units_at(new_body, indent));
    let names = |units: &'_ [(Unit, Range<usize>)]| -> HashSet<String> {
        units.iter().filter_map(|(u, _)| if let Unit::Definition(n) = u { Some(n.clone()) } else { None }).collect()
    };
    if names(&old_units).is_subset(&names(&new_units)) {
        return None;
    }
    Some(definitions_into(path, old_body, &Index::new(old_body, &old_units), new_body, &new_units, "\n\n", block))
}

/// A class's text split after its `class …:` line (past any decorators).
fn split_class(text: &str) -> Option<(&str, &str)> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        at += line.len();
        let body = line.trim_end();
        if body.starts_with('@') {
            continue;
        }
        return (body.starts_with("class ") && body.ends_with(':')).then(|| text.split_at(at));
    }
    None
}

/// The leading whitespace of a class body's first line that holds anything.
fn body_indent(body: &str) -> Option<&str> {
    let line = body.lines().find(|l| !l.trim().is_empty())?;
    let indent = &line[..line.len() - line.trim_start().len()];
    (!indent.is_empty()).then_some(indent)
}

#[cfg(test)]
#[path = "definitions_tests.rs"]
mod tests;
