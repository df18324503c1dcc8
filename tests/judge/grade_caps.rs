//! The judge's absolute caps per grading run, whatever the number of tests a
//! problem carries, against real python3 and real bubblewrap: the wall clock
//! (a program that ignores the per-test alarm, many slow tests), what memdoor keeps of the
//! output (a program that writes to fd 1 past the harness, measured on the
//! real `memdoor judge` process), and the result reader (forged lines, huge
//! or deep).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use memdoor::judge::grade::{grade, TestVerdict};
use memdoor::judge::sandbox::{Limits, Sandbox};
use memdoor::problem::{Mode, TestCase};

fn case(input: &str, output: &str) -> TestCase {
    TestCase { input: input.into(), output: Some(output.into()) }
}

/// Ignores SIGALRM (the harness's per-test alarm), then loops: only the watchdog can end it.
const DEAF_LOOP: &str = "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass\n";

/// 20 tests at 1 s each: the watchdog budget that grows with the tests would
/// be 26 s (the old judge ran that long). A result is due within a test's
/// time (and a 3 s grace) of the last, so the run ends at 5 s (start,
/// compile and one test), and the verdict says why.
#[tokio::test]
async fn twenty_tests_ignoring_the_alarm_end_within_a_tests_time() {
    let limits = Limits { wall: Duration::from_secs(1), cpu_secs: 1, ..Limits::default() };
    let sandbox = Sandbox::open(Default::default(), limits).await.expect("a strong sandbox here");
    let tests: Vec<TestCase> = (0..20).map(|i| case(&format!("{i}\n"), "0")).collect();
    let started = Instant::now();
    let r = grade(&sandbox, &Mode::Stdin, DEAF_LOOP, &tests).await.unwrap();
    let took = started.elapsed();
    assert!(took < Duration::from_secs(9), "the run took {took:?}");
    assert_eq!(r.len(), 20);
    assert!(r.iter().all(|t| t.verdict == TestVerdict::TimeLimit), "{r:?}");
    let why = r[0].error.as_deref().unwrap_or_default();
    assert!(why.contains("test 1 gave no result within 5 s (the program outlasted the per-test alarm)"), "{why}");
}

/// 20 tests of 0.8 s each, every one within its 1 s: 16 s in all, but the
/// run's wall cap (7 s here, 60 s by default) ends it; the tests that ended
/// before it keep their verdicts, the rest name the cap.
#[tokio::test]
async fn the_runs_wall_cap_ends_many_slow_tests_and_keeps_the_verdicts_before_it() {
    let limits =
        Limits { wall: Duration::from_secs(1), cpu_secs: 1, grade_wall: Duration::from_secs(7), ..Limits::default() };
    let sandbox = Sandbox::open(Default::default(), limits).await.expect("a strong sandbox here");
    let tests: Vec<TestCase> = (0..20).map(|i| case(&format!("{i}\n"), &i.to_string())).collect();
    let started = Instant::now();
    let r = grade(&sandbox, &Mode::Stdin, "import time\ntime.sleep(0.8)\nprint(int(input()))\n", &tests).await.unwrap();
    let took = started.elapsed();
    assert!(took < Duration::from_secs(11), "the run took {took:?}: the cap is 7 s");
    let passed = r.iter().take_while(|t| t.verdict == TestVerdict::Pass).count();
    assert!((2..=8).contains(&passed), "{passed} tests passed before the cap: {r:?}");
    assert!(r[passed..].iter().all(|t| t.verdict == TestVerdict::TimeLimit), "{r:?}");
    let why = r[19].error.as_deref().unwrap_or_default();
    assert!(why.contains("the judge's cap of 7 s for all its tests together"), "{why}");
}

/// A program that writes a fake result line of its own: too long, too deep,
/// not JSON. Each a clear verdict, never a result the judge trusts.
#[tokio::test]
async fn forged_huge_and_deep_result_lines_get_a_clear_verdict() {
    let sandbox = Sandbox::open(Default::default(), Limits::default()).await.expect("a strong sandbox here");
    let tests = [case("1\n", "1"), case("2\n", "2")];
    let forge = |body: &str| {
        format!(
            "import os\nline = '\\n\\x1eMEMDOOR-RESULTS ' + {body} + '\\n'\nos.write(1, line.encode())\nos._exit(0)\n"
        )
    };
    let cases = [
        ("'[' * 100000", "unreadable results: a result line nests 100000 deep"),
        ("'x' * (32 << 20)", "output limit: a result line longer than the judge reads"),
        ("'{\"i\": 0, \"status\": 7}'", "unreadable results: a result line that does not read"),
    ];
    for (body, want) in cases {
        let r = grade(&sandbox, &Mode::Stdin, &forge(body), &tests).await.unwrap();
        assert!(r.iter().all(|t| t.verdict == TestVerdict::RuntimeError), "{body}: {r:?}");
        let why = r[0].error.as_deref().unwrap_or_default();
        assert!(why.contains(want), "{body}: {why}");
    }
}

/// The peak resident memory of a process, from /proc (while it lives).
fn vm_hwm_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?.split_whitespace().next()?.parse().ok()
}

/// Runs the real `memdoor judge` on `tests` tests with `code`; returns its
/// report and its peak RSS in MiB (sampled until it exits).
fn judge_peak(tests: usize, code: &str) -> (serde_json::Value, u64) {
    let dir = tempfile::tempdir().unwrap();
    let cases: Vec<serde_json::Value> = (0..tests)
        .map(|i| serde_json::json!({"input": format!("{i}\n"), "output": format!("{i}\n"), "testtype": "stdin"}))
        .collect();
    let problem = serde_json::json!({
        "question_title": "Echo", "question_id": "echo", "question_content": "Print the number you are given.",
        "platform": "atcoder", "contest_id": "x", "contest_date": "2024-01-01T00:00:00", "starter_code": "",
        "difficulty": "easy", "public_test_cases": serde_json::to_string(&cases).unwrap(), "private_test_cases": "[]",
        "metadata": "{}",
    });
    let (p, c) = (dir.path().join("problem.json"), dir.path().join("flood.py"));
    std::fs::write(&p, problem.to_string()).unwrap();
    std::fs::write(&c, code).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args(["judge", "--json", "--problem"])
        .arg(&p)
        .arg("--code")
        .arg(&c)
        .env("MEMDOOR_LOG_DIR", dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (pid, end) = (child.id(), Instant::now() + Duration::from_secs(120));
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < end, "memdoor judge ran past 120 s");
        peak = peak.max(vm_hwm_kib(pid).unwrap_or(0));
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    let report =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (report, peak >> 10)
}

/// 100 tests and a program that floods fd 1 (past the harness's capture):
/// the old judge kept up to 6 × 64 KiB per test of it (≈ 39 MB here, and
/// 788 MB with 2,000 tests); now none is kept, the flood ends the run at the
/// plain output cap (1 MiB), and memdoor's peak stays near a plain run's.
#[test]
fn a_flood_on_fd_1_keeps_memdoors_memory_bounded() {
    let (plain, baseline) = judge_peak(100, "print(int(input()))\n");
    assert_eq!(plain["passed"], true, "{plain}");
    let (report, peak) = judge_peak(100, "import os\nchunk = b'x' * 65536\nwhile True:\n    os.write(1, chunk)\n");
    eprintln!("memdoor judge peak RSS: {baseline} MiB for a plain run, {peak} MiB for the flood");
    assert_eq!(report["passed"], false);
    let why = report["tests"][0]["error"].as_str().unwrap_or_default();
    assert!(why.contains("output limit: the program wrote more than 1048576 bytes of its own to stdout"), "{report}");
    assert!(peak < baseline + 16, "peak {peak} MiB, a plain run {baseline} MiB");
}
