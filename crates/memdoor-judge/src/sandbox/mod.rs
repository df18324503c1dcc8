//! The sandbox room: runs one untrusted Python program (a draft, a test) and
//! reports what it did. Containment is layered and needs no privileges:
//! rlimits, a session and process group of its own, no_new_privs, a uid of
//! its own when memdoor is root, and bubblewrap namespaces wherever they work.
//!
//! `contain` holds the layers every run gets, `bwrap` the command lines and
//! the choice of interpreter, `exec` the supervision of one run, `tree` a
//! shell command on a copy of a repository (the repository mode's tests).

mod bwrap;
mod cgroup;
mod cgroup_v2;
mod contain;
mod exec;
mod reach;
mod tree;

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};

pub use bwrap::Python;
pub use contain::Limits;
pub use tree::{copy_tree, TreeRun};

/// How contained a run is. Weak still has every rlimit, the process-group
/// watchdog and the output cap, but shares the host's filesystem view and
/// network: the UI must say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Strength {
    /// bubblewrap works here: no network, no host files but /usr (read-only).
    Strong,
    /// bubblewrap does not work here; `why` says what failed.
    Weak { why: String },
}

impl Strength {
    pub fn is_strong(&self) -> bool {
        matches!(self, Strength::Strong)
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Strong => f.write_str("strong sandbox (bubblewrap)"),
            Strength::Weak { why } => write!(f, "weak sandbox: {why}"),
        }
    }
}

/// The containment the user asks for: `strong` (the default) refuses to
/// run drafts without a working bubblewrap; `weak` runs them anyway, with
/// the user's files and network in reach, and every screen says so.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum SandboxMode {
    #[default]
    Strong,
    Weak,
}

/// Why drafts cannot run strongly here, and how to fix it.
fn refusal(why: &str) -> String {
    let fix = if why.contains("not found") {
        "install bubblewrap (Debian/Ubuntu: `sudo apt install bubblewrap`; Fedora: `sudo dnf install bubblewrap`)"
    } else if why.contains("no python3") {
        "install python3"
    } else {
        "bubblewrap is installed but cannot create namespaces here: unprivileged user namespaces are off \
(`sudo sysctl -w kernel.unprivileged_userns_clone=1` on Debian, `user.max_user_namespaces` > 0, or on Ubuntu 24.04 \
`kernel.apparmor_restrict_unprivileged_userns=0`); in a container, allow user namespaces"
    };
    format!(
        "memdoor runs the team's drafts only in a strong sandbox, and there is none here ({why}).\n\
To fix it: {fix}.\n\
Or, knowing that drafts then run as you, with your files and network in reach: --sandbox weak (or `[sandbox] mode = \"weak\"` in the config)."
    )
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// The program exited with this code.
    Exited(i32),
    /// The program was killed by this signal (e.g. SIGKILL, SIGXFSZ).
    Signaled(i32),
    /// The wall clock or the CPU budget ran out.
    TimedOut,
    /// It wrote more than `Limits::output_bytes` to stdout or stderr.
    OutputLimit,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOutput {
    pub status: Exit,
    /// At most `Limits::output_bytes` of each stream.
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub stdout_truncated: bool,
    pub(crate) stderr_truncated: bool,
    pub wall: Duration,
}

impl RunOutput {
    pub fn success(&self) -> bool {
        self.status == Exit::Exited(0)
    }
}

/// Runs Python programs, as contained as this machine allows. Detect once,
/// then `run` any number of times, concurrently if need be.
#[derive(Debug, Clone)]
pub struct Sandbox {
    strength: Strength,
    limits: Limits,
    python: Python,
    bwrap: PathBuf,
}

impl Sandbox {
    /// The sandbox every entry point runs drafts in: strong, or an error that
    /// says why not and how to fix it — unless the user asked for `weak`.
    pub async fn open(mode: SandboxMode, limits: Limits) -> Result<Self> {
        let sandbox = Self::detect(limits).await;
        match (sandbox.strength(), mode) {
            (Strength::Weak { why }, SandboxMode::Strong) => bail!("{}", refusal(why)),
            _ => Ok(sandbox),
        }
    }

    /// Finds `bwrap` on PATH and checks what works: see [`Sandbox::detect_with`].
    pub async fn detect(limits: Limits) -> Self {
        match find_on_path("bwrap") {
            Some(bwrap) => Self::detect_with(&bwrap, limits).await,
            // A name no file has: detect_with reports it "not found".
            None => Self::detect_with(Path::new("bwrap (on PATH)"), limits).await,
        }
    }

    /// Checks once, by running `import sys` exactly as a draft would run,
    /// whether `bwrap` works here (user namespaces may be off, or it may be
    /// missing) and which python3 starts; Weak with the reasons otherwise.
    pub async fn detect_with(bwrap: &Path, limits: Limits) -> Self {
        Self::detect_among(bwrap, bwrap::find_pythons().await, limits).await
    }

    /// As [`Sandbox::detect_with`], with this interpreter only (a path, or a name on PATH).
    pub async fn detect_with_python(bwrap: &Path, python: &str, limits: Limits) -> Result<Self> {
        let python = bwrap::resolve(python).await?;
        Ok(Self::detect_among(bwrap, vec![python], limits).await)
    }

    async fn detect_among(bwrap: &Path, pythons: Vec<Python>, limits: Limits) -> Self {
        let mut sandbox = Sandbox {
            strength: Strength::Strong,
            limits,
            python: Python { exe: PathBuf::from("python3"), binds: Vec::new() },
            bwrap: bwrap.to_path_buf(),
        };
        let mut failures = Vec::new();
        if pythons.is_empty() {
            failures.push("no python3 found (PATH, /usr/bin, /usr/local/bin)".to_string());
        } else if !bwrap.is_file() {
            failures.push(format!("{} not found", bwrap.display()));
        } else {
            for python in &pythons {
                sandbox.python = python.clone();
                match sandbox.probe().await {
                    Ok(()) => return sandbox,
                    Err(e) => failures.push(format!("{e:#}")),
                }
            }
        }
        let why = format!("bwrap unavailable: {}", failures.join("; "));
        sandbox.strength = Strength::Weak { why: why.clone() };
        for python in &pythons {
            sandbox.python = python.clone();
            if let Err(e) = sandbox.probe().await {
                tracing::warn!("sandbox: {e:#}");
                continue;
            }
            tracing::warn!("weak sandbox: {why}");
            return sandbox;
        }
        // Nothing starts; keep the reason so the UI can show it, and let
        // each run fail with its own error.
        sandbox.strength = Strength::Weak { why: format!("{why}; python3 does not start even without it") };
        sandbox
    }

    /// The same sandbox with other limits (no new detection).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    pub fn strength(&self) -> &Strength {
        &self.strength
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    pub fn python(&self) -> &Python {
        &self.python
    }

    /// The caps not in force on this machine (`None`: every run is capped as a whole).
    pub fn caps_not_in_force(&self) -> Option<&'static str> {
        cgroup::unavailable()
    }

    /// The sandbox line every surface shows: its strength, and the caps not in force here.
    pub fn describe(&self) -> String {
        match self.caps_not_in_force() {
            None => self.strength.to_string(),
            Some(why) => format!("{}; {why}", self.strength),
        }
    }

    /// Runs `code` as a Python program with `stdin`, in a fresh directory
    /// that is removed afterwards. Errors only when the run could not be
    /// set up; a crash, a timeout or a flood is a normal [`RunOutput`].
    /// Await it from async code, not on a blocking-pool thread (see
    /// `contain::install`).
    pub async fn run(&self, code: &str, stdin: &[u8]) -> Result<RunOutput> {
        self.run_with(code, stdin, None).await
    }

    /// As [`Sandbox::run`], but stdout goes to `stdout` chunk by chunk as it
    /// is read, none of it kept (`RunOutput::stdout` is empty): the receiver
    /// bounds what it keeps, and dropping it ends the run as an output limit
    /// (`stdout_truncated`). The channel's bound holds the program back
    /// while the receiver is busy.
    pub(crate) async fn run_streaming(
        &self,
        code: &str,
        stdin: &[u8],
        stdout: tokio::sync::mpsc::Sender<Vec<u8>>,
    ) -> Result<RunOutput> {
        self.run_with(code, stdin, Some(stdout)).await
    }

    async fn run_with(
        &self,
        code: &str,
        stdin: &[u8],
        stdout: Option<tokio::sync::mpsc::Sender<Vec<u8>>>,
    ) -> Result<RunOutput> {
        let dir =
            tempfile::Builder::new().prefix("memdoor-sandbox-").tempdir().context("creating the sandbox directory")?;
        let script = dir.path().join(bwrap::SCRIPT);
        std::fs::write(&script, code).with_context(|| format!("writing {}", script.display()))?;
        let uid = contain::run_uid();
        if let Some(uid) = uid {
            std::os::unix::fs::chown(dir.path(), Some(uid), Some(uid))
                .with_context(|| format!("handing {} to uid {uid}", dir.path().display()))?;
        }
        let strong = self.strength.is_strong();
        let mut cmd = if strong {
            bwrap::strong(&self.bwrap, &self.python, dir.path(), &self.limits)
        } else {
            bwrap::weak(&self.python, dir.path())
        };
        // The run's processes together, capped; dropped after the run, it kills what is left of them.
        let group = cgroup::RunCgroup::create(&self.limits);
        contain::install(&mut cmd, &self.limits, uid, group.as_ref().map(|g| g.join_files()).unwrap_or_default());
        let out = exec::supervise(cmd, stdin, &self.limits, uid, strong, stdout).await;
        drop(group);
        remove_run_dir(dir);
        out
    }

    async fn probe(&self) -> Result<()> {
        let how = match self.strength {
            Strength::Strong => format!("{} running {}", self.bwrap.display(), self.python.exe.display()),
            Strength::Weak { .. } => format!("{} alone", self.python.exe.display()),
        };
        let out = self.run("import sys", b"").await.with_context(|| how.clone())?;
        if !out.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            bail!("{how}: {:?}: {}", out.status, stderr.trim());
        }
        Ok(())
    }
}

/// Removes a run's directory, whatever the run did to it.
fn remove_run_dir(dir: tempfile::TempDir) {
    let path = dir.path().to_path_buf();
    if dir.close().is_err() {
        // A weak run may have taken the permissions off what it made (`chmod 000`).
        let _ = writable_tree(&path);
        if let Err(e) = std::fs::remove_dir_all(&path) {
            tracing::warn!("removing {}: {e}", path.display());
        }
    }
}

/// Gives the owner back every directory under `path` (never following links), so it can be removed.
fn writable_tree(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o700))?;
    for entry in std::fs::read_dir(path)?.flatten() {
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            let _ = writable_tree(&entry.path());
        }
    }
    Ok(())
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
}
