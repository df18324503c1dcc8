//! A problem's tests, read the way LiveCodeBench stores them: a list (or a
//! JSON string holding one) of `{input, output, testtype}`; `metadata` (a
//! JSON string or object) naming `func_name` for functional problems.

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::limits::Limit;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestCase {
    /// stdin text, or one JSON argument per line (functional).
    pub input: String,
    /// Expected stdout, or one JSON value (functional); `None` when only the
    /// input is known (an agent's proposal): the vote still compares outputs.
    pub output: Option<String>,
}

/// How a program is run and judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Mode {
    /// Reads stdin, writes stdout.
    Stdin,
    /// `Solution().<fn_name>(*args)` (or a module-level function).
    Functional { fn_name: String },
    /// HumanEval: prompt + completion + `test` + `check(entry_point)`.
    HumanEval { prompt: String, entry_point: String, test: String },
}

/// A field that is either the value itself or a JSON string holding it.
fn unwrap_json_string(v: &Value) -> Result<Value> {
    match v {
        Value::String(s) => serde_json::from_str(s).context("not JSON"),
        other => Ok(other.clone()),
    }
}

/// Reads a LiveCodeBench test list. The compressed private form (base64 of
/// zlib of a pickle) is refused: unpickling untrusted data runs code.
pub(crate) fn parse_cases(field: &str, v: Option<&Value>) -> Result<Vec<TestCase>> {
    let Some(v) = v else { return Ok(Vec::new()) };
    if let Value::String(s) = v {
        let t = s.trim_start();
        if !t.is_empty() && !t.starts_with('[') {
            bail!(
                "`{field}` is in LiveCodeBench's compressed pickle form, which memdoor does not read \
                 (unpickling untrusted data can run code); convert it to a JSON list of {{input, output}} first"
            );
        }
        if t.is_empty() {
            return Ok(Vec::new());
        }
    }
    let list = unwrap_json_string(v).with_context(|| format!("`{field}`"))?;
    let items = list.as_array().with_context(|| format!("`{field}` is not a list"))?;
    // Counted before any is converted; the caller checks both lists together.
    Limit::Tests.check(items.len()).with_context(|| format!("`{field}`"))?;
    items
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let input = t
                .get("input")
                .and_then(Value::as_str)
                .with_context(|| format!("`{field}`[{i}] has no text `input`"))?;
            let output = t
                .get("output")
                .and_then(Value::as_str)
                .with_context(|| format!("`{field}`[{i}] has no text `output`"))?;
            Limit::TestBytes.check(input.len().max(output.len())).with_context(|| format!("`{field}`[{i}]"))?;
            Ok(TestCase { input: input.to_string(), output: Some(output.to_string()) })
        })
        .collect()
}

/// The mode of a LiveCodeBench problem: functional when `metadata` names a
/// `func_name`, else stdin.
pub(crate) fn parse_mode(metadata: Option<&Value>) -> Result<Mode> {
    let Some(m) = metadata else { return Ok(Mode::Stdin) };
    if matches!(m, Value::String(s) if s.trim().is_empty()) {
        return Ok(Mode::Stdin);
    }
    let m = unwrap_json_string(m).context("`metadata`")?;
    Ok(match m.get("func_name").and_then(Value::as_str) {
        Some(f) if !f.is_empty() => Mode::Functional { fn_name: f.to_string() },
        _ => Mode::Stdin,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn test_lists_come_as_json_strings_or_lists() {
        let s = json!("[{\"input\": \"1\\n\", \"output\": \"2\\n\", \"testtype\": \"stdin\"}]");
        let l = json!([{"input": "1\n", "output": "2\n", "testtype": "stdin"}]);
        let want = vec![TestCase { input: "1\n".into(), output: Some("2\n".into()) }];
        assert_eq!(parse_cases("public_test_cases", Some(&s)).unwrap(), want);
        assert_eq!(parse_cases("public_test_cases", Some(&l)).unwrap(), want);
        assert!(parse_cases("x", None).unwrap().is_empty());
    }

    #[test]
    fn the_pickle_form_is_refused_with_a_reason() {
        let err =
            parse_cases("private_test_cases", Some(&json!("eJzLSM3JyVcozy/KSQEAGgQEXQ=="))).unwrap_err().to_string();
        assert!(err.contains("compressed pickle form"), "{err}");
    }

    #[test]
    fn metadata_names_the_function() {
        assert_eq!(
            parse_mode(Some(&json!("{\"func_name\": \"twoSum\"}"))).unwrap(),
            Mode::Functional { fn_name: "twoSum".into() }
        );
        assert_eq!(parse_mode(Some(&json!("{}"))).unwrap(), Mode::Stdin);
        assert_eq!(parse_mode(None).unwrap(), Mode::Stdin);
    }
}
