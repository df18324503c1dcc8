//! A hostile repository against the real binary (#62): its `.git/config`
//! names a program at every key git would run one for, its attributes name
//! filters and diff drivers, its `core.worktree` points at another folder,
//! and its agents' patches reach for files the repository could never
//! track. `solve --repo` and `review` run nothing of it, refuse what cannot
//! be read without running it, read nothing outside it, and `--apply`
//! writes nothing but where the repository could track a file. Agents are a
//! scripted OpenAI-compatible server.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;

use memdoor_testkit::openai_server;
use memdoor_testkit::scripted::Scripted;

use super::repo_fixture::{edit, git, repo, CALC, FIX};

/// The real binary's `command` on `dir`, journaled nowhere.
fn memdoor(command: &str, config: &Path, dir: &Path, log_dir: &Path) -> Command {
    let mut cmd = super::repo_fixture::memdoor(command, config, dir, log_dir);
    cmd.arg("--no-journal");
    cmd
}

/// Two scripted agents answering from `base`.
fn scripted_team(base: &str, dir: &Path) -> PathBuf {
    super::repo_fixture::scripted_team(base, dir, 2)
}

/// A shell command that leaves `marker` behind when run (and passes its input through, as a filter would).
fn leaves(marker: &Path) -> String {
    format!("touch '{}'; cat", marker.display())
}

/// Every marker file in `dir` the hostile config's programs would have left.
fn ran(dir: &Path) -> Vec<String> {
    let names = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned());
    names.filter(|n| n.starts_with("ran-")).collect()
}

/// Sets `key` in the repository's own config, as an archive's `.git/config` would carry it.
fn set(dir: &Path, key: &str, value: &str) {
    git(dir, &["config", key, value]);
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The repository of the other repository tests, with a config that names a
/// program at every key that runs one, and a branch to review.
fn hostile_repo(markers: &Path) -> tempfile::TempDir {
    let dir = repo(&[(".gitattributes", "*.py diff=conv\n")]);
    git(dir.path(), &["branch", "-M", "base"]);
    git(dir.path(), &["checkout", "-q", "-b", "topic"]);
    std::fs::write(dir.path().join("calc.py"), CALC.replace("2 * x", "x * 2")).unwrap();
    git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "double"]);
    let marker = |name: &str| markers.join(format!("ran-{name}"));
    for key in [
        "core.fsmonitor",
        "core.pager",
        "pager.diff",
        "core.editor",
        "core.sshCommand",
        "core.askPass",
        "credential.helper",
        "diff.external",
        "diff.conv.textconv",
        "diff.conv.command",
        "gpg.program",
    ] {
        set(dir.path(), key, &leaves(&marker(key)));
    }
    set(dir.path(), "log.showSignature", "true");
    let hooks = markers.join("hooks");
    std::fs::create_dir_all(&hooks).unwrap();
    for name in ["post-index-change", "post-checkout", "pre-commit", "reference-transaction", "pre-auto-gc"] {
        for folder in [hooks.clone(), dir.path().join(".git/hooks")] {
            let hook = folder.join(name);
            std::fs::write(&hook, format!("#!/bin/sh\ntouch '{}'\n", marker(name).display())).unwrap();
            std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
    }
    set(dir.path(), "core.hooksPath", hooks.to_str().unwrap());
    // Dirty, so that git has an index to refresh and an fsmonitor to ask.
    std::fs::write(dir.path().join("conftest.py"), "# changed\n").unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repositorys_git_config_runs_no_program_in_solve_or_review() {
    let work = tempfile::tempdir().unwrap();
    let dir = hostile_repo(work.path());
    let backend = Arc::new(Scripted::repeating(edit("calc.py", FIX.0, FIX.1)));
    let server = openai_server::serve(backend.clone(), None).await;
    let config = scripted_team(&server.base, work.path());
    let out = memdoor("solve", &config, dir.path(), work.path()).arg("add in calc.py subtracts").output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("+    return a + b"), "{}", stderr(&out));
    assert_eq!(ran(work.path()), Vec::<String>::new(), "solve --repo ran the repository's programs");
    let out = memdoor("review", &config, dir.path(), work.path()).args(["--base", "base"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("review: 1 file(s) changed against base"), "{}", stderr(&out));
    // The diff the agents read is git's own, not a diff driver's.
    let asked = backend.prompts();
    assert!(asked.last().unwrap().contains("-    return 2 * x\n+    return x * 2"), "{}", asked.last().unwrap());
    assert_eq!(ran(work.path()), Vec::<String>::new(), "review ran the repository's programs");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repository_that_needs_a_filter_program_is_refused_before_any_model_is_asked() {
    let work = tempfile::tempdir().unwrap();
    let dir = repo(&[(".gitattributes", "*.py filter=evil\n")]);
    for variable in ["clean", "smudge", "process"] {
        set(dir.path(), &format!("filter.evil.{variable}"), &leaves(&work.path().join(format!("ran-{variable}"))));
    }
    set(dir.path(), "filter.evil.required", "true");
    std::fs::write(dir.path().join("calc.py"), format!("{CALC}# dirty\n")).unwrap();
    let backend = Arc::new(Scripted::repeating(edit("calc.py", FIX.0, FIX.1)));
    let server = openai_server::serve(backend.clone(), None).await;
    let config = scripted_team(&server.base, work.path());
    let out = memdoor("solve", &config, dir.path(), work.path()).arg("add in calc.py subtracts").output().unwrap();
    assert!(!out.status.success());
    let said = stderr(&out);
    assert!(
        said.contains("needs the git filter \"evil\"") && said.contains("runs none of a repository's programs"),
        "{said}"
    );
    assert!(!said.contains("panicked"), "{said}");
    assert!(backend.prompts().is_empty(), "no model was asked");
    assert_eq!(ran(work.path()), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn core_worktree_cannot_show_the_agents_another_folder() {
    let work = tempfile::tempdir().unwrap();
    let dir = repo(&[]);
    // The "home" the config points at, with a file the task's words lead to.
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join("calc.py"), "API_TOKEN = 'SECRET-TOKEN-62'  # add subtracts\n").unwrap();
    set(dir.path(), "core.worktree", home.path().to_str().unwrap());
    let backend = Arc::new(Scripted::repeating(edit("calc.py", FIX.0, FIX.1)));
    let server = openai_server::serve(backend.clone(), None).await;
    let config = scripted_team(&server.base, work.path());
    let out = memdoor("solve", &config, dir.path(), work.path()).arg("add in calc.py subtracts").output().unwrap();
    let asked = backend.prompts();
    assert!(!asked.is_empty(), "{}", stderr(&out));
    assert!(asked.iter().all(|p| !p.contains("SECRET-TOKEN-62")), "another folder's file reached a prompt");
    assert!(asked[0].contains("return a - b"), "the repository's own file is shown: {}", asked[0]);
    assert!(!stderr(&out).contains("SECRET-TOKEN-62"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn apply_writes_no_file_under_ignored_or_untracked_folders_nor_under_a_home() {
    let work = tempfile::tempdir().unwrap();
    let dir = repo(&[(".gitignore", "build/\n")]);
    std::fs::create_dir_all(dir.path().join(".venv/lib/python3.11/site-packages")).unwrap();
    std::fs::write(dir.path().join(".venv/lib/python3.11/site-packages/six.py"), "").unwrap();
    std::fs::create_dir_all(dir.path().join("build")).unwrap();
    let new_file =
        |path: &str| format!("{path}\n```python\n<<<<<<< SEARCH\n=======\nimport os\n>>>>>>> REPLACE\n```\n");
    for (path, why) in [
        (".venv/lib/python3.11/site-packages/evil.pth", "a folder git tracks nothing in"),
        ("build/lib/evil.py", "ignore rules leave out"),
        ("~/.bashrc", "no `~`"),
    ] {
        // The fix and a file no repository would track, in one answer.
        let answer = format!("{}\n{}", edit("calc.py", FIX.0, FIX.1), new_file(path));
        let backend = Arc::new(Scripted::repeating(answer));
        let server = openai_server::serve(backend.clone(), None).await;
        let config = scripted_team(&server.base, work.path());
        let out = memdoor("solve", &config, dir.path(), work.path())
            .args(["--apply", "add in calc.py subtracts"])
            .output()
            .unwrap();
        assert!(!stderr(&out).contains("applied the patch"), "{path}: {}", stderr(&out));
        assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC, "{path}: nothing written");
        assert!(!dir.path().join(path).exists() && !dir.path().join("~").exists(), "{path} was written");
        // The agents were told why, in words they can act on.
        let repair = format!("{}{}", stderr(&out), backend.prompts().join("\n"));
        assert!(repair.contains(why) || stderr(&out).contains(why), "{path}: {}", stderr(&out));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repositorys_tests_cannot_read_cargos_credentials_or_config() {
    let work = tempfile::tempdir().unwrap();
    let dir = repo(&[]);
    // A CARGO_HOME as a user's: crates, and a token in two places — readable by anyone,
    // as every file of a non-root user's own is to a run that keeps the user's uid.
    let cargo = work.path().join("cargo-home");
    std::fs::create_dir_all(cargo.join("registry/index")).unwrap();
    std::fs::create_dir_all(cargo.join("bin")).unwrap();
    std::fs::write(cargo.join("registry/index/marker"), "crates-are-here\n").unwrap();
    for file in ["credentials.toml", "config.toml"] {
        std::fs::write(cargo.join(file), "[registry]\ntoken = \"cio-SECRET-TOKEN-62\"\n").unwrap();
        std::fs::set_permissions(cargo.join(file), std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    std::fs::set_permissions(work.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let backend = Arc::new(Scripted::repeating(edit("calc.py", FIX.0, FIX.1)));
    let server = openai_server::serve(backend.clone(), None).await;
    let config = scripted_team(&server.base, work.path());
    // A "cargo test" that prints what it can of CARGO_HOME, then fails, so its output is shown.
    let test =
        "cat \"$CARGO_HOME/registry/index/marker\" \"$CARGO_HOME/credentials.toml\" \"$CARGO_HOME/config.toml\"; \
                echo cargo test; false";
    let out = memdoor("solve", &config, dir.path(), work.path())
        .args(["--test", test, "add in calc.py subtracts"])
        .env("CARGO_HOME", &cargo)
        .output()
        .unwrap();
    let seen = format!("{}{}", stderr(&out), backend.prompts().join("\n"));
    assert!(seen.contains("crates-are-here"), "the registry is bound, and the run's output shown: {seen}");
    assert!(!seen.contains("SECRET-TOKEN-62"), "a token reached the output or a prompt: {seen}");
}
