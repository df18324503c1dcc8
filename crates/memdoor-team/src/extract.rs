//! The code in an answer. `extract_code` is LiveCodeBench's own rule: the
//! last fenced block (lines containing ``` delimit; fewer than two → no
//! code). `draft_code` is the team's: the same, except that an answer
//! whose last fence opens a block it never closes — cut off at the token
//! limit, typically in an `# Example usage` after a finished function —
//! keeps the complete code that block holds.

use super::placeholder::no_code;
use crate::domain::FinishReason;

pub fn extract_code(answer: &str) -> Option<String> {
    let lines: Vec<&str> = answer.split('\n').collect();
    let fences = fence_lines(&lines);
    if fences.len() < 2 {
        return None;
    }
    let (open, close) = (fences[fences.len() - 2], fences[fences.len() - 1]);
    Some(lines[open + 1..close].join("\n"))
}

/// The code a draft stands for: as `extract_code` where every block is
/// closed; where the last one is open, what it holds up to its last
/// complete top-level statement (all of it when the model stopped there
/// itself), else the last closed block before it.
pub fn draft_code(answer: &str, finish: FinishReason) -> Option<String> {
    let lines: Vec<&str> = answer.split('\n').collect();
    let fences = fence_lines(&lines);
    if fences.len().is_multiple_of(2) {
        return extract_code(answer);
    }
    let open = *fences.last()?;
    let body = &lines[open + 1..];
    let kept = if finish == FinishReason::Stop { body } else { complete_statements(body) };
    // A cut that leaves only what comes before the code (imports, comments)
    // is a cut-off draft, not a placeholder: no code, and the block before.
    let cut_before_code = finish != FinishReason::Stop && no_code(&kept.join("\n")).is_some();
    if kept.iter().any(|l| !l.trim().is_empty()) && !cut_before_code {
        return Some(kept.join("\n"));
    }
    (fences.len() >= 3).then(|| lines[fences[fences.len() - 3] + 1..fences[fences.len() - 2]].join("\n"))
}

fn fence_lines(lines: &[&str]) -> Vec<usize> {
    lines.iter().enumerate().filter(|(_, l)| l.contains("```")).map(|(i, _)| i).collect()
}

/// The lines of cut-off Python up to the start of its last top-level
/// statement (the one the cut may have left unfinished), without the
/// comments and blank lines before it. A top-level statement starts at
/// column 0; lines that continue one there (`)`, `]`, `}`, `else:`,
/// `elif`, `except`, `finally`, decorators' functions) do not count as starts.
fn complete_statements<'a>(lines: &'a [&'a str]) -> &'a [&'a str] {
    let starts_statement = |l: &&str| {
        let continues = [")", "]", "}", "else", "elif ", "except", "finally", "#"];
        !l.is_empty() && !l.starts_with(char::is_whitespace) && !continues.iter().any(|c| l.starts_with(c))
    };
    let Some(last) = lines.iter().rposition(starts_statement) else { return &[] };
    // A decorator belongs to the statement after it.
    let mut end = last;
    while end > 0 && lines[end - 1].starts_with('@') {
        end -= 1;
    }
    let mut kept = &lines[..end];
    while let Some((tail, rest)) = kept.split_last() {
        let t = tail.trim();
        if t.is_empty() || (t.starts_with('#') && !tail.starts_with(char::is_whitespace)) {
            kept = rest;
        } else {
            break;
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_last_fenced_block() {
        let a =
            "Here:\n```python\ndef f():\n    return 1\n```\nOr better:\n```python\ndef f():\n    return 2\n```\nDone.";
        assert_eq!(extract_code(a).unwrap(), "def f():\n    return 2");
        assert_eq!(draft_code(a, FinishReason::Stop).unwrap(), "def f():\n    return 2");
    }

    #[test]
    fn an_unclosed_or_missing_fence_is_no_code_to_livecodebench() {
        assert_eq!(extract_code("def f(): pass"), None);
        assert_eq!(extract_code("```python\ndef f(): pass"), None);
        assert_eq!(draft_code("def f(): pass", FinishReason::Stop), None);
    }

    /// As a Qwen draft cut at `--max-tokens 200` reads: a finished function,
    /// then an unfinished example.
    #[test]
    fn a_block_cut_at_the_token_limit_keeps_its_complete_statements() {
        let a = "Here is the function:\n```python\nimport math\n\n@cache\ndef f(n):\n    if n < 2:\n        return n\n    return f(n - 1) + f(n - 2)\n\n# Example usage\nprint(f(1";
        assert_eq!(
            draft_code(a, FinishReason::Length).unwrap(),
            "import math\n\n@cache\ndef f(n):\n    if n < 2:\n        return n\n    return f(n - 1) + f(n - 2)"
        );
        // Cut inside the function itself: the function is the unfinished
        // statement, and only what came before it is kept.
        let inside = "```python\nimport math\n\ndef f(n):\n    if n < 2:\n        ret";
        assert_eq!(draft_code(inside, FinishReason::Length), None, "only the imports are complete: no code");
        let two = "```python\nimport math\n\nLIMIT = 10\n\ndef f(n):\n    if n < 2:\n        ret";
        assert_eq!(draft_code(two, FinishReason::Length).unwrap(), "import math\n\nLIMIT = 10");
        assert_eq!(draft_code("```python\ndef f(n):\n    retu", FinishReason::Length), None);
    }

    #[test]
    fn a_cut_block_with_nothing_complete_falls_back_to_the_closed_block_before_it() {
        let a = "```python\ndef f():\n    return 1\n```\nTests:\n```python\nassert f(";
        assert_eq!(draft_code(a, FinishReason::Length).unwrap(), "def f():\n    return 1");
        // LiveCodeBench's rule would take the prose between the blocks.
        assert_eq!(extract_code(a).unwrap(), "Tests:");
    }

    #[test]
    fn an_open_block_the_model_ended_itself_is_whole() {
        let a = "```python\ndef f():\n    return 1\n\nprint(f())";
        assert_eq!(draft_code(a, FinishReason::Stop).unwrap(), "def f():\n    return 1\n\nprint(f())");
    }

    #[test]
    fn continuations_at_column_zero_are_not_statement_starts() {
        let a = "```python\ntry:\n    x = int(input())\nexcept ValueError:\n    x = 0\nprint(x)\nfoo = [\n1,\n]\nbar(";
        assert_eq!(
            draft_code(a, FinishReason::Length).unwrap(),
            "try:\n    x = int(input())\nexcept ValueError:\n    x = 0\nprint(x)\nfoo = [\n1,\n]"
        );
    }
}
