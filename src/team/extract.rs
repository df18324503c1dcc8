//! The code in an answer: the last fenced block, exactly as LiveCodeBench
//! extracts it (lines containing ``` delimit; fewer than two → no code).

pub fn extract_code(answer: &str) -> Option<String> {
    let lines: Vec<&str> = answer.split('\n').collect();
    let fences: Vec<usize> = lines.iter().enumerate().filter(|(_, l)| l.contains("```")).map(|(i, _)| i).collect();
    if fences.len() < 2 {
        return None;
    }
    let (open, close) = (fences[fences.len() - 2], fences[fences.len() - 1]);
    Some(lines[open + 1..close].join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_last_fenced_block() {
        let a = "Here:\n```python\ndef f():\n    return 1\n```\nOr better:\n```python\ndef f():\n    return 2\n```\nDone.";
        assert_eq!(extract_code(a).unwrap(), "def f():\n    return 2");
    }

    #[test]
    fn an_unclosed_or_missing_fence_is_no_code() {
        assert_eq!(extract_code("def f(): pass"), None);
        assert_eq!(extract_code("```python\ndef f(): pass"), None);
    }
}
