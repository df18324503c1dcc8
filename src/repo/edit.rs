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
    /// A code block given as a whole Python file lacks some of its top-level definitions.
    PartialFile {
        block: usize,
        path: RepoPath,
        missing: Vec<String>,
    },
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::NoBlocks => f.write_str(
                "no SEARCH/REPLACE block: write each change as the file's path, then <<<<<<< SEARCH, the lines \
to find, =======, the new lines, >>>>>>> REPLACE",
            ),
            EditError::NoPath { block } => write!(
                f,
                "block {block} names no file, and its SEARCH lines are not in exactly one file shown: put the \
file's path on the line before <<<<<<< SEARCH"
            ),
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
            EditError::PartialFile { block, path, missing } => write!(
                f,
                "block {block} would replace {path} whole but lacks {}: write SEARCH/REPLACE blocks for the lines \
that change",
                missing.join(", ")
            ),
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

/// A file the agents were shown, with its text as shown: where a block that
/// names no file is looked for.
pub type Shown = (RepoPath, String);

/// The file of a block that names none: the only file shown; else the one
/// shown file holding its SEARCH lines exactly once; else the previous
/// block's file.
fn resolve(
    named: Option<&str>,
    search: &str,
    prev: Option<&RepoPath>,
    shown: &[Shown],
    block: usize,
) -> Result<RepoPath, EditError> {
    if let Some(p) = named {
        return RepoPath::parse(p);
    }
    if let [(only, _)] = shown {
        return Ok(only.clone());
    }
    if !search.trim().is_empty() {
        let holding: Vec<&RepoPath> =
            shown.iter().filter(|(_, text)| occurrences(text, search).len() == 1).map(|(p, _)| p).collect();
        if let [one] = holding[..] {
            return Ok(one.clone());
        }
    }
    prev.cloned().ok_or(EditError::NoPath { block })
}

/// The edit blocks of `answer`, in the first form it uses: SEARCH/REPLACE
/// markers; else `SEARCH` and `REPLACE` labels each over a fenced block
/// (small models write that); else fenced blocks under a file's path, each
/// the whole new file (`whole_files`). `shown`: the files the agents saw.
pub fn parse_edits(answer: &str, shown: &[Shown]) -> Result<Vec<Edit>, EditError> {
    let lines: Vec<&str> = answer.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let mut edits = marker_blocks(&lines, shown)?;
    if edits.is_empty() {
        edits = labelled_blocks(&lines, shown)?;
    }
    if edits.is_empty() {
        edits = whole_files(&lines, shown)?;
    }
    if edits.is_empty() {
        return Err(EditError::NoBlocks);
    }
    Ok(edits)
}

fn marker_blocks(lines: &[&str], shown: &[Shown]) -> Result<Vec<Edit>, EditError> {
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
        let (search, divider) = section(lines, i + 1, block, &|l| is_marker(l, '=', ""))?;
        let (replace, end) = section(lines, divider + 1, block, &|l| is_marker(l, '>', "REPLACE"))?;
        let path = resolve(path_before(lines, i), &search, edits.last().map(|e| &e.path), shown, block)?;
        edits.push(Edit { path, search, replace });
        i = end + 1;
    }
    Ok(edits)
}

/// The lines from `from` up to the first that `end` accepts (its index), each ending in `\n`.
fn section(
    lines: &[&str],
    from: usize,
    block: usize,
    end: &dyn Fn(&str) -> bool,
) -> Result<(String, usize), EditError> {
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
}

fn is_fence(line: &str) -> bool {
    line.trim_start().starts_with("```")
}

/// `SEARCH` or `REPLACE` alone on a line (`### SEARCH:`, `**REPLACE**`).
fn is_label(line: &str, word: &str) -> bool {
    line.trim().trim_matches(['#', '*', ':', '`', ' ']).eq_ignore_ascii_case(word)
}

/// The next non-blank line from `from`.
fn next_line(lines: &[&str], from: usize) -> Option<usize> {
    (from..lines.len()).find(|&j| !lines[j].trim().is_empty())
}

/// The fenced block opening at the first non-blank line from `from`: its text and the closing line.
fn fenced(lines: &[&str], from: usize, block: usize) -> Result<(String, usize), EditError> {
    let open = next_line(lines, from).filter(|&j| is_fence(lines[j])).ok_or(EditError::Unterminated { block })?;
    section(lines, open + 1, block, &|l| is_fence(l))
}

fn labelled_blocks(lines: &[&str], shown: &[Shown]) -> Result<Vec<Edit>, EditError> {
    let mut edits: Vec<Edit> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_label(lines[i], "search") {
            i += 1;
            continue;
        }
        let block = edits.len() + 1;
        if block > MAX_BLOCKS {
            return Err(EditError::TooManyBlocks);
        }
        let (search, closed) = fenced(lines, i + 1, block)?;
        let label = next_line(lines, closed + 1).filter(|&j| is_label(lines[j], "replace"));
        let label = label.ok_or(EditError::Unterminated { block })?;
        let (replace, end) = fenced(lines, label + 1, block)?;
        let path = resolve(path_before(lines, i), &search, edits.last().map(|e| &e.path), shown, block)?;
        edits.push(Edit { path, search, replace });
        i = end + 1;
    }
    Ok(edits)
}

/// Fenced blocks under a file's path (or the only block, when one file was
/// shown), each the whole new text of a small file. A block that leaves out
/// a top-level `def` or `class` of the Python file it would replace is a
/// function, not the file: refused, and said.
fn whole_files(lines: &[&str], shown: &[Shown]) -> Result<Vec<Edit>, EditError> {
    let mut blocks: Vec<(Option<&str>, String)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_fence(lines[i]) {
            i += 1;
            continue;
        }
        let block = blocks.len() + 1;
        if block > MAX_BLOCKS {
            return Err(EditError::TooManyBlocks);
        }
        let (text, end) = section(lines, i + 1, block, &|l| is_fence(l))?;
        blocks.push((path_before(lines, i + 1), text));
        i = end + 1;
    }
    let single = blocks.len() == 1;
    let mut edits = Vec::new();
    for (n, (named, text)) in blocks.into_iter().enumerate() {
        let path = match (named, shown) {
            (Some(p), _) => RepoPath::parse(p)?,
            (None, [(only, _)]) if single => only.clone(),
            _ => continue, // an example or a snippet, not a file
        };
        if let Some((_, before)) = shown.iter().find(|(p, _)| *p == path) {
            let missing = missing_definitions(before, &text, &path);
            if !missing.is_empty() {
                return Err(EditError::PartialFile { block: n + 1, path, missing });
            }
        }
        edits.push(Edit { path, search: String::new(), replace: text });
    }
    Ok(edits)
}

/// The top-level `def`/`class` names of a Python file `before` that `after` lacks.
fn missing_definitions(before: &str, after: &str, path: &RepoPath) -> Vec<String> {
    if path.as_path().extension().is_none_or(|e| e != "py") {
        return Vec::new();
    }
    let names = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| {
                l.strip_prefix("def ").or_else(|| l.strip_prefix("class ")).or_else(|| l.strip_prefix("async def "))
            })
            .map(|rest| rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect())
            .collect()
    };
    let kept = names(after);
    names(before).into_iter().filter(|n| !kept.contains(n)).collect()
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
        [] => match reindented(text, edit) {
            Some(shifted) => apply_edit(Some(text), &shifted, block),
            None => Err(EditError::NotFound { block, path: path() }),
        },
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
