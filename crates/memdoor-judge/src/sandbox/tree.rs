//! A shell command run on a copy of a file tree: the repository mode's test
//! command on one candidate patch (#30 item 3). The tree is the session's
//! snapshot of the repository with the candidate's changed files laid over
//! it; the command runs in it with every layer a draft gets.
//!
//! Strong: bubblewrap binds the snapshot and the overlay read-only, copies
//! both into a tmpfs at `/repo` and runs the command there (that tmpfs,
//! `/tmp` and `/dev/shm` sized to hold `tree_bytes` together) — no
//! network, nothing written reaches the host, the user's repository is not
//! in the namespace at all. Weak: the same copy made on the host in a
//! directory of the run's own, removed afterwards.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use tokio::process::Command;

use super::bwrap::{self, Python};
use super::reach::Reachable;
use super::{cgroup, contain, exec, remove_run_dir, RunOutput, Sandbox};

/// Where the tree is copied to, and the command runs, inside bubblewrap.
const TREE_INSIDE: &str = "/repo";
const BASE_INSIDE: &str = "/memdoor/base";
const EDITS_INSIDE: &str = "/memdoor/edits";
/// Copies the tree, then runs `$1` in it (`sh -c SCRIPT sh COMMAND`).
const COPY_THEN_RUN: &str = "cp -R /memdoor/base/. /repo/ && cp -R /memdoor/edits/. /repo/ && exec /bin/sh -c \"$1\"";

/// One command on one tree.
#[derive(Debug, Clone)]
pub struct TreeRun<'a> {
    /// The snapshot: readable by any uid (the run's own reads it).
    pub base: &'a Path,
    /// Files laid over the snapshot (same relative paths); may be empty.
    pub overlay: &'a Path,
    /// A shell command line, run from the tree's root.
    pub command: &'a str,
    /// Bytes the run's tmpfs mounts may hold together — the tree (the copy,
    /// and what the command writes there), `/tmp` and `/dev/shm` (`tmpfs_sizes`).
    pub tree_bytes: u64,
    /// Host directories the command needs, bound read-only at the same place (a toolchain).
    pub binds: &'a [PathBuf],
    /// Variables set for the command, beside the minimal environment.
    pub env: &'a [(String, String)],
}

impl Sandbox {
    /// Runs `run.command` on a fresh copy of `run.base` with `run.overlay`
    /// laid over it, under this sandbox's limits. Errors only when the run
    /// could not be set up; a failing command is a normal [`RunOutput`].
    pub async fn run_in_tree(&self, run: &TreeRun<'_>) -> Result<RunOutput> {
        let uid = contain::run_uid();
        let strong = self.strength().is_strong();
        // The weak run's own copy (the strong one copies inside its namespace).
        let scratch = if strong { None } else { Some(weak_copy(run, uid)?) };
        let reach = Reachable::new(self.python().binds.iter().chain(run.binds), uid.filter(|_| strong))?;
        let mut cmd = match &scratch {
            None => strong_tree(&self.bwrap, self.python(), run, &reach),
            Some(dir) => weak_tree(self.python(), run, dir.path()),
        };
        // Before the uid drop (contain::install's): the mounts need root.
        reach.install(&mut cmd);
        let group = cgroup::RunCgroup::create(self.limits());
        contain::install(&mut cmd, self.limits(), uid, group.as_ref().map(|g| g.join_files()).unwrap_or_default());
        let out = exec::supervise(cmd, b"", self.limits(), uid, strong, None).await;
        drop(group);
        drop(reach);
        if let Some(dir) = scratch {
            remove_run_dir(dir);
        }
        out
    }
}

/// The PATH a tree's command gets: the interpreter's and the binds' `bin`
/// directories first (a pyenv or rustup install outside /usr), then the system's.
fn path_var(py: &Python, binds: &[PathBuf]) -> String {
    let mut dirs: Vec<String> = Vec::new();
    // A bind that is a `bin` folder itself (`CARGO_HOME/bin`) is one; of any other, its `bin`.
    let bin_of = |b: &PathBuf| if b.ends_with("bin") { b.clone() } else { b.join("bin") };
    let bins = py.exe.parent().into_iter().map(Path::to_path_buf).chain(binds.iter().map(bin_of));
    for dir in bins {
        let dir = dir.to_string_lossy().into_owned();
        if !dirs.contains(&dir) && Path::new(&dir).is_dir() {
            dirs.push(dir);
        }
    }
    dirs.extend(["/usr/local/bin", "/usr/bin", "/bin"].map(String::from));
    dirs.join(":")
}

fn strong_tree(bwrap_exe: &Path, py: &Python, run: &TreeRun<'_>, reach: &Reachable) -> Command {
    let mut cmd = Command::new(bwrap_exe);
    bwrap::system_mounts(&mut cmd);
    let (tree, tmp, shm) = tmpfs_sizes(run.tree_bytes);
    cmd.args(["--size", &tmp.to_string(), "--tmpfs", "/tmp"]);
    cmd.args(["--size", &shm.to_string(), "--tmpfs", "/dev/shm"]);
    cmd.args(["--size", &tree.to_string(), "--tmpfs", TREE_INSIDE]);
    cmd.arg("--ro-bind").arg(run.base).arg(BASE_INSIDE);
    cmd.arg("--ro-bind").arg(run.overlay).arg(EDITS_INSIDE);
    // Debian's `cc` (the linker cargo calls) and other tools are links through /etc/alternatives.
    cmd.args(["--ro-bind-try", "/etc/alternatives", "/etc/alternatives"]);
    for (source, dir) in reach.binds() {
        cmd.arg("--ro-bind").arg(source).arg(dir);
    }
    cmd.args(["--chdir", TREE_INSIDE, "--remount-ro", "/", "--remount-ro", "/dev"]);
    cmd.args(["/bin/sh", "-c", COPY_THEN_RUN, "sh", run.command]);
    bwrap::minimal_env(&mut cmd, Path::new("/tmp"), Path::new("/tmp"));
    finish_env(&mut cmd, py, run);
    cmd
}

/// `total` split among the run's three tmpfs mounts, so that together
/// they hold no more (memory a hostile suite can pin): (the tree, `/tmp`,
/// `/dev/shm`) — a sixteenth for shared memory up to 64 MB, a quarter for
/// `/tmp`, the rest for the tree.
pub(crate) fn tmpfs_sizes(total: u64) -> (u64, u64, u64) {
    let shm = (total / 16).min(64 << 20);
    let tmp = total / 4;
    (total - tmp - shm, tmp, shm)
}

fn weak_tree(py: &Python, run: &TreeRun<'_>, dir: &Path) -> Command {
    let mut cmd = Command::new("/bin/sh");
    cmd.args(["-c", run.command]).current_dir(dir.join("repo"));
    let tmp = dir.join("tmp");
    bwrap::minimal_env(&mut cmd, &tmp, &tmp);
    finish_env(&mut cmd, py, run);
    cmd
}

fn finish_env(cmd: &mut Command, py: &Python, run: &TreeRun<'_>) {
    cmd.env("PATH", path_var(py, run.binds));
    for (k, v) in run.env {
        cmd.env(k, v);
    }
}

/// The weak run's directory: `repo/` (the base with the overlay over it) and `tmp/`, the run's uid's.
fn weak_copy(run: &TreeRun<'_>, uid: Option<u32>) -> Result<tempfile::TempDir> {
    let dir = tempfile::Builder::new().prefix("memdoor-tree-").tempdir().context("creating the run's directory")?;
    let repo = dir.path().join("repo");
    copy_tree(run.base, &repo).with_context(|| format!("copying {}", run.base.display()))?;
    copy_tree(run.overlay, &repo).with_context(|| format!("copying {}", run.overlay.display()))?;
    std::fs::create_dir(dir.path().join("tmp"))?;
    if let Some(uid) = uid {
        chown_tree(dir.path(), uid)?;
    }
    Ok(dir)
}

/// Copies the regular files and directories under `from` into `to` (made if
/// missing), modes kept; symlinks are not copied (the snapshot holds none).
pub fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

fn chown_tree(path: &Path, uid: u32) -> std::io::Result<()> {
    std::os::unix::fs::lchown(path, Some(uid), Some(uid))?;
    if std::fs::symlink_metadata(path)?.is_dir() {
        for entry in std::fs::read_dir(path)? {
            chown_tree(&entry?.path(), uid)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_runs_tmpfs_mounts_hold_no_more_than_its_budget_together() {
        for total in [0, 1, 17, 1 << 20, 2 << 30, 8 << 30, u64::MAX / 2] {
            let (tree, tmp, shm) = tmpfs_sizes(total);
            assert_eq!(tree + tmp + shm, total, "{total}");
            assert!(shm <= 64 << 20 && tmp <= total / 4 && tree >= total / 2, "{total}: {tree} {tmp} {shm}");
        }
        assert_eq!(tmpfs_sizes(2 << 30), ((2 << 30) - (512 << 20) - (64 << 20), 512 << 20, 64 << 20));
    }

    #[test]
    fn a_bin_folder_bound_is_on_the_path_itself() {
        let dir = tempfile::tempdir().unwrap();
        let (cargo_bin, toolchain) = (dir.path().join("cargo/bin"), dir.path().join("rustup"));
        std::fs::create_dir_all(&cargo_bin).unwrap();
        std::fs::create_dir_all(toolchain.join("bin")).unwrap();
        let py = Python { exe: PathBuf::from("/usr/bin/python3"), binds: Vec::new() };
        let path = path_var(&py, &[cargo_bin.clone(), toolchain.clone()]);
        let dirs: Vec<&str> = path.split(':').collect();
        assert!(dirs.contains(&cargo_bin.to_str().unwrap()), "{path}");
        assert!(dirs.contains(&toolchain.join("bin").to_str().unwrap()), "{path}");
    }
}
