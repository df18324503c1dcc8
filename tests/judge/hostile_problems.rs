//! Hostile problems through the real binary: `memdoor judge` and `memdoor
//! solve` refuse each with a clear error naming the limit it went past —
//! an exit status of 1, never a signal (the 6,000-bracket prompt used to
//! overflow the stack: status 134) — within a deadline that only the old
//! quadratic scans miss; and the valid problem next to each still works.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// What a problem file of each hostile shape says and which limit refuses it.
fn hostile() -> Vec<(&'static str, String, &'static str)> {
    let lcb_tests: Vec<serde_json::Value> = (0..201)
        .map(|i| serde_json::json!({"input": format!("{i}\n"), "output": "1\n", "testtype": "stdin"}))
        .collect();
    vec![
        ("brackets", format!("Write a Python function f(x).\nf(1) -> {}", "[".repeat(6_000)), "literal_depth"),
        ("open calls", "f(".repeat(60_000), "statement_bytes"),
        ("one MiB line", "x".repeat(1 << 20), "statement_bytes"),
        ("long line", format!("Write a Python function f(x).\n{}\n", "x".repeat(20_000)), "line_bytes"),
        ("examples", format!("Write a Python function f(x).\n{}", "f(1) -> 1; ".repeat(1_000)), "stated_examples"),
        (
            "tests",
            serde_json::json!({"question_content": "Print 1.", "public_test_cases": serde_json::to_string(&lcb_tests).unwrap()}).to_string(),
            "tests",
        ),
    ]
}

/// Runs the binary with `args` in a clean environment (no config, no Redis,
/// logs in `dir`), killing it past a generous deadline.
fn memdoor(dir: &Path, args: &[&str]) -> (Output, Duration) {
    let config = dir.join("config.toml");
    std::fs::write(&config, "").unwrap();
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args(args)
        .env("MEMDOOR_LOG_DIR", dir.join("logs"))
        .env("MEMDOOR_CONFIG", &config)
        .env_remove("MEMDOOR_REDIS")
        .env_remove("MEMDOOR_MODEL")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Polled with a deadline: the old quadratic scan of 60,000 `f(` ran for
    // seconds to minutes; parsing here takes milliseconds.
    let deadline = Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > deadline {
            let _ = child.kill();
            panic!("memdoor {} ran past {deadline:?}", args.first().unwrap_or(&""));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    (child.wait_with_output().unwrap(), started.elapsed())
}

fn assert_refused(what: &str, out: &Output, limit: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    // 1 is memdoor's error status; an abort is a signal (134 from a shell).
    assert_eq!(out.status.code(), Some(1), "{what}: {:?}\n{stderr}", out.status);
    assert!(!stderr.contains("panicked") && !stderr.contains("overflow"), "{what}: {stderr}");
    assert!(
        stderr.contains("memdoor: error:") && stderr.contains(&format!("over the limit {limit} = ")),
        "{what}: {stderr}"
    );
}

#[test]
fn judge_refuses_hostile_problems_naming_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let code = dir.path().join("f.py");
    std::fs::write(&code, "def f(x):\n    return 1\n").unwrap();
    for (what, text, limit) in hostile() {
        let problem = dir.path().join("problem.txt");
        std::fs::write(&problem, &text).unwrap();
        let (out, _) = memdoor(
            dir.path(),
            &["judge", "--sandbox", "weak", "--problem", problem.to_str().unwrap(), "--code", code.to_str().unwrap()],
        );
        assert_refused(what, &out, limit);
    }
}

#[test]
fn solve_refuses_hostile_problems_as_text_and_as_files() {
    let dir = tempfile::tempdir().unwrap();
    for (what, text, limit) in hostile() {
        let problem = dir.path().join("problem.txt");
        std::fs::write(&problem, &text).unwrap();
        let (out, _) = memdoor(dir.path(), &["solve", "--problem", problem.to_str().unwrap()]);
        assert_refused(what, &out, limit);
        // As an argument too, where it fits one (Linux caps one at 128 KiB);
        // text given so is free text, never read as a JSON problem.
        if text.len() < 130_000 && !text.starts_with('{') {
            let (out, _) = memdoor(dir.path(), &["solve", &text]);
            assert_refused(what, &out, limit);
        }
    }
}

#[test]
fn the_valid_problem_next_to_the_hostile_one_still_works() {
    let dir = tempfile::tempdir().unwrap();
    // Brackets 10 deep: an example that reads, and a draft that passes it.
    let nested = format!("{}1{}", "[".repeat(10), "]".repeat(10));
    let problem = dir.path().join("problem.txt");
    std::fs::write(&problem, format!("Write a Python function f(x).\nf(1) -> {nested}\n")).unwrap();
    let code = dir.path().join("f.py");
    std::fs::write(&code, format!("def f(x):\n    return {nested}\n")).unwrap();
    let (out, _) = memdoor(
        dir.path(),
        &["judge", "--sandbox", "weak", "--problem", problem.to_str().unwrap(), "--code", code.to_str().unwrap()],
    );
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("1/1 tests passed"), "{stdout}");

    // `solve` reads the problem before anything else; with `--remote` and no
    // Redis it then stops at the missing Redis, which shows the problem was
    // taken — no model needs to load. The hostile one stops at its limit.
    let text = format!("Write a Python function f(x).\nf(1) -> {nested}\n{}", "f(2) -> 2; ".repeat(50));
    let (out, _) = memdoor(dir.path(), &["solve", "--remote", &text]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--remote needs a Redis"), "{stderr}");
    let text = format!("Write a Python function f(x).\nf(1) -> {}1{}", "[".repeat(65), "]".repeat(65));
    let (out, _) = memdoor(dir.path(), &["solve", "--remote", &text]);
    assert_refused("65 brackets", &out, "literal_depth");
}
