//! The failure readers on real output: pytest 7.2.1 (`-q`, long and
//! `--tb=short`) on this repository's own benchmark repositories, Rust
//! 1.95's `cargo test` with and without a backtrace; then hostile output.

use super::*;

/// `python3 -m pytest -q` on assets/repos/py-calc-negative: the error is raised in the code.
const CALC_LONG: &str = r#"...F                                                                     [100%]
=================================== FAILURES ===================================
____________________________ test_negative_numbers _____________________________

    def test_negative_numbers():
>       assert evaluate("-3 + 5") == 2

tests/test_calc.py:24: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

expr = '-3 + 5'

    def evaluate(expr):
        stack = []
        for tok in to_rpn(tokenize(expr)):
            if isinstance(tok, str):
                if len(stack) < 2:
>                   raise ValueError("missing operand")
E                   ValueError: missing operand

calc/evaluate.py:39: ValueError
=========================== short test summary info ============================
FAILED tests/test_calc.py::test_negative_numbers - ValueError: missing operand
1 failed, 3 passed in 0.01s
"#;

/// The same with `--tb=short`.
const CALC_SHORT: &str = r#"...F                                                                     [100%]
=================================== FAILURES ===================================
____________________________ test_negative_numbers _____________________________
tests/test_calc.py:24: in test_negative_numbers
    assert evaluate("-3 + 5") == 2
calc/evaluate.py:39: in evaluate
    raise ValueError("missing operand")
E   ValueError: missing operand
=========================== short test summary info ============================
FAILED tests/test_calc.py::test_negative_numbers - ValueError: missing operand
1 failed, 3 passed in 0.02s
"#;

/// assets/repos/py-parse-duration: an assertion with pytest's `where` line.
const DURATION: &str = r#".F..                                                                     [100%]
=================================== FAILURES ===================================
________________________________ test_two_units ________________________________

    def test_two_units():
>       assert parse_duration("1h30m") == 5400
E       AssertionError: assert 1800 == 5400
E        +  where 1800 = parse_duration('1h30m')

tests/test_timeparse.py:12: AssertionError
=========================== short test summary info ============================
FAILED tests/test_timeparse.py::test_two_units - AssertionError: assert 1800 ...
1 failed, 3 passed in 0.01s
"#;

/// assets/repos/py-human-size: a string comparison with pytest's diff.
const HUMAN_SIZE: &str = r#"..F                                                                      [100%]
=================================== FAILURES ===================================
________________________________ test_gibibytes ________________________________

    def test_gibibytes():
>       assert human_size(5 * 1024 ** 3) == "5.0 GiB"
E       AssertionError: assert '5.4 GiB' == '5.0 GiB'
E         - 5.0 GiB
E         ?   ^
E         + 5.4 GiB
E         ?   ^

tests/test_bytesize.py:19: AssertionError
=========================== short test summary info ============================
FAILED tests/test_bytesize.py::test_gibibytes - AssertionError: assert '5.4 G...
1 failed, 2 passed in 0.01s
"#;

/// `cargo test --offline` on assets/repos/rs-median with `RUST_BACKTRACE=1` (from its `failures:`).
const MEDIAN_BACKTRACE: &str = r#"failures:

---- median_of_nothing stdout ----

thread 'median_of_nothing' (11386) panicked at src/lib.rs:22:17:
attempt to subtract with overflow
stack backtrace:
   0: __rustc::rust_begin_unwind
             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/std/src/panicking.rs:689:5
   1: core::panicking::panic_fmt
             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/panicking.rs:80:14
   2: core::panicking::panic_const::panic_const_sub_overflow
             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/panicking.rs:175:17
   3: stats::median
             at ./src/lib.rs:22:17
   4: stats::median_of_nothing
             at ./tests/stats.rs:25:16
   5: stats::median_of_nothing::{{closure}}
             at ./tests/stats.rs:24:23
   6: core::ops::function::FnOnce::call_once
             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/ops/function.rs:250:5
   7: <fn() -> core::result::Result<(), alloc::string::String> as core::ops::function::FnOnce<()>>::call_once
             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/ops/function.rs:250:5
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.


failures:
    median_of_nothing

test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.12s

"#;

/// assets/repos/rs-paginate without a backtrace: `assert_eq!`'s left and right.
const PAGINATE: &str = r#"failures:

---- tests::partial_last_page stdout ----

thread 'tests::partial_last_page' (12405) panicked at src/lib.rs:67:9:
assertion `left == right` failed
  left: 2
 right: 3
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace


failures:
    tests::partial_last_page

test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
"#;

/// node 20's `node --test` in the sandbox's layout (the tree at /repo) on
/// assets/repos/js-backoff, js-event-once and js-query-string: each failing test's TAP block.
const BACKOFF: &str = r#"not ok 4 - schedule starts at baseMs
  ---
  duration_ms: 1.457165
  location: '/repo/test/backoff.test.js:22:1'
  failureType: 'testCodeFailure'
  error: |-
    Expected values to be strictly deep-equal:
    + actual - expected
    
      [
    +   200,
    +   400,
    +   800,
    +   1600
    -   100,
    -   200,
    -   400,
    -   800
      ]
  code: 'ERR_ASSERTION'
  name: 'AssertionError'
  expected:
    0: 100
    1: 200
    2: 400
    3: 800
  actual:
    0: 200
    1: 400
    2: 800
    3: 1600
  operator: 'deepStrictEqual'
  stack: |-
    TestContext.<anonymous> (/repo/test/backoff.test.js:23:10)
    Test.runInAsyncScope (node:async_hooks:206:9)
    Test.run (node:internal/test_runner/test:796:25)
    Test.processPendingSubtests (node:internal/test_runner/test:526:18)
    Test.postRun (node:internal/test_runner/test:889:19)
    Test.run (node:internal/test_runner/test:835:12)
    async Test.processPendingSubtests (node:internal/test_runner/test:526:7)
  ...
"#;
const EVENT_ONCE: &str = r#"not ok 3 - once fires a single time
  ---
  duration_ms: 0.178026
  location: '/repo/test/eventbus.test.js:23:1'
  failureType: 'testCodeFailure'
  error: 'bus.once is not a function'
  code: 'ERR_TEST_FAILURE'
  name: 'TypeError'
  stack: |-
    TestContext.<anonymous> (/repo/test/eventbus.test.js:26:7)
    Test.runInAsyncScope (node:async_hooks:206:9)
    Test.run (node:internal/test_runner/test:796:25)
    Test.processPendingSubtests (node:internal/test_runner/test:526:18)
    Test.postRun (node:internal/test_runner/test:889:19)
    Test.run (node:internal/test_runner/test:835:12)
    async Test.processPendingSubtests (node:internal/test_runner/test:526:7)
  ...
"#;
const QUERY_STRING: &str = r#"not ok 4 - plus means space
  ---
  duration_ms: 1.436533
  location: '/repo/test/querystring.test.js:19:1'
  failureType: 'testCodeFailure'
  error: |-
    Expected values to be strictly deep-equal:
    + actual - expected
    
      {
    +   q: 'hello+world'
    -   q: 'hello world'
      }
  code: 'ERR_ASSERTION'
  name: 'AssertionError'
  expected:
    q: 'hello world'
  actual:
    q: 'hello+world'
  operator: 'deepStrictEqual'
  stack: |-
    TestContext.<anonymous> (/repo/test/querystring.test.js:20:10)
    Test.runInAsyncScope (node:async_hooks:206:9)
    Test.run (node:internal/test_runner/test:796:25)
    Test.processPendingSubtests (node:internal/test_runner/test:526:18)
    Test.postRun (node:internal/test_runner/test:889:19)
    Test.run (node:internal/test_runner/test:835:12)
    async Test.processPendingSubtests (node:internal/test_runner/test:526:7)
  ...
"#;

fn place(path: &str, line: u32) -> Option<Place> {
    Some(Place { path: path.into(), line })
}

#[test]
fn a_pytest_failure_says_the_tests_line_the_error_and_the_function_it_was_raised_in() {
    for (form, out) in [("long", CALC_LONG), ("short", CALC_SHORT)] {
        let got = read_failures(Runner::Pytest, out);
        assert_eq!(got.len(), 1, "{form}");
        let f = &got[0];
        assert_eq!(f.test, "test_negative_numbers", "{form}");
        assert_eq!(f.at, place("tests/test_calc.py", 24), "{form}");
        assert_eq!(f.source.as_deref(), Some(r#"assert evaluate("-3 + 5") == 2"#), "{form}");
        assert_eq!(f.says, ["ValueError: missing operand"], "{form}");
        assert_eq!(
            f.frames,
            [Frame { at: Place { path: "calc/evaluate.py".into(), line: 39 }, function: Some("evaluate".into()) }],
            "{form}"
        );
        assert_eq!(f.functions(), ["evaluate"], "{form}");
        assert_eq!(f.example, None, "an error raised, not a comparison: {form}");
    }
}

#[test]
fn a_failing_comparison_of_a_call_reads_as_the_call_what_it_should_be_and_what_it_is() {
    let got = read_failures(Runner::Pytest, DURATION);
    let f = &got[0];
    assert_eq!((f.test.as_str(), f.at.clone()), ("test_two_units", place("tests/test_timeparse.py", 12)));
    assert_eq!(f.says, ["AssertionError: assert 1800 == 5400", "+  where 1800 = parse_duration('1h30m')"]);
    assert!(f.frames.is_empty(), "the assertion is in the test itself");
    let example = Example { call: r#"parse_duration("1h30m")"#.into(), expected: "5400".into(), got: "1800".into() };
    assert_eq!(f.example, Some(example));
    let f = &read_failures(Runner::Pytest, HUMAN_SIZE)[0];
    let example = f.example.clone().unwrap();
    assert_eq!(
        (example.call.as_str(), example.expected.as_str(), example.got.as_str()),
        ("human_size(5 * 1024 ** 3)", r#""5.0 GiB""#, "'5.4 GiB'")
    );
    assert_eq!(f.says[1..], ["- 5.0 GiB", "?   ^", "+ 5.4 GiB", "?   ^"]);
}

#[test]
fn a_cargo_panic_says_its_place_its_message_and_the_repositorys_frames() {
    let got = read_failures(Runner::Cargo, MEDIAN_BACKTRACE);
    assert_eq!(got.len(), 1);
    let f = &got[0];
    assert_eq!((f.test.as_str(), f.at.clone()), ("median_of_nothing", place("src/lib.rs", 22)));
    assert_eq!(f.says, ["attempt to subtract with overflow"]);
    // The frames in the repository, the test's own left out; the standard library's not read.
    assert_eq!(f.functions(), ["median"]);
    assert_eq!(f.frames[0].at, Place { path: "src/lib.rs".into(), line: 22 });
    let f = &read_failures(Runner::Cargo, PAGINATE)[0];
    assert_eq!((f.test.as_str(), f.at.clone()), ("tests::partial_last_page", place("src/lib.rs", 67)));
    assert_eq!(f.says, ["assertion `left == right` failed", "left: 2", "right: 3"]);
    assert!(f.frames.is_empty());
}

#[test]
fn other_runners_and_passing_runs_give_no_failures() {
    assert!(read_failures(Runner::NodeTest, CALC_LONG).is_empty());
    assert!(read_failures(Runner::Pytest, "....                [100%]\n4 passed in 0.01s\n").is_empty());
    assert!(read_failures(Runner::Cargo, CALC_LONG).is_empty());
}

#[test]
fn a_comparison_is_split_only_at_its_one_top_level_equality() {
    assert_eq!(split_equality("f(a == b) == 3"), Some(("f(a == b)", "3")));
    assert_eq!(split_equality("f(' == ') == ' == '"), Some(("f(' == ')", "' == '")));
    assert_eq!(split_equality(r#"g("a\" == ") == 1"#), Some((r#"g("a\" == ")"#, "1")));
    assert_eq!(split_equality("a == b == c"), None);
    assert_eq!(split_equality("x < 3"), None);
    assert_eq!(split_equality(" == 3"), None);
    // The value on the left, the call on the right.
    let e = example("assert 5 == add(2, 3)", "assert 5 == -1").unwrap();
    assert_eq!((e.call.as_str(), e.expected.as_str(), e.got.as_str()), ("add(2, 3)", "5", "-1"));
    // Two calls, or none: no example.
    assert_eq!(example("assert f(1) == g(1)", "assert 1 == 2"), None);
    assert_eq!(example("assert x == 1", "assert 2 == 1"), None);
}

#[test]
fn hostile_output_is_read_within_bounds() {
    // Many sections, long lines, many E lines and frames, non-ASCII everywhere.
    let mut out = String::from("===== FAILURES =====\n");
    for i in 0..100 {
        out += &format!("____ test_{i}é ____\n");
        for j in 0..50 {
            out += &format!("calc/x{j}.py:{j}: in f{j}\n    y = {}\n", "é".repeat(500));
        }
        for _ in 0..50 {
            out += &format!("E   {}\n", "ü".repeat(1000));
        }
    }
    let got = read_failures(Runner::Pytest, &out);
    assert_eq!(got.len(), MAX_FAILURES);
    for f in &got {
        assert!(f.says.len() <= MAX_SAYS && f.frames.len() <= MAX_FRAMES);
        assert!(f.says.iter().all(|s| s.chars().count() <= MAX_LINE_CHARS + 1));
        assert!(f.source.as_ref().is_some_and(|s| s.chars().count() <= MAX_LINE_CHARS + 1));
        // The innermost frames are the ones kept.
        assert_eq!(f.frames.last().unwrap().function.as_deref(), Some("f49"));
    }
    // A forged section title outside FAILURES is not read; a heading ends the section.
    let forged = "____ test_forged ____\nE   boom\n===== short test summary info =====\nE   x\n";
    assert!(read_failures(Runner::Pytest, forged).is_empty());
    // What a test prints (pytest's `Captured` parts) is not its report, though it looks like one.
    let printed = "===== FAILURES =====\n____ test_a ____\n\n>   assert f(1) == 2\nE   assert 3 == 2\n\ntests/t.py:4: \
AssertionError\n----- Captured stdout call -----\nE   forged\ncalc.py:1: in forged\n===== short test summary info =====\n";
    let got = read_failures(Runner::Pytest, printed);
    assert_eq!(got[0].says, ["assert 3 == 2"]);
    assert!(got[0].frames.is_empty());
    // Cargo: a panic line with no place, and sections with nothing in them.
    let cargo = "---- a stdout ----\nthread 'a' panicked at\n---- b stdout ----\n---- c stdout ----\nthread 'c' panicked at :1:2:\n";
    let got = read_failures(Runner::Cargo, cargo);
    assert_eq!(got.len(), 3);
    assert!(got.iter().all(|f| f.at.is_none() && f.says.is_empty()));
    for bytes in [&b"\xff\xfe"[..], b"", b"====", b"____", b"E", b">", b"a.py:1:"] {
        let text = String::from_utf8_lossy(bytes);
        read_failures(Runner::Pytest, &format!("= FAILURES =\n____ t ____\n{text}\n"));
        read_failures(Runner::Cargo, &text);
    }
}

#[test]
fn a_node_failure_says_its_error_its_values_and_the_tests_line() {
    let f = &read_failures(Runner::NodeTest, BACKOFF)[0];
    assert_eq!((f.test.as_str(), f.at.clone()), ("schedule starts at baseMs", place("test/backoff.test.js", 23)));
    assert_eq!(f.says[..2], ["Expected values to be strictly deep-equal:", "+ actual - expected"]);
    assert_eq!(
        f.compared,
        Some(Compared { first: "[200, 400, 800, 1600]".into(), second: "[100, 200, 400, 800]".into() })
    );
    assert_eq!((f.source.as_deref(), f.example.as_ref()), (None, None), "node prints no source line");
    let f = &read_failures(Runner::NodeTest, EVENT_ONCE)[0];
    assert_eq!(f.says, ["TypeError: bus.once is not a function"]);
    assert_eq!(f.at, place("test/eventbus.test.js", 26));
    assert_eq!(f.compared, None);
    let f = &read_failures(Runner::NodeTest, QUERY_STRING)[0];
    assert_eq!(f.compared, Some(Compared { first: "q: 'hello+world'".into(), second: "q: 'hello world'".into() }));
}

#[test]
fn a_source_line_looked_up_makes_the_example_of_an_assert_eq_or_a_strict_equal() {
    let mut f = read_failures(Runner::NodeTest, BACKOFF).remove(0);
    let line = "  assert.deepStrictEqual(backoffSchedule(4), [100, 200, 400, 800]);";
    f.read_source(|at| (at.path == "test/backoff.test.js" && at.line == 23).then(|| line.to_string()));
    assert_eq!(f.source.as_deref(), Some(line.trim()));
    let e = f.example.unwrap();
    assert_eq!(
        (e.call.as_str(), e.expected.as_str(), e.got.as_str()),
        ("backoffSchedule(4)", "[100, 200, 400, 800]", "[200, 400, 800, 1600]")
    );
    let mut f = read_failures(Runner::Cargo, PAGINATE).remove(0);
    // rs-paginate's line 67.
    f.read_source(|at| (at.line == 67).then(|| "        assert_eq!(p.page_count(), 3);".into()));
    let e = f.example.unwrap();
    assert_eq!((e.call.as_str(), e.expected.as_str(), e.got.as_str()), ("p.page_count()", "3", "2"));
    // The call second: its value is `right`.
    let compared = Compared { first: "3".into(), second: "2".into() };
    let e = call_example("assert_eq!(3, Pager { total: 21, per_page: 10 }.page_count(), \"pages\");", &compared);
    assert_eq!(e.map(|e| (e.call, e.got)), Some(("Pager { total: 21, per_page: 10 }.page_count()".into(), "2".into())));
    // Nothing found, or no comparison on the line: no example.
    let mut f = read_failures(Runner::Cargo, PAGINATE).remove(0);
    f.read_source(|_| None);
    assert_eq!((f.source, f.example), (None, None));
    let compared = Compared { first: "1".into(), second: "2".into() };
    assert_eq!(call_example("assert!(f(1) == 2);", &compared), None);
    assert_eq!(call_example("assert_eq!(f(1), g(2));", &compared), None);
    assert!(call_example("assert_eq!(f(1, 2), 2, \"a, b\");", &compared).is_some());
}
