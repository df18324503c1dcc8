//! The workbench on real git repositories made in temporary directories;
//! its patches checked by `git apply` itself.

use std::process::Command;

use super::*;
use crate::edit::parse_edits;
use crate::patch::unified;

fn git(dir: &Path, args: &[&str]) -> std::process::Output {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output().expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// A committed repository holding `files`.
fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q"]);
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]);
    dir
}

const DATES: &str = "def parse(text):\n    return int(text)\n";

#[test]
fn a_patch_from_edits_applies_with_git_and_leaves_the_tree_alone_until_then() {
    let dir = repo(&[("src/dates.py", DATES), ("README.md", "no newline at the end")]);
    // Dirty: the work tree as it is is what the session reads.
    std::fs::write(dir.path().join("src/dates.py"), format!("{DATES}# local change\n")).unwrap();
    let bench = Workbench::snapshot(dir.path()).unwrap();
    let answer =
        "src/dates.py\n<<<<<<< SEARCH\n    return int(text)\n=======\n    return int(text.strip())\n>>>>>>> REPLACE\n\
README.md\n<<<<<<< SEARCH\nno newline at the end\n=======\nstill none\n>>>>>>> REPLACE\n\
src/new/mod.py\n<<<<<<< SEARCH\n=======\nX = 1\n>>>>>>> REPLACE\n";
    let candidate = bench.apply(&parse_edits(answer, &[]).unwrap()).unwrap();
    assert_eq!(candidate.changes.len(), 3);
    let patch = unified(&candidate);
    assert!(patch.contains("--- /dev/null\n+++ b/src/new/mod.py"), "{patch}");
    assert_eq!(std::fs::read_to_string(dir.path().join("src/dates.py")).unwrap(), format!("{DATES}# local change\n"));
    let file = dir.path().join("../memdoor-test.patch");
    std::fs::write(&file, &patch).unwrap();
    git(dir.path(), &["apply", "--check", file.to_str().unwrap()]);
    git(dir.path(), &["apply", file.to_str().unwrap()]);
    std::fs::remove_file(&file).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.path().join("src/dates.py")).unwrap(),
        "def parse(text):\n    return int(text.strip())\n# local change\n"
    );
    assert_eq!(std::fs::read_to_string(dir.path().join("README.md")).unwrap(), "still none");
    assert_eq!(std::fs::read_to_string(dir.path().join("src/new/mod.py")).unwrap(), "X = 1\n");
}

#[test]
fn files_that_cannot_be_edited_are_refused_by_name() {
    let dir = repo(&[("a.py", "x = 1\n"), ("data.bin", "a\0b")]);
    std::os::unix::fs::symlink("/etc/passwd", dir.path().join("link")).unwrap();
    git(dir.path(), &["add", "link"]);
    std::fs::write(dir.path().join("untracked.py"), "secret = 1\n").unwrap();
    let bench = Workbench::snapshot(dir.path()).unwrap();
    let edit = |p: &str| format!("{p}\n<<<<<<< SEARCH\n=======\nx\n>>>>>>> REPLACE\n");
    let why = |p: &str| match bench.apply(&parse_edits(&edit(p), &[]).unwrap()) {
        Err(EditError::NotEditable { why, .. }) => why,
        other => panic!("{p}: {other:?}"),
    };
    assert_eq!(why("./link"), "a symlink", "a name without a dot is written ./name");
    assert_eq!(why("link/x.py"), "below a tracked file or symlink");
    assert_eq!(why("data.bin"), "binary");
    assert_eq!(why("untracked.py"), "it exists but git does not track it");
    // The symlink was not copied; the copy holds the tracked files only.
    assert!(!bench.base().join("link").exists() && !bench.base().join("untracked.py").exists());
    assert!(bench.base().join("a.py").is_file());
    let same = "a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 1\n>>>>>>> REPLACE\n";
    assert_eq!(bench.apply(&parse_edits(same, &[]).unwrap()), Err(EditError::NoChange));
}

#[test]
fn a_tracked_file_below_a_directory_now_a_link_is_neither_copied_nor_edited() {
    let dir = repo(&[("a.py", "x = 1\n"), ("docs/notes.md", "placeholder\n")]);
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("notes.md"), "secret\n").unwrap();
    std::fs::remove_dir_all(dir.path().join("docs")).unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("docs")).unwrap();
    let bench = Workbench::snapshot(dir.path()).unwrap();
    assert!(!bench.base().join("docs/notes.md").exists(), "the file behind the link is not copied");
    let edit = "docs/notes.md\n<<<<<<< SEARCH\nsecret\n=======\nx\n>>>>>>> REPLACE\n";
    assert!(matches!(bench.apply(&parse_edits(edit, &[]).unwrap()), Err(EditError::NotEditable { .. })));
    assert_eq!(std::fs::read_to_string(outside.path().join("notes.md")).unwrap(), "secret\n");
}

#[test]
fn two_blocks_on_one_file_apply_in_order_and_the_plan_keeps_what_was_read() {
    let dir = repo(&[("a.py", "a = 1\nb = 2\n")]);
    let bench = Workbench::snapshot(dir.path()).unwrap();
    let answer = "a.py\n<<<<<<< SEARCH\na = 1\n=======\na = 10\n>>>>>>> REPLACE\n<<<<<<< SEARCH\na = 10\nb = 2\n=======\na = 10\nb = 20\n>>>>>>> REPLACE\n";
    let candidate = bench.apply(&parse_edits(answer, &[]).unwrap()).unwrap();
    let change = &candidate.changes[&RepoPath::parse("a.py").unwrap()];
    assert_eq!((change.before.as_deref(), change.after.as_str()), (Some("a = 1\nb = 2\n"), "a = 10\nb = 20\n"));
    let plan = bench.plan(&candidate).unwrap();
    let digest: [u8; 32] = Sha256::digest(b"a = 1\nb = 2\n").into();
    assert_eq!(plan[0].before, Some(digest));
}

#[test]
fn two_candidates_trees_show_every_file_either_changes_after_each() {
    let change = |before: Option<&str>, after: &str| Change { before: before.map(String::from), after: after.into() };
    let path = |p: &str| RepoPath::parse(p).unwrap();
    let mine = Candidate {
        changes: [(path("a.py"), change(Some("a = 1\n"), "a = 2\n")), (path("new.py"), change(None, "n = 1"))].into(),
    };
    let other = Candidate {
        changes: [
            (path("a.py"), change(Some("a = 1\n"), "a = 3\n")),
            (path("b.py"), change(Some("b = 1\n"), "b = 2\n")),
        ]
        .into(),
    };
    let (left, right) = mine.trees_beside(&other);
    assert_eq!(left, "### a.py\na = 2\n### b.py\nb = 1\n### new.py\nn = 1\n");
    assert_eq!(right, "### a.py\na = 3\n### b.py\nb = 2\n### new.py\n\n");
}

#[test]
fn a_candidates_tests_alone_are_its_test_files_only_when_it_changes_code_too() {
    let change = |after: &str| Change { before: Some(String::new()), after: after.to_string() };
    let path = |p: &str| RepoPath::parse(p).unwrap();
    let both = Candidate {
        changes: [
            (path("calc.py"), change("x")),
            (path("tests/test_calc.py"), change("t")),
            (path("test_b.py"), change("u")),
        ]
        .into_iter()
        .collect(),
    };
    let alone = both.tests_alone().unwrap();
    assert_eq!(alone.changes.keys().map(ToString::to_string).collect::<Vec<_>>(), ["test_b.py", "tests/test_calc.py"]);
    // Tests alone, or code alone: nothing to tell a reproduction by.
    assert_eq!(alone.tests_alone(), None);
    let code = Candidate { changes: [(path("calc.py"), change("x"))].into_iter().collect() };
    assert_eq!(code.tests_alone(), None);
    // A teammate's tests over this candidate: its own change to the same file gives way, the rest stays.
    let theirs = Candidate { changes: [(path("tests/test_calc.py"), change("theirs"))].into_iter().collect() };
    let merged = both.with_tests(&theirs);
    let files: Vec<(String, &str)> = merged.changes.iter().map(|(p, c)| (p.to_string(), c.after.as_str())).collect();
    let want = [("calc.py", "x"), ("test_b.py", "u"), ("tests/test_calc.py", "theirs")];
    assert_eq!(files, want.map(|(p, a)| (p.to_string(), a)));
}

#[test]
fn the_repositorys_own_tests_a_candidate_edits_are_set_back_as_they_were_and_its_new_ones_kept() {
    let dir = repo(&[("calc.py", "x = 1\n"), ("tests/test_calc.py", "def test_x():\n    assert False\n")]);
    let bench = Workbench::snapshot(dir.path()).unwrap();
    let answer = "calc.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n\
tests/test_calc.py\n<<<<<<< SEARCH\n    assert False\n=======\n    assert True\n>>>>>>> REPLACE\n\
tests/test_new.py\n<<<<<<< SEARCH\n=======\ndef test_new():\n    pass\n>>>>>>> REPLACE\n";
    let shown = [];
    let candidate = bench.apply(&parse_edits(answer, &shown).unwrap()).unwrap();
    let edited: Vec<String> = candidate.edited_tests().iter().map(ToString::to_string).collect();
    assert_eq!(edited, ["tests/test_calc.py"], "a test file it creates is its own, not the repository's");
    let code = candidate.with_tests_as_they_were();
    let kept: Vec<String> = code.changes.keys().map(ToString::to_string).collect();
    assert_eq!(kept, ["calc.py", "tests/test_new.py"]);
    assert!(code.edited_tests().is_empty());
}

/// #62 item 5: a new file only where the repository could track one.
#[test]
fn a_new_file_is_refused_under_ignored_paths_in_folders_git_tracks_nothing_in_and_under_a_home() {
    let dir = repo(&[("src/calc.py", "x = 1\n"), (".gitignore", "build/\n*.log\n")]);
    // A virtualenv nobody ignored, and an ignored build folder, both on disk.
    std::fs::create_dir_all(dir.path().join(".venv/lib/python3.11/site-packages")).unwrap();
    std::fs::write(dir.path().join(".venv/lib/python3.11/site-packages/six.py"), "").unwrap();
    std::fs::create_dir_all(dir.path().join("build")).unwrap();
    let bench = Workbench::snapshot(dir.path()).unwrap();
    let new_file = |path: &str| format!("{path}\n<<<<<<< SEARCH\n=======\nimport os\n>>>>>>> REPLACE\n");
    let refused = |path: &str| match bench.apply(&parse_edits(&new_file(path), &[]).unwrap()) {
        Err(EditError::NotEditable { why, .. }) => why,
        other => panic!("{path}: {other:?}"),
    };
    assert!(refused(".venv/lib/python3.11/site-packages/x.pth")
        .contains("inside .venv/lib/python3.11/site-packages, a folder git tracks nothing in"));
    assert!(refused("build/x.py").contains("ignore rules leave out"), "an empty folder, but ignored");
    assert!(refused("src/debug.log").contains("ignore rules leave out"), "{}", refused("src/debug.log"));
    assert!(refused("out/build/x.py").contains("ignore rules leave out"), "an ignored folder the patch would make");
    assert!(matches!(parse_edits(&new_file("~/.bashrc"), &[]), Err(EditError::BadPath(_))));
    // Where a file could be tracked: beside tracked ones, in a folder the patch makes, at the top,
    // in an empty folder made for it.
    std::fs::create_dir_all(dir.path().join("scaffold/tests")).unwrap();
    for path in ["src/util.py", "src/pkg/__init__.py", "tests/test_new.py", "notes~.py", "scaffold/tests/test_a.py"] {
        let made = bench.apply(&parse_edits(&new_file(path), &[]).unwrap());
        let candidate = made.unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(bench.plan(&candidate).unwrap()[0].before, None, "{path}");
    }
    // The tree changed since the candidate was made: the plan checks again and says why.
    let candidate = bench.apply(&parse_edits(&new_file("gen/out.py"), &[]).unwrap()).unwrap();
    std::fs::write(dir.path().join(".gitignore"), "build/\n*.log\ngen/\n").unwrap();
    let e = bench.plan(&candidate).unwrap_err().to_string();
    assert!(e.contains("gen/out.py") && e.contains("ignore rules"), "{e}");
}
