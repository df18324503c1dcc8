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
