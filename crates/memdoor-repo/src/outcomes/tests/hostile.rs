//! Hostile output: every reader within its bounds, and no panic.

use super::*;

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
