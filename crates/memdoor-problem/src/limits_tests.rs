//! Hostile problems: each limit refuses with an error naming it, in bounded
//! time, and what is just inside a limit still reads.

use std::time::Duration;

use super::limits::*;
use super::literal::{checked_literal, literal};
use super::Problem;

/// Runs `work` on a thread of its own (with a 2 MiB stack, a tokio worker's)
/// and fails if it has not finished by `deadline`: a guard that catches only
/// the quadratic case (tens of seconds to minutes on these inputs); the
/// linear code takes milliseconds.
fn finishes_within<T: Send + 'static>(deadline: Duration, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let _ = tx.send(work());
        })
        .unwrap();
    rx.recv_timeout(deadline).unwrap_or_else(|e| panic!("not finished within {deadline:?} ({e})"))
}

/// The limit an error reports, through whatever context wraps it.
fn limit_of(err: &anyhow::Error) -> Limit {
    LimitExceeded::find(err).unwrap_or_else(|| panic!("not a limit error: {err:#}")).limit
}

fn refused(text: String) -> anyhow::Error {
    finishes_within(Duration::from_secs(10), move || Problem::from_text(&text).map(|_| ()).unwrap_err())
}

#[test]
fn six_thousand_brackets_are_a_clear_error_not_a_stack_overflow() {
    let text = format!("Write a Python function f(x).\nf(1) -> {}", "[".repeat(6_000));
    let err = refused(text);
    assert_eq!(limit_of(&err), Limit::LiteralDepth);
    assert!(err.to_string().contains("literal_depth = 64"), "{err}");
    // In the arguments and in a doctest's result too.
    let args = format!("Write a Python function f(x).\nf({}) -> 1", "(".repeat(6_000) + &")".repeat(6_000));
    assert_eq!(limit_of(&refused(args)), Limit::LiteralDepth);
    let doctest = format!("def f(x):\n    >>> f(1)\n    {}\n", "{'a': ".repeat(2_000));
    assert_eq!(limit_of(&refused(doctest)), Limit::LiteralDepth);
    // The literal reader alone (used on model output too) says "not a literal".
    let deep = "[".repeat(100_000);
    assert_eq!(finishes_within(Duration::from_secs(10), move || literal(&deep)), None);
}

#[test]
fn nesting_up_to_the_limit_still_reads() {
    let at = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
    assert!(checked_literal(&at(MAX_LITERAL_DEPTH)).unwrap().is_some());
    assert_eq!(checked_literal(&at(MAX_LITERAL_DEPTH + 1)).unwrap_err().limit, Limit::LiteralDepth);
    // Depth is nesting, not length: a long flat list is fine.
    let flat = format!("[{}]", vec!["[1]"; 10_000].join(", "));
    assert!(checked_literal(&flat).unwrap().is_some());
    let p = Problem::from_text(&format!("Write a Python function f(x).\nf(1) -> {}", at(10))).unwrap();
    assert_eq!(p.public_tests.len(), 1);
}

#[test]
fn sixty_thousand_open_calls_scan_in_linear_time() {
    // Under the statement limit on one line, this is the old quadratic case
    // (every `(` scanned to the end of the line): 30,000 `f(` took seconds
    // unoptimised; the one-pass scan takes milliseconds.
    let line = "f(".repeat(30_000);
    let stated = finishes_within(Duration::from_secs(10), move || super::examples::checked_stated(&line));
    assert_eq!(stated, Ok(None), "no call closes, so nothing is stated");
    // Calls that do close, nested and side by side, with trailing blanks.
    let closed = format!("{}{}", "f(1) -> 2 ".repeat(5), " ".repeat(30_000));
    let nested = format!("{}1{}", "g(".repeat(20_000), ")".repeat(20_000));
    let (a, b) = finishes_within(Duration::from_secs(10), move || {
        (
            super::examples::checked_stated(&closed).map(|s| s.map(|s| s.tests.len())),
            super::examples::checked_stated(&nested).is_ok(),
        )
    });
    assert_eq!((a, b), (Ok(Some(1)), true));
    // Whole, it is past the statement limit, refused before any scan.
    assert_eq!(limit_of(&refused("f(".repeat(60_000))), Limit::StatementBytes);
}

#[test]
fn long_statements_and_lines_are_refused_before_parsing() {
    let mib = "f(".repeat(1 << 19);
    let err = refused(mib.clone());
    assert_eq!(limit_of(&err), Limit::StatementBytes);
    assert!(err.to_string().contains("statement_bytes"), "{err}");
    // One line past its limit in a statement under its own.
    let long_line = format!("Write f(x).\n{}\n", "x".repeat(MAX_LINE_BYTES + 1));
    assert_eq!(limit_of(&refused(long_line)), Limit::LineBytes);
    let fits = format!("Write f(x).\n{}\n", "x".repeat(MAX_LINE_BYTES));
    assert!(Problem::from_text(&fits).is_ok());
    // A whole problem past its limit is refused before it is parsed as JSON.
    let big = format!("{{\"question_content\": \"x\", \"pad\": \"{}\"}}", "y".repeat(MAX_PROBLEM_BYTES));
    assert_eq!(limit_of(&Problem::parse(&big).unwrap_err()), Limit::ProblemBytes);
}

#[test]
fn stated_examples_are_counted() {
    let many = |n: usize| {
        format!("Write a Python function f(x).\n{}", (0..n).map(|i| format!("f({i}) -> {i}\n")).collect::<String>())
    };
    assert_eq!(Problem::from_text(&many(MAX_STATED_EXAMPLES)).unwrap().public_tests.len(), MAX_STATED_EXAMPLES);
    let err = refused(many(MAX_STATED_EXAMPLES + 1));
    assert_eq!(limit_of(&err), Limit::StatedExamples);
    assert!(err.to_string().contains("stated_examples = 100"), "{err}");
    let pairs = (0..=MAX_STATED_EXAMPLES).map(|i| format!("Input:\n{i}\nOutput:\n{i}\n\n")).collect::<String>();
    assert_eq!(limit_of(&refused(format!("Print n.\n\n{pairs}"))), Limit::StatedExamples);
    // Hostile shapes stay bounded: a thousand examples on one line.
    let one_line = format!("Write a Python function f(x). {}", "f(1) -> 1; ".repeat(1_000));
    assert_eq!(limit_of(&refused(one_line)), Limit::StatedExamples);
}

/// A LiveCodeBench object with `n` public tests, each input `bytes` long.
fn lcb(n: usize, bytes: usize, id: &str) -> String {
    let tests: Vec<serde_json::Value> =
        (0..n).map(|_| serde_json::json!({"input": "x".repeat(bytes), "output": "1", "testtype": "stdin"})).collect();
    serde_json::json!({"question_content": "Read x.", "question_id": id, "public_test_cases": serde_json::to_string(&tests).unwrap()}).to_string()
}

#[test]
fn livecodebench_objects_are_bounded_field_by_field() {
    assert_eq!(Problem::parse(&lcb(MAX_TESTS, 10, "q")).unwrap().public_tests.len(), MAX_TESTS);
    let err = Problem::parse(&lcb(MAX_TESTS + 1, 10, "q")).unwrap_err();
    assert_eq!(limit_of(&err), Limit::Tests);
    assert!(format!("{err:#}").contains("public_test_cases"), "{err:#}");
    // Public and private together.
    let mut both: serde_json::Value = serde_json::from_str(&lcb(MAX_TESTS / 2 + 1, 1, "q")).unwrap();
    both["private_test_cases"] = both["public_test_cases"].clone();
    assert_eq!(limit_of(&Problem::parse(&both.to_string()).unwrap_err()), Limit::Tests);
    assert_eq!(limit_of(&Problem::parse(&lcb(1, MAX_TEST_BYTES + 1, "q")).unwrap_err()), Limit::TestBytes);
    assert_eq!(limit_of(&Problem::parse(&lcb(1, 10, &"i".repeat(MAX_ID_BYTES + 1))).unwrap_err()), Limit::IdBytes);
    assert!(LimitExceeded::find(&Problem::parse(&lcb(1, 10, "a\nb\u{1b}[31m")).unwrap_err()).is_none());
    let statement = serde_json::json!({"question_content": "s".repeat(MAX_STATEMENT_BYTES + 1)}).to_string();
    assert_eq!(limit_of(&Problem::parse(&statement).unwrap_err()), Limit::StatementBytes);
    let starter =
        serde_json::json!({"question_content": "s", "starter_code": "c".repeat(MAX_STARTER_BYTES + 1)}).to_string();
    assert_eq!(limit_of(&Problem::parse(&starter).unwrap_err()), Limit::StarterBytes);
    // Nesting past serde_json's own limit is its clear error, not a limit of ours.
    let deep = format!("{{\"question_content\": \"x\", \"metadata\": {}", "[".repeat(100_000));
    assert!(LimitExceeded::find(&Problem::parse(&deep).unwrap_err()).is_none());
}

#[test]
fn tasks_files_and_sets_report_their_limits() {
    let task = format!(r#"{{"prompt": "{}"}}"#, "x".repeat(MAX_TASK_BYTES));
    assert_eq!(limit_of(&Problem::from_task("t", task.as_bytes()).unwrap_err()), Limit::TaskBytes);
    let brackets =
        serde_json::json!({"prompt": format!("Write a Python function f(x).\nf(1) -> {}", "[".repeat(6_000))})
            .to_string();
    assert_eq!(limit_of(&Problem::from_task("t", brackets.as_bytes()).unwrap_err()), Limit::LiteralDepth);

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.txt");
    std::fs::write(&file, "x".repeat(MAX_PROBLEM_BYTES + 1)).unwrap();
    let err = Problem::from_file(&file).unwrap_err();
    assert_eq!(limit_of(&err), Limit::ProblemBytes);
    assert!(format!("{err:#}").contains("big.txt"), "{err:#}");

    let set = dir.path().join("set.jsonl");
    std::fs::write(&set, format!("{{\"question_content\": \"x\"}}\n{}\n", lcb(MAX_TESTS + 1, 1, "q"))).unwrap();
    let err = super::load_set(&set).unwrap_err();
    assert_eq!(limit_of(&err), Limit::Tests);
    assert!(format!("{err:#}").contains("set.jsonl:2"), "{err:#}");
    std::fs::write(&set, format!("{{\"question_content\": \"{}\"}}\n", "x".repeat(MAX_PROBLEM_BYTES))).unwrap();
    assert_eq!(limit_of(&super::load_set(&set).unwrap_err()), Limit::ProblemBytes);
}
