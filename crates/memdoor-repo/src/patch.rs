//! A candidate as a patch: the unified diff `git apply` takes (#30 item 5),
//! what the consensus pane shows, `solve --repo` prints, and the memory keeps;
//! and what a patch changes, file by file, in words (`touches`).

use std::fmt;

use similar::{ChangeTag, TextDiff};

use super::edit::changed_definitions;
use super::workbench::Candidate;

/// Lines of unchanged context around each change (git's default).
const CONTEXT: usize = 3;

/// The candidate's changes as one git-style unified diff, files in path order.
pub fn unified(candidate: &Candidate) -> String {
    let mut out = String::new();
    for (path, change) in &candidate.changes {
        let before = change.before.as_deref().unwrap_or("");
        let diff = TextDiff::from_lines(before, change.after.as_str());
        out += &format!("diff --git a/{path} b/{path}\n");
        let old = match &change.before {
            Some(_) => format!("a/{path}"),
            None => {
                out += "new file mode 100644\n";
                "/dev/null".to_string()
            }
        };
        let body = diff.unified_diff().context_radius(CONTEXT).header(&old, &format!("b/{path}")).to_string();
        out += &body;
        if !out.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// What a candidate changes in one file: the definitions it touches (by
/// `changed_definitions`; none where the language is not read, or only
/// lines outside every definition changed) and the lines it adds and removes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileTouch {
    pub path: String,
    pub(crate) definitions: Vec<String>,
    pub(crate) added: usize,
    pub(crate) removed: usize,
    /// The file is new.
    pub(crate) created: bool,
}

impl fmt::Display for FileTouch {
    /// `calc.py: add, Parser.feed (+2 −1)`, `tests/test_new.py (new, +12)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path)?;
        if !self.definitions.is_empty() {
            write!(f, ": {}", self.definitions.join(", "))?;
        }
        match self.created {
            true => write!(f, " (new, +{})", self.added),
            false => write!(f, " (+{} −{})", self.added, self.removed),
        }
    }
}

/// The paths a patch of `unified`'s form changes, in its order, from its
/// `diff --git a/P b/P` lines (a patch read back from the memory is anyone's
/// text: a line whose two paths differ is skipped, not guessed at).
pub fn paths_changed(patch: &str) -> Vec<&str> {
    patch
        .lines()
        .filter_map(|l| l.strip_prefix("diff --git a/"))
        .filter_map(|rest| {
            let half = rest.len().checked_sub(3)? / 2;
            let (a, b) = (rest.get(..half)?, rest.get(half..)?);
            (b.strip_prefix(" b/")? == a).then_some(a)
        })
        .collect()
}

/// What `candidate` changes, file by file in path order.
pub fn touches(candidate: &Candidate) -> Vec<FileTouch> {
    candidate
        .changes
        .iter()
        .map(|(path, change)| {
            let before = change.before.as_deref().unwrap_or("");
            let diff = TextDiff::from_lines(before, change.after.as_str());
            let count = |tag| diff.iter_all_changes().filter(|c| c.tag() == tag).count();
            let definitions = match &change.before {
                Some(before) => changed_definitions(path, before, &change.after).unwrap_or_default(),
                None => Vec::new(),
            };
            FileTouch {
                path: path.to_string(),
                definitions,
                added: count(ChangeTag::Insert),
                removed: count(ChangeTag::Delete),
                created: change.before.is_none(),
            }
        })
        .collect()
}

/// What a candidate changes, in one line: `calc.py: add (+1 −1); tests/test_new.py (new, +4)`.
pub fn touches_line(touches: &[FileTouch]) -> String {
    touches.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

#[cfg(test)]
mod tests {
    use super::paths_changed;

    #[test]
    fn the_paths_a_patch_changes_are_read_from_its_git_lines_and_forged_ones_skipped() {
        let patch = "diff --git a/calc.py b/calc.py\n--- a/calc.py\n+++ b/calc.py\n@@ -1 +1 @@\n-x\n+y\n\
                     diff --git a/dir b/x.py b/dir b/x.py\nnew file mode 100644\n\
                     diff --git a/one.py b/two.py\n\
                     diff --git a/é b/é\n\
                     diff --git a/\n";
        assert_eq!(paths_changed(patch), ["calc.py", "dir b/x.py", "é"]);
        assert!(paths_changed("").is_empty());
    }
}
