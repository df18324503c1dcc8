//! Edit blocks: how an agent changes the user's files (#30 item 2). An
//! answer holds SEARCH/REPLACE blocks, each under the path of the file it
//! edits — the format small models keep best (aider's):
//!
//! ```text
//! src/dates.py
//! <<<<<<< SEARCH
//!     return int(text)
//! =======
//!     return int(text.strip())
//! >>>>>>> REPLACE
//! ```
//!
//! Parsing is strict: a block must be whole, name its file (or follow a
//! block that did, or be the answer's only file when the context has one),
//! and its SEARCH lines must occur exactly once in the file as the session
//! read it — a near match is a failure, said, never a guess. An empty
//! SEARCH creates a file that does not exist, or replaces a small one whole.
//! A fenced block of whole Python definitions replaces each namesake in the
//! file (`definitions`): found by name, exactly once. An answer that
//! states its change in a sentence — the line `X` should be `Y` — is read
//! as an edit when `X` is whole lines found exactly once (`prose`).
//! The answer is model output: bounded here (blocks, bytes) and never
//! trusted for a path (`RepoPath`).

use std::fmt;
use std::path::{Component, Path, PathBuf};

mod brace_units;
mod changed;
mod definitions;
mod parse;
mod prose;
mod python_units;
mod reader;
mod unit;

pub use changed::changed_definitions;
pub use definitions::{definition_text, without_definitions};
pub use parse::{parse_edits, Shown};
pub use prose::prose_edits;

/// Blocks one answer may hold.
pub const MAX_BLOCKS: usize = 32;
/// Bytes one SEARCH or REPLACE section may hold.
pub const MAX_SECTION_BYTES: usize = 64 << 10;
/// The largest file an empty SEARCH may replace whole: past it, the block must quote what it changes.
pub(crate) const MAX_WHOLE_FILE_BYTES: usize = 8 << 10;
/// Characters a path may have.
const MAX_PATH_CHARS: usize = 255;

/// A path inside the repository as an answer wrote it, checked: relative,
/// only plain components, none of them `.git`. Whether it leads through a
/// symlink is for whoever touches the disk to check (`accept`, the workbench).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RepoPath(PathBuf);

impl RepoPath {
    pub fn parse(text: &str) -> Result<RepoPath, EditError> {
        let bad = || EditError::BadPath(text.chars().take(80).collect());
        if text.is_empty() || text.chars().count() > MAX_PATH_CHARS || text.chars().any(char::is_control) {
            return Err(bad());
        }
        // `~/.bashrc` is the home's, not a folder named `~`.
        if text.starts_with('~') {
            return Err(bad());
        }
        let path = Path::new(text);
        let mut clean = PathBuf::new();
        for part in path.components() {
            match part {
                Component::Normal(p) if p.eq_ignore_ascii_case(".git") => {
                    return Err(EditError::InGitDir(text.to_string()))
                }
                Component::Normal(p) => clean.push(p),
                Component::CurDir if clean.as_os_str().is_empty() => {} // `./src/a.py`
                _ => return Err(bad()),
            }
        }
        if clean.as_os_str().is_empty() {
            return Err(bad());
        }
        Ok(RepoPath(clean))
    }

    pub fn as_path(&self) -> &Path {
        &self.0
    }

    /// Whether the path looks like a test file: named as one (`test_x.py`,
    /// `x_test.go`, `a.test.js`, `b.spec.ts`, `CalcTest.java`, pytest's
    /// `conftest.py`), or under a tests folder — not `testing.py` or
    /// `testutils.py`, which are code a test may import.
    pub fn is_test(&self) -> bool {
        let text = self.to_string();
        let mut parts = text.rsplit('/');
        let name = parts.next().unwrap_or_default();
        let stem = name.split('.').next().unwrap_or_default();
        matches!(stem, "test" | "tests" | "conftest")
            || stem.starts_with("test_")
            || ["_test", "_tests", "Test", "Tests"].iter().any(|end| stem.ends_with(end))
            || name.contains(".test.")
            || name.contains(".spec.")
            || parts.any(|dir| matches!(dir, "tests" | "test" | "__tests__" | "spec"))
    }
}

impl fmt::Display for RepoPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.display())
    }
}

/// One block: replace `search` (whole lines, each ending in `\n`) by `replace` in `path`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub path: RepoPath,
    pub search: String,
    pub replace: String,
}

/// Why an answer's edits do not stand: said to the agent in its repair turn, counted as a failed ballot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    /// No SEARCH/REPLACE block at all.
    NoBlocks,
    /// A block whose file is not named (and no earlier block or single file to inherit).
    NoPath {
        block: usize,
    },
    BadPath(String),
    InGitDir(String),
    /// A block cut off before its `=======` or `>>>>>>> REPLACE` (the answer ran out?).
    Unterminated {
        block: usize,
    },
    TooManyBlocks,
    SectionTooLarge {
        block: usize,
    },
    /// The file is not one the session can edit: binary, not UTF-8, too large, a symlink.
    NotEditable {
        path: RepoPath,
        why: String,
    },
    /// The SEARCH lines are not in the file exactly.
    NotFound {
        block: usize,
        path: RepoPath,
    },
    /// The SEARCH lines occur more than once: which one is meant is unclear.
    Ambiguous {
        block: usize,
        path: RepoPath,
        times: usize,
    },
    /// An empty SEARCH on an existing file larger than `MAX_WHOLE_FILE_BYTES`.
    WholeFileTooLarge {
        block: usize,
        path: RepoPath,
    },
    /// An edit that leaves every file as it was.
    NoChange,
    /// A code block given as a whole file lacks some of its top-level definitions.
    PartialFile {
        block: usize,
        path: RepoPath,
        missing: Vec<String>,
    },
    /// A block of whole definitions also holds top-level code the file has not.
    TopLevelCode {
        block: usize,
        path: RepoPath,
        /// Its first line, cut to 80 characters.
        line: String,
    },
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::NoBlocks => f.write_str(
                "no edit: no code block under a file's path, and no SEARCH/REPLACE block (the file's path, then \
<<<<<<< SEARCH, the lines to find, =======, the new lines, >>>>>>> REPLACE)",
            ),
            EditError::NoPath { block } => write!(
                f,
                "block {block} names no file, and its SEARCH lines are not in exactly one file shown: put the \
file's path on the line before <<<<<<< SEARCH"
            ),
            EditError::BadPath(p) => write!(f, "{p:?} is not a path inside the repository (relative, no `..`, no `~`)"),
            EditError::InGitDir(p) => write!(f, "{p:?} is inside .git: never edited"),
            EditError::Unterminated { block } => {
                write!(f, "block {block} is cut off: it never reaches its closing line (``` or >>>>>>> REPLACE)")
            }
            EditError::TooManyBlocks => write!(f, "more than {MAX_BLOCKS} blocks"),
            EditError::SectionTooLarge { block } => {
                write!(f, "block {block} is over {} KB", MAX_SECTION_BYTES >> 10)
            }
            EditError::NotEditable { path, why } => write!(f, "{path} cannot be edited: {why}"),
            EditError::NotFound { block, path } => write!(
                f,
                "block {block}: its SEARCH lines are not in {path} exactly as written (copy them from the file, \
with their indentation)"
            ),
            EditError::Ambiguous { block, path, times } => write!(
                f,
                "block {block}: its SEARCH lines occur {times} times in {path}: quote more lines so they occur once"
            ),
            EditError::WholeFileTooLarge { block, path } => write!(
                f,
                "block {block}: an empty SEARCH replaces a file whole, and {path} is over {} KB: quote the lines \
to change",
                MAX_WHOLE_FILE_BYTES >> 10
            ),
            EditError::NoChange => f.write_str("the blocks change nothing"),
            EditError::PartialFile { block, path, missing } => write!(
                f,
                "block {block} would replace {path} whole but lacks {}: give only the functions that change, each \
whole, or SEARCH/REPLACE blocks for the lines that change",
                missing.join(", ")
            ),
            EditError::TopLevelCode { block, path, line } => write!(
                f,
                "block {block} gives definitions of {path} whole but also `{line}`, top-level code the file has \
not: write SEARCH/REPLACE blocks for it"
            ),
        }
    }
}

impl std::error::Error for EditError {}

/// Where `search` (whole lines) occurs in `text`, counted at line starts;
/// a file's last line without its line end still matches.
fn occurrences(text: &str, search: &str) -> Vec<usize> {
    let bare = search.strip_suffix("\r\n").or_else(|| search.strip_suffix('\n'));
    let mut found = Vec::new();
    let mut start = 0;
    // Past a final newline there is no line: a blank line is not found there.
    while start < text.len() {
        let rest = &text[start..];
        if rest.starts_with(search) || bare == Some(rest) {
            found.push(start);
        }
        match rest.find('\n') {
            Some(nl) => start += nl + 1,
            None => break,
        }
    }
    found
}

/// `text` with `edit` applied (block number `block`, for messages). An
/// empty SEARCH creates the file or replaces a small one whole; a SEARCH of
/// blank lines is lines like any other (it once replaced the file too). In
/// a file whose lines end in CRLF, the block's lines (read without their
/// `\r`) are matched and written with CRLF.
pub fn apply_edit(text: Option<&str>, edit: &Edit, block: usize) -> Result<String, EditError> {
    let crlf_file = text.is_some_and(|t| t.contains("\r\n"));
    if crlf_file && !edit.search.contains('\r') && !edit.replace.contains('\r') {
        let crlf = |s: &str| s.replace('\n', "\r\n");
        let as_crlf = Edit { path: edit.path.clone(), search: crlf(&edit.search), replace: crlf(&edit.replace) };
        match apply_lines(text, &as_crlf, block) {
            // A file of mixed line ends: the block's lines as written.
            Err(EditError::NotFound { .. }) => {}
            applied => return applied,
        }
    }
    apply_lines(text, edit, block)
}

fn apply_lines(text: Option<&str>, edit: &Edit, block: usize) -> Result<String, EditError> {
    let path = || edit.path.clone();
    let blank = edit.search.trim().is_empty();
    if edit.search.is_empty() || (blank && text.is_none_or(|t| t.trim().is_empty())) {
        return match text {
            // A new file, or a small file replaced whole.
            None => Ok(edit.replace.clone()),
            Some(t) if t.len() <= MAX_WHOLE_FILE_BYTES => Ok(edit.replace.clone()),
            Some(_) => Err(EditError::WholeFileTooLarge { block, path: path() }),
        };
    }
    let Some(text) = text else { return Err(EditError::NotFound { block, path: path() }) };
    match occurrences(text, &edit.search)[..] {
        [] => match reindented(text, edit) {
            Some(shifted) => apply_lines(Some(text), &shifted, block),
            None => Err(EditError::NotFound { block, path: path() }),
        },
        [at] => {
            let end = (at + edit.search.len()).min(text.len());
            let mut replace = edit.replace.as_str();
            // The file's last line had no newline: neither does its replacement.
            if end == text.len() && !text.ends_with('\n') {
                replace = replace.strip_suffix("\r\n").or_else(|| replace.strip_suffix('\n')).unwrap_or(replace);
            }
            Ok(format!("{}{replace}{}", &text[..at], &text[end..]))
        }
        ref many => Err(EditError::Ambiguous { block, path: path(), times: many.len() }),
    }
}

/// Distinct indentations of a block's first line a file may hold for
/// `reindented` to try them.
const MAX_SHIFTS: usize = 32;

/// How the file's lines differ from a block's: by one leading whitespace
/// string on every non-blank line, added (`Deeper`) or taken away.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shift {
    Deeper(String),
    Shallower(String),
}

impl Shift {
    fn of(file_line: &str, block_line: &str) -> Option<Shift> {
        if let Some(pad) = file_line.strip_suffix(block_line) {
            return pad.chars().all(|c| c == ' ' || c == '\t').then(|| Shift::Deeper(pad.to_string()));
        }
        let pad = block_line.strip_suffix(file_line)?;
        pad.chars().all(|c| c == ' ' || c == '\t').then(|| Shift::Shallower(pad.to_string()))
    }

    fn apply(&self, line: &str) -> Option<String> {
        if line.trim().is_empty() {
            return Some(line.to_string());
        }
        match self {
            Shift::Deeper(pad) => Some(format!("{pad}{line}")),
            Shift::Shallower(pad) => line.strip_prefix(pad.as_str()).map(str::to_string),
        }
    }

    fn lines(&self, text: &str) -> Option<String> {
        let mut out = String::new();
        for line in text.split_inclusive('\n') {
            let (body, nl) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
            out += &self.apply(body)?;
            out += nl;
        }
        Some(out)
    }
}

/// The block with its SEARCH and REPLACE lines shifted, when its SEARCH lines
/// occur exactly once in `text` indented by one whitespace string more (or
/// less) on every non-blank line — the one way a block may differ from the
/// file (small models keep the lines and lose their depth: measured in
/// docs/benchmarks.md). Any other difference is still no match.
fn reindented(text: &str, edit: &Edit) -> Option<Edit> {
    let first = edit.search.lines().find(|l| !l.trim().is_empty())?;
    let mut shifts: Vec<Shift> = Vec::new();
    for file_line in text.lines() {
        if let Some(shift) = Shift::of(file_line, first) {
            if !shifts.contains(&shift) && !matches!(&shift, Shift::Deeper(p) | Shift::Shallower(p) if p.is_empty()) {
                shifts.push(shift);
                if shifts.len() > MAX_SHIFTS {
                    // Real code has a few depths; thousands (a hostile file) would cost a search each.
                    return None;
                }
            }
        }
    }
    let mut found = shifts.into_iter().filter_map(|shift| {
        let search = shift.lines(&edit.search)?;
        (occurrences(text, &search).len() == 1).then_some((shift, search))
    });
    let (shift, search) = found.next()?;
    if found.next().is_some() {
        return None; // two depths fit: which one is meant is unclear
    }
    Some(Edit { path: edit.path.clone(), search, replace: shift.lines(&edit.replace)? })
}

#[cfg(test)]
#[path = "edit_tests.rs"]
mod tests;
