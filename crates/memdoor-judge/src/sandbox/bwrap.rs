//! Which python3 the sandbox runs, and the two command lines that run it:
//! inside bubblewrap (strong) or directly (weak).

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use tokio::process::Command;

use super::Limits;

/// Where the run's own directory appears inside bubblewrap.
const WORKDIR_INSIDE: &str = "/sandbox";
/// The file the code is written to, inside the run's directory.
pub(super) const SCRIPT: &str = "main.py";

/// `-I` (isolated): ignore PYTHON* variables and the user's site-packages,
/// and keep the script's directory off sys.path, so the host's Python setup
/// cannot change what a draft does; the code is one self-contained file.
/// Not `-S`: site-packages stay importable (LiveCodeBench solutions use e.g.
/// numpy or sortedcontainers when installed). `-B`: no .pyc litter (-I makes
/// Python ignore PYTHONDONTWRITEBYTECODE, so the flag it is).
const PYTHON_ARGS: [&str; 3] = ["-I", "-B", SCRIPT];

/// An interpreter as the host has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Python {
    /// The real binary (a pyenv shim is a shell script that would need all
    /// of pyenv inside the sandbox; we run what it points at).
    pub exe: PathBuf,
    /// Host directories outside /usr the interpreter needs, bound read-only.
    pub binds: Vec<PathBuf>,
}

/// Interpreters to try, best first: the `python3` on PATH (what the user
/// gets in a shell), then the system ones, which also work after dropping
/// root, when PATH's one may sit in a private home (e.g. /root/.pyenv).
pub(super) async fn find_pythons() -> Vec<Python> {
    let mut found: Vec<Python> = Vec::new();
    for candidate in ["python3", "/usr/bin/python3", "/usr/local/bin/python3"] {
        match resolve(candidate).await {
            Ok(py) if !found.iter().any(|f| f.exe == py.exe) => found.push(py),
            Ok(_) => {}
            Err(e) => tracing::debug!("no sandbox python at {candidate}: {e:#}"),
        }
    }
    found
}

/// Asks the interpreter where it really lives (this runs our own code, not
/// a draft's, so outside any sandbox).
pub(super) async fn resolve(candidate: &str) -> Result<Python> {
    let probe = "import sys; print(sys.executable); print(sys.base_prefix)";
    // Isolated, from the root: nothing of the folder memdoor runs in is imported.
    let out = Command::new(candidate).args(["-I", "-c", probe]).current_dir("/").kill_on_drop(true).output();
    let out = tokio::time::timeout(Duration::from_secs(20), out)
        .await
        .with_context(|| format!("{candidate} did not answer within 20 s"))?
        .with_context(|| format!("running {candidate}"))?;
    if !out.status.success() {
        bail!("{candidate} failed: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    let text = String::from_utf8(out.stdout).context("python printed non-UTF-8 paths")?;
    let mut lines = text.lines();
    let (Some(exe), Some(prefix)) = (lines.next(), lines.next()) else {
        bail!("{candidate} printed no sys.executable / sys.base_prefix");
    };
    let exe = std::fs::canonicalize(exe).with_context(|| format!("resolving {exe}"))?;
    let prefix = std::fs::canonicalize(prefix).with_context(|| format!("resolving {prefix}"))?;
    Ok(Python { binds: binds(&exe, &prefix), exe })
}

/// What of an interpreter outside /usr enters the sandbox: its prefix's
/// `bin/` and `lib/` (`lib64/` where a build puts the standard library
/// there), and the executable's own directory. Not the whole prefix: a
/// conda base holds every environment (`envs/`, with their stored
/// variables), the package cache and its `etc/`, none of which python needs.
fn binds(exe: &Path, prefix: &Path) -> Vec<PathBuf> {
    let mut binds: Vec<PathBuf> = Vec::new();
    let parts = ["bin", "lib", "lib64"].map(|d| std::fs::canonicalize(prefix.join(d)).ok());
    for dir in parts.iter().flatten().map(PathBuf::as_path).chain(exe.parent()) {
        // Resolved first: lib64 -> lib is bound once, a link into /usr not at all (it is there).
        let covered = dir.starts_with("/usr") || binds.iter().any(|b| dir.starts_with(b));
        if !covered && dir.is_dir() {
            binds.push(dir.to_path_buf());
        }
    }
    binds
}

/// What every strong run gets: a fresh namespace of every kind, the host's
/// /usr (and the top-level links into it) read-only, the loader's cache and
/// the timezone, /proc and /dev.
pub(super) fn system_mounts(cmd: &mut Command) {
    cmd.args(["--unshare-all", "--die-with-parent", "--new-session"]);
    cmd.args(["--ro-bind", "/usr", "/usr"]);
    // Merged-/usr hosts have /bin, /lib… as symlinks into /usr: recreate
    // them; older layouts get the real directories, read-only.
    for top in ["/bin", "/lib", "/lib32", "/lib64", "/libx32"] {
        match std::fs::symlink_metadata(top) {
            Ok(m) if m.file_type().is_symlink() => {
                if let Ok(target) = std::fs::read_link(top) {
                    cmd.arg("--symlink").arg(target).arg(top);
                }
            }
            Ok(m) if m.is_dir() => {
                cmd.args(["--ro-bind", top, top]);
            }
            _ => {}
        }
    }
    // All of /etc the interpreter uses: the loader's cache and the timezone.
    for file in ["/etc/ld.so.cache", "/etc/localtime"] {
        cmd.args(["--ro-bind-try", file, file]);
    }
    cmd.args(["--proc", "/proc", "--dev", "/dev"]);
}

/// The bubblewrap command: a fresh namespace of every kind (so no network,
/// no view of host processes), the host's /usr read-only, and every
/// writable place a sized tmpfs of its own — /tmp, /dev/shm and the working
/// directory, where only the script is bound (read-only) from `dir`. Nothing
/// the program writes reaches the host, and all of it goes with the namespace.
pub(super) fn strong(bwrap: &Path, py: &Python, dir: &Path, limits: &Limits) -> Command {
    let mut cmd = Command::new(bwrap);
    system_mounts(&mut cmd);
    // /tmp and the working directory live in memory: a few maximal files,
    // no more; POSIX shared memory gets one file's worth.
    let tmp_bytes = limits.file_bytes.saturating_mul(4).to_string();
    cmd.args(["--size", &tmp_bytes, "--tmpfs", "/tmp"]);
    cmd.args(["--size", &limits.file_bytes.to_string(), "--tmpfs", "/dev/shm"]);
    cmd.args(["--size", &tmp_bytes, "--tmpfs", WORKDIR_INSIDE]);
    cmd.arg("--ro-bind").arg(dir.join(SCRIPT)).arg(format!("{WORKDIR_INSIDE}/{SCRIPT}"));
    // After the tmpfs mounts, which would hide an interpreter installed under /tmp.
    for dir in &py.binds {
        cmd.arg("--ro-bind").arg(dir).arg(dir);
    }
    cmd.args(["--chdir", WORKDIR_INSIDE]);
    // Everything else (/, /etc, the mount points, /dev's own tmpfs) read-only:
    // writes elsewhere fail rather than land in an unsized scratch space.
    cmd.args(["--remount-ro", "/", "--remount-ro", "/dev"]);
    cmd.arg(&py.exe).args(PYTHON_ARGS);
    // bwrap hands its own (already minimal) environment on: the same effect
    // as --clearenv plus --setenv, for both modes from one place.
    minimal_env(&mut cmd, Path::new("/tmp"), Path::new("/tmp"));
    cmd.current_dir(dir);
    cmd
}

/// The bare command: same interpreter, flags and environment, no namespaces.
pub(super) fn weak(py: &Python, dir: &Path) -> Command {
    let mut cmd = Command::new(&py.exe);
    cmd.args(PYTHON_ARGS).current_dir(dir);
    minimal_env(&mut cmd, dir, dir);
    cmd
}

/// Nothing of memdoor's environment (API keys, Redis URLs) reaches a draft.
pub(super) fn minimal_env(cmd: &mut Command, home: &Path, tmp: &Path) {
    cmd.env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("LANG", "C.UTF-8")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("HOME", home)
        .env("TMPDIR", tmp)
        // One thread per numeric library: threads count against the process
        // limit, and five drafts run side by side.
        .env("OMP_NUM_THREADS", "1")
        .env("OPENBLAS_NUM_THREADS", "1")
        .env("MKL_NUM_THREADS", "1");
}
