//! Accepting the team's consensus patch (#30): its files written into the
//! user's git work tree, or nothing written and the reason said. The patch is
//! untrusted (a model wrote it) and so is the tree (a hostile repository may
//! plant symlinks to lead a write elsewhere), so every write is checked before
//! the first one happens: a plain relative path of names, nothing in `.git`,
//! no symlink on the way or as the file, a regular file, and the bytes the
//! session read still there. Then each file is written atomically (a
//! temporary file beside it, fsync, renamed over), and a failure midway puts
//! back what was already written: the tree is left half-patched only when
//! putting back fails too, and the error then names what could not be undone.
//!
//! The root is canonicalized once and opened; below it every directory is
//! opened relative to the one above with `O_NOFOLLOW | O_DIRECTORY`, and files
//! are read, made, renamed and linked with `openat`, `mkdirat`, `renameat` and
//! `linkat` relative to their directory's descriptor. So a symlink swapped in
//! after the checks makes the write fail; it never leads it out of the tree.
//! A rename replaces the directory entry, so a file that is a hard link to one
//! outside the tree is not written through either.
//!
//! What remains (a window between check and write): another process may
//! change a file after its check; the change is lost, replaced by the patch
//! (as an editor's save at that moment would be), and a rollback puts back the
//! bytes read during the checks, not that change. A directory renamed within
//! the tree meanwhile moves where a write lands, but only within the tree,
//! which that process could write itself. Linux only, as the sandbox is.
//!
//! `plan` holds the types, `checks` every check, `at` the directory-relative
//! calls; here the writes in order and the putting back.

mod at;
mod checks;
mod plan;

use std::ffi::CString;
use std::fs::OpenOptions;
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use at::{check, make_dirs, open_dirs, sync, write_at};
use checks::{check_all, Checked};
pub use plan::{AcceptError, Applied, PlannedWrite, Refusal, Rollback};

/// Applies `plan` under `root` (the repository's top level): checks every write first (a refusal
/// writes nothing), then writes each file atomically — a temporary file in the same directory,
/// fsync, the old file's permission bits kept (a new file gets 0o644 less the umask), rename over —
/// making missing parent directories (never through a symlink). If a write fails midway, the files
/// already written are put back (atomically, from the bytes read during the checks), created ones
/// and made directories removed, and the error says so.
pub(crate) fn apply_to_tree(root: &Path, plan: &[PlannedWrite]) -> Result<Applied, AcceptError> {
    apply_with(root, plan, &mut |_| Ok(()))
}

/// `apply_to_tree`, with `before_commit` called before each file is renamed into place: an error
/// there is that write failing (the tests inject failures with it).
fn apply_with(
    root: &Path,
    plan: &[PlannedWrite],
    before_commit: &mut dyn FnMut(&Path) -> io::Result<()>,
) -> Result<Applied, AcceptError> {
    let unchecked = |e: io::Error| AcceptError::Io {
        path: root.to_path_buf(),
        error: e.to_string(),
        rollback: Rollback::NothingWritten,
    };
    let canonical = std::fs::canonicalize(root).map_err(unchecked)?;
    let root: OwnedFd = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY | libc::O_NOFOLLOW)
        .open(canonical)
        .map_err(unchecked)?
        .into();
    let checked = check_all(root.as_fd(), plan)?;
    let mut made = Vec::new();
    for (n, c) in checked.iter().enumerate() {
        // Once renamed in, the file is put back with the others should syncing its directory fail.
        let mut committed = false;
        let written = make_dirs(root.as_fd(), &c.dirs, &mut made).and_then(|dir| {
            let mode = c.old.as_ref().map(|(_, mode)| *mode);
            write_at(dir.as_fd(), &c.name, c.write.after.as_bytes(), mode, &mut || before_commit(&c.write.path))?;
            committed = true;
            sync(dir.as_fd())
        });
        if let Err(e) = written {
            let rollback = roll_back(root.as_fd(), &checked[..n + usize::from(committed)], &made);
            return Err(AcceptError::Io { path: c.write.path.clone(), error: e.to_string(), rollback });
        }
    }
    let paths =
        |replaced: bool| checked.iter().filter(move |c| c.old.is_some() == replaced).map(|c| c.write.path.clone());
    Ok(Applied { written: paths(true).collect(), created: paths(false).collect() })
}

/// Puts back what a failed apply wrote: replaced files from the bytes read during the checks,
/// created files and made directories removed, latest first.
fn roll_back(root: BorrowedFd, done: &[Checked], made: &[Vec<CString>]) -> Rollback {
    let mut failed = Vec::new();
    for c in done.iter().rev() {
        let undone = open_dirs(root, &c.dirs).and_then(|dir| {
            match &c.old {
                Some((bytes, mode)) => write_at(dir.as_fd(), &c.name, bytes, Some(*mode), &mut || Ok(()))?,
                // SAFETY: a live descriptor and a NUL-terminated name.
                None => check(unsafe { libc::unlinkat(dir.as_raw_fd(), c.name.as_ptr(), 0) })?,
            }
            sync(dir.as_fd())
        });
        if let Err(e) = undone {
            failed.push((c.write.path.clone(), e.to_string()));
        }
    }
    for dirs in made.iter().rev() {
        let Some((name, above)) = dirs.split_last() else { continue };
        let removed = open_dirs(root, above).and_then(|dir| {
            // SAFETY: a live descriptor and a NUL-terminated name.
            check(unsafe { libc::unlinkat(dir.as_raw_fd(), name.as_ptr(), libc::AT_REMOVEDIR) })
                .and_then(|()| sync(dir.as_fd()))
        });
        if let Err(e) = removed {
            let path: PathBuf = dirs.iter().map(|d| d.to_string_lossy().into_owned()).collect();
            failed.push((path, e.to_string()));
        }
    }
    if failed.is_empty() {
        Rollback::PutBack { files: done.len() }
    } else {
        Rollback::Incomplete(failed)
    }
}

#[cfg(test)]
mod tests;
