use super::*;
use crate::edit::{apply_edit, Shown};

fn apply_all(before: &str, edits: &[Edit]) -> String {
    edits.iter().enumerate().fold(before.to_string(), |text, (i, e)| apply_edit(Some(&text), e, i + 1).unwrap())
}

const FILE: &str = "import math\n\n# Shapes.\n\n\n@cache\ndef area(w, h):\n    \"\"\"The area.\n\nOf a rectangle.\n\"\"\"\n    return w * w\n\n\n# The perimeter.\ndef perimeter(w, h):\n    return 2 * (w + h)\n\n\nclass Box:\n    def size(self):\n        return 1\n\n\nUNIT = 1\n";

fn path() -> RepoPath {
    RepoPath::parse("geometry/shapes.py").unwrap()
}

#[test]
fn the_units_of_a_file_are_its_definitions_imports_and_other_code_with_decorators_and_without_trailing_comments() {
    let got: Vec<(Unit, &str)> =
        Reader { lang: Language::Python }.units(FILE).into_iter().map(|(u, r)| (u, &FILE[r])).collect();
    assert_eq!(
        got,
        [
            (Unit::Import, "import math\n"),
            (
                Unit::Definition("area".into()),
                "@cache\ndef area(w, h):\n    \"\"\"The area.\n\nOf a rectangle.\n\"\"\"\n    return w * w\n"
            ),
            (Unit::Definition("perimeter".into()), "def perimeter(w, h):\n    return 2 * (w + h)\n"),
            (Unit::Definition("Box".into()), "class Box:\n    def size(self):\n        return 1\n"),
            (Unit::Other, "UNIT = 1\n"),
        ]
    );
}

#[test]
fn a_block_of_one_function_replaces_that_function_by_name_and_leaves_the_rest() {
    let block = "@cache\ndef area(w, h):\n    return w * h\n\n\nprint(area(2, 3))\n";
    let edits = definition_edits(&path(), FILE, block, 1).unwrap().unwrap();
    let after = apply_all(FILE, &edits);
    assert_eq!(
        after,
        FILE.replace("    \"\"\"The area.\n\nOf a rectangle.\n\"\"\"\n    return w * w\n", "    return w * h\n")
    );
    assert!(after.contains("# The perimeter.\ndef perimeter"), "comments between definitions stay: {after}");
}

#[test]
fn new_definitions_and_imports_go_after_the_last_replaced_and_the_last_import() {
    let block = "import math\nimport functools\n\ndef perimeter(w, h):\n    return half(w, h) * 2\n\n\ndef half(w, h):\n    return w + h\n\nif __name__ == \"__main__\":\n    print(perimeter(1, 2))\n";
    let edits = definition_edits(&path(), FILE, block, 1).unwrap().unwrap();
    let after = apply_all(FILE, &edits);
    assert!(after.starts_with("import math\nimport functools\n\n# Shapes."), "{after}");
    assert!(
        after.contains(
            "def perimeter(w, h):\n    return half(w, h) * 2\n\n\ndef half(w, h):\n    return w + h\n\n\nclass Box"
        ),
        "{after}"
    );
    assert!(!after.contains("__main__"), "the demo is left out: {after}");
}

const CACHE: &str = "class Cache:\n    \"\"\"An LRU cache.\"\"\"\n\n    def __init__(self, size):\n        self.size = size\n\n    # Reads.\n    def get(self, key):\n        return None\n\n    def put(self, key, value):\n        pass\n";

#[test]
fn a_class_given_with_some_of_its_methods_replaces_those_and_keeps_the_rest() {
    let path = RepoPath::parse("cache.py").unwrap();
    let block = "class Cache:\n    def get(self, key):\n        return self.items.get(key)\n\n    def clear(self):\n        self.items = {}\n";
    let edits = definition_edits(&path, CACHE, block, 1).unwrap().unwrap();
    assert_eq!(
        apply_all(CACHE, &edits),
        CACHE.replace(
            "        return None\n",
            "        return self.items.get(key)\n\n    def clear(self):\n        self.items = {}\n"
        )
    );
    // Only a new method: after the class's last one.
    let added = "class Cache:\n    def clear(self):\n        self.items = {}\n";
    let edits = definition_edits(&path, CACHE, added, 1).unwrap().unwrap();
    assert_eq!(apply_all(CACHE, &edits), format!("{CACHE}\n    def clear(self):\n        self.items = {{}}\n"));
    // Every method given: the class is replaced whole.
    let whole = "class Cache:\n    def __init__(self, size):\n        self.size = size\n\n    def get(self, key):\n        return 1\n\n    def put(self, key, value):\n        pass\n";
    let edits = definition_edits(&path, CACHE, whole, 1).unwrap().unwrap();
    assert_eq!(apply_all(CACHE, &edits), whole);
    // An attribute the class has not: refused.
    let attribute = "class Cache:\n    LIMIT = 3\n\n    def get(self, key):\n        return 1\n";
    assert_eq!(
        definition_edits(&path, CACHE, attribute, 1),
        Some(Err(EditError::TopLevelCode { block: 1, path: path.clone(), line: "LIMIT = 3".into() }))
    );
}

#[test]
fn other_top_level_code_a_twice_defined_name_or_no_known_definition_is_not_taken() {
    let global = "def area(w, h):\n    return w * h\n\nSCALE = 3\n";
    assert_eq!(
        definition_edits(&path(), FILE, global, 2),
        Some(Err(EditError::TopLevelCode { block: 2, path: path(), line: "SCALE = 3".into() }))
    );
    let kept = "def area(w, h):\n    return w * h\n\nUNIT = 1\n";
    assert!(matches!(definition_edits(&path(), FILE, kept, 1), Some(Ok(_))), "code the file has is context");
    let twice = format!("{FILE}\n\ndef area(w, h):\n    return 0\n");
    assert!(matches!(
        definition_edits(&path(), &twice, "def area(w, h):\n    return 1\n", 1),
        Some(Err(EditError::Ambiguous { times: 2, .. }))
    ));
    assert_eq!(definition_edits(&path(), FILE, "def volume(w, h, d):\n    return w * h * d\n", 1), None);
    let go = RepoPath::parse("a.go").unwrap();
    assert_eq!(definition_edits(&go, "func f() {}\n", "func f() { return 1 }\n", 1), None, "no reading of Go");
}

#[test]
fn hostile_blocks_never_panic() {
    for code in [
        "",
        "\n\n",
        "@",
        "@x\n",
        "def",
        "def (:\n",
        "class\n",
        "\"\"\"\ndef area():\n",
        "é\u{0}def area(w):\n",
        "def area(w, h):\r\n    return 0\r\n",
    ] {
        let _ = definition_edits(&path(), FILE, code, 1);
        let _ = definition_edits(&path(), code, "def area(w, h):\n    return 1\n", 1);
    }
    let (rs, js) = (RepoPath::parse("src/lib.rs").unwrap(), RepoPath::parse("a.js").unwrap());
    for code in [
        "}",
        "{",
        "'",
        "r#\"",
        "r##\"#",
        "'\\",
        "/*",
        "`${",
        "#[",
        "impl<",
        "impl<<>",
        "pub(",
        "fn",
        "é'\u{0}'",
        "impl Pager {\n}\n",
        "pub fn page_count(&self) {\n",
        "  on(x) {\n  }\n",
        "class A {\n  on() {\n  }\n};\n",
        "const fn\n",
        "pub(in\n",
        "extern \"C",
        "macro_rules!",
        "'a'b'c'",
        "b'",
        "br#",
        "r",
    ] {
        for (path, file) in [(&rs, PAGER_RS), (&js, BUS_JS)] {
            let _ = definition_edits(path, file, code, 1);
            let _ = definition_edits(path, code, "pub fn page_count(&self) -> usize {\n    1\n}\n", 1);
            let _ = definition_edits(path, code, "on(event) {\n  return 1;\n}\n", 1);
        }
    }
}

#[test]
fn a_block_repeating_thousands_of_the_files_lines_is_read_by_lookup() {
    // Model output may hold as many lines as a section allows; each is looked up, not scanned for.
    let globals: String = (0..4000).map(|i| format!("G{i} = {i}\n")).collect();
    let before = format!("{globals}\n\ndef f():\n    return 1\n");
    let block = format!("{globals}\n\ndef f():\n    return 2\n");
    let edits = definition_edits(&path(), &before, &block, 1).unwrap().unwrap();
    assert_eq!(apply_all(&before, &edits), before.replace("return 1", "return 2"));
}

const BACKOFF_JS: &str = "'use strict';\n\nconst DEFAULTS = { baseMs: 100, factor: 2 };\n\n// Delay before retry `attempt`.\nfunction backoffDelay(attempt, options = {}) {\n  const { baseMs, factor } = { ...DEFAULTS, ...options };\n  return baseMs * factor ** attempt;\n}\n\nfunction backoffSchedule(retries) {\n  return [1, 2].map((a) => backoffDelay(a));\n}\n\nmodule.exports = { backoffDelay, backoffSchedule };\n";

#[test]
fn a_javascript_function_given_whole_replaces_its_namesake_and_a_new_export_list_the_old() {
    let js = RepoPath::parse("backoff.js").unwrap();
    let block = "// Fixed.\nfunction backoffDelay(attempt, options = {}) {\n  const { baseMs, factor } = { ...DEFAULTS, ...options };\n  return baseMs * factor ** (attempt - 1);\n}\n\nconsole.log(backoffDelay(1));\n";
    let after = apply_all(BACKOFF_JS, &definition_edits(&js, BACKOFF_JS, block, 1).unwrap().unwrap());
    assert_eq!(after, BACKOFF_JS.replace("factor ** attempt;", "factor ** (attempt - 1);"), "the demo is left out");
    let with_exports = "function backoffSchedule(retries) {\n  return [];\n}\n\nmodule.exports = { backoffDelay, backoffSchedule, retry };\n";
    let after = apply_all(BACKOFF_JS, &definition_edits(&js, BACKOFF_JS, with_exports, 1).unwrap().unwrap());
    assert!(
        after.ends_with("  return [];\n}\n\nmodule.exports = { backoffDelay, backoffSchedule, retry };\n"),
        "{after}"
    );
    assert!(after.contains("// Delay before retry `attempt`.\nfunction backoffDelay"), "{after}");
}

const BUS_JS: &str = "class EventBus {\n  constructor() {\n    this.handlers = new Map();\n  }\n\n  on(event, handler) {\n    this.handlers.set(event, handler);\n    return this;\n  }\n\n  listenerCount(event) {\n    return this.handlers.has(event) ? 1 : 0;\n  }\n}\n\nmodule.exports = { EventBus };\n";

#[test]
fn a_method_given_alone_goes_into_the_files_one_class_replacing_its_namesake_or_after_the_last() {
    let js = RepoPath::parse("eventbus.js").unwrap();
    let block = "on(event, handler) {\n  this.handlers.set(event, [handler]);\n  return this;\n}\n\nonce(event, handler) {\n  return this.on(event, handler);\n}\n";
    let after = apply_all(BUS_JS, &definition_edits(&js, BUS_JS, block, 1).unwrap().unwrap());
    assert!(
        after.contains("  on(event, handler) {\n    this.handlers.set(event, [handler]);\n    return this;\n  }\n"),
        "{after}"
    );
    assert!(
        after.contains("    return this.handlers.has(event) ? 1 : 0;\n  }\n\n  once(event, handler) {\n    return this.on(event, handler);\n  }\n}\n\nmodule.exports"),
        "the new method, at the class's depth, after its last: {after}"
    );
    // Still indented as in the class: read the same.
    let indented = "  on(event, handler) {\n    return null;\n  }\n";
    let after = apply_all(BUS_JS, &definition_edits(&js, BUS_JS, indented, 1).unwrap().unwrap());
    assert!(after.contains("  on(event, handler) {\n    return null;\n  }\n\n  listenerCount"), "{after}");
}

const PAGER_RS: &str = "use std::ops::Range;\n\npub struct Pager {\n    pub total: usize,\n    pub per_page: usize,\n}\n\nimpl Pager {\n    pub fn new(total: usize, per_page: usize) -> Pager {\n        Pager { total, per_page }\n    }\n\n    /// Number of pages.\n    pub fn page_count(&self) -> usize {\n        self.total / self.per_page\n    }\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn one() {}\n}\n";

#[test]
fn a_rust_method_alone_or_in_its_impl_replaces_the_impls_method() {
    let rs = RepoPath::parse("src/lib.rs").unwrap();
    let fixed = "        self.total.div_ceil(self.per_page).max(1)\n";
    let want = PAGER_RS.replace("        self.total / self.per_page\n", fixed);
    let alone = "/// Pages, the last one partly full.\npub fn page_count(&self) -> usize {\n    self.total.div_ceil(self.per_page).max(1)\n}\n";
    assert_eq!(apply_all(PAGER_RS, &definition_edits(&rs, PAGER_RS, alone, 1).unwrap().unwrap()), want);
    let in_impl = "impl Pager {\n    pub fn page_count(&self) -> usize {\n        self.total.div_ceil(self.per_page).max(1)\n    }\n}\n";
    assert_eq!(apply_all(PAGER_RS, &definition_edits(&rs, PAGER_RS, in_impl, 1).unwrap().unwrap()), want);
    // A free function of the same name is not a method: it goes after the file's units.
    let free = "pub fn page_count(total: usize) -> usize {\n    total\n}\n";
    assert_eq!(definition_edits(&rs, PAGER_RS, free, 1), None, "it replaces none of the file's definitions");
}

#[test]
fn a_rust_block_under_no_path_goes_to_the_shown_file_defining_its_method() {
    let shown: Vec<Shown> = vec![
        (RepoPath::parse("Cargo.toml").unwrap(), "[package]\nname = \"pager\"\n".into()),
        (RepoPath::parse("src/lib.rs").unwrap(), PAGER_RS.into()),
    ];
    let answer = "The division must round up.\n\n```rust\npub fn page_count(&self) -> usize {\n    self.total.div_ceil(self.per_page).max(1)\n}\n```\n";
    let edits = crate::edit::parse_edits(answer, &shown).unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].path.to_string(), "src/lib.rs");
    assert!(apply_all(PAGER_RS, &edits).contains("div_ceil"));
}

#[test]
fn a_class_header_over_lines_and_a_method_signature_over_lines_are_read() {
    let file = "class Cache(\n    Base,\n):\n    def get(self, key):\n        return None\n\n    def put(self, key, value):\n        pass\n";
    let block = "class Cache(\n    Base,\n):\n    def get(self, key):\n        return 1\n";
    let after = apply_all(file, &definition_edits(&path(), file, block, 1).unwrap().unwrap());
    assert_eq!(after, file.replace("return None", "return 1"), "put stays");
    let rs = RepoPath::parse("src/lib.rs").unwrap();
    let alone = "pub fn page_count(\n    &self,\n) -> usize {\n    self.total.div_ceil(self.per_page).max(1)\n}\n";
    let after = apply_all(PAGER_RS, &definition_edits(&rs, PAGER_RS, alone, 1).unwrap().unwrap());
    assert!(
        after.contains("    pub fn page_count(\n        &self,\n    ) -> usize {\n        self.total.div_ceil"),
        "{after}"
    );
    // A TypeScript interface given alone is no method: it does not go into the file's one class.
    let ts = RepoPath::parse("bus.ts").unwrap();
    assert_eq!(definition_edits(&ts, BUS_JS, "interface Options {\n  once: boolean;\n}\n", 1), None);
}

#[test]
fn a_block_of_only_new_definitions_is_added_after_the_files_last_and_a_test_method_into_its_class() {
    let tests = RepoPath::parse("tests/test_calc.py").unwrap();
    let pytest = "from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n";
    let block = "from calc import add, neg\n\ndef test_neg():\n    assert neg(2) == -2\n";
    assert_eq!(definition_edits(&tests, pytest, block, 1), None, "it replaces none of the file's definitions");
    let after = apply_all(pytest, &laid_in(&tests, pytest, block, 1, Fit::AllNew).unwrap().unwrap());
    assert_eq!(
        after,
        "from calc import add\nfrom calc import add, neg\n\n\ndef test_add():\n    assert add(1, 2) == 3\n\n\n\
def test_neg():\n    assert neg(2) == -2\n"
    );
    let unittest = "import unittest\n\n\nclass TestCalc(unittest.TestCase):\n    def test_add(self):\n        \
self.assertEqual(1 + 2, 3)\n";
    let method = "def test_neg(self):\n    self.assertEqual(-2, -2)\n";
    let after = apply_all(unittest, &definition_edits(&tests, unittest, method, 1).unwrap().unwrap());
    assert!(
        after.ends_with(
            "        self.assertEqual(1 + 2, 3)\n\n    def test_neg(self):\n        self.assertEqual(-2, -2)\n"
        ),
        "{after}"
    );
    // A namesake is definition_edits' to place; nothing defined is no addition.
    assert_eq!(laid_in(&tests, pytest, "def test_add():\n    pass\n", 1, Fit::AllNew), None);
    assert_eq!(laid_in(&tests, pytest, "import os\n", 1, Fit::AllNew), None);
    // Never a test function into code, nor a method where no one class can take it.
    let code = RepoPath::parse("calc.py").unwrap();
    let calc = "def add(a, b):\n    return a + b\n";
    assert_eq!(laid_in(&code, calc, "def test_add():\n    assert add(1, 2) == 3\n", 1, Fit::AllNew), None);
    let two = "class A:\n    def f(self):\n        pass\n\n\nclass B:\n    def g(self):\n        pass\n";
    assert_eq!(laid_in(&code, two, "def h(self):\n    return 1\n", 1, Fit::AllNew), None);
    // A new function goes before a closing demo, which calls what is above it.
    let script = "def add(a, b):\n    return a + b\n\n\nif __name__ == \"__main__\":\n    print(add(1, 2))\n";
    let after =
        apply_all(script, &laid_in(&code, script, "def neg(a):\n    return -a\n", 1, Fit::AllNew).unwrap().unwrap());
    assert!(after.starts_with("def add(a, b):\n    return a + b\n\n\ndef neg(a):\n    return -a\n"), "{after}");
    assert!(after.ends_with("if __name__ == \"__main__\":\n    print(add(1, 2))\n"), "{after}");
}

#[test]
fn named_definitions_are_taken_out_with_their_decorators_and_attributes() {
    let tests = RepoPath::parse("tests/test_calc.py").unwrap();
    let file =
        "from calc import add\n\n\ndef test_a():\n    assert add(1, 1) == 2\n\n\n@mark\ndef test_b():\n    assert 0\n";
    let kept = without_definitions(&tests, file, &["test_b"]).unwrap();
    assert!(kept.contains("def test_a()") && !kept.contains("test_b") && !kept.contains("@mark"), "{kept}");
    let rs = RepoPath::parse("tests/stats.rs").unwrap();
    let file = "use stats::mean;\n\n#[test]\nfn one() {\n    assert!(true);\n}\n\n#[test]\nfn two() {\n    assert!(false);\n}\n";
    assert_eq!(
        without_definitions(&rs, file, &["two"]).unwrap().trim_end(),
        "use stats::mean;\n\n#[test]\nfn one() {\n    assert!(true);\n}"
    );
    // A name defined nowhere, or a language not read: nothing taken out.
    assert_eq!(without_definitions(&tests, "def a():\n    pass\n", &["b"]), None);
    assert_eq!(
        without_definitions(&RepoPath::parse("x_test.go").unwrap(), "func TestA(t *testing.T) {}\n", &["TestA"]),
        None
    );
}

#[test]
fn a_definitions_text_is_found_at_the_top_or_as_the_one_method_of_its_name() {
    let path = RepoPath::parse("shop.py").unwrap();
    let text = "import os\n\n\n@cache\ndef total(xs):\n    return sum(xs)\n\n\nclass Cart:\n    def add(self, x):\n        self.items.append(x)\n\n    def size(self):\n        return len(self.items)\n";
    assert_eq!(definition_text(&path, text, "total").unwrap(), "@cache\ndef total(xs):\n    return sum(xs)");
    assert_eq!(definition_text(&path, text, "add").unwrap(), "    def add(self, x):\n        self.items.append(x)");
    assert_eq!(definition_text(&path, text, "missing"), None);
    let twice = "def f():\n    pass\n\n\ndef f():\n    pass\n";
    assert_eq!(definition_text(&path, twice, "f"), None, "a name defined twice is no one definition");
    assert_eq!(definition_text(&RepoPath::parse("notes.txt").unwrap(), "def f(): pass", "f"), None);
}
