use super::*;

fn name(lang: Language, line: &str) -> Option<String> {
    lang.definition_name(line)
}

#[test]
fn a_python_line_defines_a_function_a_coroutine_or_a_class() {
    use Language::Python;
    assert_eq!(name(Python, "def area(w, h):").as_deref(), Some("area"));
    assert_eq!(name(Python, "async def  fetch():").as_deref(), Some("fetch"));
    assert_eq!(name(Python, "class Shape(Base):").as_deref(), Some("Shape"));
    assert_eq!(name(Python, "    def inner():"), None);
    assert_eq!(name(Python, "define = 3"), None);
    assert_eq!(name(Python, "def (x):"), None);
}

#[test]
fn a_rust_line_defines_items_past_their_visibility_and_qualifiers() {
    use Language::Rust;
    assert_eq!(name(Rust, "pub fn median(samples: &[f64]) -> Option<f64> {").as_deref(), Some("median"));
    assert_eq!(name(Rust, "pub(crate) const unsafe fn raw() {").as_deref(), Some("raw"));
    assert_eq!(name(Rust, "pub(in crate::a) async fn go() {").as_deref(), Some("go"));
    assert_eq!(name(Rust, "extern \"C\" fn callback() {").as_deref(), Some("callback"));
    assert_eq!(name(Rust, "pub struct Pager {").as_deref(), Some("Pager"));
    assert_eq!(name(Rust, "enum ParseError {").as_deref(), Some("ParseError"));
    assert_eq!(name(Rust, "static mut COUNT: u32 = 0;").as_deref(), Some("COUNT"));
    assert_eq!(name(Rust, "const MAX: usize = 3;").as_deref(), Some("MAX"));
    assert_eq!(name(Rust, "macro_rules! hex {").as_deref(), Some("hex"));
    assert_eq!(name(Rust, "impl Pager {").as_deref(), Some("impl Pager"));
    assert_eq!(
        name(Rust, "impl<T: Clone> fmt::Display for  Pager<T> where T: Debug {").as_deref(),
        Some("impl fmt::Display for Pager<T>")
    );
    assert_eq!(name(Rust, "use std::fmt;"), None);
    assert_eq!(name(Rust, "let x = 3;"), None);
    assert_eq!(name(Rust, "implement()"), None);
    assert!(Rust.is_container("impl Pager {") && Rust.is_container("pub trait Shape {"));
    assert!(!Rust.is_container("pub fn impl_it() {") && !Rust.is_container("struct S {"));
}

#[test]
fn a_javascript_line_defines_functions_classes_bindings_exports_and_methods() {
    use Language::JavaScript;
    assert_eq!(name(JavaScript, "function backoffDelay(attempt, options = {}) {").as_deref(), Some("backoffDelay"));
    assert_eq!(name(JavaScript, "export default async function* gen() {").as_deref(), Some("gen"));
    assert_eq!(name(JavaScript, "export class EventBus {").as_deref(), Some("EventBus"));
    assert_eq!(name(JavaScript, "const DEFAULTS = { baseMs: 100 };").as_deref(), Some("DEFAULTS"));
    assert_eq!(name(JavaScript, "const $el = 1;").as_deref(), Some("$el"));
    assert_eq!(name(JavaScript, "module.exports = { parseQuery };").as_deref(), Some("module.exports"));
    assert_eq!(name(JavaScript, "exports.parse = parse;").as_deref(), Some("exports.parse"));
    assert_eq!(name(JavaScript, "on(event, handler) {").as_deref(), Some("on"));
    assert_eq!(name(JavaScript, "static async create(x) {").as_deref(), Some("create"));
    assert_eq!(name(JavaScript, "if (x) {"), None);
    assert_eq!(name(JavaScript, "emit(event);"), None, "a call is no method");
    assert_eq!(name(JavaScript, "const { a, b } = require('x');"), None);
    assert!(JavaScript.is_container("export class EventBus {") && !JavaScript.is_container("function f() {"));
}

#[test]
fn names_at_any_depth_keep_methods_and_top_level_names_leave_them_out() {
    let text = "import os\n\nclass Stack:\n    def push(self, x):\n        pass\n\ndef peek(s):\n    return s\n";
    assert_eq!(Language::Python.top_level_names(text), ["Stack", "peek"]);
    assert_eq!(Language::Python.names_at_any_depth(text).into_iter().collect::<Vec<_>>(), ["Stack", "peek", "push"]);
    let rust = "pub struct Pager;\n\nimpl Pager {\n    pub fn page_count(&self) -> usize {\n        0\n    }\n}\n";
    assert_eq!(Language::Rust.top_level_names(rust), ["Pager", "impl Pager"]);
    assert!(Language::Rust.names_at_any_depth(rust).contains("page_count"));
}

#[test]
fn languages_and_fence_tags_by_file_name() {
    assert_eq!(Language::of(Path::new("calc/tokens.py")), Some(Language::Python));
    assert_eq!(Language::of(Path::new("src/lib.rs")), Some(Language::Rust));
    assert_eq!(Language::of(Path::new("web/app.tsx")), Some(Language::JavaScript));
    assert_eq!(Language::of(Path::new("calc/tokens.pyc")), None);
    assert_eq!(Language::of(Path::new("README")), None);
    assert_eq!(Language::fence_tag(Path::new("a.ts")), "typescript");
    assert_eq!(Language::fence_tag(Path::new("a.cjs")), "javascript");
}

#[test]
fn a_fence_names_its_language() {
    assert_eq!(Language::of_fence_tag("rust"), Some(Language::Rust));
    assert_eq!(Language::of_fence_tag("JS title=\"x\""), Some(Language::JavaScript));
    assert_eq!(Language::of_fence_tag("python3"), Some(Language::Python));
    assert_eq!(Language::of_fence_tag(""), None);
    assert_eq!(Language::of_fence_tag("go"), None);
}

#[test]
fn a_call_with_a_callback_is_no_method_and_an_impls_trait_keeps_its_generics() {
    use Language::{JavaScript, Rust};
    assert_eq!(name(JavaScript, "describe('errors', () => {"), None);
    assert_eq!(name(JavaScript, "useEffect(() => {"), None);
    assert_eq!(name(JavaScript, "test(\"x\", async function () {"), None);
    assert_eq!(name(JavaScript, "render(): string {").as_deref(), Some("render"));
    assert_eq!(name(JavaScript, "constructor(a = {}, [b] = []) {").as_deref(), Some("constructor"));
    assert!(JavaScript.is_method_form("once(event, handler) {") && !JavaScript.is_method_form("interface Options {"));
    assert_eq!(name(Rust, "impl From<u64> for Id {").as_deref(), Some("impl From<u64> for Id"));
    assert_ne!(name(Rust, "impl From<u64> for Id {"), name(Rust, "impl From<u32> for Id {"));
    assert_eq!(name(Rust, "impl<T: Clone> Pager<T> {").as_deref(), Some("impl Pager<T>"));
}

#[test]
fn a_definition_reads_as_a_type_or_a_function_from_its_first_line() {
    let types = [
        (Language::Python, "@dataclass\nclass Point:\n    x: int"),
        (Language::Rust, "#[derive(Debug)]\npub struct Pager {\n    total: usize,\n}"),
        (Language::Rust, "impl Pager {\n    fn a(&self) {}\n}"),
        (Language::Rust, "pub(crate) unsafe trait Raw {}"),
        (Language::JavaScript, "export default class Cart {\n}"),
    ];
    for (lang, text) in types {
        assert!(lang.defines_type(text), "{text}");
    }
    let functions = [
        (Language::Python, "@cache\ndef fib(n):\n    return n"),
        (Language::Python, "    def page_count(self):\n        return 1"),
        (Language::Rust, "    /// Pages.\n    pub fn page_count(&self) -> usize {\n        1\n    }"),
        (Language::Rust, "pub const fn size() -> usize { 1 }"),
        (Language::JavaScript, "export function total(items) {\n}"),
    ];
    for (lang, text) in functions {
        assert!(!lang.defines_type(text), "{text}");
    }
}

#[test]
fn a_definitions_head_is_its_signature_with_its_docstring_or_up_to_its_body() {
    let py = "@cache\ndef parse(text,\n          strict=False):  # why: see below\n    \"\"\"Return the seconds.\n\n    More.\n    \"\"\"\n    total = 0\n    return total";
    assert_eq!(
        Language::Python.head_of(py),
        "@cache\ndef parse(text,\n          strict=False):  # why: see below\n    \"\"\"Return the seconds.\n\n    More.\n    \"\"\"\n"
    );
    assert_eq!(Language::Python.head_of("def f(d={'a': 1}):\n    return d\n"), "def f(d={'a': 1}):\n");
    assert_eq!(
        Language::Python.head_of("    def m(self):\n        '''One line.'''\n        pass"),
        "    def m(self):\n        '''One line.'''\n"
    );
    let rs = "    /// Pages.\n    #[inline]\n    pub fn page_count(&self) -> usize\n    where\n        Self: Sized,\n    {\n        1\n    }";
    assert_eq!(Language::Rust.head_of(rs), "    /// Pages.\n    #[inline]\n    pub fn page_count(&self) -> usize\n    where\n        Self: Sized,\n    {\n");
    assert_eq!(
        Language::JavaScript.head_of("function total(items = {}) {\n  return 0;\n}"),
        "function total(items = {}) {\n"
    );
    // No end found: the whole text.
    assert_eq!(Language::Python.head_of("x = 1"), "x = 1");
}
