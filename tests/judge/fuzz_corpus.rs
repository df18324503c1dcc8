//! Every file of the fuzz corpus (`fuzz/corpus/<target>/`) and every crash
//! kept as a regression (`fuzz/regressions/<target>/`) through the same entry
//! points as the fuzzer (`memdoor::fuzzing`), so a plain `cargo test` checks
//! them without libFuzzer (docs/fuzzing.md).
//!
//! Each target's files run in a child process (this test binary again, its
//! `child` test), each file on a thread with a tokio worker's 2 MiB stack —
//! where `memdoor serve` and the agents parse — and under a deadline: a
//! stack overflow, an abort or a hang is then reported with its target and
//! file, and the other files still run.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use memdoor::fuzzing::Target;

/// Names the target a child runs files of (read from its stdin, one path a line).
const CHILD_TARGET: &str = "MEMDOOR_FUZZ_CORPUS_TARGET";
/// Starts the child's lines (libtest prints its own on the same stdout, "test child ... " with no line feed).
const MARK: &str = "\u{1e}fuzz-corpus ";
/// A tokio worker thread's stack (tokio's default): what parsing gets in `serve` and `agent`.
const STACK: usize = 2 << 20;
/// One file's time in this unoptimised build; a parser that is linear in its input needs milliseconds.
const PER_FILE: Duration = Duration::from_secs(15);

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect(),
        Err(_) => Vec::new(),
    };
    files.sort();
    files
}

/// Not a test of its own: the child's side, which does nothing unless the parent started it.
#[test]
fn child() {
    let Ok(name) = std::env::var(CHILD_TARGET) else { return };
    let target = Target::from_name(&name).unwrap_or_else(|| panic!("no fuzz target {name:?}"));
    // Panics are reported on stdout with their file; the default hook's stderr would be noise.
    std::panic::set_hook(Box::new(|_| {}));
    let mut out = std::io::stdout();
    for path in std::io::stdin().lock().lines().map_while(Result::ok) {
        writeln!(out, "{MARK}begin {path}").unwrap();
        out.flush().unwrap();
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
        let run =
            std::thread::Builder::new().stack_size(STACK).spawn(move || target.run(&data)).expect("a thread").join();
        match run {
            Ok(accepted) => writeln!(out, "{MARK}end {accepted} {path}").unwrap(),
            Err(payload) => {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                writeln!(out, "{MARK}panic {path}\t{}", message.escape_debug()).unwrap();
            }
        }
        out.flush().unwrap();
    }
}

/// The `child` test's name in this binary: its module path below the crate's root.
fn child_test_name() -> String {
    match module_path!().split_once("::") {
        Some((_, module)) => format!("{module}::child"),
        None => "child".to_string(),
    }
}

struct Outcome {
    /// "target: file: what happened", one per failing file.
    failures: Vec<String>,
    /// Files the parser accepted (more than an error).
    accepted: usize,
}

fn spawn_child(target: Target, paths: &[PathBuf]) -> (Child, mpsc::Receiver<String>, std::thread::JoinHandle<String>) {
    let mut child = Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", &child_test_name(), "--nocapture", "--test-threads=1"])
        .env(CHILD_TARGET, target.name())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting the child");
    let list: String = paths.iter().map(|p| format!("{}\n", p.display())).collect();
    let mut stdin = child.stdin.take().expect("stdin");
    std::thread::spawn(move || {
        let _ = stdin.write_all(list.as_bytes());
    });
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut stderr = child.stderr.take().expect("stderr");
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    (child, rx, errors)
}

/// The tail of a dead child's stderr: the overflow or abort message.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(6)..].join(" | ")
}

/// Runs `paths` through `target`, a fresh child after each one that dies or hangs.
fn run_files(target: Target, paths: &[PathBuf]) -> Outcome {
    let mut outcome = Outcome { failures: Vec::new(), accepted: 0 };
    let mut next = 0;
    while next < paths.len() {
        let (mut child, lines, errors) = spawn_child(target, &paths[next..]);
        let mut current: Option<String> = None;
        loop {
            match lines.recv_timeout(PER_FILE) {
                Ok(line) => {
                    let Some((_, line)) = line.split_once(MARK) else { continue };
                    if let Some(path) = line.strip_prefix("begin ") {
                        current = Some(path.to_string());
                    } else if let Some(rest) = line.strip_prefix("end ") {
                        outcome.accepted += usize::from(rest.starts_with("true "));
                        current = None;
                        next += 1;
                    } else if let Some(rest) = line.strip_prefix("panic ") {
                        let (path, message) = rest.split_once('\t').unwrap_or((rest, ""));
                        outcome.failures.push(format!("{}: {path}: panicked: {message}", target.name()));
                        current = None;
                        next += 1;
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    let what = current.take().unwrap_or_else(|| "(between files)".into());
                    outcome.failures.push(format!("{}: {what}: took more than {PER_FILE:?}", target.name()));
                    next += 1;
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let status = child.wait().expect("the child's status");
                    if let Some(path) = current.take() {
                        let stderr = errors.join().unwrap_or_default();
                        outcome.failures.push(format!(
                            "{}: {path}: the process died ({status}): {}",
                            target.name(),
                            tail(&stderr)
                        ));
                        next += 1;
                    } else if next < paths.len() {
                        let stderr = errors.join().unwrap_or_default();
                        panic!(
                            "the child for {} stopped before its files ({status}): {}",
                            target.name(),
                            tail(&stderr)
                        );
                    }
                    break;
                }
            }
        }
    }
    outcome
}

#[test]
fn every_corpus_file_and_every_kept_crash_runs_clean() {
    let mut failures = Vec::new();
    let mut empty = Vec::new();
    for target in Target::ALL {
        let corpus = files(&fuzz_dir().join("corpus").join(target.name()));
        let regressions = files(&fuzz_dir().join("regressions").join(target.name()));
        let seeded = run_files(target, &corpus);
        // A corpus the parser refuses whole would fuzz only its error paths.
        if seeded.accepted == 0 {
            empty.push(target.name());
        }
        failures.extend(seeded.failures);
        failures.extend(run_files(target, &regressions).failures);
    }
    assert!(empty.is_empty(), "fuzz targets without a corpus file their parser accepts: {empty:?}");
    assert!(
        failures.is_empty(),
        "{} fuzz input(s) fail (docs/fuzzing.md says how to debug one):\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}
