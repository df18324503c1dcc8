use super::*;
use serde_json::json;

#[test]
fn scalars_read_as_json() {
    assert_eq!(literal("42"), Some(json!(42)));
    assert_eq!(literal(" -7 "), Some(json!(-7)));
    assert_eq!(literal("+3"), Some(json!(3)));
    assert_eq!(literal("1_000"), Some(json!(1000)));
    assert_eq!(literal("0x1F"), Some(json!(31)));
    assert_eq!(literal("2.5"), Some(json!(2.5)));
    assert_eq!(literal("1e3"), Some(json!(1000.0)));
    assert_eq!(literal(".5"), Some(json!(0.5)));
    assert_eq!(literal("True"), Some(json!(true)));
    assert_eq!(literal("False"), Some(json!(false)));
    assert_eq!(literal("None"), Some(json!(null)));
    assert_eq!(literal("18446744073709551615"), Some(json!(u64::MAX)));
}

#[test]
fn strings_in_either_quote_with_escapes() {
    assert_eq!(literal(r#""a'b""#), Some(json!("a'b")));
    assert_eq!(literal(r"'it\'s'"), Some(json!("it's")));
    assert_eq!(literal(r#""tab\there\n""#), Some(json!("tab\there\n")));
    assert_eq!(literal(r#""\x41\u00e9""#), Some(json!("Aé")));
    assert_eq!(literal(r#"r"\d+""#), Some(json!("\\d+")));
    assert_eq!(literal(r#"'''x"y'''"#), Some(json!("x\"y")));
    assert_eq!(literal(r#""a" 'b'"#), Some(json!("ab")));
    assert_eq!(literal(r#""a#b(c""#), Some(json!("a#b(c")));
    assert_eq!(literal(r#""héllo""#), Some(json!("héllo")));
    assert_eq!(literal(r#""\q""#), Some(json!("\\q")));
}

#[test]
fn containers_read_as_json() {
    assert_eq!(literal("[1, [2, 3], []]"), Some(json!([1, [2, 3], []])));
    assert_eq!(literal("(1, 2)"), Some(json!([1, 2])));
    assert_eq!(literal("(1,)"), Some(json!([1])));
    assert_eq!(literal("()"), Some(json!([])));
    assert_eq!(literal("(5)"), Some(json!(5)));
    assert_eq!(literal("[1, 2,]"), Some(json!([1, 2])));
    assert_eq!(literal("{'a': 1, \"b\": [True, None]}"), Some(json!({"a": 1, "b": [true, null]})));
    assert_eq!(literal("{}"), Some(json!({})));
    assert_eq!(literal("[\n  1,\n  2\n]"), Some(json!([1, 2])));
}

#[test]
fn what_does_not_convert_exactly_is_none() {
    for text in [
        "x",
        "1 + 2",
        "{1, 2}",
        "{1: 'a'}",
        "b'abc'",
        "f'{x}'",
        "3j",
        "12abc",
        "[1, x]",
        "float('inf')",
        "1e999",
        "[1, 2",
        "'unterminated",
        "\"a\nb\"",
        "...",
        "s: str",
        "99999999999999999999999",
        "'\\101'",
        "set()",
    ] {
        assert_eq!(literal(text), None, "{text}");
    }
}

#[test]
fn a_prefix_stops_after_one_literal() {
    assert_eq!(literal_prefix("True because it reads the same"), Some((json!(true), 4)));
    assert_eq!(literal_prefix("[1, 2]."), Some((json!([1, 2]), 6)));
    assert_eq!(literal_prefix("3."), Some((json!(3), 1)));
    assert_eq!(literal_prefix("because"), None);
}

#[test]
fn arguments_split_outside_brackets_and_strings() {
    assert_eq!(arguments("1, 'a,b', [2, (3, 4)]"), Some(vec![json!(1), json!("a,b"), json!([2, [3, 4]])]));
    assert_eq!(arguments("nums = [2, 7], target=9"), Some(vec![json!([2, 7]), json!(9)]));
    assert_eq!(arguments("\"A man, a plan, a canal: Panama\""), Some(vec![json!("A man, a plan, a canal: Panama")]));
    assert_eq!(arguments("1, 2,"), Some(vec![json!(1), json!(2)]));
    assert_eq!(arguments("  "), Some(vec![]));
    assert_eq!(arguments("s: str"), None);
    assert_eq!(arguments("n"), None);
    assert_eq!(arguments("x == 1"), None);
    assert_eq!(arguments("1 2"), None);
}
