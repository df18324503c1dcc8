//! What of a repository the agents see (#30 item 1): the files the user
//! gives (`--file`), else the files the task names, then the tracked files
//! that share the most words with the task — within a token budget. Only
//! files git tracks are read: ignored and untracked ones never are. A file
//! that is binary, too large, not UTF-8, a symlink, outside the tree or in
//! `.git` is left out and said so. Everything read is untrusted data: it is
//! shown to the agents, never run or obeyed here.

use anyhow::Result;
use std::collections::{BTreeSet, HashSet};
use std::path::{Component, Path, PathBuf};

use crate::problem::limits::MAX_LINE_BYTES;

use super::fences;
use super::git::Git;

/// A file larger than this is not read (a generated file, a data dump).
pub(crate) const MAX_FILE_BYTES: u64 = 256 << 10;
/// Tracked files scored for relevance at most (a huge tree is cut, and said so).
const MAX_SCORED: usize = 5_000;
/// Bytes looked at to tell a binary file: a NUL among them.
const SNIFF_BYTES: usize = 8 << 10;
/// Task words that say nothing about which file is meant.
const STOPWORDS: &[&str] = &[
    "this", "that", "with", "from", "when", "what", "which", "should", "would", "could", "into", "make", "makes",
    "does", "have", "there", "their", "then", "than", "them", "they", "file", "files", "code", "function", "method",
    "please", "also", "only", "every", "each", "some", "more", "less", "like", "just", "need", "needs", "want",
    "return", "returns", "true", "false", "none", "self", "test", "tests", "work", "works", "used", "uses",
];

/// Why a file is in the context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picked {
    /// Given with `--file`.
    Given,
    /// Its path or name is in the task.
    Named,
    /// It shares this many distinct words with the task.
    Relevant { shared_words: usize },
}

/// Why a file the user gave or the task named is not in the context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeftOut {
    Missing,
    OutsideRepository,
    InGitDir,
    Symlink,
    NotAFile,
    /// Ignored by git, or never added: memdoor reads only tracked files.
    NotTracked,
    Binary,
    NotUtf8,
    TooLarge {
        bytes: u64,
    },
    /// A line longer than a problem's may be (minified or generated code).
    LongLine {
        bytes: usize,
    },
    /// It would not fit in what is left of the budget.
    OverBudget {
        tokens: usize,
    },
}

impl LeftOut {
    pub fn reason(&self) -> String {
        match self {
            LeftOut::Missing => "no such file".into(),
            LeftOut::OutsideRepository => "outside the repository".into(),
            LeftOut::InGitDir => "inside .git".into(),
            LeftOut::Symlink => "a symlink (not followed)".into(),
            LeftOut::NotAFile => "not a regular file".into(),
            LeftOut::NotTracked => "not tracked by git (ignored or never added)".into(),
            LeftOut::Binary => "binary".into(),
            LeftOut::NotUtf8 => "not UTF-8".into(),
            LeftOut::TooLarge { bytes } => {
                format!("{} KB, over the {} KB a file may be", bytes / 1024, MAX_FILE_BYTES / 1024)
            }
            LeftOut::LongLine { bytes } => {
                format!("a line of {bytes} bytes (over {MAX_LINE_BYTES}: generated or minified?)")
            }
            LeftOut::OverBudget { tokens } => format!("≈{tokens} tokens, over what is left of the budget"),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ContextFile {
    /// Relative to the repository's root.
    pub path: PathBuf,
    pub text: String,
    /// Estimated (`estimate_tokens`).
    pub tokens: usize,
    pub picked: Picked,
}

/// The files the agents are shown, and what was left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Context {
    /// The repository's top level.
    pub root: PathBuf,
    pub files: Vec<ContextFile>,
    /// Files given or named that are not in `files`, and why.
    pub(crate) left_out: Vec<(PathBuf, LeftOut)>,
    pub budget: usize,
    /// Relevant files that did not fit in the budget.
    pub(crate) relevant_not_shown: usize,
    /// Tracked files not read while scoring: binary, too large, not UTF-8, a symlink.
    pub unreadable: usize,
    /// Tracked files past `MAX_SCORED`, never scored.
    pub(crate) unscored: usize,
}

impl Context {
    pub fn tokens(&self) -> usize {
        self.files.iter().map(|f| f.tokens).sum()
    }

    /// One line a run prints: what the agents see, against the budget, and what was left out.
    pub fn summary(&self) -> String {
        let mut line = format!("context: {} file(s), ≈{} of {} tokens", self.files.len(), self.tokens(), self.budget);
        for (path, why) in &self.left_out {
            line += &format!("; left out {}: {}", path.display(), why.reason());
        }
        if self.relevant_not_shown > 0 {
            line += &format!("; {} more relevant file(s) over the budget", self.relevant_not_shown);
        }
        if self.unreadable > 0 {
            line += &format!("; {} tracked file(s) not read (binary, large, not UTF-8, or a symlink)", self.unreadable);
        }
        if self.unscored > 0 {
            line += &format!("; {} tracked file(s) past the first {MAX_SCORED} not looked at", self.unscored);
        }
        line
    }

    /// The files as the agents read them after the task: each under its path,
    /// in a fence longer than any run of backticks inside it, so that no file
    /// can close its block early and speak as the prompt.
    pub fn as_prompt(&self) -> String {
        fences::files_prompt(self.files.iter().map(|f| (f.path.as_path(), f.text.as_str())))
    }
}

/// About four bytes a token for code and prose: an estimate made before any
/// model's tokenizer is at hand, and said to be one (≈).
pub fn estimate_tokens(text: &str) -> usize {
    estimate_tokens_of(text.len())
}

/// The estimate for a text of `bytes` bytes, before it is read.
fn estimate_tokens_of(bytes: usize) -> usize {
    bytes.div_ceil(4)
}

/// The context for `task` in the repository holding `dir`: the `given` files
/// (relative to the repository's root, or absolute), else the files the task
/// names and then the most relevant ones, within `budget` tokens.
pub fn gather(dir: &Path, task: &str, given: &[PathBuf], budget: usize) -> Result<Context> {
    let git = Git::open(dir)?;
    let root = git.top().to_path_buf();
    let tracked = git.tracked_files()?;
    let mut ctx = Context {
        root: root.clone(),
        files: Vec::new(),
        left_out: Vec::new(),
        budget,
        relevant_not_shown: 0,
        unreadable: 0,
        unscored: 0,
    };
    let mut left = budget;
    let mut take = |ctx: &mut Context, path: PathBuf, picked: Picked| {
        let rel = match checked(&root, &tracked, &path) {
            Ok(rel) => rel,
            Err(why) => return ctx.left_out.push((path, why)),
        };
        // A file given twice, or named and given, is read once.
        if ctx.files.iter().any(|f| f.path == rel) {
            return;
        }
        let text = match read(&root, &rel) {
            Ok(text) => text,
            Err(why) => return ctx.left_out.push((path, why)),
        };
        let tokens = estimate_tokens(&text);
        if tokens > left {
            return ctx.left_out.push((rel, LeftOut::OverBudget { tokens }));
        }
        left -= tokens;
        ctx.files.push(ContextFile { path: rel, text, tokens, picked });
    };
    if !given.is_empty() {
        for path in given {
            take(&mut ctx, path.clone(), Picked::Given);
        }
        return Ok(ctx);
    }
    for path in named(task, &tracked) {
        take(&mut ctx, path, Picked::Named);
    }
    let words = words(task);
    // Scores and sizes only: every scored file's text held at once could
    // reach gigabytes on a large tree; a picked file is read again.
    let mut scored: Vec<(usize, PathBuf, usize)> = Vec::new();
    ctx.unscored = tracked.len().saturating_sub(MAX_SCORED);
    for rel in tracked.iter().take(MAX_SCORED) {
        if ctx.files.iter().any(|f| &f.path == rel) || ctx.left_out.iter().any(|(p, _)| p == rel) {
            continue;
        }
        match read(&root, rel) {
            Ok(text) => {
                let path_text = rel.to_string_lossy().replace(['/', '.', '-'], " ");
                let shared = words.intersection(&(&words_of(&text) | &words_of(&path_text))).count();
                if shared > 0 {
                    scored.push((shared, rel.clone(), text.len()));
                }
            }
            Err(_) => ctx.unreadable += 1,
        }
    }
    // Most shared words first; among equals, the shorter file (more of them fit).
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.2.cmp(&b.2)).then(a.1.cmp(&b.1)));
    for (shared, rel, bytes) in scored {
        if estimate_tokens_of(bytes) > left {
            ctx.relevant_not_shown += 1;
            continue;
        }
        let Ok(text) = read(&root, &rel) else {
            ctx.unreadable += 1;
            continue;
        };
        let tokens = estimate_tokens(&text);
        if tokens > left {
            ctx.relevant_not_shown += 1;
            continue;
        }
        left -= tokens;
        ctx.files.push(ContextFile { path: rel, text, tokens, picked: Picked::Relevant { shared_words: shared } });
    }
    Ok(ctx)
}

/// `path` (relative to the root, or absolute) as a tracked path relative to the root.
fn checked(root: &Path, tracked: &BTreeSet<PathBuf>, path: &Path) -> Result<PathBuf, LeftOut> {
    let abs = if path.is_absolute() { path.to_path_buf() } else { root.join(path) };
    let meta = std::fs::symlink_metadata(&abs).map_err(|_| LeftOut::Missing)?;
    if meta.file_type().is_symlink() {
        return Err(LeftOut::Symlink);
    }
    // Canonical, so that a symlinked directory or `..` cannot lead out of the tree.
    let canon = abs.canonicalize().map_err(|_| LeftOut::Missing)?;
    let rel = canon.strip_prefix(root).map_err(|_| LeftOut::OutsideRepository)?.to_path_buf();
    if rel.components().next() == Some(Component::Normal(".git".as_ref())) {
        return Err(LeftOut::InGitDir);
    }
    if !meta.is_file() {
        return Err(LeftOut::NotAFile);
    }
    if !tracked.contains(&rel) {
        return Err(LeftOut::NotTracked);
    }
    Ok(rel)
}

/// Whether `rel` (a path git tracks) leads to a place inside the tree
/// through no symlinked directory: plain components only, and its
/// directory's canonical path is its own. git lists what its index holds,
/// so a tracked `docs/key` stays listed when `docs` has since become a link
/// to `~/.ssh`; read through the link, it would reach a model's prompt.
pub(super) fn through_no_link(root: &Path, rel: &Path) -> bool {
    if !rel.components().all(|c| matches!(c, Component::Normal(_))) {
        return false;
    }
    let dir = root.join(rel.parent().unwrap_or(Path::new("")));
    dir.canonicalize().is_ok_and(|c| c == dir)
}

/// The text of a tracked file, if it is small, not binary and UTF-8.
fn read(root: &Path, rel: &Path) -> Result<String, LeftOut> {
    if !through_no_link(root, rel) {
        return Err(LeftOut::OutsideRepository);
    }
    let abs = root.join(rel);
    let meta = std::fs::symlink_metadata(&abs).map_err(|_| LeftOut::Missing)?;
    if meta.file_type().is_symlink() {
        return Err(LeftOut::Symlink);
    }
    if !meta.is_file() {
        return Err(LeftOut::NotAFile);
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(LeftOut::TooLarge { bytes: meta.len() });
    }
    let bytes = std::fs::read(&abs).map_err(|_| LeftOut::Missing)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        // It grew since the look: still too large.
        return Err(LeftOut::TooLarge { bytes: bytes.len() as u64 });
    }
    if bytes[..bytes.len().min(SNIFF_BYTES)].contains(&0) {
        return Err(LeftOut::Binary);
    }
    let text = String::from_utf8(bytes).map_err(|_| LeftOut::NotUtf8)?;
    match text.lines().map(str::len).max() {
        Some(longest) if longest > MAX_LINE_BYTES => Err(LeftOut::LongLine { bytes: longest }),
        _ => Ok(text),
    }
}

/// Tracked files whose path, or whose name when it has an extension, the task
/// names as a whole word; in the order of the tree.
fn named(task: &str, tracked: &BTreeSet<PathBuf>) -> Vec<PathBuf> {
    tracked
        .iter()
        .filter(|rel| {
            let full = rel.to_string_lossy();
            let name = rel.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
            mentions(task, &full) || (name.len() >= 3 && name.contains('.') && mentions(task, &name))
        })
        .cloned()
        .collect()
}

/// `needle` occurs in `text` with no path or word character on either side
/// (a sentence's full stop after it still counts).
fn mentions(text: &str, needle: &str) -> bool {
    let name_char = |c: char| c.is_alphanumeric() || matches!(c, '_' | '/' | '-' | '.');
    text.match_indices(needle).any(|(at, _)| {
        let clear_before = text[..at].chars().next_back().is_none_or(|c| !name_char(c));
        let mut after = text[at + needle.len()..].chars();
        let clear_after = match after.next() {
            None => true,
            Some('.') => after.next().is_none_or(char::is_whitespace),
            Some(c) => !name_char(c),
        };
        clear_before && clear_after
    })
}

/// The task's distinct identifier-like words (four characters or more, lower
/// case, split at `_` too), minus words that name no file.
fn words(task: &str) -> HashSet<String> {
    words_of(task).into_iter().filter(|w| !STOPWORDS.contains(&w.as_str())).collect()
}

fn words_of(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    for token in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        if token.len() >= 4 && !token.starts_with(|c: char| c.is_ascii_digit()) {
            out.insert(token.to_lowercase());
        }
        // parse_date names "parse" and "date" as well.
        for part in token.split('_').filter(|p| p.len() >= 4 && p.len() < token.len()) {
            out.insert(part.to_lowercase());
        }
    }
    out
}

#[cfg(test)]
#[path = "context_tests.rs"]
mod tests;
