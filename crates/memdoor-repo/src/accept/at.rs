//! Files and directories reached only relative to an open directory
//! (`openat`, `mkdirat`, `renameat`, `linkat`, never through a symlink):
//! what is at a name, the walk down, directories made, a file written
//! atomically beside its old self.

use std::ffi::{CStr, CString};
use std::fs::{File, Permissions};
use std::io::{self, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::os::unix::fs::PermissionsExt;

pub(super) enum Kind {
    File,
    Dir,
    Symlink,
    Other,
}

/// What `name` in `dir` is, not following a symlink; `None`: nothing there.
pub(super) fn kind_at(dir: BorrowedFd, name: &CStr) -> io::Result<Option<Kind>> {
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

pub(super) enum Walk {
    Dir(OwnedFd),
    Absent,
    Symlink,
    NotDir,
}

/// The directory `dirs` names under `root`, or what stops the way to it.
pub(super) fn walk(root: BorrowedFd, dirs: &[CString]) -> io::Result<Walk> {
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
pub(super) fn make_dirs(root: BorrowedFd, dirs: &[CString], made: &mut Vec<Vec<CString>>) -> io::Result<OwnedFd> {
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
pub(super) fn open_dirs(root: BorrowedFd, dirs: &[CString]) -> io::Result<OwnedFd> {
    match walk(root, dirs)? {
        Walk::Dir(dir) => Ok(dir),
        _ => Err(io::Error::other("a directory on the way is gone or no longer a directory")),
    }
}

/// Writes `bytes` as `name` in `dir` atomically: a temporary file beside it, synced, then renamed
/// over the old file with its permission bits `mode`; with `mode` `None` the file is new (0o644 less
/// the umask) and linked in only while nothing is there, so nothing that appeared since is replaced.
/// The caller syncs `dir` after.
pub(super) fn write_at(
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
pub(super) fn link_new(dir: BorrowedFd, tmp: &CStr, name: &CStr) -> io::Result<()> {
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
pub(super) fn temp_at(dir: BorrowedFd, mode: u32) -> io::Result<(CString, OwnedFd)> {
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
pub(super) fn open_at(dir: BorrowedFd, name: &CStr, flags: libc::c_int, mode: u32) -> io::Result<OwnedFd> {
    let flags = flags | libc::O_NOFOLLOW | libc::O_CLOEXEC;
    // SAFETY: a live descriptor and a NUL-terminated name.
    let fd = unsafe { libc::openat(dir.as_raw_fd(), name.as_ptr(), flags, mode as libc::c_uint) };
    check(fd)?;
    // SAFETY: openat returned a new descriptor that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

pub(super) fn sync(dir: BorrowedFd) -> io::Result<()> {
    // SAFETY: a live descriptor.
    check(unsafe { libc::fsync(dir.as_raw_fd()) })
}

pub(super) fn check(rc: libc::c_int) -> io::Result<()> {
    if rc < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}
