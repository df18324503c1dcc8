//! Fuzz targets for what models and test runners write: a model's answer
//! read as code or as edit blocks, harness.py's results as the judge reads
//! them, a test run's output as per-test outcomes and as what each failure says.

use crate::domain::FinishReason;
use crate::judge::grade;
use crate::repo::failures::{read_failures, MAX_FAILURES, MAX_FRAMES, MAX_LINE_CHARS, MAX_SAYS};
use crate::repo::outcomes::{read_outcomes, Runner, MAX_NAME_CHARS, MAX_OUTCOMES};
use crate::team::{draft_code, extract_code, no_code};

use super::input::first_line;

/// First byte: odd, the answer was cut off at the token limit; the text after.
pub(super) fn model_answer(data: &[u8]) -> bool {
    let (finish, text) = match data.split_first() {
        Some((b, rest)) => {
            (if b & 1 == 1 { FinishReason::Length } else { FinishReason::Stop }, String::from_utf8_lossy(rest))
        }
        None => (FinishReason::Stop, String::new().into()),
    };
    let last = extract_code(&text);
    if let Some(code) = &last {
        assert!(text.contains(code.as_str()), "the last block is not in the answer: {code:?}");
    }
    let draft = draft_code(&text, finish);
    // Where every block is closed, the team reads LiveCodeBench's block.
    if text.split('\n').filter(|l| l.contains("```")).count() % 2 == 0 {
        assert_eq!(draft, last, "with every block closed the draft's code is the last block");
    }
    let Some(code) = draft else { return false };
    // The team's code is what the model wrote, never anything else.
    assert!(text.contains(code.as_str()), "a draft's code is not in the answer: {code:?}");
    let _ = no_code(&code);
    true
}

/// What `grade::grade` does with the sandbox's stdout: the streaming reader
/// (`grade::read::Reader`) over the whole output, each result line judged
/// against its test. The first byte says how: bit 0 set for functional, bit
/// 1 set for tests without an expected output, bits 2-4 one less than the
/// number of tests; the next line is every test's expected output.
pub(super) fn judge_results(data: &[u8]) -> bool {
    let Some((&how, rest)) = data.split_first() else { return false };
    let stdin = how & 1 == 0;
    let (expected, stdout) = first_line(rest);
    let expected = (how & 2 == 0).then(|| String::from_utf8_lossy(expected).into_owned());
    let tests = usize::from((how >> 2) & 7) + 1;
    let reading = grade::read::Reader::read_all(vec![expected; tests], stdin, 64 << 10, stdout.to_vec());
    assert!(reading.results.len() <= tests, "{} results for {tests} tests", reading.results.len());
    // What a result shows is cut to its limits, the marker between its halves.
    let cut_max = |max: usize| max + "...(truncated)...".len();
    for judged in &reading.results {
        if let Some(got) = &judged.got {
            assert!(
                got.chars().count() <= cut_max(grade::SHOWN_CHARS),
                "a shown output of {} chars",
                got.chars().count()
            );
        }
        if let Some(key) = &judged.key {
            assert!(
                key.chars().count() <= cut_max(grade::KEY_CHARS),
                "a behaviour key of {} chars",
                key.chars().count()
            );
        }
    }
    reading.stopped.is_none() && reading.results.len() == tests
}

/// An answer's edit blocks (`repo::edit`): the file's text before the first
/// 0xff byte, the answer after. Every block is bounded, every path stays a
/// plain relative path outside `.git`, and an edit that applies changes only
/// what its SEARCH lines cover: the text before them is kept. The edits the
/// answer states in sentences each name a shown file and change it.
pub(super) fn edit_blocks(data: &[u8]) -> bool {
    use crate::repo::edit::{apply_edit, parse_edits, RepoPath, MAX_BLOCKS, MAX_SECTION_BYTES};
    // Up to four files before the answer, each ended by a 0xff byte (never in UTF-8): a.py,
    // b.py, c.rs, d.js — two of one language (which defines a block under no path?), and the
    // brace languages' reading.
    const FILES: [&str; 4] = ["a.py", "b.py", "c.rs", "d.js"];
    let mut parts: Vec<&[u8]> = data.splitn(FILES.len() + 1, |b| *b == 0xff).collect();
    let answer = String::from_utf8_lossy(parts.pop().unwrap_or_default());
    let shown: Vec<(RepoPath, String)> = FILES
        .iter()
        .zip(&parts)
        .filter_map(|(name, text)| Some((RepoPath::parse(name).ok()?, String::from_utf8_lossy(text).into_owned())))
        .collect();
    // The sentences that state edits (`edit/prose.rs`): each on a shown file, each a change there.
    let stated = crate::repo::edit::prose_edits(&answer, &shown);
    assert!(stated.len() <= MAX_BLOCKS);
    for e in &stated {
        let file = shown.iter().find(|(p, _)| *p == e.path).map(|(_, text)| text.as_str());
        let file = file.expect("a stated edit names a shown file");
        assert!(e.search.len() <= MAX_SECTION_BYTES + 1, "a stated edit past the section cap");
        let after = apply_edit(Some(file), e, 1).expect("a stated edit applies where it was found");
        assert_ne!(after, file, "a stated edit changes its file");
    }
    let Ok(edits) = parse_edits(&answer, &shown) else { return !stated.is_empty() };
    assert!(edits.len() <= MAX_BLOCKS);
    let all_files: usize = shown.iter().map(|(_, text)| text.len()).sum();
    for (i, e) in edits.iter().enumerate() {
        let file = shown.iter().find(|(p, _)| *p == e.path).map(|(_, text)| text.as_str());
        // A written section is at most MAX_SECTION_BYTES; a whole-definitions edit's SEARCH is
        // the file's own definition (files go to 256 KB) and its REPLACE the block's definitions
        // with the file's gaps between them.
        assert!(
            e.search.len() <= MAX_SECTION_BYTES || file.is_some_and(|f| f.contains(e.search.as_str())),
            "a long SEARCH not the file's"
        );
        assert!(e.replace.len() <= MAX_SECTION_BYTES.max(answer.len() + all_files), "a REPLACE past its sources");
        let path = e.path.as_path();
        assert!(path.is_relative() && path.components().all(|c| matches!(c, std::path::Component::Normal(_))));
        assert!(!path.components().any(|c| c.as_os_str().eq_ignore_ascii_case(".git")));
        let Some(file) = file else { continue };
        if let Ok(after) = apply_edit(Some(file), e, i + 1) {
            if !e.search.trim().is_empty() {
                // Where the block's lines stand as written, at a line start, it was applied there
                // (a block at another depth is shifted to the file's: no simple oracle for where).
                let at = if file.starts_with(e.search.as_str()) {
                    Some(0)
                } else {
                    file.find(&format!("\n{}", e.search)).map(|nl| nl + 1)
                };
                let Some(at) = at else { continue };
                assert!(after.starts_with(&file[..at]), "the text before the SEARCH lines changed");
            }
        }
    }
    true
}

/// A test run's output as `repo::testrun` reads it: stdout before the first
/// 0xff byte, stderr after (0xff is never in UTF-8: real output holds none),
/// through every runner's reader. What is read stays within the bounds — at
/// most `MAX_OUTCOMES` outcomes, keys of at most `MAX_NAME_CHARS` chars (not
/// bytes), never an empty map — and `Unknown` reads what the first runner
/// that finds any reads.
pub(super) fn test_outcomes(data: &[u8]) -> bool {
    let (out, err) = match data.iter().position(|&b| b == 0xff) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let (out, err) = (String::from_utf8_lossy(out), String::from_utf8_lossy(err));
    let mut first = None;
    for runner in [Runner::Pytest, Runner::Unittest, Runner::Cargo, Runner::NodeTest, Runner::GoTest] {
        let Some(read) = read_outcomes(runner, &out, &err) else { continue };
        assert!(!read.is_empty() && read.len() <= MAX_OUTCOMES, "{runner:?}: {} outcomes", read.len());
        for key in read.keys() {
            assert!(key.chars().count() <= MAX_NAME_CHARS, "{runner:?}: a key of {} chars", key.chars().count());
        }
        first = first.or(Some(read));
    }
    assert_eq!(read_outcomes(Runner::Unknown, &out, &err), first, "Unknown reads as the first runner that finds any");
    // What each failure says (`repo::failures`), within its bounds.
    for runner in [Runner::Pytest, Runner::Cargo] {
        let failures = read_failures(runner, &out);
        assert!(failures.len() <= MAX_FAILURES, "{runner:?}: {} failures", failures.len());
        for f in &failures {
            assert!(f.says.len() <= MAX_SAYS && f.frames.len() <= MAX_FRAMES, "{runner:?}: {f:?}");
            let lines = f.says.iter().chain(&f.source).chain(std::iter::once(&f.test));
            for line in lines.chain(f.frames.iter().filter_map(|fr| fr.function.as_ref())) {
                assert!(
                    line.chars().count() <= MAX_LINE_CHARS + 1,
                    "{runner:?}: a line of {} chars",
                    line.chars().count()
                );
            }
        }
    }
    first.is_some()
}
