//! The change under review, read from real git repositories.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::*;

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output().expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

fn commit(dir: &Path, files: &[(&str, &str)], message: &str) {
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    git(dir, &["add", "-A"]);
    git(dir, &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", message]);
}

/// A repository on `main` with calc.py, and a branch `feature` that breaks `add` and adds notes.md.
fn branched() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q", "-b", "main"]);
    commit(dir.path(), &[("calc.py", "def add(a, b):\n    return a + b\n"), ("old.txt", "x\n")], "init");
    git(dir.path(), &["checkout", "-q", "-b", "feature"]);
    git(dir.path(), &["rm", "-q", "old.txt"]);
    commit(dir.path(), &[("calc.py", "def add(a, b):\n    return a - b\n"), ("notes.md", "# notes\n")], "change");
    dir
}

#[test]
fn the_change_is_the_branch_against_its_base_with_the_files_it_adds_or_modifies() {
    let dir = branched();
    let change = branch_diff(dir.path(), None).unwrap();
    assert_eq!(change.base, "main", "main is found when no --base is given");
    assert_eq!(change.root, dir.path().canonicalize().unwrap());
    assert!(change.diff.contains("-    return a + b\n+    return a - b\n"), "{}", change.diff);
    // A deleted file is in the diff but not among the files shown.
    assert!(change.diff.contains("old.txt"), "{}", change.diff);
    assert_eq!(change.files, vec![PathBuf::from("calc.py"), PathBuf::from("notes.md")]);
    assert_eq!((change.clipped_lines, change.lines_left_out), (0, 0));
    let prompt = change.as_prompt();
    assert!(prompt.starts_with("The change under review, `git diff main...HEAD`"), "{prompt}");
    assert!(change.summary().starts_with("review: 2 file(s) changed against main"), "{}", change.summary());
    // The same with the base given; and work on main after the branch does not count (BASE...HEAD).
    git(dir.path(), &["checkout", "-q", "main"]);
    commit(dir.path(), &[("later.py", "y = 1\n")], "later on main");
    git(dir.path(), &["checkout", "-q", "feature"]);
    let given = branch_diff(dir.path(), Some("main")).unwrap();
    assert!(!given.diff.contains("later.py"), "{}", given.diff);
    assert_eq!(given.files, change.files);
}

#[test]
fn no_change_a_bad_base_and_no_base_are_clear_errors() {
    let dir = branched();
    let err = |base: Option<&str>| branch_diff(dir.path(), base).unwrap_err().to_string();
    assert!(err(Some("feature")).contains("nothing to review"), "{}", err(Some("feature")));
    assert!(err(Some("nosuch")).contains("--base nosuch: no such commit"), "{}", err(Some("nosuch")));
    // Not an option to git, not a range.
    assert!(err(Some("--output=/tmp/x")).contains("is not a revision"));
    assert!(err(Some("main...HEAD")).contains("is not a revision"));
    git(dir.path(), &["branch", "-q", "-m", "main", "trunk"]);
    assert!(err(None).contains("none of origin/HEAD, main, master"), "{}", err(None));
    let outside = tempfile::tempdir().unwrap();
    assert!(branch_diff(outside.path(), None).unwrap_err().to_string().contains("not inside a git work tree"));
}

#[test]
fn the_task_asks_for_one_fix_and_the_diff_is_fenced_apart_from_it() {
    let dir = branched();
    let change = branch_diff(dir.path(), None).unwrap();
    let task = change.task(Some("  the sign of add  "));
    assert!(task.starts_with("Review the change on this branch: its diff against main follows"), "{task}");
    assert!(task.ends_with("Look first at this: the sign of add"), "{task}");
    assert!(!task.contains("return a"), "the diff is not in the task: it is data after it");
    assert_eq!(change.task(Some(" ")), change.task(None));
    // A diff holding a fence cannot close the block it is shown in.
    let fenced = BranchDiff { diff: "+ ```\n+ ````\n".into(), ..change };
    assert!(fenced.as_prompt().contains("`````diff\n"), "{}", fenced.as_prompt());
}

#[test]
fn a_long_diff_is_clipped_by_line_and_cut_at_its_size() {
    let long_line = format!("+{}", "é".repeat(MAX_DIFF_LINE_BYTES));
    let (text, clipped, left_out) = clip(&format!("{long_line}\n+short\n"));
    assert_eq!((clipped, left_out), (1, 0));
    assert!(text.lines().next().unwrap().len() <= MAX_DIFF_LINE_BYTES + " …".len());
    assert!(text.ends_with("+short\n"));
    let many = "+0123456789\n".repeat(MAX_DIFF_BYTES / 12 + 100);
    let (text, clipped, left_out) = clip(&many);
    assert!(text.len() <= MAX_DIFF_BYTES);
    assert_eq!(clipped, 0);
    assert_eq!(text.lines().count() + left_out, many.lines().count());
    assert!(left_out >= 100);
}

#[test]
fn a_change_that_is_not_utf8_is_read_lossily_not_refused() {
    let dir = branched();
    std::fs::write(dir.path().join("latin1.txt"), b"caf\xe9 \xff\n").unwrap();
    git(dir.path(), &["add", "latin1.txt"]);
    git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "bytes"]);
    let change = branch_diff(dir.path(), Some("main")).unwrap();
    assert!(change.diff.contains("+caf\u{fffd} \u{fffd}"), "{}", change.diff);
    assert!(change.files.contains(&PathBuf::from("latin1.txt")));
}
