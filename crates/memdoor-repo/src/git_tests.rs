//! git on real repositories whose config tries to run a program at every
//! key that would: nothing runs, and memdoor still reads the repository.

use std::os::unix::fs::PermissionsExt;
use std::process::Command;
use std::time::Duration;

use super::*;

/// Plain git, as the user (and these tests' set-up) runs it.
fn plain_git(dir: &Path, args: &[&str]) {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output().expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// A committed repository holding `files`, on a branch `master` and a second commit on `topic`.
fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    plain_git(dir.path(), &["init", "-q", "-b", "master"]);
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    plain_git(dir.path(), &["add", "-A"]);
    plain_git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]);
    plain_git(dir.path(), &["checkout", "-q", "-b", "topic"]);
    std::fs::write(dir.path().join("calc.py"), "def add(a, b):\n    return a + b\n").unwrap();
    plain_git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "fix"]);
    dir
}

/// A shell command that leaves `marker` behind when run, as a config value.
fn leaves(marker: &Path) -> String {
    format!("touch '{}'; cat", marker.display())
}

/// Sets `key` to `value` in the repository's own `.git/config`, as a hostile archive would ship it.
fn set(dir: &Path, key: &str, value: &str) {
    plain_git(dir, &["config", key, value]);
}

/// Everything memdoor asks of git on a repository: open it, list it, diff a branch, ask about a new path.
fn read_all(dir: &Path) -> Result<()> {
    let git = Git::open(dir)?;
    git.tracked_files()?;
    git.run(&["diff", "--no-color", "--no-ext-diff", "--no-textconv", "-M", "master...HEAD", "--"])?;
    git.run(&["diff", "--name-only", "-z", "master...HEAD", "--"])?;
    git.succeeds(&["rev-parse", "--verify", "--quiet", "--end-of-options", "master^{commit}"])?;
    git.ignores(Path::new("new/file.py"))?;
    Ok(())
}

const CALC: &str = "def add(a, b):\n    return a - b\n";

#[test]
fn every_key_that_runs_a_program_is_forced_off_over_the_repositorys_config() {
    let dir = repo(&[("calc.py", CALC)]);
    let marker = dir.path().join("ran");
    for (key, _) in FORCED {
        set(dir.path(), key, &leaves(&marker));
    }
    let git = Git::open(dir.path()).unwrap();
    for (key, forced) in FORCED {
        let seen = git.run(&["config", "--get", key]).unwrap();
        assert_eq!(String::from_utf8_lossy(&seen).trim_end_matches('\n'), *forced, "{key}");
    }
    read_all(dir.path()).unwrap();
    assert!(!marker.exists(), "a program ran");
}

#[test]
fn fsmonitor_hooks_pager_and_external_diff_run_nothing() {
    let dir = repo(&[("calc.py", CALC)]);
    let marker = |name: &str| dir.path().join(format!("ran-{name}"));
    set(dir.path(), "core.fsmonitor", &leaves(&marker("fsmonitor")));
    set(dir.path(), "core.pager", &leaves(&marker("pager")));
    set(dir.path(), "pager.diff", &leaves(&marker("pager-diff")));
    set(dir.path(), "diff.external", &leaves(&marker("external")));
    // Every hook git knows, in a folder the config names and in .git/hooks.
    let hooks = dir.path().join("hooks");
    std::fs::create_dir(&hooks).unwrap();
    for name in ["post-index-change", "post-checkout", "pre-commit", "reference-transaction", "fsmonitor-watchman"] {
        for folder in [hooks.clone(), dir.path().join(".git/hooks")] {
            let hook = folder.join(name);
            std::fs::write(&hook, format!("#!/bin/sh\ntouch '{}'\n", marker(name).display())).unwrap();
            std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
    }
    set(dir.path(), "core.hooksPath", hooks.to_str().unwrap());
    // A dirty tree, so that git has an index to refresh.
    std::fs::write(dir.path().join("calc.py"), "changed\n").unwrap();
    read_all(dir.path()).unwrap();
    let ran: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
    assert!(!ran.iter().any(|n| n.to_string_lossy().starts_with("ran-")), "programs ran: {ran:?}");
}

#[test]
fn textconv_and_diff_drivers_run_nothing_and_the_diff_is_the_files_own() {
    let dir = repo(&[("calc.py", CALC), (".gitattributes", "*.py diff=conv\n")]);
    let marker = dir.path().join("ran");
    set(dir.path(), "diff.conv.textconv", &leaves(&marker));
    set(dir.path(), "diff.conv.command", &leaves(&marker));
    let git = Git::open(dir.path()).unwrap();
    // Without the caller's --no-textconv: the forced config alone keeps the driver from running.
    let diff = git.run(&["diff", "master...HEAD", "--"]).unwrap();
    assert!(String::from_utf8_lossy(&diff).contains("+    return a + b"), "{}", String::from_utf8_lossy(&diff));
    read_all(dir.path()).unwrap();
    assert!(!marker.exists(), "a diff driver ran");
}

#[test]
fn a_repository_whose_files_need_a_filter_program_is_refused_and_runs_none() {
    for variable in ["clean", "smudge", "process"] {
        let dir = repo(&[("calc.py", CALC), ("data.bin", "x"), (".gitattributes", "*.bin filter=evil\n")]);
        let marker = dir.path().join("ran");
        set(dir.path(), &format!("filter.evil.{variable}"), &leaves(&marker));
        set(dir.path(), "filter.evil.required", "true");
        std::fs::write(dir.path().join("data.bin"), "dirty").unwrap();
        let e = read_all(dir.path()).unwrap_err().to_string();
        assert!(e.contains("needs the git filter \"evil\"") && e.contains("data.bin"), "{variable}: {e}");
        // The diff between commits reads blobs: no filter either way.
        let git = Git::open(dir.path()).unwrap();
        git.run(&["diff", "master...HEAD", "--"]).unwrap();
        git.run(&["status", "--porcelain"]).unwrap();
        assert!(!marker.exists(), "filter.evil.{variable} ran");
    }
    // An attribute naming a filter the config does not define is no filter at all.
    let dir = repo(&[("calc.py", CALC), (".gitattributes", "*.py filter=lfs\n")]);
    assert!(Git::open(dir.path()).unwrap().tracked_files().unwrap().contains(Path::new("calc.py")));
}

#[test]
fn core_worktree_cannot_point_git_at_another_folder() {
    let dir = repo(&[("calc.py", CALC)]);
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join("secret.txt"), "token").unwrap();
    set(dir.path(), "core.worktree", home.path().to_str().unwrap());
    let inner = dir.path().join("sub");
    std::fs::create_dir(&inner).unwrap();
    for start in [dir.path(), inner.as_path()] {
        let git = Git::open(start).unwrap();
        assert_eq!(git.top(), dir.path().canonicalize().unwrap());
        let top = git.run(&["rev-parse", "--show-toplevel"]).unwrap();
        assert_eq!(String::from_utf8_lossy(&top).trim(), dir.path().canonicalize().unwrap().to_str().unwrap());
        assert_eq!(git.tracked_files().unwrap().into_iter().collect::<Vec<_>>(), [PathBuf::from("calc.py")]);
    }
}

#[test]
fn a_folder_outside_any_repository_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let e = Git::open(dir.path()).unwrap_err().to_string();
    assert!(e.contains("not inside a git work tree"), "{e}");
    assert!(Git::open(&dir.path().join("missing")).is_err());
}

#[test]
fn driver_keys_are_found_whatever_their_subsections_hold() {
    let listed = b"core.bare\nfalse\0filter.a.b=c.clean\ncat\0FILTER.Lfs.Process\ngit-lfs\0diff.x.textconv\nhexdump\0\
merge.m.driver\nx\0diff.external\nx\0user.name\nt\0filter.only.required\0";
    let (forced, filters) = drivers(listed);
    let keys: Vec<String> = forced.iter().map(|(k, _)| String::from_utf8_lossy(k).into_owned()).collect();
    assert_eq!(
        keys,
        [
            "diff.x.textconv",
            "filter.Lfs.process",
            "filter.Lfs.required",
            "filter.a.b=c.clean",
            "filter.a.b=c.required",
            "merge.m.driver"
        ]
    );
    assert!(forced.iter().all(|(k, v)| if k.ends_with(b".required") { v == "false" } else { v.is_empty() }));
    assert_eq!(filters.into_iter().collect::<Vec<_>>(), [b"Lfs".to_vec(), b"a.b=c".to_vec()]);
    // A name that is not UTF-8 is forced off as it is, not as a lossy copy of it.
    let (forced, filters) = drivers(b"filter.\xff.clean\ncat\0");
    assert_eq!(forced[0].0, b"filter.\xff.clean".to_vec());
    assert!(filters.contains(b"\xff".as_slice()));
}

#[test]
fn a_submodules_own_config_runs_nothing_in_a_diff_of_the_superproject() {
    let sub = tempfile::tempdir().unwrap();
    plain_git(sub.path(), &["init", "-q", "-b", "master"]);
    std::fs::write(sub.path().join("lib.py"), "x = 1\n").unwrap();
    plain_git(sub.path(), &["add", "-A"]);
    plain_git(sub.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one"]);
    std::fs::write(sub.path().join("lib.py"), "x = 2\n").unwrap();
    plain_git(sub.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "two"]);
    plain_git(sub.path(), &["checkout", "-q", "HEAD~1"]);
    let dir = repo(&[("calc.py", CALC)]);
    plain_git(dir.path(), &["checkout", "-q", "master"]);
    let url = sub.path().to_str().unwrap();
    plain_git(dir.path(), &["-c", "protocol.file.allow=always", "submodule", "add", "-q", url, "s"]);
    plain_git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "sub"]);
    plain_git(dir.path(), &["branch", "-f", "base"]);
    // The submodule moves on the branch: the superproject's diff shows its gitlink change.
    plain_git(&dir.path().join("s"), &["checkout", "-q", "master"]);
    plain_git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "sub moved"]);
    let marker = dir.path().join("ran");
    set(dir.path(), "diff.submodule", "diff");
    set(&dir.path().join("s"), "diff.external", &leaves(&marker));
    set(&dir.path().join("s"), "diff.t.textconv", &leaves(&marker));
    std::fs::write(dir.path().join(".git/modules/s/info/attributes"), "* diff=t\n").unwrap();
    let git = Git::open(dir.path()).unwrap();
    let diff = git.run(&["diff", "--no-color", "-M", "base...HEAD", "--"]).unwrap();
    assert!(String::from_utf8_lossy(&diff).contains("Subproject commit"), "{}", String::from_utf8_lossy(&diff));
    assert!(!marker.exists(), "the submodule's diff driver ran");
}

#[test]
fn a_config_that_never_ends_stops_git_within_its_time() {
    let dir = repo(&[("calc.py", CALC)]);
    let fifo = dir.path().join(".git/never");
    let made = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(made.as_ptr(), 0o644) }, 0);
    set(dir.path(), "include.path", fifo.to_str().unwrap());
    let started = std::time::Instant::now();
    let e = Git::open_within(dir.path(), Duration::from_millis(500)).unwrap_err().to_string();
    assert!(e.contains("did not finish within 0.5 s"), "{e}");
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
}
