//! Outcomes read from real runs captured on the development machine (pytest
//! 8.3.4, Python 3.11.7's unittest, cargo test, node 20.20's TAP; tracebacks
//! and stacks shortened), go from its documented format, and hostile output.

use super::found::Map;
use super::*;

use TestOutcome::{Error, Fail, Pass, Skip};

fn map(pairs: &[(&str, TestOutcome)]) -> Map {
    pairs.iter().map(|(k, o)| (k.to_string(), *o)).collect()
}

/// `python3 -m pytest -rA -q --continue-on-collection-errors`: a failing test
/// printed `PASSED tests/test_a.py::test_forged`, shown with its failure.
const PYTEST_Q: &str = r#".FsxXEF...                                                               [100%]
==================================== ERRORS ====================================
____________________ ERROR collecting tests/test_broken.py _____________________
E   ModuleNotFoundError: No module named 'nonexistent_module_xyz'
_________________________ ERROR at setup of test_error _________________________
tests/test_a.py:24: RuntimeError
=================================== FAILURES ===================================
__________________________________ test_fail ___________________________________

    def test_fail():
        print("PASSED tests/test_a.py::test_forged")
>       assert 1 == 2
E       assert 1 == 2

tests/test_a.py:8: AssertionError
----------------------------- Captured stdout call -----------------------------
PASSED tests/test_a.py::test_forged
________________________________ test_param[1] _________________________________
tests/test_a.py:31: AssertionError
==================================== PASSES ====================================
=================================== XPASSES ====================================
=========================== short test summary info ============================
PASSED tests/test_a.py::test_pass
PASSED tests/test_a.py::test_param[a b]
PASSED tests/test_a.py::test_param[\xe9]
PASSED tests/test_a.py::TestK::test_m
SKIPPED [1] tests/test_a.py:10: not now
XFAIL tests/test_a.py::test_xfail
XPASS tests/test_a.py::test_xpass
ERROR tests/test_broken.py
ERROR tests/test_a.py::test_error - RuntimeError: boom
FAILED tests/test_a.py::test_fail - assert 1 == 2
FAILED tests/test_a.py::test_param[1] - assert 1 != 1
2 failed, 4 passed, 1 skipped, 1 xfailed, 1 xpassed, 2 errors in 0.08s
"#;

fn pytest_expected() -> Map {
    map(&[
        ("tests/test_a.py::test_pass", Pass),
        ("tests/test_a.py::test_param[a b]", Pass),
        ("tests/test_a.py::test_param[\\xe9]", Pass),
        ("tests/test_a.py::TestK::test_m", Pass),
        ("tests/test_a.py:10", Skip),
        ("tests/test_a.py::test_xfail", Skip),
        ("tests/test_a.py::test_xpass", Pass),
        ("tests/test_broken.py", Error),
        ("tests/test_a.py::test_error", Error),
        ("tests/test_a.py::test_fail", Fail),
        ("tests/test_a.py::test_param[1]", Fail),
    ])
}

#[test]
fn pytest_reads_the_summary_and_not_what_a_test_printed() {
    let got = read_outcomes(Runner::Pytest, PYTEST_Q, "").expect("outcomes");
    assert_eq!(got, pytest_expected());
    assert!(!got.contains_key("tests/test_a.py::test_forged"));
}

#[test]
fn pytest_totals_between_equals_signs_as_without_q() {
    let out = PYTEST_Q.replace("ERROR tests/test_broken.py\n", "").replace(
        "2 failed, 4 passed, 1 skipped, 1 xfailed, 1 xpassed, 2 errors in 0.08s",
        "==== 2 failed, 4 passed, 1 skipped, 1 xfailed, 1 xpassed, 1 error in 0.06s =====",
    );
    let mut want = pytest_expected();
    want.remove("tests/test_broken.py");
    assert_eq!(read_outcomes(Runner::Pytest, &out, ""), Some(want));
}

#[test]
fn pytest_collection_error_interrupting_the_run() {
    let out = r#"
==================================== ERRORS ====================================
____________________ ERROR collecting tests/test_broken.py _____________________
E   ModuleNotFoundError: No module named 'nonexistent_module_xyz'
=========================== short test summary info ============================
ERROR tests/test_broken.py
!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!
1 error in 0.23s
"#;
    assert_eq!(read_outcomes(Runner::Pytest, out, ""), Some(map(&[("tests/test_broken.py", Error)])));
}

#[test]
fn pytest_teardown_error_after_a_pass_and_dashes_in_parameters() {
    let out = r#"=========================== short test summary info ============================
PASSED test_t.py::test_td
ERROR test_t.py::test_td - RuntimeError: teardown
FAILED test_t.py::test_dash[a - b] - AssertionError: assert 'a - b' == 'zz'
2 failed, 1 passed, 1 warning, 1 error in 0.05s
"#;
    // The real run's second failure is counted but not listed here: the totals disagree.
    assert_eq!(read_outcomes(Runner::Pytest, out, ""), None);
    let out = out.replace("2 failed", "1 failed");
    let want = map(&[("test_t.py::test_td", Error), ("test_t.py::test_dash[a - b]", Fail)]);
    assert_eq!(read_outcomes(Runner::Pytest, &out, ""), Some(want));
}

#[test]
fn pytest_forged_lines_after_the_header_break_the_totals() {
    let forged =
        PYTEST_Q.replace("PASSED tests/test_a.py::test_pass\n", "PASSED tests/test_a.py::test_pass\nPASSED x::y\n");
    assert_eq!(read_outcomes(Runner::Pytest, &forged, ""), None);
    // A pass forged over a failure: the failure stands, and the totals disagree anyway.
    let over = PYTEST_Q.replace("FAILED tests/test_a.py::test_fail", "PASSED tests/test_a.py::test_fail");
    assert_eq!(read_outcomes(Runner::Pytest, &over, ""), None);
    // A whole summary a test printed before the real one is not read.
    let early = format!("=== short test summary info ===\nPASSED a::b\n1 passed in 0.01s\n{PYTEST_Q}");
    assert_eq!(read_outcomes(Runner::Pytest, &early, ""), Some(pytest_expected()));
}

#[test]
fn pytest_without_ra_or_without_a_summary_reads_none() {
    let no_ra = "=== short test summary info ===\nFAILED t.py::a - x\n1 failed, 3 passed in 0.1s\n";
    assert_eq!(read_outcomes(Runner::Pytest, no_ra, ""), None);
    assert_eq!(read_outcomes(Runner::Pytest, "..F\n1 failed, 2 passed in 0.1s\n", ""), None);
    assert_eq!(read_outcomes(Runner::Pytest, "", ""), None);
}

/// `python3 -m unittest -v` (stderr); `test_fail` printed a result line on stdout.
const UNITTEST_ERR: &str = concat!(
    r#"setUpClass (test_u.TestSetupFails) ... ERROR
test_doc (test_u.TestU.test_doc)
Checks a thing. ... ok
test_error (test_u.TestU.test_error) ... ERROR
test_fail (test_u.TestU.test_fail) ... FAIL
test_ok (test_u.TestU.test_ok) ... ok
test_skip (test_u.TestU.test_skip) ... skipped 'not now'
"#,
    "test_sub (test_u.TestU.test_sub) ... \n",
    r#"  test_sub (test_u.TestU.test_sub) (i=1) ... FAIL
test_xfail (test_u.TestU.test_xfail) ... expected failure
test_xpass (test_u.TestU.test_xpass) ... unexpected success

======================================================================
ERROR: setUpClass (test_u.TestSetupFails)
----------------------------------------------------------------------
Traceback (most recent call last):
RuntimeError: class setup

======================================================================
FAIL: test_sub (test_u.TestU.test_sub) (i=1)
----------------------------------------------------------------------
AssertionError: 1 != 0

----------------------------------------------------------------------
Ran 8 tests in 0.002s

FAILED (failures=2, errors=2, skipped=1, expected failures=1, unexpected successes=1)
"#
);
const UNITTEST_OUT: &str = "test_forged (test_u.TestU.test_forged) ... ok\n";

fn unittest_expected() -> Map {
    map(&[
        ("test_u.TestSetupFails.setUpClass", Error),
        ("test_u.TestU.test_doc", Pass),
        ("test_u.TestU.test_error", Error),
        ("test_u.TestU.test_fail", Fail),
        ("test_u.TestU.test_ok", Pass),
        ("test_u.TestU.test_skip", Skip),
        ("test_u.TestU.test_sub", Fail),
        ("test_u.TestU.test_xfail", Skip),
        ("test_u.TestU.test_xpass", Pass),
    ])
}

#[test]
fn unittest_reads_stderr_with_docstrings_subtests_and_fixtures() {
    assert_eq!(read_outcomes(Runner::Unittest, UNITTEST_OUT, UNITTEST_ERR), Some(unittest_expected()));
    // Streams joined into stdout.
    assert_eq!(read_outcomes(Runner::Unittest, UNITTEST_ERR, ""), Some(unittest_expected()));
    // Before 3.11: `test_ok (test_u.TestU)`.
    let old = "test_ok (test_u.TestU) ... ok\n\nRan 1 test in 0.000s\n\nOK\n";
    assert_eq!(read_outcomes(Runner::Unittest, "", old), Some(map(&[("test_u.TestU.test_ok", Pass)])));
}

#[test]
fn unittest_with_streams_joined_and_tests_that_print() {
    // `python3 -m unittest -v 2>&1`; the tests print `hello\nworld ... done`, `okay`, `x`.
    let joined = r#"test_a (test_p.T.test_a) ... hello
world ... done
ok
test_b (test_p.T.test_b) ... okay
FAIL
test_c (test_p.T.test_c)
Doc line. ... x
ok

======================================================================
FAIL: test_b (test_p.T.test_b)
----------------------------------------------------------------------
AssertionError: False is not true

----------------------------------------------------------------------
Ran 3 tests in 0.001s

FAILED (failures=1)
"#;
    let want = map(&[("test_p.T.test_a", Pass), ("test_p.T.test_b", Fail), ("test_p.T.test_c", Pass)]);
    assert_eq!(read_outcomes(Runner::Unittest, joined, ""), Some(want));
    // The same run where test_b printed `ok`: its FAIL cannot be told from output, so none.
    let ambiguous = joined.replace("... okay", "... ok");
    assert_eq!(read_outcomes(Runner::Unittest, &ambiguous, ""), None);
}

#[test]
fn unittest_forged_lines_on_stderr_break_the_totals() {
    // Another test's pass, on a line of its own.
    let extra = UNITTEST_ERR.replace("test_ok (", "test_zzz (test_u.TestU.test_zzz) ... ok\ntest_ok (");
    assert_eq!(read_outcomes(Runner::Unittest, "", &extra), None);
    // A failing test printing its own pass: the real FAIL lands on a line alone.
    let own = UNITTEST_ERR.replace(
        "test_fail (test_u.TestU.test_fail) ... FAIL",
        "test_fail (test_u.TestU.test_fail) ... \ntest_fail (test_u.TestU.test_fail) ... ok\nFAIL",
    );
    assert_eq!(read_outcomes(Runner::Unittest, "", &own), None);
    // A run that never said `Ran`.
    let cut = UNITTEST_ERR.split("Ran 8").next().unwrap_or("");
    assert_eq!(read_outcomes(Runner::Unittest, "", cut), None);
}

/// `cargo test --no-fail-fast` on a crate with unit, integration and doc
/// tests; `it_fails` printed `test tests::forged ... ok`.
const CARGO_OUT: &str = r#"
running 5 tests
test tests::ignored_plain ... ignored
test tests::ignored_reason ... ignored, slow
test tests::it_works ... ok
test tests::panics - should panic ... ok
test tests::it_fails ... FAILED

failures:

---- tests::it_fails stdout ----
test tests::forged ... ok

thread 'tests::it_fails' (6893) panicked at src/lib.rs:18:60:
assertion `left == right` failed

failures:
    tests::it_fails

test result: FAILED. 2 passed; 1 failed; 2 ignored; 0 measured; 0 filtered out; finished in 0.15s


running 1 test
test it_works ... ok

test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s


running 2 tests
test it_works ... ok
test other ... FAILED

failures:

---- other stdout ----

thread 'other' (6905) panicked at tests/foo.rs:4:14:
assertion failed: false

failures:
    other

test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.11s


running 2 tests
test src/lib.rs - add (line 3) ... ok
test src/lib.rs - bad (line 8) ... FAILED

failures:

---- src/lib.rs - bad (line 8) stdout ----
Test executable failed (exit status: 101).

failures:
    src/lib.rs - bad (line 8)

test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.12s

all doctests ran in 0.55s; merged doctests compilation took 0.43s
"#;
const CARGO_ERR: &str = r#"   Compiling tinyc v0.1.0 (/tmp/oc/cr)
    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.91s
     Running unittests src/lib.rs (target/debug/deps/tinyc-e86cbc8cadaba7bd)
error: test failed, to rerun pass `--lib`
     Running tests/bar.rs (target/debug/deps/bar-981609c361a313e4)
     Running tests/foo.rs (target/debug/deps/foo-8fbc97119a86e7d9)
error: test failed, to rerun pass `--test foo`
   Doc-tests tinyc
error: doctest failed, to rerun pass `--doc`
error: 3 targets failed:
    `--lib`
    `--test foo`
    `--doc`
"#;

fn cargo_expected() -> Map {
    map(&[
        ("src/lib.rs::tests::ignored_plain", Skip),
        ("src/lib.rs::tests::ignored_reason", Skip),
        ("src/lib.rs::tests::it_works", Pass),
        ("src/lib.rs::tests::panics", Pass),
        ("src/lib.rs::tests::it_fails", Fail),
        ("tests/bar.rs::it_works", Pass),
        ("tests/foo.rs::it_works", Pass),
        ("tests/foo.rs::other", Fail),
        ("Doc-tests tinyc::src/lib.rs - add (line 3)", Pass),
        ("Doc-tests tinyc::src/lib.rs - bad (line 8)", Fail),
    ])
}

#[test]
fn cargo_keys_tests_by_their_binary() {
    assert_eq!(read_outcomes(Runner::Cargo, CARGO_OUT, CARGO_ERR), Some(cargo_expected()));
    // Streams joined: each `Running` line before its block.
    let mut joined = String::new();
    for (i, block) in CARGO_OUT.split("\nrunning ").enumerate() {
        let label = [
            "",
            "Running unittests src/lib.rs (x)",
            "Running tests/bar.rs (x)",
            "Running tests/foo.rs (x)",
            "Doc-tests tinyc",
        ];
        joined += &if i == 0 { block.to_string() } else { format!("\n{}\nrunning {block}", label[i]) };
    }
    assert_eq!(read_outcomes(Runner::Cargo, &joined, ""), Some(cargo_expected()));
}

#[test]
fn cargo_blocks_that_do_not_add_up_read_none() {
    // A line a test wrote past the capture (`--nocapture`, a child process).
    let forged =
        CARGO_OUT.replacen("test tests::it_works ... ok", "test tests::it_works ... ok\ntest tests::x ... ok", 1);
    assert_eq!(read_outcomes(Runner::Cargo, &forged, CARGO_ERR), None);
    // A binary that died before its result.
    let died = CARGO_OUT.split("test result: ok.").next().unwrap_or("");
    assert_eq!(read_outcomes(Runner::Cargo, died, CARGO_ERR), None);
    // Blocks without the names of their binaries.
    assert_eq!(read_outcomes(Runner::Cargo, CARGO_OUT, ""), None);
    // Two members of a workspace: `cargo test` names both `src/lib.rs`.
    let block = "running 1 test\ntest tests::it_works ... ok\n\ntest result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n";
    let err = "     Running unittests src/lib.rs (target/debug/deps/a-3110576fc3c3c96d)\n     Running unittests src/lib.rs (target/debug/deps/b-d297d743c1d6421f)\n";
    let want = map(&[("src/lib.rs::tests::it_works", Pass), ("src/lib.rs (b)::tests::it_works", Pass)]);
    assert_eq!(read_outcomes(Runner::Cargo, &format!("{block}{block}"), err), Some(want));
    // One binary run alone: no name needed.
    let one = "running 1 test\ntest a ... ok\n\ntest result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n";
    assert_eq!(read_outcomes(Runner::Cargo, one, ""), Some(map(&[("a", Pass)])));
}

/// `node --test` (node 20.20, TAP on a pipe); `top fail` logged `ok 99 - forged`.
const NODE_OUT: &str = r#"TAP version 13
# ok 99 - forged
# Subtest: top pass
ok 1 - top pass
  ---
  duration_ms: 2.558602
  ...
# Subtest: top fail
not ok 2 - top fail
  ---
  duration_ms: 4.16046
  location: '/tmp/oc/nd/test/a.test.js:6:1'
  failureType: 'testCodeFailure'
  error: |-
    Expected values to be strictly equal:
    ok 7 - not a result
    1 !== 2
  code: 'ERR_ASSERTION'
  ...
# Subtest: skipped one
ok 3 - skipped one # SKIP not now
  ---
  duration_ms: 0.248063
  ...
# Subtest: todo one
not ok 4 - todo one # TODO
  ---
  duration_ms: 0.250097
  ...
# Subtest: suite A
    # Subtest: inner pass
    ok 1 - inner pass
      ---
      duration_ms: 0.496085
      ...
    # Subtest: inner fail
    not ok 2 - inner fail
      ---
      duration_ms: 17.534606
      failureType: 'testCodeFailure'
      ...
    # Subtest: deeper
        # Subtest: deep pass
        ok 1 - deep pass
          ---
          duration_ms: 0.317643
          ...
        1..1
    ok 3 - deeper
      ---
      duration_ms: 0.750359
      type: 'suite'
      ...
    1..3
not ok 5 - suite A
  ---
  duration_ms: 19.712027
  type: 'suite'
  failureType: 'subtestsFailed'
  error: '1 subtest failed'
  ...
# Subtest: dup
ok 6 - dup
  ---
  duration_ms: 0.440782
  ...
# Subtest: dup
ok 7 - dup
  ---
  duration_ms: 0.292646
  ...
# Subtest: with \# hash
ok 8 - with \# hash
  ---
  duration_ms: 0.457794
  ...
1..8
# tests 10
# suites 2
# pass 6
# fail 2
# cancelled 0
# skipped 1
# todo 1
# duration_ms 524.787122
"#;

#[test]
fn node_keys_subtests_by_their_path() {
    let want = map(&[
        ("top pass", Pass),
        ("top fail", Fail),
        ("skipped one", Skip),
        ("todo one", Skip),
        ("suite A > inner pass", Pass),
        ("suite A > inner fail", Fail),
        ("suite A > deeper > deep pass", Pass),
        ("suite A > deeper", Pass),
        ("suite A", Fail),
        ("dup", Pass),
        ("dup #2", Pass),
        ("with # hash", Pass),
    ]);
    assert_eq!(read_outcomes(Runner::NodeTest, NODE_OUT, ""), Some(want));
    // npm's own lines before the TAP change nothing.
    let npm = format!("\n> tiny@1.0.0 test\n> node --test\n\n{NODE_OUT}");
    assert_eq!(read_outcomes(Runner::NodeTest, &npm, ""), read_outcomes(Runner::NodeTest, NODE_OUT, ""));
}

/// `go test -v ./...` as its documentation shows it (no go on this machine).
const GO_OUT: &str = "=== RUN   TestAdd
--- PASS: TestAdd (0.00s)
=== RUN   TestSplit
=== RUN   TestSplit/empty
=== RUN   TestSplit/two_words
    split_test.go:20: got [a], want [a b]
--- FAIL: TestSplit (0.00s)
    --- PASS: TestSplit/empty (0.00s)
    --- FAIL: TestSplit/two_words (0.00s)
=== RUN   TestNet
    net_test.go:9: no network
--- SKIP: TestNet (0.00s)
FAIL
FAIL\texample.com/m/str\t0.004s
=== RUN   TestAdd
--- PASS: TestAdd (0.00s)
PASS
ok  \texample.com/m/num\t0.002s
?   \texample.com/m/cmd\t[no test files]
FAIL\texample.com/m/broken [build failed]
FAIL
";

#[test]
fn go_keys_tests_by_their_package() {
    let want = map(&[
        ("example.com/m/str::TestAdd", Pass),
        ("example.com/m/str::TestSplit", Fail),
        ("example.com/m/str::TestSplit/empty", Pass),
        ("example.com/m/str::TestSplit/two_words", Fail),
        ("example.com/m/str::TestNet", Skip),
        ("example.com/m/num::TestAdd", Pass),
        ("example.com/m/broken", Error),
    ]);
    assert_eq!(read_outcomes(Runner::GoTest, GO_OUT, ""), Some(want));
    // A test printing its own pass still fails.
    let forged = "--- PASS: TestA (0.00s)\n--- FAIL: TestA (0.00s)\nFAIL\nFAIL\tm\t0.1s\n";
    assert_eq!(read_outcomes(Runner::GoTest, forged, ""), Some(map(&[("m::TestA", Fail)])));
}

#[test]
fn unknown_takes_the_first_format_that_finds_any() {
    assert_eq!(read_outcomes(Runner::Unknown, PYTEST_Q, ""), Some(pytest_expected()));
    assert_eq!(read_outcomes(Runner::Unknown, UNITTEST_OUT, UNITTEST_ERR), Some(unittest_expected()));
    assert_eq!(read_outcomes(Runner::Unknown, CARGO_OUT, CARGO_ERR), Some(cargo_expected()));
    assert_eq!(read_outcomes(Runner::Unknown, NODE_OUT, ""), read_outcomes(Runner::NodeTest, NODE_OUT, ""));
    assert_eq!(read_outcomes(Runner::Unknown, GO_OUT, ""), read_outcomes(Runner::GoTest, GO_OUT, ""));
    assert_eq!(read_outcomes(Runner::Unknown, "all good\n", "exit 0"), None);
}

#[test]
fn the_runner_a_command_names() {
    let cases = [
        ("python3 -m pytest -q", Runner::Pytest),
        ("pytest", Runner::Pytest),
        (".venv/bin/pytest tests/ -rA", Runner::Pytest),
        ("cd src && python -mpytest", Runner::Pytest),
        ("python -m unittest", Runner::Unittest),
        ("python3 -m unittest discover -v", Runner::Unittest),
        ("cargo test", Runner::Cargo),
        ("cargo +nightly test --offline", Runner::Cargo),
        ("node --test", Runner::NodeTest),
        ("node --test test/", Runner::NodeTest),
        ("npm test", Runner::NodeTest),
        ("npm run test", Runner::NodeTest),
        ("go test ./...", Runner::GoTest),
        ("mypytest.sh", Runner::Unknown),
        ("./run_pytest", Runner::Unknown),
        ("python -m unittest_helpers", Runner::Unknown),
        ("cargo build", Runner::Unknown),
        ("node index.js", Runner::Unknown),
        ("go vet", Runner::Unknown),
        ("make test", Runner::Unknown),
        ("", Runner::Unknown),
    ];
    for (command, runner) in cases {
        assert_eq!(Runner::of_command(command), runner, "{command:?}");
    }
}

#[test]
fn outcomes_serialize_in_snake_case() {
    assert_eq!(serde_json::to_string(&TestOutcome::Skip).ok().as_deref(), Some("\"skip\""));
    assert_eq!(serde_json::to_string(&Runner::NodeTest).ok().as_deref(), Some("\"node_test\""));
}

const ALL: [Runner; 6] =
    [Runner::Pytest, Runner::Unittest, Runner::Cargo, Runner::NodeTest, Runner::GoTest, Runner::Unknown];

/// Every reader's bounds, on both streams.
fn within_bounds(stdout: &str, stderr: &str) {
    for runner in ALL {
        if let Some(m) = read_outcomes(runner, stdout, stderr) {
            assert!(!m.is_empty() && m.len() <= MAX_OUTCOMES, "{runner:?}: {} outcomes", m.len());
            for k in m.keys() {
                assert!(k.chars().count() <= MAX_NAME_CHARS, "{runner:?}: a key of {} chars", k.chars().count());
            }
        }
    }
}

#[test]
fn a_line_of_a_megabyte() {
    let big = "é".repeat(1 << 19);
    for line in [
        format!("test {big} ... ok"),
        format!("ok 1 - {big}"),
        format!("--- PASS: {big} (0.00s)"),
        format!("{big} ({big}) ... ok"),
        format!("PASSED {big}"),
        " ".repeat(1 << 20) + "ok 1 - deep",
        "\\".repeat(1 << 20),
    ] {
        within_bounds(&line, &line);
        let wrapped = format!(
            "=== short test summary info ===\n{line}\n1 passed in 0.1s\nrunning 1 test\n{line}\ntest result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\nRan 1 test in 0s\nOK\n"
        );
        within_bounds(&wrapped, &wrapped);
    }
    let out = format!("=== short test summary info ===\nPASSED {big}\n1 passed in 0.1s\n");
    let got = read_outcomes(Runner::Pytest, &out, "").expect("one outcome");
    assert_eq!(got.keys().next().map(|k| k.chars().count()), Some(MAX_NAME_CHARS));
}

#[test]
fn long_names_are_cut_and_stay_apart() {
    let stem = "x".repeat(10_000);
    let out = format!("ok 1 - {stem}a\nnot ok 2 - {stem}b\nok 3 - {stem}a\n");
    let got = read_outcomes(Runner::NodeTest, &out, "").expect("outcomes");
    assert_eq!(got.len(), 3);
    assert!(got.keys().all(|k| k.chars().count() <= MAX_NAME_CHARS));
    assert_eq!(got.values().filter(|o| **o == Fail).count(), 1);
    // The same long name twice is one test in cargo, cut the same way.
    let long = format!("running 2 tests\ntest {stem} ... ok\ntest {stem} ... FAILED\ntest result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out\n");
    let got = read_outcomes(Runner::Cargo, &long, "").expect("outcomes");
    assert_eq!(got.values().copied().collect::<Vec<_>>(), vec![Fail]);
    // Multi-byte characters around the cut.
    within_bounds(&format!("ok 1 - {}\n", "日本語🎉".repeat(200)), "");
}

#[test]
fn twenty_thousand_tests_keep_ten_thousand() {
    let mut pytest = String::from("=== short test summary info ===\n");
    let (mut cargo, mut node, mut go, mut unittest) =
        (String::from("running 20000 tests\n"), String::new(), String::new(), String::new());
    for i in 0..20_000 {
        pytest += &format!("PASSED t.py::test_{i}\n");
        cargo += &format!("test t{i} ... ok\n");
        node += &format!("ok {i} - same\n");
        go += &format!("--- PASS: Test{i} (0.00s)\n");
        unittest += &format!("test_{i} (m.C.test_{i}) ... ok\n");
    }
    pytest += "20000 passed in 1.00s\n";
    cargo += "test result: ok. 20000 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.00s\n";
    unittest += "Ran 20000 tests in 1.0s\n\nOK\n";
    for (runner, out, err) in [
        (Runner::Pytest, &pytest, ""),
        (Runner::Cargo, &cargo, ""),
        (Runner::NodeTest, &node, ""),
        (Runner::GoTest, &go, ""),
        (Runner::Unittest, &String::new(), unittest.as_str()),
    ] {
        let got = read_outcomes(runner, out, err);
        assert_eq!(got.map(|m| m.len()), Some(MAX_OUTCOMES), "{runner:?}");
    }
}

#[test]
fn a_long_binary_or_package_name_before_many_tests() {
    let long = "p".repeat(1 << 20);
    let mut cargo = format!("Running {long} (x)\nrunning 20000 tests\n");
    let mut go = String::new();
    for i in 0..20_000 {
        cargo += &format!("test t{i} ... ok\n");
        go += &format!("--- PASS: Test{i} (0.00s)\n");
    }
    cargo += "test result: ok. 20000 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.00s\n";
    go += &format!("ok  \t{long}\t0.1s\n");
    for (runner, out) in [(Runner::Cargo, &cargo), (Runner::GoTest, &go)] {
        let got = read_outcomes(runner, out, "").expect("outcomes");
        assert_eq!(got.len(), MAX_OUTCOMES, "{runner:?}");
        assert!(got.keys().all(|k| k.chars().count() <= MAX_NAME_CHARS));
    }
}

#[test]
fn hostile_shapes_never_panic() {
    let deep: String = (0..200).rev().map(|d| format!("{}ok 1 - level {d}\n", "    ".repeat(d))).collect();
    within_bounds(&deep, "");
    let got = read_outcomes(Runner::NodeTest, &deep, "").expect("outcomes");
    assert!(got.keys().any(|k| k.starts_with("level 0 > level 1 > ")));
    let indexed = "ok 1 - a #2\nok 2 - a\nok 3 - a\nok 4 - a\n";
    let got = read_outcomes(Runner::NodeTest, indexed, "").expect("outcomes");
    assert_eq!(got.keys().map(String::as_str).collect::<Vec<_>>(), ["a", "a #2", "a #3", "a #4"]);
    for text in [
        "\u{fffd}\u{fffd} ... ok\n",
        "test  ... ok\nrunning x tests\nrunning 99999999999999999999999 tests\n",
        "=== short test summary info ===\nSKIPPED [99999999999999999999] x\nSKIPPED [18446744073709551615] a:1: r\nSKIPPED [1] b:1: r\n1 skipped in 0s\n",
        "1 passed, 18446744073709551615 passed in 0.1s\n=== short test summary info ===\n18446744073709551615 failed, 1 failed in 0s",
        "not ok\nok\nok -\nok 1 - #\nok 2 - \\\nok 3 - x # skip\u{e9}\n  ---\n",
        "FAILED (failures=x)\nRan  tests\n ( ) ... ok\n(x) ... ok\n",
        "ok\t\nFAIL\t\n--- PASS: \n--- FAIL:  (0.00s)\n",
    ] {
        within_bounds(text, text);
    }
}
