//! Edits stated in sentences, as coder-0.5b writes them (docs/benchmarks.md, session 29).

use super::*;
use crate::edit::RepoPath;

const CALC: &str = "def add(a, b):\n    return a - b\n\n\ndef double(x):\n    return 2 * x\n";

fn shown() -> Vec<Shown> {
    vec![
        (RepoPath::parse("calc.py").unwrap(), CALC.to_string()),
        (RepoPath::parse("util.py").unwrap(), "def half(x):\n    return x / 2\n".to_string()),
    ]
}

/// The one edit `answer` states, applied: the file it names and its text after.
fn applied(answer: &str) -> Option<(String, String)> {
    let shown = shown();
    let edits = prose_edits(answer, &shown);
    let [edit] = &edits[..] else { return None };
    let text = &shown.iter().find(|(p, _)| *p == edit.path)?.1;
    Some((edit.path.to_string(), apply_edit(Some(text), edit, 1).ok()?))
}

fn fixed() -> Option<(String, String)> {
    Some(("calc.py".to_string(), CALC.replace("a - b", "a + b")))
}

#[test]
fn the_sentences_small_models_write_are_edits() {
    for answer in [
        "In the `calc.py` file, the line `return a - b` should be changed to `return a + b`.",
        "Replace `return a - b` with `return a + b` in `add`.",
        "Change `return a - b` to `return a + b`.",
        "`return a - b` → `return a + b`",
        "The fix: `    return a - b` should be `return a + b`",
        "Use `return a + b` instead of `return a - b`.",
        "The line\n```python\nreturn a - b\n```\nshould be changed to:\n```python\nreturn a + b\n```\n",
        "The line `return a - b` should be changed to:\n\n```python\n    return a + b\n```",
    ] {
        assert_eq!(applied(answer), fixed(), "{answer}");
    }
}

#[test]
fn a_pair_that_changes_nothing_or_finds_no_single_line_is_no_edit() {
    for answer in [
        // The same line handed back.
        "The line `return a - b` should be changed to `return a - b`.",
        // A line that is not in any file, or a part of one.
        "Change `return a * b` to `return a + b`.",
        "Change `a - b` to `a + b`.",
        // Words that join nothing.
        "The function `add` uses `return a - b`, which is wrong.",
        // A file named, not new code.
        "Move `return a - b` to `util.py`.",
        "",
        "no code at all",
    ] {
        assert_eq!(prose_edits(answer, &shown()), Vec::new(), "{answer}");
    }
    // A line found twice (in one file or across two) is not one edit.
    let twice = vec![
        (RepoPath::parse("a.py").unwrap(), "x = 1\n".to_string()),
        (RepoPath::parse("b.py").unwrap(), "x = 1\n".to_string()),
    ];
    assert_eq!(prose_edits("Change `x = 1` to `x = 2`.", &twice), Vec::new());
}

#[test]
fn a_whole_function_under_the_sentence_is_not_mistaken_for_its_new_code() {
    let answer = "The line `return a - b` should be changed to `return a + b`:\n\n```python\ndef add(a, b):\n    return a - b\n```\n";
    assert_eq!(applied(answer), fixed());
}

#[test]
fn pieces_are_spans_and_fences_in_order_and_an_unclosed_fence_runs_to_the_end() {
    let text = "a `x` b\n```py\nline\n```\nc ``y`` `unclosed\n```\ntail";
    let got: Vec<&str> = pieces(text).iter().map(|p| p.code).collect();
    assert_eq!(got, ["x", "line\n", "y", "tail"]);
}
