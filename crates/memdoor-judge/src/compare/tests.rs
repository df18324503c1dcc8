use super::*;

#[test]
fn stdout_lines_are_stripped_and_numbers_compared_as_decimals() {
    assert!(same_stdout("desserts\n", "desserts"));
    assert!(same_stdout("  a b  \n c\n\n", "a b\nc\n"));
    assert!(!same_stdout("a\nb", "a\nb\nc"));
    assert!(same_stdout("1.50 2\n", "1.5 2.0"));
    assert!(same_stdout("1e3 -0", "1000 0"));
    assert!(same_stdout("1_000", "1000"));
    assert!(same_stdout("Infinity", "inf"));
    // Equal lines match before any number is read; NaN equals nothing.
    assert!(same_stdout("NaN", "NaN"));
    assert!(!same_stdout("NaN", "nan"));
    assert!(!same_stdout("1 2", "1 2 3"));
    assert!(!same_stdout("0.1", "0.10000001"));
    // Not numbers: only exact lines match.
    assert!(!same_stdout("Yes", "yes"));
    assert!(!same_stdout("1__0", "10"));
    assert!(!same_stdout(".", "0"));
    assert_eq!(stdout_key(" a \n b\n\n"), "a\nb");
}

#[test]
fn decimals_read_as_python_reads_them() {
    let d = |s| Decimal::parse(s);
    assert_eq!(d("-0.00"), d("0"));
    assert_eq!(d("12.3400"), d("1234e-2"));
    assert_eq!(d(".5"), d("5E-1"));
    assert_eq!(d("1."), d("1"));
    assert_eq!(d("+7"), d("7"));
    assert_eq!(d("nan12"), Some(Decimal::NaN));
    for bad in ["", "-", "e5", "1e", "1e+", "0x10", "1,5", "١"] {
        assert_eq!(d(bad), None, "{bad}");
    }
}

#[test]
fn returned_values_compare_as_python_equals() {
    assert!(same_value("[0, 1]", "[0,1]"));
    assert!(same_value("1", "1.0"));
    assert!(same_value("true", "1"));
    assert!(same_value("false", "0.0"));
    assert!(same_value("-0", "0"));
    assert!(same_value("{\"b\": [1], \"a\": null}", "{\"a\": null, \"b\": [1.0]}"));
    assert!(same_value("\"\\u00e9\"", "\"é\""));
    assert!(same_value("1e22", "10000000000000000000000"));
    // Python's ints are exact at any size; serde_json would round these alike.
    assert!(same_value("1180591620717411303425", "1180591620717411303425"));
    assert!(!same_value("1180591620717411303425", "1180591620717411303424"));
    assert!(!same_value("9007199254740993", "9007199254740992.0"));
    assert!(!same_value("NaN", "NaN"));
    assert!(!same_value("0.30000000000000004", "0.3"));
    assert!(!same_value("\"1\"", "1"));
    assert!(!same_value("[1, 2]", "[2, 1]"));
    assert!(!same_value("{\"a\": 1}", "{\"a\": 1, \"b\": 2}"));
    assert!(!same_value("null", "0"));
    assert!(!same_value("[1]", "{}"));
    // A repeated key keeps its last value, as json.loads does.
    assert!(same_value("{\"a\": 1, \"a\": 2}", "{\"a\": 2}"));
    // What does not read is never equal.
    for bad in ["", "[1,", "01", "{1: 2}", "'a'", "[1] x"] {
        assert!(!same_value(bad, bad), "{bad}");
    }
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    assert!(!same_value(&deep, &deep));
}

/// Runs `work` on its own thread and fails the test if it has not finished
/// by `deadline`: a guard against the quadratic case (minutes), far above
/// what the linear code takes (well under a second, even unoptimised).
fn finishes_within<T: Send + 'static>(deadline: std::time::Duration, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    rx.recv_timeout(deadline).unwrap_or_else(|e| panic!("not finished within {deadline:?} ({e})"))
}

#[test]
fn big_dicts_compare_in_linear_time_with_python_semantics() {
    // 200,000 keys: the old pairwise comparison (and the old repeated-key
    // scan while reading) took minutes on this; hashed it is instant.
    let n = 200_000;
    let forward: String = format!("{{{}}}", (0..n).map(|i| format!("\"k{i}\": {i}")).collect::<Vec<_>>().join(", "));
    let backward: String =
        format!("{{{}}}", (0..n).rev().map(|i| format!("\"k{i}\": {i}.0")).collect::<Vec<_>>().join(","));
    let mut changed = backward.clone();
    changed.replace_range(changed.find("\"k7\": 7.0").unwrap().., "\"k7\": 8.0}");
    let (same, differs) = finishes_within(std::time::Duration::from_secs(20), move || {
        (same_value(&forward, &backward), same_value(&forward, &changed))
    });
    assert!(same, "a dict equals itself written in another order, ints as floats");
    assert!(!differs, "one value changed (and keys after it dropped)");
}

#[test]
fn dicts_keep_their_semantics_when_hashed() {
    // Nested, mixed value types, key order free.
    assert!(same_value(
        r#"{"a": {"x": [1, {"y": true}]}, "b": null, "c": "s"}"#,
        r#"{"c": "s", "b": null, "a": {"x": [1.0, {"y": 1}]}}"#
    ));
    assert!(!same_value(r#"{"a": {"x": [1, {"y": true}]}}"#, r#"{"a": {"x": [1, {"y": 2}]}}"#));
    // JSON keys are strings, so "1" and "1.0" are different keys (as in Python
    // after json.loads), while the values 1 and 1.0 are equal.
    assert!(!same_value(r#"{"1": 1}"#, r#"{"1.0": 1}"#));
    assert!(same_value(r#"{"1": 1}"#, r#"{"1": 1.0}"#));
    // A repeated key keeps its last value, on either side and when nested.
    assert!(same_value(r#"{"a": 1, "b": 2, "a": 3}"#, r#"{"b": 2, "a": 3}"#));
    assert!(!same_value(r#"{"a": 1, "b": 2, "a": 3}"#, r#"{"b": 2, "a": 1}"#));
    assert!(same_value(r#"{"x": {"a": 1, "a": 2}}"#, r#"{"x": {"a": 2}}"#));
    // Escaped keys are compared unescaped; same length with a different key is unequal.
    assert!(same_value(r#"{"\u00e9": 1}"#, r#"{"é": 1}"#));
    assert!(!same_value(r#"{"a": 1, "b": 2}"#, r#"{"a": 1, "c": 2}"#));
    assert!(same_value("{}", "{}"));
    assert!(!same_value("{}", "[]"));
}

#[test]
fn nesting_past_the_depth_limit_is_not_a_value_and_does_not_overflow() {
    // Just inside the limit it reads and compares; past it, it is refused,
    // on a thread with a small stack so that a missing limit shows as a crash.
    let ok = format!("{}{}", "[".repeat(MAX_DEPTH_FOR_TESTS), "]".repeat(MAX_DEPTH_FOR_TESTS));
    let deep = format!("{}{}", "[{\"a\": ".repeat(100_000), "1}]".repeat(100_000));
    let handle = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || (same_value(&ok, &ok), same_value(&deep, &deep)))
        .unwrap();
    assert_eq!(handle.join().unwrap(), (true, false));
}

const MAX_DEPTH_FOR_TESTS: usize = 500;
