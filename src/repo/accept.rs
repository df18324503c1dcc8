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

use std::collections::HashSet;
use std::ffi::{CStr, CString};
use std::fmt;
use std::fs::{File, OpenOptions, Permissions};
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// One file the patch writes: its path relative to the repository's root, what the session read
/// there (the sha256 of its bytes; `None`: the file did not exist and the patch creates it), and its new text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedWrite {
    pub path: PathBuf,
    pub before: Option<[u8; 32]>,
    pub after: String,
}

/// What was written, each list in the plan's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// Files that existed and were replaced.
    pub written: Vec<PathBuf>,
    /// Files that did not exist and were made.
    pub created: Vec<PathBuf>,
}

/// Why nothing was written (every check runs before the first write).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Absolute, empty, with `..`, `.` or empty components, a control character, or not UTF-8.
    BadPath(PathBuf),
    /// A component is `.git`, as any case-insensitive filesystem could read it.
    InGitDir(PathBuf),
    /// The file or a directory on the way to it is a symlink.
    ThroughSymlink(PathBuf),
    /// It exists but is not a regular file, or something on the way to it is not a directory.
    NotAFile(PathBuf),
    /// Every file whose bytes' sha256 is no longer `before`.
    ChangedSinceRead(Vec<PathBuf>),
    /// `before` is `None` but something is there now.
    AlreadyExists(PathBuf),
    /// `before` is `Some` but the file is gone.
    Missing(PathBuf),
    /// The same path twice in the plan.
    Duplicate(PathBuf),
    /// The plan writes this path as a file and also a file beneath it.
    FileAndDirectory(PathBuf),
}

/// What became of the tree after a write failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rollback {
    /// The failure came before any write.
    NothingWritten,
    /// The files written before the failure were put back and the directories made removed.
    PutBack { files: usize },
    /// Putting back failed for these (path, error): the tree is partly patched.
    Incomplete(Vec<(PathBuf, String)>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AcceptError {
    Refused(Refusal),
    Io { path: PathBuf, error: String, rollback: Rollback },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Debug quoting: a refused path may hold what a terminal would obey.
            Refusal::BadPath(p) => write!(f, "{p:?} is not a plain relative path of names"),
            Refusal::InGitDir(p) => write!(f, "{} is inside .git", p.display()),
            Refusal::ThroughSymlink(p) => write!(f, "{} is a symlink or lies under one", p.display()),
            Refusal::NotAFile(p) => {
                write!(f, "{} is not a regular file (or lies under something that is not a directory)", p.display())
            }
            Refusal::ChangedSinceRead(paths) => match paths.split_first() {
                None => write!(f, "a file changed since the session read it"),
                Some((first, [])) => write!(f, "{} changed since the session read it", first.display()),
                Some((first, rest)) => {
                    write!(f, "{} changed since the session read it (and {} more)", first.display(), rest.len())
                }
            },
            Refusal::AlreadyExists(p) => {
                write!(f, "{} exists now, but the patch creates it (it was not there when read)", p.display())
            }
            Refusal::Missing(p) => write!(f, "{} is gone since the session read it", p.display()),
            Refusal::Duplicate(p) => write!(f, "{} is written twice by the patch", p.display()),
            Refusal::FileAndDirectory(p) => {
                write!(f, "{} is both a file the patch writes and a directory of another it writes", p.display())
            }
        }
    }
}

impl fmt::Display for AcceptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AcceptError::Refused(why) => write!(f, "refused: {why}; nothing was written"),
            AcceptError::Io { path, error, rollback: Rollback::NothingWritten } => {
                write!(f, "could not check {}: {error}; nothing was written", path.display())
            }
            AcceptError::Io { path, error, rollback: Rollback::PutBack { files } } => write!(
                f,
                "writing {} failed: {error}; \
                 the {files} file(s) already written were put back, so the tree is as it was",
                path.display()
            ),
            AcceptError::Io { path, error, rollback: Rollback::Incomplete(failed) } => {
                write!(f, "writing {} failed: {error}; putting the tree back failed too", path.display())?;
                if let Some((p, e)) = failed.first() {
                    write!(f, " ({}: {e}", p.display())?;
                    if failed.len() > 1 {
                        write!(f, ", and {} more", failed.len() - 1)?;
                    }
                    write!(f, ")")?;
                }
                write!(f, ": the tree is partly patched")
            }
        }
    }
}

impl std::error::Error for Refusal {}
impl std::error::Error for AcceptError {}

/// Applies `plan` under `root` (the repository's top level): checks every write first (a refusal
/// writes nothing), then writes each file atomically — a temporary file in the same directory,
/// fsync, the old file's permission bits kept (a new file gets 0o644 less the umask), rename over —
/// making missing parent directories (never through a symlink). If a write fails midway, the files
/// already written are put back (atomically, from the bytes read during the checks), created ones
/// and made directories removed, and the error says so.
pub fn apply_to_tree(root: &Path, plan: &[PlannedWrite]) -> Result<Applied, AcceptError> {
    apply_with(root, plan, &mut |_| Ok(()))
}

/// A checked write: its directories and name as the directory calls take them, and what was there.
struct Checked<'a> {
    write: &'a PlannedWrite,
    dirs: Vec<CString>,
    name: CString,
    /// The file's bytes and permission bits when checked; `None`: it is created.
    old: Option<(Vec<u8>, u32)>,
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

/// Every check, before any write: the paths alone, then what is on disk.
fn check_all<'a>(root: BorrowedFd, plan: &'a [PlannedWrite]) -> Result<Vec<Checked<'a>>, AcceptError> {
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

/// The path's components, or why it is refused: only names, none of them `.git` however spelled.
fn segments(path: &Path) -> Result<Vec<CString>, Refusal> {
    let bad = || Refusal::BadPath(path.to_path_buf());
    let text = path.to_str().ok_or_else(bad)?;
    if text.is_empty() || text.chars().any(char::is_control) {
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
fn is_git_dir(seg: &str) -> bool {
    let hfs_ignored = |c: &char| matches!(*c as u32, 0x200c..=0x200f | 0x202a..=0x202e | 0x206a..=0x206f | 0xfeff);
    let name: String = seg.chars().filter(|c| !hfs_ignored(c)).collect();
    let name = name.trim_end_matches(['.', ' ']).to_ascii_lowercase();
    name == ".git" || name == "git~1"
}

/// What is at the write's path now: `None` if nothing, else its bytes and permission bits; a symlink,
/// or anything but a regular file, on the way or at the end is refused.
fn read_old(
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

enum Kind {
    File,
    Dir,
    Symlink,
    Other,
}

/// What `name` in `dir` is, not following a symlink; `None`: nothing there.
fn kind_at(dir: BorrowedFd, name: &CStr) -> io::Result<Option<Kind>> {
    let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
    // SAFETY: a live descriptor, a NUL-terminated name, room for the answer.
    if unsafe { libc::fstatat(dir.as_raw_fd(), name.as_ptr(), st.as_mut_ptr(), libc::AT_SYMLINK_NOFOLLOW) } != 0 {
        let e = io::Error::last_os_error();
        return if e.kind() == io::ErrorKind::NotFound { Ok(None) } else { Err(e) };
    }
    // SAFETY: fstatat succeeded, so it filled `st`.
    let mode = unsafe { st.assume_init() }.st_mode & libc::S_IFMT;
    Ok(Some(match mode {
        libc::S_IFREG => Kind::File,
        libc::S_IFDIR => Kind::Dir,
        libc::S_IFLNK => Kind::Symlink,
        _ => Kind::Other,
    }))
}

enum Walk {
    Dir(OwnedFd),
    Absent,
    Symlink,
    NotDir,
}

/// The directory `dirs` names under `root`, or what stops the way to it.
fn walk(root: BorrowedFd, dirs: &[CString]) -> io::Result<Walk> {
    let mut dir = root.try_clone_to_owned()?;
    for name in dirs {
        match kind_at(dir.as_fd(), name)? {
            None => return Ok(Walk::Absent),
            Some(Kind::Symlink) => return Ok(Walk::Symlink),
            Some(Kind::Dir) => dir = open_at(dir.as_fd(), name, libc::O_RDONLY | libc::O_DIRECTORY, 0)?,
            Some(Kind::File | Kind::Other) => return Ok(Walk::NotDir),
        }
    }
    Ok(Walk::Dir(dir))
}

/// The directory `dirs` names under `root`, each missing one made (and added to `made`), never
/// through a symlink: one swapped in since the checks fails the open (`O_NOFOLLOW`).
fn make_dirs(root: BorrowedFd, dirs: &[CString], made: &mut Vec<Vec<CString>>) -> io::Result<OwnedFd> {
    let mut dir = root.try_clone_to_owned()?;
    for (n, name) in dirs.iter().enumerate() {
        dir = match open_at(dir.as_fd(), name, libc::O_RDONLY | libc::O_DIRECTORY, 0) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // SAFETY: a live descriptor and a NUL-terminated name.
                if unsafe { libc::mkdirat(dir.as_raw_fd(), name.as_ptr(), 0o755) } != 0 {
                    return Err(io::Error::last_os_error());
                }
                made.push(dirs[..=n].to_vec());
                sync(dir.as_fd())?;
                open_at(dir.as_fd(), name, libc::O_RDONLY | libc::O_DIRECTORY, 0)?
            }
            opened => opened?,
        };
    }
    Ok(dir)
}

/// The directory `dirs` names under `root`, as it must still be for putting back.
fn open_dirs(root: BorrowedFd, dirs: &[CString]) -> io::Result<OwnedFd> {
    match walk(root, dirs)? {
        Walk::Dir(dir) => Ok(dir),
        _ => Err(io::Error::other("a directory on the way is gone or no longer a directory")),
    }
}

/// Writes `bytes` as `name` in `dir` atomically: a temporary file beside it, synced, then renamed
/// over the old file with its permission bits `mode`; with `mode` `None` the file is new (0o644 less
/// the umask) and linked in only while nothing is there, so nothing that appeared since is replaced.
/// The caller syncs `dir` after.
fn write_at(
    dir: BorrowedFd,
    name: &CStr,
    bytes: &[u8],
    mode: Option<u32>,
    before_commit: &mut dyn FnMut() -> io::Result<()>,
) -> io::Result<()> {
    let (tmp, fd) = temp_at(dir, mode.unwrap_or(0o644))?;
    let mut file = File::from(fd);
    let result = (|| {
        if let Some(mode) = mode {
            // openat's mode passes the umask; the old file's bits are kept exactly.
            file.set_permissions(Permissions::from_mode(mode))?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        before_commit()?;
        match mode {
            // SAFETY: live descriptors and NUL-terminated names.
            Some(_) => check(unsafe { libc::renameat(dir.as_raw_fd(), tmp.as_ptr(), dir.as_raw_fd(), name.as_ptr()) }),
            None => link_new(dir, &tmp, name),
        }
    })();
    if result.is_err() {
        // SAFETY: a live descriptor and a NUL-terminated name.
        let _ = check(unsafe { libc::unlinkat(dir.as_raw_fd(), tmp.as_ptr(), 0) });
    }
    result
}

/// Moves `tmp` in as `name`, failing if anything is there: a hard link, then `tmp` unlinked; where
/// the filesystem has no hard links, a rename after a look (a narrower guarantee).
fn link_new(dir: BorrowedFd, tmp: &CStr, name: &CStr) -> io::Result<()> {
    // SAFETY (here and below): live descriptors and NUL-terminated names.
    match check(unsafe { libc::linkat(dir.as_raw_fd(), tmp.as_ptr(), dir.as_raw_fd(), name.as_ptr(), 0) }) {
        Ok(()) => {
            // The file is in place; a temporary name left over would be untidy, not wrong.
            let _ = check(unsafe { libc::unlinkat(dir.as_raw_fd(), tmp.as_ptr(), 0) });
            Ok(())
        }
        Err(e) if matches!(e.raw_os_error(), Some(libc::EPERM | libc::EOPNOTSUPP | libc::ENOSYS)) => {
            if kind_at(dir, name)?.is_some() {
                return Err(io::Error::from(io::ErrorKind::AlreadyExists));
            }
            check(unsafe { libc::renameat(dir.as_raw_fd(), tmp.as_ptr(), dir.as_raw_fd(), name.as_ptr()) })
        }
        Err(e) => Err(e),
    }
}

/// A new temporary file in `dir`, under a name no plan path can take (it is never left behind).
fn temp_at(dir: BorrowedFd, mode: u32) -> io::Result<(CString, OwnedFd)> {
    for n in 0..100 {
        let name = CString::new(format!(".memdoor-accept-{}-{n}.tmp", std::process::id())).map_err(io::Error::other)?;
        match open_at(dir, &name, libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL, mode) {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            opened => return opened.map(|fd| (name, fd)),
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "no free name for a temporary file"))
}

/// `openat` relative to `dir`, never following a symlink, closed on exec.
fn open_at(dir: BorrowedFd, name: &CStr, flags: libc::c_int, mode: u32) -> io::Result<OwnedFd> {
    let flags = flags | libc::O_NOFOLLOW | libc::O_CLOEXEC;
    // SAFETY: a live descriptor and a NUL-terminated name.
    let fd = unsafe { libc::openat(dir.as_raw_fd(), name.as_ptr(), flags, mode as libc::c_uint) };
    check(fd)?;
    // SAFETY: openat returned a new descriptor that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

fn sync(dir: BorrowedFd) -> io::Result<()> {
    // SAFETY: a live descriptor.
    check(unsafe { libc::fsync(dir.as_raw_fd()) })
}

fn check(rc: libc::c_int) -> io::Result<()> {
    if rc < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
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
#[path = "accept_tests.rs"]
mod tests;
