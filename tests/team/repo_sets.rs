//! The shipped repository sets are what their READMEs say: each checked by
//! `tests/tools/repos/check.py` — HumanEvalFix's set in full (its visible
//! tests fail on the bug and pass with the reference, its hidden tests pass
//! with it and fail without), the first set's format (its behaviour is
//! checked with its Rust crates' builds by `check.py` alone: minutes here).

use std::process::Command;

/// The python3 the sandbox runs (as root it is Debian's: test.sh puts pytest there), first on PATH.
fn check(args: &[&str]) -> (bool, String) {
    let path = format!("/usr/bin:{}", std::env::var("PATH").unwrap_or_default());
    let out = Command::new("/usr/bin/python3")
        .arg("tests/tools/repos/check.py")
        .args(args)
        .env("PATH", path)
        .output()
        .expect("running check.py");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

#[test]
fn the_humanevalfix_set_is_24_real_bugs_its_tests_show() {
    let (ok, out) = check(&["--root", "assets/repos-humanevalfix"]);
    assert!(ok && out.contains("24/24 repositories ok (24 python, 24 bugfix)"), "{out}");
    assert!(out.contains("hidden tests fail on the unfixed tree in 24/24"), "{out}");
}

#[test]
fn the_first_set_is_in_the_format() {
    let (ok, out) = check(&["--format-only"]);
    assert!(ok && out.contains("24/24"), "{out}");
}
