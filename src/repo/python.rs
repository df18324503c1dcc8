//! What a Python text defines, read line by line: the one reading the edit
//! parser (whole definitions, a block under no path) and the prompt (the
//! functions a task names) share. Not a parser — a `def` inside a string
//! counts — good enough to name and place a definition, never to run one.

use std::collections::BTreeSet;
use std::path::Path;

/// A Python file, by its name.
pub fn is_python(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "py")
}

/// The name a line defines, read from its first character: `def f(` → `f`,
/// `async def f(` → `f`, `class C:` → `C` (an indented line defines nothing:
/// trim it first to read any depth).
pub fn definition_name(line: &str) -> Option<&str> {
    let rest = ["def ", "async def ", "class "].iter().find_map(|k| line.strip_prefix(k))?.trim_start();
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
    (end > 0).then_some(&rest[..end])
}

/// The names `text` defines at column 0, in order (a name defined twice, twice).
pub fn top_level_names(text: &str) -> Vec<&str> {
    text.lines().filter_map(definition_name).collect()
}

/// The names `text` defines at any depth: functions, methods, classes.
pub fn names_at_any_depth(text: &str) -> BTreeSet<&str> {
    text.lines().filter_map(|line| definition_name(line.trim_start())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_defines_a_function_a_coroutine_or_a_class() {
        assert_eq!(definition_name("def area(w, h):"), Some("area"));
        assert_eq!(definition_name("async def  fetch():"), Some("fetch"));
        assert_eq!(definition_name("class Shape:"), Some("Shape"));
        assert_eq!(definition_name("class Shape(Base):"), Some("Shape"));
        assert_eq!(definition_name("    def inner():"), None);
        assert_eq!(definition_name("define = 3"), None);
        assert_eq!(definition_name("def (x):"), None);
    }

    #[test]
    fn top_level_names_leave_out_methods_and_any_depth_keeps_them() {
        let text = "import os\n\nclass Stack:\n    def push(self, x):\n        pass\n\ndef peek(s):\n    return s\n";
        assert_eq!(top_level_names(text), ["Stack", "peek"]);
        assert_eq!(names_at_any_depth(text).into_iter().collect::<Vec<_>>(), ["Stack", "peek", "push"]);
    }

    #[test]
    fn only_py_files_are_python() {
        assert!(is_python(Path::new("calc/tokens.py")));
        assert!(!is_python(Path::new("calc/tokens.pyc")) && !is_python(Path::new("README")));
    }
}
