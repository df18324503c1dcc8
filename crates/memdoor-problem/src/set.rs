//! Problem sets for `memdoor bench`: LiveCodeBench problems as JSON Lines
//! or a JSON array, and HumanEval JSONL (plain or `.gz`). A bad line is an
//! error naming the file and line. A set is bounded like a problem: its
//! bytes (after gunzipping, so a small bomb cannot fill memory), its number
//! of problems, and each line's bytes before the line is parsed.

use std::path::Path;

use anyhow::{bail, Context, Result};
use serde_json::Value;

use super::limits::{Limit, LimitExceeded, MAX_SET_PROBLEMS};
use super::{capped, read_capped, Mode, Problem};

fn read_text(path: &Path) -> Result<String> {
    let raw = read_capped(path, Limit::SetBytes).with_context(|| format!("reading {}", path.display()))?;
    let bytes = if path.extension().is_some_and(|e| e == "gz") {
        capped(flate2::read::GzDecoder::new(&raw[..]), Limit::SetBytes)
            .with_context(|| format!("gunzipping {}", path.display()))?
    } else {
        raw
    };
    String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8", path.display()))
}

/// One problem object: LiveCodeBench (`question_content`) or HumanEval
/// (`prompt`, `entry_point`, `test`).
fn from_value(v: &Value) -> Result<Problem> {
    if v.get("question_content").is_some() {
        return Problem::parse(&v.to_string());
    }
    let field = |k: &str| v.get(k).and_then(Value::as_str).with_context(|| format!("no text `{k}`"));
    if let (Ok(prompt), Ok(entry_point), Ok(test)) = (field("prompt"), field("entry_point"), field("test")) {
        Limit::TestBytes.check(test.len()).context("`test`")?;
        let mut p = Problem::from_text(prompt)?;
        p.id = match field("task_id") {
            Ok(id) => super::checked_id(id.to_string())?,
            Err(_) => p.id,
        };
        p.statement = prompt.to_string();
        p.starter_code = prompt.to_string();
        // The docstring's examples are the public tests, as when the prompt
        // is pasted into `solve`, when they call the entry point; `check`
        // stays private, for grading.
        if p.mode != (Mode::Functional { fn_name: entry_point.to_string() }) {
            p.public_tests.clear();
        }
        p.mode = Mode::HumanEval {
            prompt: prompt.to_string(),
            entry_point: entry_point.to_string(),
            test: test.to_string(),
        };
        return Ok(p);
    }
    bail!("neither a LiveCodeBench problem (`question_content`) nor a HumanEval task (`prompt`, `entry_point`, `test`)")
}

pub fn load_set(path: &Path) -> Result<Vec<Problem>> {
    let text = read_text(path)?;
    let too_many = || LimitExceeded { limit: Limit::SetProblems, value: MAX_SET_PROBLEMS + 1, max: MAX_SET_PROBLEMS };
    let problems: Vec<Problem> = if text.trim_start().starts_with('[') {
        let all: Vec<Value> =
            serde_json::from_str(&text).with_context(|| format!("{} is not a JSON array", path.display()))?;
        if all.len() > MAX_SET_PROBLEMS {
            return Err(too_many()).with_context(|| path.display().to_string());
        }
        all.iter()
            .enumerate()
            .map(|(i, v)| from_value(v).with_context(|| format!("{}: item {}", path.display(), i + 1)))
            .collect::<Result<_>>()?
    } else {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .enumerate()
            .map(|(k, (i, l))| {
                if k == MAX_SET_PROBLEMS {
                    return Err(too_many()).with_context(|| format!("{}:{}", path.display(), i + 1));
                }
                // Sized before it is parsed: one line is one problem.
                Limit::ProblemBytes.check(l.len()).with_context(|| format!("{}:{}", path.display(), i + 1))?;
                let v: Value =
                    serde_json::from_str(l).with_context(|| format!("{}:{}: not JSON", path.display(), i + 1))?;
                from_value(&v).with_context(|| format!("{}:{}", path.display(), i + 1))
            })
            .collect::<Result<_>>()?
    };
    if problems.is_empty() {
        bail!("{} holds no problems", path.display());
    }
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TestCase;
    use std::io::Write;

    #[test]
    fn humaneval_gz_and_lcb_jsonl_load_and_bad_lines_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let he = dir.path().join("he.jsonl.gz");
        let line = r#"{"task_id": "HumanEval/0", "prompt": "def f(x):\n    \"\"\"\n    >>> f(1)\n    1\n    \"\"\"\n", "entry_point": "f", "test": "def check(c):\n    assert c(1) == 1\n"}"#;
        let mut gz = flate2::write::GzEncoder::new(std::fs::File::create(&he).unwrap(), flate2::Compression::default());
        writeln!(gz, "{line}").unwrap();
        gz.finish().unwrap();
        let set = load_set(&he).unwrap();
        assert_eq!(set[0].id, "HumanEval/0");
        assert!(matches!(set[0].mode, Mode::HumanEval { ref entry_point, .. } if entry_point == "f"));
        // Its doctests are its public tests, calls of the entry point.
        assert_eq!(set[0].public_tests, vec![TestCase { input: "1".into(), output: Some("1".into()) }]);
        assert_eq!(set[0].run_mode(), Mode::Functional { fn_name: "f".into() });
        // Examples of another function than the entry point are no test of it.
        let other = dir.path().join("other.jsonl");
        std::fs::write(&other, line.replace(r#""entry_point": "f""#, r#""entry_point": "g""#)).unwrap();
        assert!(load_set(&other).unwrap()[0].public_tests.is_empty());

        let bad = dir.path().join("bad.jsonl");
        std::fs::write(&bad, "{\"question_content\": \"x\"}\n{\"nope\": 1}\n").unwrap();
        let err = format!("{:#}", load_set(&bad).unwrap_err());
        assert!(err.contains("bad.jsonl:2"), "{err}");
    }
}
