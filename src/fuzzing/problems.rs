//! Fuzz targets for problems as users and plain clients give them: a
//! prompt, a problem file, a Redis task, a set, Python literals, the
//! examples a free text states.

use serde_json::Value;

use crate::problem::literal::{arguments, literal, literal_prefix};
use crate::problem::{Mode, Problem, TestCase};

use super::input::{first_line, with_file};

/// The tests a free text's examples became: functional ones are one JSON
/// value per input line and a JSON output (what harness.py reads); stdin
/// ones are whole lines.
pub(super) fn check_stated(mode: &Mode, tests: &[TestCase]) {
    for t in tests {
        let output = t.output.as_deref().expect("a stated example has its output");
        match mode {
            Mode::Functional { .. } => {
                for line in t.input.lines() {
                    assert!(serde_json::from_str::<Value>(line).is_ok(), "an input line that is not JSON: {line:?}");
                }
                assert!(serde_json::from_str::<Value>(output).is_ok(), "an output that is not JSON: {output:?}");
            }
            Mode::Stdin => assert!(t.input.ends_with('\n') && output.ends_with('\n'), "{t:?}"),
            Mode::HumanEval { .. } => panic!("free text became a HumanEval task"),
        }
    }
}

pub(super) fn problem_text(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(p) = Problem::from_text(&text) else { return false };
    assert_eq!(p.statement, text.trim());
    check_stated(&p.mode, &p.public_tests);
    assert!(p.private_tests.is_empty());
    let _ = (p.messages(), p.is_runnable(), p.can_judge_public());
    true
}

pub(super) fn problem_file(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(p) = Problem::parse(&text) else { return false };
    if !p.livecodebench {
        check_stated(&p.mode, &p.public_tests);
    }
    let _ = (p.messages(), p.is_runnable());
    true
}

pub(super) fn problem_task(data: &[u8]) -> bool {
    let (id, raw) = first_line(data);
    let id = String::from_utf8_lossy(id);
    // What the workers read first, before the task itself.
    let _ = crate::distributed::runs::run_label(raw);
    let Ok(p) = Problem::from_task(&id, raw) else { return false };
    assert_eq!(p.id, id, "a task keeps the id it was written under");
    let _ = p.messages();
    true
}

pub(super) fn problem_set(data: &[u8]) -> bool {
    let name = if data.starts_with(&[0x1f, 0x8b]) { "set.jsonl.gz" } else { "set.jsonl" };
    let Ok(set) = with_file(name, data, crate::problem::load_set) else { return false };
    assert!(!set.is_empty(), "a set loads with at least one problem or fails");
    true
}

/// A value written back as a Python literal (JSON's strings and numbers are
/// Python's too), for the round trip through the literal parser.
pub(super) fn python(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Number(_) | Value::String(_) => v.to_string(),
        Value::Array(items) => format!("[{}]", items.iter().map(python).collect::<Vec<_>>().join(", ")),
        Value::Object(map) => {
            let items: Vec<String> =
                map.iter().map(|(k, v)| format!("{}: {}", Value::String(k.clone()), python(v))).collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}

pub(super) fn literals(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else { return false };
    let prefix = literal_prefix(text);
    if let Some((_, used)) = &prefix {
        assert!(
            *used <= text.len() && text.is_char_boundary(*used),
            "literal_prefix took {used} of {} bytes",
            text.len()
        );
    }
    let whole = literal(text);
    if let Some(v) = &whole {
        let (pv, used) = prefix.expect("a whole literal is also a prefix");
        assert_eq!(&pv, v);
        assert!(
            text[used..].chars().all(|c| matches!(c, ' ' | '\t' | '\n' | '\r')),
            "after the literal: {:?}",
            &text[used..]
        );
        let printed = python(v);
        assert_eq!(literal(&printed).as_ref(), Some(v), "{printed} does not read back");
    }
    let args = arguments(text);
    for a in args.iter().flatten() {
        let printed = python(a);
        assert_eq!(literal(&printed).as_ref(), Some(a), "{printed} does not read back");
    }
    whole.is_some() || args.is_some()
}

pub(super) fn examples(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Some(stated) = crate::problem::stated(&text) else { return false };
    check_stated(&stated.mode, &stated.tests);
    true
}
