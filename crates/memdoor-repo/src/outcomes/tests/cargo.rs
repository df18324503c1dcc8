//! cargo test's blocks per binary, as they printed on a real run.

use super::*;

/// `cargo test --no-fail-fast` on a crate with unit, integration and doc
/// tests; `it_fails` printed `test tests::forged ... ok`.
pub(super) const CARGO_OUT: &str = r#"
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
pub(super) const CARGO_ERR: &str = r#"   Compiling tinyc v0.1.0 (/tmp/oc/cr)
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

pub(super) fn cargo_expected() -> Map {
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
