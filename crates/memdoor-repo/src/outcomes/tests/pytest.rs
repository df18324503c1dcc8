//! pytest's `-rA` summary, as it printed on real runs.

use super::*;

/// `python3 -m pytest -rA -q --continue-on-collection-errors`: a failing test
/// printed `PASSED tests/test_a.py::test_forged`, shown with its failure.
pub(super) const PYTEST_Q: &str = r#".FsxXEF...                                                               [100%]
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

pub(super) fn pytest_expected() -> Map {
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
