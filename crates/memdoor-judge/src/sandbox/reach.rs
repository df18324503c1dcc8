//! Host directories a tree's command needs but its uid cannot reach: a
//! toolchain under a home only its owner may enter (rustup in `/root`,
//! which is 0700). A run that drops from root to a uid of its own gets each
//! such directory bound — in a mount namespace of the run's own, made
//! before the uid drop — under a directory anyone may enter; bubblewrap then
//! binds it from there to its own path inside the sandbox. Nothing is
//! mounted in memdoor's namespace, and the directory goes with the run.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use tokio::process::Command;

/// The directories one run binds, and what makes them reachable.
pub(super) struct Reachable {
    /// Each directory's source for bubblewrap (itself, or its stand-in) and its path inside.
    binds: Vec<(PathBuf, PathBuf)>,
    /// Host directory → stand-in, mounted in the run's namespace.
    mounts: Vec<(CString, CString)>,
    /// The stand-ins' parent, anyone's to enter; removed with the run.
    _dir: Option<tempfile::TempDir>,
}

impl Reachable {
    /// `dirs` as the run binds them: by their own path when the run keeps
    /// our uid (`uid` is `None`) or anyone may enter them; else through a
    /// stand-in.
    pub(super) fn new<'a>(dirs: impl Iterator<Item = &'a PathBuf>, uid: Option<u32>) -> Result<Self> {
        let mut reach = Reachable { binds: Vec::new(), mounts: Vec::new(), _dir: None };
        for dir in dirs {
            if uid.is_none() || others_may_enter(dir) {
                reach.binds.push((dir.clone(), dir.clone()));
                continue;
            }
            if reach._dir.is_none() {
                let made =
                    tempfile::Builder::new().prefix("memdoor-reach-").tempdir().context("a run's bind directory")?;
                std::fs::set_permissions(made.path(), std::fs::Permissions::from_mode(0o755))?;
                reach._dir = Some(made);
            }
            let parent = reach._dir.as_ref().map(|d| d.path().to_path_buf()).unwrap_or_default();
            let stand_in = parent.join(reach.mounts.len().to_string());
            // A file (a config) is bound onto a file, a folder onto a folder.
            if dir.is_file() {
                std::fs::File::create(&stand_in)?;
                std::fs::set_permissions(&stand_in, std::fs::Permissions::from_mode(0o644))?;
            } else {
                std::fs::create_dir(&stand_in)?;
                std::fs::set_permissions(&stand_in, std::fs::Permissions::from_mode(0o755))?;
            }
            let c = |p: &Path| CString::new(p.as_os_str().as_bytes()).context("a path with a NUL byte");
            reach.mounts.push((c(dir)?, c(&stand_in)?));
            reach.binds.push((stand_in, dir.clone()));
        }
        Ok(reach)
    }

    /// (source, path inside) for each directory, in order.
    pub(super) fn binds(&self) -> impl Iterator<Item = &(PathBuf, PathBuf)> {
        self.binds.iter()
    }

    /// Makes the stand-ins in the child before it runs: a mount namespace
    /// of its own, private (nothing propagates back), each directory bound
    /// on its stand-in. Install before the uid drop.
    pub(super) fn install(&self, cmd: &mut Command) {
        if self.mounts.is_empty() {
            return;
        }
        let mounts = self.mounts.clone();
        let root = CString::from(c"/");
        let check = |rc: libc::c_int| if rc == -1 { Err(std::io::Error::last_os_error()) } else { Ok(()) };
        // SAFETY: the closure only makes raw syscalls (unshare, mount) on
        // strings prepared before the fork: async-signal-safe, no allocation.
        unsafe {
            cmd.pre_exec(move || {
                check(libc::unshare(libc::CLONE_NEWNS))?;
                let none = std::ptr::null();
                check(libc::mount(none, root.as_ptr(), none, libc::MS_REC | libc::MS_PRIVATE, std::ptr::null()))?;
                for (dir, stand_in) in &mounts {
                    check(libc::mount(
                        dir.as_ptr(),
                        stand_in.as_ptr(),
                        none,
                        libc::MS_BIND | libc::MS_REC,
                        std::ptr::null(),
                    ))?;
                }
                Ok(())
            });
        }
    }
}

/// Whether a uid of no group of the path's may enter it: every directory
/// down to it (past links) lets others search it. A toolchain's files are
/// then readable by the run's uid (rustup's are 0644; a `credentials.toml`
/// of 0600 in `CARGO_HOME` stays unreadable).
fn others_may_enter(path: &Path) -> bool {
    // Where a link leads is what the run must reach.
    let Ok(path) = std::fs::canonicalize(path) else { return false };
    path.ancestors().all(|dir| std::fs::metadata(dir).is_ok_and(|m| m.permissions().mode() & 0o001 != 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_under_a_closed_home_gets_a_stand_in_and_an_open_one_binds_itself() {
        let home = tempfile::tempdir().unwrap();
        let toolchain = home.path().join("toolchain");
        std::fs::create_dir(&toolchain).unwrap();
        std::fs::set_permissions(home.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        let open = PathBuf::from("/usr");
        let dirs = [toolchain.clone(), open.clone()];
        let reach = Reachable::new(dirs.iter(), Some(1_600_000_001)).unwrap();
        let binds: Vec<_> = reach.binds().cloned().collect();
        assert_eq!(binds[1], (open.clone(), open.clone()));
        assert_eq!(binds[0].1, toolchain);
        assert_ne!(binds[0].0, toolchain, "a stand-in");
        assert!(others_may_enter(&binds[0].0), "{:?} is anyone's to enter", binds[0].0);
        // Keeping our uid: every directory binds itself.
        let kept = Reachable::new(dirs.iter(), None).unwrap();
        assert!(kept.binds().all(|(source, inside)| source == inside) && kept.mounts.is_empty());
    }
}
