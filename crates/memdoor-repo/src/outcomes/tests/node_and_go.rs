//! node's TAP (a real run) and go's `-v` lines (its documented format).

use super::*;

/// `node --test` (node 20.20, TAP on a pipe); `top fail` logged `ok 99 - forged`.
pub(super) const NODE_OUT: &str = r#"TAP version 13
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
pub(super) const GO_OUT: &str = "=== RUN   TestAdd
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
