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
//! The answer is model output: bounded here (blocks, bytes) and never
//! trusted for a path (`RepoPath`).

use std::fmt;
use std::path::{Component, Path, PathBuf};

/// Blocks one answer may hold.
pub const MAX_BLOCKS: usize = 32;
/// Bytes one SEARCH or REPLACE section may hold.
pub const MAX_SECTION_BYTES: usize = 64 << 10;
/// The largest file an empty SEARCH may replace whole: past it, the block must quote what it changes.
pub const MAX_WHOLE_FILE_BYTES: usize = 8 << 10;
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
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::NoBlocks => f.write_str(
                "no SEARCH/REPLACE block: write each change as the file's path, then <<<<<<< SEARCH, the lines \
to find, =======, the new lines, >>>>>>> REPLACE",
            ),
            EditError::NoPath { block } => {
                write!(f, "block {block} names no file: put the file's path on the line before <<<<<<< SEARCH")
            }
            EditError::BadPath(p) => write!(f, "{p:?} is not a path inside the repository (relative, no `..`)"),
            EditError::InGitDir(p) => write!(f, "{p:?} is inside .git: never edited"),
            EditError::Unterminated { block } => {
                write!(f, "block {block} is cut off: it needs ======= and >>>>>>> REPLACE after its lines")
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
        }
    }
}

impl std::error::Error for EditError {}

fn is_marker(line: &str, ch: char, word: &str) -> bool {
    let line = line.trim_end();
    let run = line.chars().take_while(|c| *c == ch).count();
    (5..=9).contains(&run) && line[run..].trim() == word
}

/// A file path as written on the line before a block: `src/a.py`,
/// `` `src/a.py` ``, `**src/a.py**`, `### src/a.py`, `File: src/a.py`, `src/a.py:`.
fn path_on(line: &str) -> Option<&str> {
    let mut text = line.trim();
    for prefix in ["File:", "file:", "Path:", "path:"] {
        text = text.strip_prefix(prefix).unwrap_or(text).trim();
    }
    let text = text.trim_start_matches('#').trim().trim_matches(['`', '*', '"', '\'']).trim_end_matches(':').trim();
    let plausible = !text.is_empty()
        && !text.contains(char::is_whitespace)
        && !text.starts_with("```")
        && (text.contains('.') || text.contains('/'));
    plausible.then_some(text)
}

/// The line before `at` that names the block's file: the last non-blank one,
/// past an opening fence (```` ```python ````) right above the block.
fn path_before<'a>(lines: &[&'a str], at: usize) -> Option<&'a str> {
    let mut above = lines[..at].iter().rev().filter(|l| !l.trim().is_empty());
    let first = above.next()?;
    if first.trim_start().starts_with("```") {
        // "src/a.py" then "```python" then the block.
        return above.next().and_then(|l| path_on(l));
    }
    path_on(first)
}

/// The edit blocks of `answer`; `only_file` is the context's file when it
/// shows exactly one (a block naming no file then edits it).
pub fn parse_edits(answer: &str, only_file: Option<&RepoPath>) -> Result<Vec<Edit>, EditError> {
    let lines: Vec<&str> = answer.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let mut edits: Vec<Edit> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_marker(lines[i], '<', "SEARCH") {
            i += 1;
            continue;
        }
        let block = edits.len() + 1;
        if block > MAX_BLOCKS {
            return Err(EditError::TooManyBlocks);
        }
        let path = match path_before(&lines, i) {
            Some(p) => RepoPath::parse(p)?,
            None => match (edits.last(), only_file) {
                (Some(prev), _) => prev.path.clone(),
                (None, Some(only)) => only.clone(),
                (None, None) => return Err(EditError::NoPath { block }),
            },
        };
        let section = |from: usize, end: &dyn Fn(&str) -> bool| -> Result<(String, usize), EditError> {
            let mut text = String::new();
            for (j, line) in lines.iter().enumerate().skip(from) {
                if end(line) {
                    return Ok((text, j));
                }
                text.push_str(line);
                text.push('\n');
                if text.len() > MAX_SECTION_BYTES {
                    return Err(EditError::SectionTooLarge { block });
                }
            }
            Err(EditError::Unterminated { block })
        };
        let (search, divider) = section(i + 1, &|l| is_marker(l, '=', ""))?;
        let (replace, end) = section(divider + 1, &|l| is_marker(l, '>', "REPLACE"))?;
        edits.push(Edit { path, search, replace });
        i = end + 1;
    }
    if edits.is_empty() {
        return Err(EditError::NoBlocks);
    }
    Ok(edits)
}

/// Where `search` (whole lines) occurs in `text`, counted at line starts;
/// a file's last line without its newline still matches.
fn occurrences(text: &str, search: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut start = 0;
    while start <= text.len() {
        let rest = &text[start..];
        let matched = rest.starts_with(search) || (search.ends_with('\n') && rest == &search[..search.len() - 1]);
        if matched {
            found.push(start);
        }
        match rest.find('\n') {
            Some(nl) => start += nl + 1,
            None => break,
        }
    }
    found
}

/// `text` with `edit` applied (block number `block`, for messages).
pub fn apply_edit(text: Option<&str>, edit: &Edit, block: usize) -> Result<String, EditError> {
    let path = || edit.path.clone();
    if edit.search.trim().is_empty() {
        return match text {
            // A new file, or a small file replaced whole.
            None => Ok(edit.replace.clone()),
            Some(t) if t.len() <= MAX_WHOLE_FILE_BYTES => Ok(edit.replace.clone()),
            Some(_) => Err(EditError::WholeFileTooLarge { block, path: path() }),
        };
    }
    let Some(text) = text else { return Err(EditError::NotFound { block, path: path() }) };
    match occurrences(text, &edit.search)[..] {
        [] => Err(EditError::NotFound { block, path: path() }),
        [at] => {
            let end = (at + edit.search.len()).min(text.len());
            let mut replace = edit.replace.as_str();
            // The file's last line had no newline: neither does its replacement.
            if end == text.len() && !text.ends_with('\n') {
                replace = replace.strip_suffix('\n').unwrap_or(replace);
            }
            Ok(format!("{}{replace}{}", &text[..at], &text[end..]))
        }
        ref many => Err(EditError::Ambiguous { block, path: path(), times: many.len() }),
    }
}

#[cfg(test)]
#[path = "edit_tests.rs"]
mod tests;
