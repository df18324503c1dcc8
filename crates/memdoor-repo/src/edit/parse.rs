//! Reading an answer's edits: SEARCH/REPLACE markers, else `SEARCH` and
//! `REPLACE` labels over fenced blocks, else whole small files (or whole
//! Python definitions) in fences under their paths; each block's file
//! named, or found among the files shown.

use std::cell::OnceCell;
use std::collections::{BTreeSet, HashSet};

use super::definitions::{definition_edits, laid_in, Fit};
use super::{occurrences, Edit, EditError, RepoPath, MAX_BLOCKS, MAX_SECTION_BYTES};
use crate::lang::Language;

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
pub(super) fn section(
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
    fence_ticks(line).is_some()
}

/// The backticks a fence opens with (three or more), if `line` opens one.
fn fence_ticks(line: &str) -> Option<usize> {
    let ticks = line.trim_start().chars().take_while(|c| *c == '`').count();
    (ticks >= 3).then_some(ticks)
}

/// Whether `line` closes a fence opened with `ticks` backticks: backticks
/// alone, at least as many (CommonMark's rule, as the answer renders). A
/// ```` ```bash ```` line inside a README's block is its text, and a file
/// holding ```` ``` ```` lines can be given in a ```` ```` ```` fence.
fn closes(line: &str, ticks: usize) -> bool {
    let line = line.trim();
    line.len() >= ticks && line.chars().all(|c| c == '`')
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
    let ticks = fence_ticks(lines[open]).unwrap_or(3);
    section(lines, open + 1, block, &|l| closes(l, ticks))
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
/// shown), each the whole new text of a small file — or, for a file whose
/// definitions are read, some of its definitions whole, each replacing its
/// namesake, or only new ones, added (`definitions`). A block that leaves
/// out definitions of the file and neither replaces nor adds any is
/// refused, and said.
fn whole_files(lines: &[&str], shown: &[Shown]) -> Result<Vec<Edit>, EditError> {
    let mut blocks: Vec<(Option<&str>, Option<Language>, String)> = Vec::new();
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
        let ticks = fence_ticks(lines[i]).unwrap_or(3);
        let (text, end) = match section(lines, i + 1, block, &|l| closes(l, ticks)) {
            Ok(closed) => closed,
            // An answer cut off by its token limit inside a block: the blocks it finished stand.
            Err(EditError::Unterminated { .. }) if !blocks.is_empty() => break,
            Err(e) => return Err(e),
        };
        blocks.push((path_before(lines, i + 1), Language::of_fence_tag(lines[i].trim().trim_start_matches('`')), text));
        i = end + 1;
    }
    let single = blocks.len() == 1;
    let defined = OnceCell::new();
    let mut edits = Vec::new();
    for (n, (named, tag, text)) in blocks.into_iter().enumerate() {
        let (path, by_language) = match (named, shown) {
            (Some(p), _) => (RepoPath::parse(p)?, false),
            (None, [(only, _)]) if single => (only.clone(), false),
            (None, _) => match file_defining(&text, tag, defined.get_or_init(|| defined_in(shown))) {
                Some((path, by_language)) => (path.clone(), by_language),
                None => continue, // an example or a snippet, not a file
            },
        };
        if by_language {
            // Only definitions placed by name or as a method: never a whole file on a guess.
            let before = shown.iter().find(|(p, _)| *p == path).map(|(_, text)| text.as_str());
            if let Some(placed) = before.and_then(|before| definition_edits(&path, before, &text, n + 1)) {
                edits.extend(placed?);
            }
            continue;
        }
        if let Some((_, before)) = shown.iter().find(|(p, _)| *p == path) {
            let missing = missing_definitions(before, &text, &path);
            if !missing.is_empty() {
                // Some of the file's definitions, whole, each replacing its namesake; or only new ones, added.
                let placed = definition_edits(&path, before, &text, n + 1)
                    .or_else(|| laid_in(&path, before, &text, n + 1, Fit::AllNew));
                match placed {
                    Some(by_name) => {
                        edits.extend(by_name?);
                        continue;
                    }
                    None => return Err(EditError::PartialFile { block: n + 1, path, missing }),
                }
            }
        }
        edits.push(Edit { path, search: String::new(), replace: text });
    }
    Ok(edits)
}

/// What each shown file defines at any depth, in its language: read once
/// per answer, when a block names no file.
type Defined<'s> = Vec<(&'s RepoPath, Language, BTreeSet<String>)>;

fn defined_in(shown: &[Shown]) -> Defined<'_> {
    shown
        .iter()
        .filter_map(|(path, text)| {
            let lang = Language::of(path.as_path())?;
            Some((path, lang, lang.names_at_any_depth(text)))
        })
        .collect()
}

/// The file of a block of code under no path, when several files were
/// shown: the one shown file (in a language whose definitions are read)
/// defining, at any depth, any of the block's top-level names read in that
/// file's language; else, for a block whose fence names its language
/// (```rust), the one shown file in that language (a new method has no
/// namesake to find it by). Models asked to say first what they change
/// write "Here is the new `f`:" above the block, not the path.
/// The path, and whether only the language chose it (then a block none of
/// whose definitions has a place there is skipped, not refused).
fn file_defining<'s>(block: &str, tag: Option<Language>, defined: &Defined<'s>) -> Option<(&'s RepoPath, bool)> {
    let by_name: Vec<&RepoPath> = defined
        .iter()
        .filter(|(_, lang, names)| lang.top_level_names(block).iter().any(|n| names.contains(n)))
        .map(|(path, _, _)| *path)
        .collect();
    if !by_name.is_empty() {
        return the_one(by_name.into_iter()).map(|p| (p, false));
    }
    // A definition by the fence's language alone: only for code that defines something.
    let tag = tag.filter(|lang| !lang.top_level_names(block).is_empty())?;
    the_one(defined.iter().filter(|(_, lang, _)| *lang == tag).map(|(path, _, _)| *path)).map(|p| (p, true))
}

/// The only item, if there is exactly one.
fn the_one<T>(mut found: impl Iterator<Item = T>) -> Option<T> {
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// The top-level definitions of a file `before` that `after` lacks (in a
/// language whose definitions are read; else none).
fn missing_definitions(before: &str, after: &str, path: &RepoPath) -> Vec<String> {
    let Some(lang) = Language::of(path.as_path()) else { return Vec::new() };
    let kept: HashSet<String> = lang.top_level_names(after).into_iter().collect();
    lang.top_level_names(before).into_iter().filter(|n| !kept.contains(n)).collect()
}
