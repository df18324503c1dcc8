use super::*;

fn cut(lang: Language, text: &str) -> Vec<(Unit, &str)> {
    units_at(lang, text, "").into_iter().map(|(u, r)| (u, &text[r])).collect()
}

fn def(name: &str) -> Unit {
    Unit::Definition(name.to_string())
}

const RUST: &str = r##"//! Hex colours.

use std::fmt;

/// A bad colour.
#[derive(Debug, PartialEq)]
pub enum ParseError {
    BadLength(usize),
}

const OPEN: char = '{';

pub fn parse_hex<'a>(text: &'a str) -> Result<u32, ParseError>
where
    ParseError: fmt::Debug,
{
    let raw = r#"}"#;
    let quote = '\'';
    let s = "a } in a string";
    /* a { in a comment */
    Ok(raw.len() as u32 + s.len() as u32 + quote as u32)
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn it() {}
}
"##;

#[test]
fn rust_units_are_items_with_their_attributes_and_strings_chars_and_comments_hold_no_brackets() {
    let got = cut(Language::Rust, RUST);
    let kinds: Vec<&Unit> = got.iter().map(|(u, _)| u).collect();
    assert_eq!(
        kinds,
        [
            &Unit::Import,
            &def("ParseError"),
            &def("OPEN"),
            &def("parse_hex"),
            &def("impl fmt::Display for ParseError"),
            &def("tests")
        ]
    );
    assert!(
        got[1].1.starts_with("#[derive(Debug, PartialEq)]\npub enum"),
        "the attribute goes with it, the doc comment not: {:?}",
        got[1].1
    );
    assert!(got[3].1.starts_with("pub fn parse_hex") && got[3].1.ends_with("as u32)\n}\n"), "{:?}", got[3].1);
    assert!(got[5].1.starts_with("#[cfg(test)]\nmod tests {") && got[5].1.ends_with("}\n"));
}

const JS: &str = "'use strict';\n// Retry delays.\n\nconst DEFAULTS = { baseMs: 100 };\n\nfunction backoffDelay(attempt) {\n  const s = `a } ${attempt}`;\n  const t = '}';\n  return DEFAULTS.baseMs * 2 ** attempt;\n}\n\nclass Bus {\n  on(event) {\n    return this;\n  }\n}\n\nconst x = 1\nlet y = 2\n\nmodule.exports = {\n  backoffDelay,\n  Bus,\n};\n";

#[test]
fn javascript_units_end_at_their_brace_their_semicolon_or_without_one_at_the_next_unit() {
    let got = cut(Language::JavaScript, JS);
    assert_eq!(
        got,
        [
            (Unit::Other, "'use strict';\n"),
            (def("DEFAULTS"), "const DEFAULTS = { baseMs: 100 };\n"),
            (
                def("backoffDelay"),
                "function backoffDelay(attempt) {\n  const s = `a } ${attempt}`;\n  const t = '}';\n  return DEFAULTS.baseMs * 2 ** attempt;\n}\n"
            ),
            (def("Bus"), "class Bus {\n  on(event) {\n    return this;\n  }\n}\n"),
            (def("x"), "const x = 1\n"),
            (def("y"), "let y = 2\n"),
            (def("module.exports"), "module.exports = {\n  backoffDelay,\n  Bus,\n};\n"),
        ]
    );
}

#[test]
fn a_container_body_is_read_one_level_down() {
    let text = "impl Pager {\n    pub fn new() -> Self {\n        Pager\n    }\n\n    /// Pages.\n    pub fn page_count(&self) -> usize {\n        0\n    }\n}\n";
    let (head, body, close) = split_container(Language::Rust, text).unwrap();
    assert_eq!((head, close), ("impl Pager {\n", "}\n"));
    let names: Vec<Unit> = units_at(Language::Rust, body, "    ").into_iter().map(|(u, _)| u).collect();
    assert_eq!(names, [def("new"), def("page_count")]);
    assert!(split_container(Language::Rust, "pub fn f() {\n}\n").is_none(), "a function is no container");
    assert!(split_container(Language::JavaScript, "class Bus {\n  on() {}\n}\n").is_some());
}

#[test]
fn text_that_cannot_be_read_has_no_units() {
    for text in ["fn f() {\n}\n}\n", "fn f() {\n", "fn f() {\n  let s = \"open\n}\n", "/* never closed\nfn f() {}\n"] {
        assert!(units_at(Language::Rust, text, "").is_empty(), "{text:?}");
    }
    assert!(units_at(Language::JavaScript, "function f() {\n  return `open\n}\n", "").is_empty());
}

#[test]
fn regex_literals_one_line_attributes_and_arrow_bodies_end_units_where_they_end() {
    let js = "function a(s) {\n  return s.replace(/\"/g, '');\n}\n\nfunction b(s) {\n  return s.split(/\"/);\n}\n";
    assert_eq!(cut(Language::JavaScript, js).into_iter().map(|(u, _)| u).collect::<Vec<_>>(), [def("a"), def("b")]);
    let ratio = "const half = x / 2;\nconst third = x / 3;\n";
    assert_eq!(cut(Language::JavaScript, ratio).len(), 2, "a division is no regex");
    let arrow = "const Item = ({ name }) =>\n  `<li>${name}</li>`;\n\nconst Other = 1;\n";
    assert_eq!(
        cut(Language::JavaScript, arrow),
        [(def("Item"), "const Item = ({ name }) =>\n  `<li>${name}</li>`;\n"), (def("Other"), "const Other = 1;\n")]
    );
    let rust = "#[test] fn a() {}\n\n#[test]\nfn b() {}\n";
    assert_eq!(cut(Language::Rust, rust), [(def("a"), "#[test] fn a() {}\n"), (def("b"), "#[test]\nfn b() {}\n")]);
    let ts = "class C {\n  @Input() name: string;\n  @HostListener('click')\n  onClick() {\n  }\n}\n";
    let (_, body, _) = split_container(Language::JavaScript, ts).unwrap();
    let units = units_at(Language::JavaScript, body, "  ");
    assert_eq!(units.len(), 2, "the field with its decorator, and the method with its own: {units:?}");
    assert_eq!(&body[units[1].1.clone()], "  @HostListener('click')\n  onClick() {\n  }\n");
}

#[test]
fn a_container_header_may_go_on_over_lines() {
    let text =
        "impl<T> Pager<T>\nwhere\n    T: Clone,\n{\n    pub fn page_count(&self) -> usize {\n        0\n    }\n}\n";
    let (head, body, _) = split_container(Language::Rust, text).unwrap();
    assert_eq!(head, "impl<T> Pager<T>\nwhere\n    T: Clone,\n{\n");
    assert_eq!(units_at(Language::Rust, body, "    ").len(), 1);
    let commented = "impl Pager { // pages\n    fn a(&self) {}\n}\n";
    assert!(split_container(Language::Rust, commented).is_some());
}

#[test]
fn hostile_lines_are_read_in_linear_time() {
    // Each would be quadratic if a failed regex, raw string or char scan were retried at every position.
    for line in ["(/[".repeat(20_000), format!("r{}\"{}", "#".repeat(300), "\"".repeat(20_000)), "'\\".repeat(20_000)] {
        let _ = units_at(Language::JavaScript, &line, "");
        let _ = units_at(Language::Rust, &line, "");
    }
}
