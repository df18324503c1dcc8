//! The repository the repository-mode tests work on: a git repository
//! with a bug in `calc.py` and its pytest suite, the edit blocks that change
//! it, `git apply --check` for a printed patch, and the real binary on a
//! repository with a scripted team.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub(crate) fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output().expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

pub(crate) const CALC: &str = "def add(a, b):\n    return a - b\n\n\ndef double(x):\n    return 2 * x\n";
pub(crate) const TESTS: &str = "from calc import add, double\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\n\
def test_double():\n    assert double(4) == 8\n";

/// A committed repository: `calc.py` with a bug, its tests (one fails), and `extra` files.
pub(crate) fn repo(extra: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q"]);
    let files = [("calc.py", CALC), ("tests/test_calc.py", TESTS), ("conftest.py", "")];
    for (path, text) in files.iter().chain(extra) {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]);
    dir
}

pub(crate) fn edit(path: &str, search: &str, replace: &str) -> String {
    format!(
        "Here is the change.\n\n{path}\n```python\n<<<<<<< SEARCH\n{search}=======\n{replace}>>>>>>> REPLACE\n```\n"
    )
}

pub(crate) const FIX: (&str, &str) = ("    return a - b\n", "    return a + b\n");

pub(crate) fn applies(dir: &Path, patch: &str) {
    let file = dir.parent().unwrap().join(format!("{}.patch", dir.file_name().unwrap().to_string_lossy()));
    std::fs::write(&file, patch).unwrap();
    git(dir, &["apply", "--check", file.to_str().unwrap()]);
    std::fs::remove_file(file).unwrap();
}

/// The real binary's `command` on the repository `dir`, with `config` and nothing from the environment.
pub(crate) fn memdoor(command: &str, config: &Path, dir: &Path, log_dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_memdoor"));
    cmd.arg(command)
        .arg("--config")
        .arg(config)
        .arg("--repo")
        .arg(dir)
        .env("MEMDOOR_LOG_DIR", log_dir)
        .env_remove("MEMDOOR_REDIS")
        .env_remove("MEMDOOR_CONFIG")
        .env_remove("MEMDOOR_MODEL")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// A config in `dir` for a one-round team of `agents` agents, all answering from the server at `base`.
pub(crate) fn scripted_team(base: &str, dir: &Path, agents: usize) -> PathBuf {
    let agent = format!("[[agents]]\nbackend = \"openai\"\nbase_url = {base:?}\nmodel = \"scripted\"\n");
    let config = dir.join("memdoor.toml");
    let team = format!("[team]\nagents = {agents}\nrounds = 1\nmax_tokens = 256\n{}", agent.repeat(agents));
    std::fs::write(&config, team).unwrap();
    config
}
