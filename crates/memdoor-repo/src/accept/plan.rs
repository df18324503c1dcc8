//! What accepting a patch is asked to write, and what came of it: the
//! plan's writes, the files written, why nothing was written, what a
//! failure midway left.

use std::fmt;
use std::path::PathBuf;

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
    pub(crate) created: Vec<PathBuf>,
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
