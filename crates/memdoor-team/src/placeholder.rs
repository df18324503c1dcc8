//! Code that is no draft: a block holding only the prompt's placeholder
//! (`# YOUR CODE HERE`), a stub copied back (`def f(x):` with its docstring
//! and `pass`), or nothing at all. Such a block must not vote, be judged or
//! stand as the team's answer: the agent is asked again (`agent_turn`).
//!
//! A line counts as code unless it is blank, a comment, an import, a `def`
//! or `class` header, `pass`, `...`, `raise NotImplementedError`, or part
//! of a string literal standing alone (a docstring). What is left when
//! those are gone is the code the model wrote; none means a placeholder.

use crate::domain::NoCode;

/// Why `code` is no draft, or `None` when it holds code.
pub fn no_code(code: &str) -> Option<NoCode> {
    if code.trim().is_empty() {
        return Some(NoCode::Empty);
    }
    let mut in_string: Option<&str> = None;
    // Open parentheses of a `def` header broken over lines: its parameters.
    let mut header_depth = 0i32;
    for line in code.lines() {
        let mut rest = line.trim();
        if let Some(quote) = in_string {
            match rest.find(quote) {
                Some(end) => {
                    in_string = None;
                    rest = rest[end + quote.len()..].trim();
                }
                None => continue,
            }
        }
        if let Some(quote) = ["\"\"\"", "'''"].into_iter().find(|q| rest.starts_with(q)) {
            // A docstring (or any string standing alone): its text is no code.
            match rest[3..].find(quote) {
                Some(end) => rest = rest[3 + end + 3..].trim(),
                None => {
                    in_string = Some(quote);
                    continue;
                }
            }
        }
        let rest = rest.split_once('#').map_or(rest, |(code, _)| code).trim();
        if header_depth > 0 {
            header_depth += depth(rest);
            if header_depth <= 0 && !is_scaffolding(after_colon(rest)) {
                return None;
            }
            continue;
        }
        if ["def ", "async def ", "class "].iter().any(|k| rest.starts_with(k)) {
            header_depth = depth(rest);
            if header_depth <= 0 && !is_scaffolding(after_colon(rest)) {
                return None; // `def f(x): return x`
            }
            continue;
        }
        if !is_scaffolding(rest) {
            return None;
        }
    }
    Some(NoCode::Placeholder)
}

/// Opened minus closed brackets.
fn depth(line: &str) -> i32 {
    line.chars()
        .map(|c| match c {
            '(' | '[' => 1,
            ')' | ']' => -1,
            _ => 0,
        })
        .sum()
}

/// What follows a header's closing `:` (`def f(): pass` → `pass`).
fn after_colon(header: &str) -> &str {
    if header.ends_with(':') {
        return "";
    }
    let close = header.rfind(')').unwrap_or(0);
    header[close..].split_once(':').map_or("", |(_, after)| after.trim())
}

/// A line of a stub: what a placeholder holds besides headers, comments and strings.
fn is_scaffolding(line: &str) -> bool {
    line.is_empty()
        || matches!(line, "pass" | "..." | "return" | "return None")
        || line.starts_with("raise NotImplementedError")
        || line.starts_with("import ")
        || (line.starts_with("from ") && line.contains(" import "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompts_own_placeholder_is_no_draft() {
        assert_eq!(no_code("# YOUR CODE HERE"), Some(NoCode::Placeholder));
        assert_eq!(no_code("  \n"), Some(NoCode::Empty));
        assert_eq!(no_code(""), Some(NoCode::Empty));
    }

    #[test]
    fn a_stub_copied_back_is_no_draft() {
        let stub = "from typing import List\n\ndef has_close_elements(numbers: List[float],\n        threshold: float) -> bool:\n    \"\"\" Check if in given list of numbers, are any two numbers closer to each other than\n    given threshold.\n    >>> has_close_elements([1.0, 2.0, 3.0], 0.5)\n    False\n    \"\"\"\n    # TODO\n    pass\n";
        assert_eq!(no_code(stub), Some(NoCode::Placeholder));
        assert_eq!(
            no_code("class Solution:\n    def twoSum(self, nums: List[int], target: int) -> List[int]:\n        ..."),
            Some(NoCode::Placeholder)
        );
        assert_eq!(no_code("def f(x):\n    '''Doc.'''\n    raise NotImplementedError()"), Some(NoCode::Placeholder));
    }

    #[test]
    fn any_line_of_real_code_makes_a_draft() {
        for code in [
            "def f(x):\n    return x + 1",
            "print(sum(map(int, input().split())))",
            "def f(x):\n    \"\"\"Doc.\"\"\"\n    if x:\n        pass\n    return 2",
            "x = 1",
            "def f(x): return x",
            "n = int(input())  # YOUR CODE HERE",
            "def f(s):\n    \"\"\"One line.\"\"\" ; return s",
        ] {
            assert_eq!(no_code(code), None, "{code:?}");
        }
    }

    #[test]
    fn a_docstring_holding_code_like_text_is_still_no_code() {
        let stub = "def f(xs):\n    \"\"\"\n    return sorted(xs)\n    x = 1\n    \"\"\"\n";
        assert_eq!(no_code(stub), Some(NoCode::Placeholder));
    }
}
