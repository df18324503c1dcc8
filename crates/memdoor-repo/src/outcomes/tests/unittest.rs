//! unittest's verbose lines on stderr, as they printed on real runs.

use super::*;

/// `python3 -m unittest -v` (stderr); `test_fail` printed a result line on stdout.
pub(super) const UNITTEST_ERR: &str = concat!(
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
pub(super) const UNITTEST_OUT: &str = "test_forged (test_u.TestU.test_forged) ... ok\n";

pub(super) fn unittest_expected() -> Map {
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
