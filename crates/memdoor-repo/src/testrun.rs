//! The repository's own tests as the judge (#30 item 4): which command runs
//! them (`--test CMD`, or detected from the tree), and one run of it on the
//! untouched copy or on a candidate, in the sandbox (no network, the run's
//! caps, a time limit), with per-test outcomes where the runner prints them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context as _, Result};

use super::failures::{read_failures, Failure};
use super::outcomes::{read_outcomes, Runner, TestOutcome};
use super::workbench::{Candidate, Workbench};
use crate::judge::sandbox::{Exit, Limits, Sandbox, TreeRun};

/// Default of `--test-timeout`: one run of the whole test command.
pub const TEST_TIMEOUT_SECS: u64 = 120;
/// Characters of a run's output kept to show (its end: where runners summarise).
const TAIL_CHARS: usize = 3_000;

/// The command the candidates are judged by.
#[derive(Debug, Clone, PartialEq)]
pub struct TestCommand {
    /// The shell command line, run from the tree's root.
    pub line: String,
    pub(crate) runner: Runner,
    /// Found by looking at the tree rather than given with `--test`.
    pub detected: bool,
    /// Host directories it needs (a toolchain outside /usr), bound read-only.
    pub binds: Vec<PathBuf>,
    pub env: Vec<(String, String)>,
}

impl TestCommand {
    /// The user's `--test` command, with the flag that makes its runner print
    /// one line a test where it needs one (`-rA` for pytest, `-v` for unittest and go).
    pub fn given(line: &str) -> TestCommand {
        let runner = Runner::of_command(line);
        let mut cmd =
            TestCommand { line: line.trim().to_string(), runner, detected: false, binds: Vec::new(), env: Vec::new() };
        cmd.verbose();
        cmd.toolchain();
        cmd
    }

    /// The command a tree of this shape runs its tests with, if any:
    /// Cargo.toml → `cargo test`; go.mod → `go test ./...`; package.json
    /// with a test script → `npm test`; `*.test.js` files → `node --test`;
    /// Python tests → pytest where the sandbox's python has it, else unittest.
    pub fn detect(bench: &Workbench, python: &Path) -> Option<TestCommand> {
        let has = |name: &str| bench.is_tracked(Path::new(name));
        let any = |f: &dyn Fn(&str) -> bool| bench.paths().any(|p| f(&p.to_string_lossy()));
        let line = if has("Cargo.toml") {
            "cargo test --offline"
        } else if has("go.mod") {
            "go test ./..."
        } else if has("package.json") && package_has_test_script(&bench.base().join("package.json")) {
            "npm test"
        } else if any(&|p| p.ends_with(".test.js") || p.ends_with(".test.mjs")) {
            "node --test"
        } else if any(&|p| is_python_test(p)) {
            if python_has_pytest(python) {
                "python3 -m pytest -q"
            } else {
                "python3 -m unittest discover"
            }
        } else {
            return None;
        };
        Some(TestCommand { detected: true, ..TestCommand::given(line) })
    }

    fn verbose(&mut self) {
        let words: Vec<&str> = self.line.split_whitespace().collect();
        let flag = match self.runner {
            Runner::Pytest if !words.contains(&"-rA") => Some("-rA"),
            Runner::Unittest | Runner::GoTest if !words.contains(&"-v") => Some("-v"),
            _ => None,
        };
        if let Some(flag) = flag {
            self.line = format!("{} {flag}", self.line);
        }
    }

    /// Cargo from rustup lives in the user's home: bind what a build reads, offline.
    fn toolchain(&mut self) {
        if self.runner != Runner::Cargo {
            return;
        }
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let dir = |var: &str, default: &str| {
            std::env::var_os(var).map(PathBuf::from).or_else(|| home.as_ref().map(|h| h.join(default)))
        };
        let (binds, env) = cargo_binds(dir("CARGO_HOME", ".cargo"), dir("RUSTUP_HOME", ".rustup"));
        self.binds.extend(binds);
        self.env.extend(env);
        self.env.push(("CARGO_NET_OFFLINE".into(), "true".into()));
    }
}

/// What a cargo run binds of `CARGO_HOME` and `RUSTUP_HOME`, and the
/// variables naming them: the toolchains whole, and of `CARGO_HOME` only
/// its `bin`, `registry` and `git` folders (the crates a build reads) and
/// its `config.toml` when that holds no secret (source replacement, a
/// linker) — never its `credentials.toml`, nor a config with a registry's
/// token or credential provider (a repository's test could print either
/// into its output, and so into a prompt and the journal).
fn cargo_binds(cargo_home: Option<PathBuf>, rustup_home: Option<PathBuf>) -> (Vec<PathBuf>, Vec<(String, String)>) {
    let (mut binds, mut env) = (Vec::new(), Vec::new());
    if let Some(home) = cargo_home.filter(|p| p.is_dir()) {
        binds.extend(["bin", "registry", "git"].map(|sub| home.join(sub)).into_iter().filter(|p| p.is_dir()));
        let config = home.join("config.toml");
        if read_capped(&config).is_some_and(|text| config_holds_no_secret(&text)) {
            binds.push(config);
        }
        env.push(("CARGO_HOME".to_string(), home.to_string_lossy().into_owned()));
    }
    if let Some(home) = rustup_home.filter(|p| p.is_dir()) {
        env.push(("RUSTUP_HOME".to_string(), home.to_string_lossy().into_owned()));
        binds.push(home);
    }
    (binds, env)
}

fn is_python_test(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.ends_with(".py") && (name.starts_with("test_") || name.ends_with("_test.py"))
}

/// Cargo's config keys that hold a secret or name a program that fetches one.
const SECRET_KEYS: [&str; 4] = ["token", "credential-provider", "global-credential-providers", "credential-alias"];

/// Whether a cargo config parses and has no key of `SECRET_KEYS` at any depth.
fn config_holds_no_secret(text: &str) -> bool {
    fn clean(table: &toml::Table) -> bool {
        table.iter().all(|(key, value)| !SECRET_KEYS.contains(&key.as_str()) && value.as_table().is_none_or(clean))
    }
    text.parse::<toml::Table>().is_ok_and(|t| clean(&t))
}

/// A manifest or config larger than this is not read (a real one is a few KB).
const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// The file's text, read within `MAX_MANIFEST_BYTES` before any parsing:
/// a hostile manifest of hundreds of MB is no manifest.
fn read_capped(path: &Path) -> Option<String> {
    use std::io::Read as _;
    let file = std::fs::File::open(path).ok().filter(|f| f.metadata().is_ok_and(|m| m.is_file()))?;
    let mut text = String::new();
    file.take(MAX_MANIFEST_BYTES + 1).read_to_string(&mut text).ok()?;
    (text.len() as u64 <= MAX_MANIFEST_BYTES).then_some(text)
}

fn package_has_test_script(path: &Path) -> bool {
    let Some(text) = read_capped(path) else { return false };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else { return false };
    json.pointer("/scripts/test").and_then(|t| t.as_str()).is_some_and(|t| !t.contains("no test specified"))
}

fn python_has_pytest(python: &Path) -> bool {
    // Isolated, from the root: nothing of the folder memdoor runs in is imported.
    std::process::Command::new(python)
        .args(["-I", "-c", "import pytest"])
        .current_dir("/")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// One run of the test command.
#[derive(Debug, Clone, PartialEq)]
pub struct TestReport {
    pub status: Exit,
    /// Per test, where the runner's output says (`None`: only the exit status is known).
    pub outcomes: Option<BTreeMap<String, TestOutcome>>,
    /// The end of what it printed (stdout, then stderr).
    pub tail: String,
    /// What each failing test's report says, where the runner's is read
    /// (`failures::read_failures`).
    pub failures: Vec<Failure>,
    pub wall: Duration,
}

impl TestReport {
    /// The command exited 0 and no test it names failed.
    pub fn passed(&self) -> bool {
        self.status == Exit::Exited(0) && self.failing().is_empty()
    }

    /// The tests that failed or errored, by name.
    pub fn failing(&self) -> Vec<&str> {
        let Some(outcomes) = &self.outcomes else { return Vec::new() };
        outcomes.iter().filter(|(_, o)| o.failed()).map(|(n, _)| n.as_str()).collect()
    }

    /// One run of a candidate that edits the repository's own tests, made
    /// of its run as written (`self`) and its run with those tests as they
    /// were (`as_were`): each test the candidate leaves has the worse of its
    /// two outcomes (a skip is worse than a pass, an error the worst), so a
    /// test made to pass by rewriting it fixes nothing; a test it removes is
    /// gone, as it is after the patch. The worse ending goes with its output;
    /// where either run's outcomes were not read, none are.
    pub fn strictest(self, as_were: TestReport) -> TestReport {
        let rank = |o: &TestOutcome| match o {
            TestOutcome::Pass => 0,
            TestOutcome::Skip => 1,
            TestOutcome::Fail => 2,
            TestOutcome::Error => 3,
        };
        let outcomes = match (self.outcomes, &as_were.outcomes) {
            (Some(mine), Some(were)) => Some(
                mine.into_iter()
                    .map(|(name, o)| {
                        let worse = were.get(&name).filter(|w| rank(w) > rank(&o)).copied().unwrap_or(o);
                        (name, worse)
                    })
                    .collect(),
            ),
            // A run that did not get as far as its tests: so did the candidate.
            _ => None,
        };
        let (status, tail, failures) = if self.status == Exit::Exited(0) && as_were.status != Exit::Exited(0) {
            (as_were.status, as_were.tail, as_were.failures)
        } else {
            (self.status, self.tail, self.failures)
        };
        TestReport { status, outcomes, tail, failures, wall: self.wall + as_were.wall }
    }

    /// How the run ended, in words.
    pub fn ending(&self) -> String {
        match self.status {
            Exit::Exited(0) => "exit 0".into(),
            Exit::Exited(code) => format!("exit {code}"),
            Exit::Signaled(sig) => format!("killed by signal {sig}"),
            Exit::TimedOut => format!("stopped at its time limit ({} s)", self.wall.as_secs()),
            Exit::OutputLimit => "stopped: it printed more than the output cap".into(),
        }
    }
}

/// The caps of one test run: the whole command within `timeout`, a
/// toolchain's processes and memory, the tree's writes within its tmpfs.
pub fn test_limits(base: &Limits, timeout: Duration) -> Limits {
    let secs = timeout.as_secs().max(1);
    Limits {
        wall: timeout,
        cpu_secs: secs * 4,
        memory_bytes: base.memory_bytes.max(8 << 30),
        file_bytes: base.file_bytes.max(1 << 30),
        open_files: base.open_files.max(4096),
        processes: base.processes.max(512),
        output_bytes: base.output_bytes.max(2 << 20),
        run_memory_bytes: base.run_memory_bytes.max(4 << 30),
        run_processes: base.run_processes.max(512),
        run_cpus: base.run_cpus.max(std::thread::available_parallelism().map_or(1, |n| n.get()) as f64),
        grade_wall: timeout,
    }
}

/// Runs `cmd` on the workbench's copy with `candidate`'s files over it
/// (`None`: the tree as read), under `sandbox`'s limits (see `test_limits`).
pub async fn run_tests(
    sandbox: &Sandbox,
    bench: &Workbench,
    candidate: Option<&Candidate>,
    cmd: &TestCommand,
) -> Result<TestReport> {
    let overlay = tempfile::Builder::new().prefix("memdoor-edits-").tempdir().context("creating the overlay")?;
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(overlay.path(), std::fs::Permissions::from_mode(0o755))?;
    }
    if let Some(c) = candidate {
        bench.write_overlay(c, overlay.path())?;
    }
    let run = TreeRun {
        base: bench.base(),
        overlay: overlay.path(),
        command: &cmd.line,
        tree_bytes: (2u64 << 30).max(bench.bytes().saturating_mul(4)),
        binds: &cmd.binds,
        env: &cmd.env,
    };
    let out = sandbox.run_in_tree(&run).await?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let outcomes = read_outcomes(cmd.runner, &stdout, &stderr);
    let failures = read_failures(cmd.runner, &stdout);
    let both = format!("{stdout}{}{stderr}", if stderr.is_empty() { "" } else { "\n" });
    let skip = both.chars().count().saturating_sub(TAIL_CHARS);
    Ok(TestReport { status: out.status, outcomes, tail: both.chars().skip(skip).collect(), failures, wall: out.wall })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_gets_its_crates_and_toolchains_but_never_the_homes_credentials_or_config() {
        let cargo = tempfile::tempdir().unwrap();
        for sub in ["bin", "registry/index", "registry/cache", "git"] {
            std::fs::create_dir_all(cargo.path().join(sub)).unwrap();
        }
        std::fs::write(cargo.path().join("credentials.toml"), "[registry]\ntoken = \"secret\"\n").unwrap();
        std::fs::write(cargo.path().join("config.toml"), "[registries.x]\ntoken = \"secret\"\n").unwrap();
        let rustup = tempfile::tempdir().unwrap();
        let (binds, env) = cargo_binds(Some(cargo.path().to_path_buf()), Some(rustup.path().to_path_buf()));
        let want = ["bin", "registry", "git"].map(|s| cargo.path().join(s));
        assert_eq!(binds, [&want[..], &[rustup.path().to_path_buf()]].concat());
        assert!(!binds.contains(&cargo.path().to_path_buf()), "CARGO_HOME is never bound whole");
        assert_eq!(env[0], ("CARGO_HOME".to_string(), cargo.path().display().to_string()));
        // Folders that are not there are not bound.
        std::fs::remove_dir_all(cargo.path().join("git")).unwrap();
        let (binds, _) = cargo_binds(Some(cargo.path().to_path_buf()), None);
        assert_eq!(binds, want[..2]);
        assert_eq!(cargo_binds(None, None), (Vec::new(), Vec::new()));
        // A config without a secret is bound (source replacement, a linker); one with any is not.
        let plain = "[source.crates-io]\nreplace-with = \"vendored\"\n[source.vendored]\ndirectory = \"/v\"\n";
        std::fs::write(cargo.path().join("config.toml"), plain).unwrap();
        let (binds, _) = cargo_binds(Some(cargo.path().to_path_buf()), None);
        assert!(binds.contains(&cargo.path().join("config.toml")), "{binds:?}");
        for secret in [
            "[registry]\ntoken = \"t\"",
            "[registry]\nglobal-credential-providers = [\"x\"]",
            "[registries.a]\ncredential-provider = \"x\"",
            "not toml [",
        ] {
            assert!(!config_holds_no_secret(secret), "{secret}");
        }
        assert!(config_holds_no_secret(plain) && config_holds_no_secret(""));
    }

    #[test]
    fn a_package_json_past_the_cap_is_not_parsed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("package.json");
        std::fs::write(&path, r#"{"scripts": {"test": "node --test"}}"#).unwrap();
        assert!(package_has_test_script(&path));
        let padded = format!(
            r#"{{"scripts": {{"test": "node --test"}}, "pad": "{}"}}"#,
            " ".repeat(MAX_MANIFEST_BYTES as usize)
        );
        std::fs::write(&path, padded).unwrap();
        assert!(!package_has_test_script(&path));
    }
}
