//! Whole definitions as edits (Python, JavaScript, Rust: `lang`): a fenced
//! block under a file's path that holds some of the file's top-level
//! definitions (`def`, `class`; `function`, `class`, `const`; `fn`,
//! `struct`, `impl`…) is read as their new text. Each replaces the
//! definition of the same name in the file — found by its name, exactly
//! once, never by likeness; a definition the file lacks goes after the last
//! one replaced; an import the file lacks goes after its last import. Small
//! models write a changed function whole far more often than they quote its
//! lines exactly (docs/benchmarks.md, the repository mode); the name says
//! where it goes.
//!
//! A class (or `impl`) given with only some of the file's class's methods
//! is read the same way one level down: those methods replace their
//! namesakes, a new one goes after the last replaced (a class given with all
//! of them, or with another header, replaces the class whole). A method
//! given alone, with no class around it, replaces the one method of that
//! name in the file's classes — when it reads as a method (`self`; a
//! method's form) and the file has no top-level definition of that name.
//! A block of only definitions the file lacks, under its path, is added at
//! its end (`Fit::AllNew`): a new test beside the file's tests.
//!
//! Strict where it matters: any other top-level code in the block that the
//! file does not have (a demo call, a global) refuses the block, except a
//! model's demo (`print(…)`, `if __name__ == "__main__":`, `console.log(…)`),
//! left out; a name defined twice in the file is ambiguous and refused.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::reader::{body_indent, dedented, indented, Reader};
use super::unit::Unit;
use super::{Edit, EditError, RepoPath};
use crate::lang::Language;

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
    /// The definitions one level down, in the file's containers (classes,
    /// `impl`s): by name, each range (in the file) with its indentation.
    nested: HashMap<String, Vec<(Range<usize>, &'a str)>>,
    /// Each container's last unit (in the file) and its body's indentation:
    /// where a new method goes.
    containers: Vec<(Range<usize>, &'a str)>,
}

impl<'a> Index<'a> {
    fn new(reader: Reader, text: &'a str, units: &'a [(Unit, Range<usize>)]) -> Self {
        let mut definitions: HashMap<&str, (usize, &Range<usize>)> = HashMap::new();
        let mut code = HashSet::new();
        let mut nested: HashMap<String, Vec<(Range<usize>, &str)>> = HashMap::new();
        let mut containers = Vec::new();
        for (unit, range) in units {
            match unit {
                Unit::Definition(name) => {
                    definitions.entry(name.as_str()).or_insert((0, range)).0 += 1;
                    let Some((head, body)) = reader.split_container(&text[range.clone()]) else { continue };
                    let Some(indent) = body_indent(body) else { continue };
                    let base = range.start + head.len();
                    let inner = reader.units_at(body, indent);
                    if let Some((_, last)) = inner.last() {
                        containers.push((base + last.start..base + last.end, indent));
                    }
                    for (unit, at) in inner {
                        if let Unit::Definition(method) = unit {
                            nested.entry(method).or_default().push((base + at.start..base + at.end, indent));
                        }
                    }
                }
                Unit::Import | Unit::Other => {
                    code.insert((*unit == Unit::Import, text[range.clone()].trim()));
                }
            }
        }
        Index { units, definitions, code, nested, containers }
    }

    /// The one definition of `name` in the file's containers: its range and
    /// indentation; `Err(times)` when there are several.
    fn nested(&self, name: &str) -> Option<Result<(Range<usize>, &'a str), usize>> {
        match self.nested.get(name)?.as_slice() {
            [] => None,
            [(at, indent)] => Some(Ok((at.clone(), *indent))),
            many => Some(Err(many.len())),
        }
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

/// The block `code` (block number `block`) as edits of the file `before`
/// at `path`, when it holds at least one of the file's definitions (a
/// top-level one, or a method given alone); `None` when it is no such block
/// (not a language whose definitions are read, or none of its definitions
/// is the file's).
pub(super) fn definition_edits(
    path: &RepoPath,
    before: &str,
    code: &str,
    block: usize,
) -> Option<Result<Vec<Edit>, EditError>> {
    laid_in(path, before, code, block, Fit::Placed)
}

/// Which blocks `laid_in` takes.
#[derive(Clone, Copy)]
pub(super) enum Fit {
    /// Some definition has a place in the file: a namesake, or a method's container.
    Placed,
    /// Every definition is new to the file, and there is one (a new test
    /// beside the file's tests): each goes at the file's end, before a
    /// closing demo (a method into the file's one class), an import it
    /// lacks after its last import. Never a test-named function into a file
    /// that is not a test's, nor a method into a file without one class.
    AllNew,
}

/// The block `code` as edits of the file `before` at `path` when it fits
/// as `fit` says; `None` when it does not (or the language is not read).
pub(super) fn laid_in(
    path: &RepoPath,
    before: &str,
    code: &str,
    block: usize,
    fit: Fit,
) -> Option<Result<Vec<Edit>, EditError>> {
    let reader = Reader { lang: Language::of(path.as_path())? };
    let code = dedented(code);
    let file = reader.units(before);
    let index = Index::new(reader, before, &file);
    let new = reader.units(&code);
    let mut names =
        new.iter().filter_map(|(u, range)| if let Unit::Definition(n) = u { Some((n, range)) } else { None });
    let takes = match fit {
        Fit::Placed => names.any(|(n, range)| {
            index.find(n).0 > 0
                || (reader.looks_like_method(&code[range.clone()])
                    && (index.nested(n).is_some() || index.containers.len() == 1))
        }),
        Fit::AllNew => {
            // Never a test function into code, nor a method where no one class can take it.
            let test_named = |n: &str| n.starts_with("test") || n.starts_with("Test");
            let fits = |n: &str, text: &str| {
                index.find(n).0 == 0
                    && index.nested(n).is_none()
                    && (path.is_test() || !test_named(n))
                    && (!reader.looks_like_method(text) || index.containers.len() == 1)
            };
            let names: Vec<_> = names.collect();
            !names.is_empty() && names.iter().all(|(n, range)| fits(n, &code[(*range).clone()]))
        }
    };
    if !takes {
        return None;
    }
    let into = Place { reader, path, before, file: &index, top: true, block };
    Some(into.definitions(&code, &new))
}

/// `text` (the file at `path`) without its top-level definitions named in
/// `names`, their decorators and attributes with them; `None` when its
/// language is not read or a name is not defined there exactly once. (The
/// repository bench takes a set's failing tests out with it.)
pub fn without_definitions(path: &RepoPath, text: &str, names: &[&str]) -> Option<String> {
    let reader = Reader { lang: Language::of(path.as_path())? };
    let units = reader.units(text);
    let mut cut: Vec<Range<usize>> = Vec::new();
    for name in names {
        let mut found = units.iter().filter(|(u, _)| matches!(u, Unit::Definition(n) if n == name));
        let (Some((_, at)), None) = (found.next(), found.next()) else { return None };
        cut.push(at.clone());
    }
    cut.sort_by_key(|r| r.start);
    cut.dedup();
    let (mut kept, mut from) = (String::new(), 0);
    for at in cut {
        kept += &text[from..at.start];
        from = at.end;
    }
    kept += &text[from..];
    Some(kept)
}

/// The text of the definition `name` in `text` (the file at `path`), with
/// its decorators or attributes: the one top-level definition of that name,
/// else the one method of that name in the file's containers (indented as
/// there). `None` when its language is not read or the name is not defined
/// exactly once at either level. (What a focused ask shows an agent.)
pub fn definition_text(path: &RepoPath, text: &str, name: &str) -> Option<String> {
    let reader = Reader { lang: Language::of(path.as_path())? };
    let units = reader.units(text);
    let index = Index::new(reader, text, &units);
    let at = match index.find(name) {
        (1, Some(at)) => at.clone(),
        (0, _) => index.nested(name)?.ok()?.0,
        _ => return None,
    };
    Some(text[at].trim_end_matches('\n').to_string())
}

/// Where a block's units go: the file's text (or a container's body) and
/// its index.
struct Place<'a> {
    reader: Reader,
    path: &'a RepoPath,
    before: &'a str,
    file: &'a Index<'a>,
    /// The file's top level (not a container's body): a method given alone may go into a container.
    top: bool,
    block: usize,
}

impl Place<'_> {
    /// The units `new` (of `code`) laid into the file (where a definition
    /// of the same name is replaced and anything else must already be).
    fn definitions(&self, code: &str, new: &[(Unit, Range<usize>)]) -> Result<Vec<Edit>, EditError> {
        let (path, before, file, block) = (self.path, self.before, self.file, self.block);
        let edit = |search: &str, replace: String| Edit { path: path.clone(), search: exact(search), replace };
        let gap = self.reader.gap(self.top);
        let mut edits: Vec<Edit> = Vec::new();
        // The edit whose replacement a new definition follows: the last whole definition replaced.
        let mut anchor: Option<usize> = None;
        let mut added = String::new();
        let mut imports = String::new();
        for (unit, range) in new {
            let text = &code[range.clone()];
            match unit {
                Unit::Definition(name) => match file.find(name) {
                    (0, _) if self.top && self.reader.looks_like_method(text) => match file.nested(name) {
                        // A method given alone: into its container, at its depth.
                        Some(Ok((at, indent))) => edits.push(edit(&before[at], one_newline(&indented(text, indent)))),
                        Some(Err(times)) => return Err(EditError::Ambiguous { block, path: path.clone(), times }),
                        // A new one: after the last unit of the file's one container (a method
                        // has no other place); with none or several, as any new definition.
                        None => match file.containers.as_slice() {
                            [(last, indent)] => {
                                let old = exact(&before[last.clone()]);
                                let method = indented(text.trim_end(), indent);
                                match edits.iter_mut().find(|e| e.search == old) {
                                    Some(e) => e.replace = format!("{}\n\n{method}\n", e.replace.trim_end()),
                                    None => edits.push(edit(&old, format!("{}\n\n{method}\n", old.trim_end()))),
                                }
                            }
                            _ => added += &format!("{gap}{}", text.trim_end()),
                        },
                    },
                    (0, _) => added += &format!("{gap}{}", text.trim_end()),
                    (1, Some(at)) => {
                        let old = &before[at.clone()];
                        match self.container_edits(old, text) {
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
                    if !file.has(false, text) && !self.reader.is_demo(text) {
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
                    // Before a closing demo (`if __name__ == "__main__":`), which runs what is above it.
                    let closing_demo =
                        |(u, at): &&(Unit, Range<usize>)| *u == Unit::Other && self.reader.is_demo(&before[at.clone()]);
                    let last = file.units.iter().rev().find(|u| !closing_demo(u)).or(file.units.last());
                    let Some((_, last)) = last else { return Err(EditError::NoChange) };
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
                    None => {
                        return Err(EditError::TopLevelCode { block, path: path.clone(), line: first_line(&imports) })
                    }
                },
            }
        }
        Ok(edits)
    }

    /// A container (a class, an `impl`) given with only some of its
    /// methods: each replaces its namesake in the file's container, a new one
    /// goes after the last replaced (or at the container's end). `None` when
    /// it is to be replaced whole (no container; the block has every method
    /// of the file's; its header or body depth differs from the file's).
    fn container_edits(&self, old: &str, new: &str) -> Option<Result<Vec<Edit>, EditError>> {
        let reader = self.reader;
        let (old_head, old_body) = reader.split_container(old)?;
        let (new_head, new_body) = reader.split_container(new)?;
        let indent = body_indent(old_body)?;
        if old_head.trim_end() != new_head.trim_end() || body_indent(new_body)? != indent {
            return None;
        }
        let (old_units, new_units) = (reader.units_at(old_body, indent), reader.units_at(new_body, indent));
        let names = |units: &'_ [(Unit, Range<usize>)]| -> HashSet<String> {
            units.iter().filter_map(|(u, _)| if let Unit::Definition(n) = u { Some(n.clone()) } else { None }).collect()
        };
        if names(&old_units).is_subset(&names(&new_units)) {
            return None;
        }
        let index = Index::new(reader, old_body, &old_units);
        let into = Place { reader, path: self.path, before: old_body, file: &index, top: false, block: self.block };
        Some(into.definitions(new_body, &new_units))
    }
}

#[cfg(test)]
#[path = "definitions_tests.rs"]
mod tests;
