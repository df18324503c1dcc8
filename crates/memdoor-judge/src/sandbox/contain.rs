//! The layers every run gets, with or without bubblewrap: resource limits,
//! a session of its own, no_new_privs and, when memdoor runs as root, an
//! unprivileged uid of its own (root ignores RLIMIT_NPROC, so only then does
//! the process limit bind — and a uid per run lets us kill every last one).

use std::io;
use std::os::unix::process::CommandExt as _;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

/// What one run may use. `processes` counts threads too (that is what
/// RLIMIT_NPROC counts).
#[derive(Debug, Clone, PartialEq)]
pub struct Limits {
    /// Wall clock, enforced by the watchdog.
    pub wall: Duration,
    /// CPU seconds (RLIMIT_CPU).
    pub cpu_secs: u64,
    /// Address space per process (RLIMIT_AS).
    pub memory_bytes: u64,
    /// Largest file the program may write (RLIMIT_FSIZE).
    pub file_bytes: u64,
    /// Open file descriptors (RLIMIT_NOFILE).
    pub open_files: u64,
    /// Processes and threads (RLIMIT_NPROC); not root: on top of the user's own.
    pub processes: u64,
    /// Bytes kept of stdout, and separately of stderr; more ends the run.
    pub output_bytes: usize,
    /// Memory of all the run's processes together (its cgroup, where there is one).
    pub run_memory_bytes: u64,
    /// Processes and threads of the run together (its cgroup).
    pub run_processes: u64,
    /// CPU cores' worth the run may use at once (its cgroup).
    pub run_cpus: f64,
    /// The most wall clock (and CPU seconds) one grading run of many tests
    /// may take, however many tests the problem carries: the client sizes
    /// the test list, so a budget that grows with it is the client's to set.
    pub grade_wall: Duration,
}

/// Default of [`Limits::grade_wall`]: ten tests' worth of LiveCodeBench's 6 s.
pub(crate) const GRADE_WALL_SECS: u64 = 60;

impl Default for Limits {
    fn default() -> Self {
        Self {
            // LiveCodeBench's per-test timeout.
            wall: Duration::from_secs(6),
            cpu_secs: 6,
            memory_bytes: 1 << 30,
            file_bytes: 16 << 20,
            open_files: 64,
            processes: 64,
            output_bytes: 1 << 20,
            run_memory_bytes: 2 << 30,
            run_processes: 64,
            run_cpus: 1.0,
            grade_wall: Duration::from_secs(GRADE_WALL_SECS),
        }
    }
}

/// Unused-looking uids, far above login users, systemd's dynamic users and
/// the usual subuid ranges of container runtimes (which stop near 1e9).
const RUN_UID_BASE: u32 = 1_600_000_000;
const RUN_UID_SPAN: u32 = 40_000 * 1_000;
static RUN_COUNTER: AtomicU32 = AtomicU32::new(0);

/// The uid a run drops to: `Some` only when we are root and may switch to
/// any uid of the range. Distinct per run (our pid and a counter), so that
/// two runs — in this process or in other memdoor processes — neither share
/// a process budget nor can kill each other.
pub(super) fn run_uid() -> Option<u32> {
    static CAN: OnceLock<bool> = OnceLock::new();
    if !*CAN.get_or_init(can_switch_uids) {
        return None;
    }
    let n = RUN_COUNTER.fetch_add(1, Ordering::Relaxed) % 1_000;
    Some(RUN_UID_BASE + (std::process::id() % 40_000) * 1_000 + n)
}

/// Root with CAP_SETUID and CAP_SETGID, and (rootless containers map only a
/// few uids) the whole range mapped in our user namespace. Otherwise runs
/// keep our uid, as for an ordinary user.
fn can_switch_uids() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return false;
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let caps = status.lines().find_map(|l| l.strip_prefix("CapEff:")).map(str::trim);
    let caps = caps.and_then(|hex| u64::from_str_radix(hex, 16).ok()).unwrap_or(0);
    let setid = (1 << 6) | (1 << 7); // CAP_SETGID, CAP_SETUID
    let mapped = |map: &str| maps_run_ids(&std::fs::read_to_string(format!("/proc/self/{map}")).unwrap_or_default());
    caps & setid == setid && mapped("uid_map") && mapped("gid_map")
}

/// Whether an id map (`inside outside count` lines) covers every run uid.
fn maps_run_ids(text: &str) -> bool {
    let (lo, hi) = (u64::from(RUN_UID_BASE), u64::from(RUN_UID_BASE) + u64::from(RUN_UID_SPAN));
    text.lines().any(|line| {
        let nums: Vec<u64> = line.split_whitespace().filter_map(|n| n.parse().ok()).collect();
        matches!(nums[..], [inside, _, count] if inside <= lo && hi <= inside + count)
    })
}

/// RLIMIT_NPROC counts every task of the *real uid*, not only the sandbox's.
/// With a fresh uid that count starts at zero; otherwise the user's own
/// processes already count, so the sandbox gets `processes` on top of them.
/// (Best effort: the user's other processes come and go meanwhile.)
pub(super) fn nproc_limit(limits: &Limits, uid: Option<u32>) -> u64 {
    if uid.is_some() {
        return limits.processes;
    }
    // SAFETY: getuid has no preconditions and cannot fail.
    let me = unsafe { libc::getuid() };
    user_tasks(me) + limits.processes
}

/// Tasks (threads included) whose real uid is `uid`, from /proc.
fn user_tasks(uid: u32) -> u64 {
    let Ok(dir) = std::fs::read_dir("/proc") else { return 0 };
    let mut tasks = 0;
    for entry in dir.flatten() {
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else { continue };
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        };
        if field("Uid:") == Some(u64::from(uid)) {
            tasks += field("Threads:").unwrap_or(1);
        }
    }
    tasks
}

#[cfg(target_env = "gnu")]
type Resource = libc::__rlimit_resource_t;
#[cfg(not(target_env = "gnu"))]
type Resource = libc::c_int;

/// Arms `cmd` with every layer that needs no helper program. Runs in the
/// forked child before exec, so only async-signal-safe calls are made
/// there: it joins the run's cgroups (`join`: their `cgroup.procs` files)
/// while still root, then drops to `uid`, then the rest.
pub(super) fn install(
    cmd: &mut tokio::process::Command,
    limits: &Limits,
    uid: Option<u32>,
    join: Vec<std::ffi::CString>,
) {
    let nproc = nproc_limit(limits, uid);
    let rlimits: [(Resource, u64, u64); 6] = [
        // The soft CPU limit sends SIGXCPU; the hard one a second later SIGKILL.
        (libc::RLIMIT_CPU, limits.cpu_secs, limits.cpu_secs + 1),
        (libc::RLIMIT_AS, limits.memory_bytes, limits.memory_bytes),
        (libc::RLIMIT_FSIZE, limits.file_bytes, limits.file_bytes),
        (libc::RLIMIT_NOFILE, limits.open_files, limits.open_files),
        (libc::RLIMIT_NPROC, nproc, nproc),
        (libc::RLIMIT_CORE, 0, 0),
    ];
    // SAFETY: getpid has no preconditions.
    let parent = unsafe { libc::getpid() };
    let check = |rc: libc::c_int| if rc == -1 { Err(io::Error::last_os_error()) } else { Ok(()) };
    // SAFETY: the closure only makes raw syscalls (open, write, close,
    // setgroups, setgid, setuid, setsid, setrlimit, prctl, getppid) on data
    // prepared before the fork: async-signal-safe, no allocation, no locks.
    unsafe {
        cmd.pre_exec(move || {
            for file in &join {
                let fd = libc::open(file.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                check(fd)?;
                let wrote = libc::write(fd, b"0".as_ptr().cast(), 1);
                libc::close(fd);
                check(wrote as libc::c_int)?;
            }
            if let Some(uid) = uid {
                // Root's supplementary groups go too, then the group, then the user.
                check(libc::setgroups(0, std::ptr::null()))?;
                check(libc::setgid(uid))?;
                check(libc::setuid(uid))?;
            }
            // A new session is also a new process group led by the child, so
            // the watchdog can kill the whole group, and the program has no
            // controlling terminal (nothing to inject keystrokes into). Not
            // `process_group(0)`: that makes the child a group leader, and a
            // group leader may not call setsid.
            check(libc::setsid() as libc::c_int)?;
            for (resource, soft, hard) in rlimits {
                let lim = libc::rlimit { rlim_cur: soft, rlim_max: hard };
                check(libc::setrlimit(resource, &lim))?;
            }
            check(libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))?;
            // Dies with memdoor. Set after the uid change, which clears it.
            // The signal follows the *thread* that forked, hence `run` must be
            // awaited from async code, not from a blocking-pool thread.
            check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0))?;
            if libc::getppid() != parent {
                return Err(io::Error::other("memdoor exited while the sandbox started"));
            }
            Ok(())
        });
    }
}

/// Kills a run's process group and, when it had a uid of its own, every
/// process of that uid — which also catches anything that left the group
/// with setsid/setpgid. Fires once; dropping it fires it, so a cancelled
/// run leaves nothing behind.
pub(super) struct Reaper {
    pgid: libc::pid_t,
    uid: Option<u32>,
    fired: bool,
}

impl Reaper {
    pub(super) fn new(pgid: u32, uid: Option<u32>) -> Self {
        Self { pgid: pgid as libc::pid_t, uid, fired: false }
    }

    pub(super) fn fire(&mut self) {
        if std::mem::replace(&mut self.fired, true) {
            return;
        }
        // SAFETY: plain syscall. ESRCH (group already gone) is the usual case
        // and fine. The group id cannot be recycled while a member lives.
        unsafe { libc::killpg(self.pgid, libc::SIGKILL) };
        if let Some(uid) = self.uid {
            kill_uid(uid);
        }
    }
}

impl Drop for Reaper {
    fn drop(&mut self) {
        self.fire();
    }
}

/// `kill(-1, SIGKILL)` from a helper that has become `uid`: the kernel then
/// signals exactly the processes of that uid, in every pid namespace, at
/// once (no /proc scan racing a fork bomb). Linux spares the caller itself.
fn kill_uid(uid: u32) {
    let mut helper = reaper_command("/bin/true");
    helper.uid(uid).gid(uid).stdin(std::process::Stdio::null()).stdout(std::process::Stdio::null());
    // SAFETY: only the kill syscall runs in the forked child.
    unsafe {
        helper.pre_exec(|| {
            // Twice: a fork already under way during the first pass shows up
            // in the second.
            libc::kill(-1, libc::SIGKILL);
            libc::kill(-1, libc::SIGKILL);
            Ok(())
        });
    }
    // Blocking, but a fork and exec of `true`: well under a millisecond of
    // work, and it must also run from Drop, where nothing can be awaited.
    if let Err(e) = helper.status() {
        tracing::warn!("sandbox reaper for uid {uid} did not run: {e}");
    }
}

/// The reaper's helper runs as a run's uid, as the drafts do: none of
/// memdoor's environment (API keys, Redis URLs) goes with it.
fn reaper_command(program: &str) -> std::process::Command {
    let mut cmd = std::process::Command::new(program);
    cmd.env_clear().env("PATH", "/usr/bin:/bin").current_dir("/");
    cmd
}

#[cfg(test)]
mod tests {
    use super::{maps_run_ids, reaper_command};

    #[test]
    fn the_reaper_gets_none_of_our_environment() {
        // HOME, cargo's CARGO*…: a key of ours would pass the same way.
        assert!(std::env::vars().any(|(k, _)| k != "PATH"), "no variable of ours to leak");
        let out = reaper_command("/usr/bin/env").output().expect("running env as the reaper runs true");
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stdout), "PATH=/usr/bin:/bin\n");
    }

    #[test]
    fn run_uids_need_a_map_that_covers_them() {
        assert!(maps_run_ids("         0          0 4294967295\n"));
        // A rootless container: root and 65536 subuids only.
        assert!(!maps_run_ids("0 1000 1\n1 100000 65536\n"));
        assert!(!maps_run_ids(""));
    }
}
