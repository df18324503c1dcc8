//! Every check before the first write: each path a plain relative path of
//! names outside `.git`, no duplicate, no file that is also a directory,
//! and, on disk, no symlink on the way, a regular file whose bytes are
//! still the ones the session read.

use std::collections::HashSet;
use std::ffi::{CStr, CString};
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::at::{kind_at, open_at, walk, Kind, Walk};
use super::plan::{AcceptError, PlannedWrite, Refusal, Rollback};

/// A checked write: its directories and name as the directory calls take them, and what was there.
pub(super) struct Checked<'a> {
    pub(super) write: &'a PlannedWrite,
    pub(super) dirs: Vec<CString>,
    pub(super) name: CString,
    /// The file's bytes and permission bits when checked; `None`: it is created.
    pub(super) old: Option<(Vec<u8>, u32)>,
}

/// Every check, before any write: the paths alone, then what is on disk.
pub(super) fn check_all<'a>(root: BorrowedFd, plan: &'a [PlannedWrite]) -> Result<Vec<Checked<'a>>, AcceptError> {
    let refused = |why: Refusal| Err(AcceptError::Refused(why));
    let mut all = Vec::with_capacity(plan.len());
    for write in plan {
        all.push(segments(&write.path).map_err(AcceptError::Refused)?);
    }
    let mut seen = HashSet::new();
    for (write, segs) in plan.iter().zip(&all) {
        if !seen.insert(segs.as_slice()) {
            return refused(Refusal::Duplicate(write.path.clone()));
        }
    }
    for (write, segs) in plan.iter().zip(&all) {
        if (1..segs.len()).any(|n| seen.contains(&segs[..n])) {
            return refused(Refusal::FileAndDirectory(write.path.clone()));
        }
    }
    let (mut checked, mut changed) = (Vec::with_capacity(plan.len()), Vec::new());
    for (write, mut dirs) in plan.iter().zip(all) {
        let Some(name) = dirs.pop() else { return refused(Refusal::BadPath(write.path.clone())) };
        let old = read_old(root, write, &dirs, &name)?;
        match (&write.before, &old) {
            (None, Some(_)) => return refused(Refusal::AlreadyExists(write.path.clone())),
            (Some(_), None) => return refused(Refusal::Missing(write.path.clone())),
            (Some(want), Some((bytes, _))) if Sha256::digest(bytes)[..] != want[..] => changed.push(write.path.clone()),
            _ => {}
        }
        checked.push(Checked { write, dirs, name, old });
    }
    if !changed.is_empty() {
        return refused(Refusal::ChangedSinceRead(changed));
    }
    Ok(checked)
}

/// The path's components, or why it is refused: only names, none of them `.git` however spelled, the
/// first not starting with `~` (a home, to a shell).
pub(super) fn segments(path: &Path) -> Result<Vec<CString>, Refusal> {
    let bad = || Refusal::BadPath(path.to_path_buf());
    let text = path.to_str().ok_or_else(bad)?;
    if text.is_empty() || text.starts_with('~') || text.chars().any(char::is_control) {
        return Err(bad());
    }
    let mut out = Vec::new();
    for seg in text.split('/') {
        if seg.is_empty() || seg == "." || seg == ".." {
            return Err(bad());
        }
        if is_git_dir(seg) {
            return Err(Refusal::InGitDir(path.to_path_buf()));
        }
        out.push(CString::new(seg).map_err(|_| bad())?);
    }
    Ok(out)
}

/// `.git` as some filesystem may read the name: any case; HFS+ ignores some invisible code points,
/// NTFS trailing dots and spaces and knows the short name `GIT~1` (the names git itself refuses).
pub(super) fn is_git_dir(seg: &str) -> bool {
    let hfs_ignored = |c: &char| matches!(*c as u32, 0x200c..=0x200f | 0x202a..=0x202e | 0x206a..=0x206f | 0xfeff);
    let name: String = seg.chars().filter(|c| !hfs_ignored(c)).collect();
    let name = name.trim_end_matches(['.', ' ']).to_ascii_lowercase();
    name == ".git" || name == "git~1"
}

/// What is at the write's path now: `None` if nothing, else its bytes and permission bits; a symlink,
/// or anything but a regular file, on the way or at the end is refused.
pub(super) fn read_old(
    root: BorrowedFd,
    write: &PlannedWrite,
    dirs: &[CString],
    name: &CStr,
) -> Result<Option<(Vec<u8>, u32)>, AcceptError> {
    let io = |e: io::Error| AcceptError::Io {
        path: write.path.clone(),
        error: e.to_string(),
        rollback: Rollback::NothingWritten,
    };
    let refused = |why: fn(PathBuf) -> Refusal| Err(AcceptError::Refused(why(write.path.clone())));
    let dir = match walk(root, dirs).map_err(io)? {
        Walk::Dir(dir) => dir,
        Walk::Absent => return Ok(None),
        Walk::Symlink => return refused(Refusal::ThroughSymlink),
        Walk::NotDir => return refused(Refusal::NotAFile),
    };
    match kind_at(dir.as_fd(), name).map_err(io)? {
        None => return Ok(None),
        Some(Kind::Symlink) => return refused(Refusal::ThroughSymlink),
        Some(Kind::Dir | Kind::Other) => return refused(Refusal::NotAFile),
        Some(Kind::File) => {}
    }
    // O_NONBLOCK: were a fifo swapped in since, opening it must not hang; fstat then refuses it.
    let mut file = File::from(open_at(dir.as_fd(), name, libc::O_RDONLY | libc::O_NONBLOCK, 0).map_err(io)?);
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return refused(Refusal::NotAFile);
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(io)?;
    // The permission bits alone: a setuid bit is not carried onto text a model wrote.
    Ok(Some((bytes, meta.permissions().mode() & 0o777)))
}
