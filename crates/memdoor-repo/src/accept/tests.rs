//! Accepting a patch on real temporary trees: what is written, every refusal
//! leaving the tree exactly as it was, and a failure midway put back.

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::*;

/// A tree holding `files` (path, bytes, permission bits).
fn tree(files: &[(&str, &str, u32)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text, mode) in files {
        let p = dir.path().join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(&p, text).unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(*mode)).unwrap();
    }
    dir
}

/// Everything under `dir`, symlinks not followed: each path's kind, permission bits and bytes (or link target).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (char, u32, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, (char, u32, Vec<u8>)>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let meta = fs::symlink_metadata(&path).unwrap();
            let mode = meta.permissions().mode() & 0o7777;
            let rel = path.strip_prefix(root).unwrap().to_path_buf();
            if meta.file_type().is_symlink() {
                out.insert(rel, ('l', 0, fs::read_link(&path).unwrap().into_os_string().into_encoded_bytes()));
            } else if meta.is_dir() {
                out.insert(rel, ('d', mode, Vec::new()));
                walk(root, &path, out);
            } else if meta.is_file() {
                out.insert(rel, ('f', mode, fs::read(&path).unwrap()));
            } else {
                out.insert(rel, ('o', mode, Vec::new()));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

fn sha(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

fn modify(path: &str, was: &str, now: &str) -> PlannedWrite {
    PlannedWrite { path: path.into(), before: Some(sha(was)), after: now.into() }
}

fn create(path: &str, text: &str) -> PlannedWrite {
    PlannedWrite { path: path.into(), before: None, after: text.into() }
}

/// The refusal `plan` gets on `dir`, after checking the tree is unchanged by it.
fn refusal(dir: &Path, plan: &[PlannedWrite]) -> Refusal {
    let before = snapshot(dir);
    let outcome = apply_to_tree(dir, plan);
    assert_eq!(snapshot(dir), before, "a refused plan changed the tree: {outcome:?}");
    match outcome {
        Err(AcceptError::Refused(why)) => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

const A: &str = "def f():\n    return 1\n";
const RUN: &str = "#!/bin/sh\necho hi\n";

/// A valid first write, so each refusal also shows that nothing before the bad write happened.
fn ok_first() -> PlannedWrite {
    modify("a.py", A, "def f():\n    return 2\n")
}

#[test]
fn modifies_and_creates_keeping_modes_and_exact_bytes() {
    let dir = tree(&[("a.py", A, 0o644), ("bin/run.sh", RUN, 0o755), ("secret.txt", "x", 0o600)]);
    // The mode a new file gets: 0o644 less the process's umask, read without changing it.
    fs::File::create(dir.path().join("probe")).unwrap();
    let umasked = fs::metadata(dir.path().join("probe")).unwrap().permissions().mode() & 0o777 & 0o644;
    fs::remove_file(dir.path().join("probe")).unwrap();
    let new_text = "x = 'ünïcode'\n\ttabs\r\nno newline at end";
    let plan = [
        modify("a.py", A, "def f():\n    return 2\n"),
        modify("bin/run.sh", RUN, "#!/bin/sh\necho bye\n"),
        modify("secret.txt", "x", "y"),
        create("new/deep/b.py", new_text),
        create("bin/c.py", ""),
    ];
    let applied = apply_to_tree(dir.path(), &plan).unwrap();
    assert_eq!(applied.written, [PathBuf::from("a.py"), "bin/run.sh".into(), "secret.txt".into()]);
    assert_eq!(applied.created, [PathBuf::from("new/deep/b.py"), "bin/c.py".into()]);

    let after = snapshot(dir.path());
    let file = |p: &str| after.get(Path::new(p)).cloned().unwrap_or_else(|| panic!("{p} missing"));
    assert_eq!(file("a.py"), ('f', 0o644, b"def f():\n    return 2\n".to_vec()));
    assert_eq!(file("bin/run.sh"), ('f', 0o755, b"#!/bin/sh\necho bye\n".to_vec()));
    assert_eq!(file("secret.txt"), ('f', 0o600, b"y".to_vec()));
    assert_eq!(file("new/deep/b.py"), ('f', umasked, new_text.as_bytes().to_vec()));
    assert_eq!(file("bin/c.py"), ('f', umasked, Vec::new()));
    // Nothing else: no temporary file left behind.
    let names: Vec<_> = after.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(names, ["a.py", "bin", "bin/c.py", "bin/run.sh", "new", "new/deep", "new/deep/b.py", "secret.txt"]);
}

#[test]
fn a_symlinked_root_is_resolved_once_and_written_through() {
    let dir = tree(&[("a.py", A, 0o644)]);
    let outer = tempfile::tempdir().unwrap();
    let link = outer.path().join("repo");
    symlink(dir.path(), &link).unwrap();
    apply_to_tree(&link, &[ok_first()]).unwrap();
    assert_eq!(fs::read_to_string(dir.path().join("a.py")).unwrap(), "def f():\n    return 2\n");
}

#[test]
fn paths_that_are_not_plain_names_are_refused() {
    let dir = tree(&[("a.py", A, 0o644), ("a/b", "", 0o644)]);
    for bad in ["../x", "/etc/x", "a/./b", "./a.py", "a//b", "a/b/", "a/../a.py", "", ".", "..", "a\nb", "x\u{1b}[2J"] {
        assert_eq!(refusal(dir.path(), &[ok_first(), create(bad, "x")]), Refusal::BadPath(bad.into()), "{bad:?}");
    }
}

#[test]
fn anything_in_git_is_refused_however_spelled() {
    let dir = tree(&[("a.py", A, 0o644), (".git/config", "[core]\n", 0o644), ("sub/.GIT/x", "", 0o644)]);
    for bad in [
        ".git/config",
        "sub/.GIT/x",
        ".git",
        ".Git/hooks/pre-commit",
        ".git./x",
        ".git /x",
        "GIT~1/config",
        ".g\u{200c}it/x",
    ] {
        assert_eq!(refusal(dir.path(), &[ok_first(), create(bad, "x")]), Refusal::InGitDir(bad.into()), "{bad:?}");
    }
    // Only the name itself: `.gitignore` and `my.git` are ordinary files.
    apply_to_tree(dir.path(), &[create(".gitignore", "target\n"), create("my.git", "")]).unwrap();
}

#[test]
fn a_symlinked_directory_leading_outside_is_refused() {
    let dir = tree(&[("a.py", A, 0o644)]);
    let outside = tree(&[("victim.py", "safe\n", 0o644)]);
    symlink(outside.path(), dir.path().join("lib")).unwrap();
    let outside_before = snapshot(outside.path());
    for write in [create("lib/evil.py", "x"), modify("lib/victim.py", "safe\n", "owned\n"), create("lib/new/x.py", "x")]
    {
        let path = write.path.clone();
        assert_eq!(refusal(dir.path(), &[ok_first(), write]), Refusal::ThroughSymlink(path));
    }
    assert_eq!(snapshot(outside.path()), outside_before);
}

#[test]
fn a_symlink_as_the_file_is_refused() {
    let dir = tree(&[("a.py", A, 0o644)]);
    let outside = tree(&[("victim.py", "safe\n", 0o644)]);
    symlink(outside.path().join("victim.py"), dir.path().join("b.py")).unwrap();
    symlink("nowhere", dir.path().join("dangling.py")).unwrap();
    let outside_before = snapshot(outside.path());
    assert_eq!(
        refusal(dir.path(), &[ok_first(), modify("b.py", "safe\n", "owned\n")]),
        Refusal::ThroughSymlink("b.py".into())
    );
    assert_eq!(
        refusal(dir.path(), &[ok_first(), create("dangling.py", "x")]),
        Refusal::ThroughSymlink("dangling.py".into())
    );
    assert_eq!(snapshot(outside.path()), outside_before);
}

#[test]
fn a_directory_a_fifo_or_a_file_on_the_way_is_not_a_file() {
    let dir = tree(&[("a.py", A, 0o644), ("top.txt", "", 0o644), ("src/x.py", "", 0o644)]);
    let fifo = std::ffi::CString::new(dir.path().join("pipe").into_os_string().into_encoded_bytes()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    for write in
        [modify("src", "", "x"), modify("pipe", "", "x"), create("top.txt/b", "x"), modify("src/x.py/c", "", "x")]
    {
        let path = write.path.clone();
        assert_eq!(refusal(dir.path(), &[ok_first(), write]), Refusal::NotAFile(path));
    }
}

#[test]
fn every_changed_file_is_named() {
    let dir = tree(&[("a.py", A, 0o644), ("b.py", "b\n", 0o644), ("c.py", "c\n", 0o644), ("d.py", "d\n", 0o644)]);
    let plan = [ok_first(), modify("b.py", "old b\n", "x"), modify("c.py", "c\n", "x"), modify("d.py", "old d\n", "x")];
    let why = refusal(dir.path(), &plan);
    assert_eq!(why, Refusal::ChangedSinceRead(vec!["b.py".into(), "d.py".into()]));
    assert_eq!(
        AcceptError::Refused(why).to_string(),
        "refused: b.py changed since the session read it (and 1 more); nothing was written"
    );
}

#[test]
fn a_file_that_appeared_or_vanished_is_refused() {
    let dir = tree(&[("a.py", A, 0o644), ("b.py", "b\n", 0o644)]);
    assert_eq!(refusal(dir.path(), &[ok_first(), create("b.py", "x")]), Refusal::AlreadyExists("b.py".into()));
    assert_eq!(refusal(dir.path(), &[ok_first(), modify("gone.py", "g\n", "x")]), Refusal::Missing("gone.py".into()));
    assert_eq!(
        refusal(dir.path(), &[ok_first(), modify("no/dir/g.py", "g\n", "x")]),
        Refusal::Missing("no/dir/g.py".into())
    );
}

#[test]
fn a_path_twice_or_as_file_and_directory_is_refused() {
    let dir = tree(&[("a.py", A, 0o644)]);
    assert_eq!(
        refusal(dir.path(), &[ok_first(), create("n.py", "1"), create("n.py", "2")]),
        Refusal::Duplicate("n.py".into())
    );
    assert_eq!(refusal(dir.path(), &[ok_first(), ok_first()]), Refusal::Duplicate("a.py".into()));
    assert_eq!(
        refusal(dir.path(), &[ok_first(), create("n/m.py", "1"), create("n", "2")]),
        Refusal::FileAndDirectory("n/m.py".into())
    );
}

#[test]
fn a_failure_midway_puts_everything_back() {
    let dir = tree(&[("a.py", A, 0o644), ("bin/run.sh", RUN, 0o755), ("c.py", "c\n", 0o600)]);
    let plan = [
        ok_first(),
        create("new/deep/b.py", "b"),
        modify("bin/run.sh", RUN, "changed"),
        modify("c.py", "c\n", "changed"),
    ];
    for fail_at in 0..plan.len() {
        let before = snapshot(dir.path());
        let mut seen = 0;
        let outcome = apply_with(dir.path(), &plan, &mut |_| {
            seen += 1;
            if seen > fail_at {
                Err(io::Error::other("disk on fire"))
            } else {
                Ok(())
            }
        });
        assert_eq!(snapshot(dir.path()), before, "failing at write {fail_at}: {outcome:?}");
        let Err(err @ AcceptError::Io { .. }) = outcome else { panic!("expected a write error, got {outcome:?}") };
        assert_eq!(
            err,
            AcceptError::Io {
                path: plan[fail_at].path.clone(),
                error: "disk on fire".into(),
                rollback: Rollback::PutBack { files: fail_at }
            }
        );
        assert!(err.to_string().contains("so the tree is as it was"), "{err}");
    }
    // And with no failure, the same plan goes through.
    apply_to_tree(dir.path(), &plan).unwrap();
    assert_eq!(fs::read_to_string(dir.path().join("c.py")).unwrap(), "changed");
}

#[test]
fn a_missing_root_is_an_error_that_wrote_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let outcome = apply_to_tree(&dir.path().join("nope"), &[create("a.py", "x")]);
    assert!(matches!(outcome, Err(AcceptError::Io { rollback: Rollback::NothingWritten, .. })), "{outcome:?}");
}

#[test]
fn a_symlink_swapped_in_after_the_checks_is_not_followed() {
    let dir = tree(&[("a.py", A, 0o644), ("sub/x.py", "x\n", 0o644)]);
    let outside = tree(&[("x.py", "x\n", 0o644)]);
    let outside_before = snapshot(outside.path());
    let plan = [ok_first(), modify("sub/x.py", "x\n", "owned\n"), create("sub/new.py", "n")];
    // A hostile process racing the write: `sub` becomes a link out of the tree once the checks passed.
    let mut raced = false;
    let outcome = apply_with(dir.path(), &plan, &mut |_| {
        if !raced {
            raced = true;
            fs::rename(dir.path().join("sub"), dir.path().join("moved")).unwrap();
            symlink(outside.path(), dir.path().join("sub")).unwrap();
        }
        Ok(())
    });
    let Err(AcceptError::Io { path, rollback, .. }) = outcome else { panic!("expected a write error: {outcome:?}") };
    assert_eq!((path, rollback), (PathBuf::from("sub/x.py"), Rollback::PutBack { files: 1 }));
    assert_eq!(snapshot(outside.path()), outside_before);
    assert_eq!(fs::read_to_string(dir.path().join("a.py")).unwrap(), A);
    assert_eq!(fs::read_to_string(dir.path().join("moved/x.py")).unwrap(), "x\n");
}

#[test]
fn a_rollback_that_cannot_finish_says_so() {
    let dir = tree(&[("a.py", A, 0o644)]);
    let plan = [ok_first(), create("new/b.py", "b"), create("c.py", "c")];
    let mut calls = 0;
    let outcome = apply_with(dir.path(), &plan, &mut |_| {
        calls += 1;
        if calls < 3 {
            return Ok(());
        }
        // Someone removes what the patch made, so it cannot be removed again.
        fs::remove_dir_all(dir.path().join("new")).unwrap();
        Err(io::Error::other("disk on fire"))
    });
    let Err(err @ AcceptError::Io { .. }) = outcome else { panic!("expected a write error: {outcome:?}") };
    let AcceptError::Io { rollback: Rollback::Incomplete(failed), .. } = &err else { panic!("{err:?}") };
    let failed: Vec<_> = failed.iter().map(|(p, _)| p.display().to_string()).collect();
    assert_eq!(failed, ["new/b.py", "new"]);
    assert!(err
        .to_string()
        .starts_with("writing c.py failed: disk on fire; putting the tree back failed too (new/b.py: "));
    assert!(err.to_string().ends_with(", and 1 more): the tree is partly patched"), "{err}");
    // What could be put back was: a.py is as it was.
    assert_eq!(fs::read_to_string(dir.path().join("a.py")).unwrap(), A);
}
