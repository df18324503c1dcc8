//! Which definitions a change of one file touches, by name: what a patch
//! is said to change (a review's findings, `repo::patch::touches`) and how
//! two patches are told to change the same thing or different things. Read
//! like whole definitions are (`reader`): a definition whose text differs,
//! is added or is gone; inside a container (a class, an `impl`) whose text
//! differs, its members that do (`Parser.feed`, Rust's `S::feed`).

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::reader::{body_indent, Reader};
use super::unit::Unit;
use super::RepoPath;
use crate::lang::Language;

/// The definitions of the file at `path` that differ between `before` and
/// `after`, in the order they stand in `after` (then those gone); `None`
/// when the file's language is not read. A change outside every definition
/// (an import, top-level code) names nothing.
pub fn changed_definitions(path: &RepoPath, before: &str, after: &str) -> Option<Vec<String>> {
    let reader = Reader { lang: Language::of(path.as_path())? };
    Some(differing(reader, before, &reader.units(before), after, &reader.units(after), true))
}

/// The names of `new`'s definitions that differ from `old`'s (both texts'
/// units at one depth); at the top (`descend`), a container that differs
/// is named by its members that do, when any does.
fn differing(
    reader: Reader,
    old_text: &str,
    old: &[(Unit, Range<usize>)],
    new_text: &str,
    new: &[(Unit, Range<usize>)],
    descend: bool,
) -> Vec<String> {
    // By name, each definition's text, in order: one pass over each side (a file may hold thousands).
    let by_name = |text: &'_ str, units: &[(Unit, Range<usize>)]| -> HashMap<String, Vec<String>> {
        let mut map: HashMap<String, Vec<String>> = HashMap::new();
        for (unit, at) in units {
            if let Unit::Definition(name) = unit {
                map.entry(name.clone()).or_default().push(text[at.clone()].trim_end().to_string());
            }
        }
        map
    };
    let (was_by, is_by) = (by_name(old_text, old), by_name(new_text, new));
    let mut seen: HashSet<&str> = HashSet::new();
    let names: Vec<&str> = new
        .iter()
        .chain(old)
        .filter_map(|(unit, _)| match unit {
            Unit::Definition(name) if seen.insert(name.as_str()) => Some(name.as_str()),
            _ => None,
        })
        .collect();
    let none = Vec::new();
    let mut changed = Vec::new();
    for name in names {
        let (was, is) = (was_by.get(name).unwrap_or(&none), is_by.get(name).unwrap_or(&none));
        if was == is {
            continue;
        }
        // Namesakes (Rust's `struct S` and `impl S`) are paired in order.
        let (mut whole, mut members) = (!descend || was.len() != is.len(), Vec::new());
        for (w, i) in was.iter().zip(is).filter(|(w, i)| w != i) {
            if whole {
                break;
            }
            let inner = members_changed(reader, w, i);
            whole = inner.is_empty();
            members.extend(inner);
        }
        if whole {
            changed.push(name.to_string());
        } else {
            let (owner, joint) = match reader.lang {
                // `impl S` and `impl Display for S` hold `S::…`.
                Language::Rust => {
                    (name.rsplit(" for ").next().unwrap_or(name).trim_start_matches("impl ").trim(), "::")
                }
                _ => (name, "."),
            };
            changed.extend(members.into_iter().map(|m| format!("{owner}{joint}{m}")));
        }
    }
    changed
}

/// The members that differ between two texts of one container; none when
/// either is no container, or only its own lines (not a member) changed.
fn members_changed(reader: Reader, was: &str, is: &str) -> Vec<String> {
    let (Some((_, old_body)), Some((_, new_body))) = (reader.split_container(was), reader.split_container(is)) else {
        return Vec::new();
    };
    let indent = body_indent(new_body).or_else(|| body_indent(old_body)).unwrap_or("");
    let (old, new) = (reader.units_at(old_body, indent), reader.units_at(new_body, indent));
    differing(reader, old_body, &old, new_body, &new, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn py(before: &str, after: &str) -> Vec<String> {
        changed_definitions(&RepoPath::parse("a.py").unwrap(), before, after).unwrap()
    }

    #[test]
    fn a_changed_function_an_added_one_and_a_method_are_named_and_nothing_else() {
        let before = "import os\n\n\ndef f(x):\n    return x\n\n\ndef g():\n    pass\n\n\nclass P:\n    def a(self):\n        return 1\n\n    def b(self):\n        return 2\n";
        let after = "import os, sys\n\n\ndef f(x):\n    return x + 1\n\n\ndef g():\n    pass\n\n\nclass P:\n    def a(self):\n        return 1\n\n    def b(self):\n        return 3\n\n\ndef h():\n    pass\n";
        assert_eq!(py(before, after), ["f", "P.b", "h"]);
        // A definition taken out is named too; the same text names nothing.
        assert_eq!(py(before, "import os\n"), ["f", "g", "P"]);
        assert!(py(before, before).is_empty());
    }

    #[test]
    fn a_class_whose_own_lines_change_is_named_whole() {
        let before = "class P:\n    size = 1\n\n    def a(self):\n        return 1\n";
        assert_eq!(py(before, &before.replace("size = 1", "size = 2")), ["P"]);
    }

    #[test]
    fn rust_items_and_methods_of_an_impl_are_read_by_their_brackets() {
        let path = RepoPath::parse("src/lib.rs").unwrap();
        let before = "pub struct S;\n\nimpl S {\n    pub fn a(&self) -> u32 {\n        1\n    }\n\n    pub fn b(&self) -> u32 {\n        2\n    }\n}\n\npub fn free() {}\n";
        let after = before.replace("        2\n", "        3\n");
        assert_eq!(changed_definitions(&path, before, &after).unwrap(), ["S::b"]);
        // A language not read: nothing to say.
        assert!(changed_definitions(&RepoPath::parse("a.go").unwrap(), "x", "y").is_none());
    }
}
