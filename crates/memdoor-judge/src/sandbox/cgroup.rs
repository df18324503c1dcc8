//! Caps on a whole run — every process of it together — where the machine
//! lets memdoor make control groups: total memory, process count and CPU.
//! rlimits are per process (RLIMIT_AS) or per uid (RLIMIT_NPROC), so 64
//! processes of 1 GiB each pass them; a run's cgroup does not. Each run gets
//! a fresh group (cgroup v2 where its controllers are delegated to us, else
//! the v1 `memory`, `pids` and `cpu` hierarchies when they are writable),
//! joined by the child before exec, killed whole and removed afterwards.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

use super::{cgroup_v2, Limits};

/// Where run groups are made, as found on this machine.
#[derive(Debug)]
enum Hierarchy {
    /// cgroup v2: runs are children of this group (controllers enabled in its subtree).
    V2(PathBuf),
    /// cgroup v1: one parent per controller (memory, pids, cpu).
    V1 { memory: PathBuf, pids: PathBuf, cpu: Option<PathBuf> },
}

static FOUND: OnceLock<Result<Hierarchy, String>> = OnceLock::new();
static COUNTER: AtomicU32 = AtomicU32::new(0);

fn found() -> &'static Result<Hierarchy, String> {
    FOUND.get_or_init(|| {
        find(&std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default(), Path::new("/sys/fs/cgroup"))
    })
}

/// `None` when run groups are made here; else why not (the caps not in force).
pub fn unavailable() -> Option<&'static str> {
    found().as_ref().err().map(String::as_str)
}

/// This process's group in each hierarchy, from /proc/self/cgroup's text.
pub(super) fn own_groups(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| {
            let mut parts = l.splitn(3, ':');
            let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
            Some((controllers.to_string(), path.trim_start_matches('/').to_string()))
        })
        .collect()
}

fn writable_dir(dir: &Path) -> bool {
    let probe = dir.join(format!("memdoor-probe-{}", std::process::id()));
    std::fs::create_dir(&probe).is_ok() && std::fs::remove_dir(&probe).is_ok()
}

/// Where to make run groups, given /proc/self/cgroup's text and the cgroup
/// mount root; else why none can be made, plainly, once (the warning).
fn find(own: &str, root: &Path) -> Result<Hierarchy, String> {
    let found = find_quietly(own, root);
    match &found {
        Ok(Hierarchy::V2(dir)) => tracing::info!("sandbox: run cgroups (v2) in {}", dir.display()),
        Ok(Hierarchy::V1 { memory, .. }) => tracing::info!("sandbox: run cgroups (v1) beside {}", memory.display()),
        Err(why) => tracing::warn!("sandbox: {why}"),
    }
    found
}

fn find_quietly(own: &str, root: &Path) -> Result<Hierarchy, String> {
    let groups = own_groups(own);
    // v2: the unified hierarchy (at the root on current distributions, at
    // `unified` on hybrid ones), made a parent of run groups as the kernel allows.
    let mut v2 = "no cgroup v2 hierarchy".to_string();
    if let Some((_, path)) = groups.iter().find(|(c, _)| c.is_empty()) {
        if let Some(mount) =
            [root.to_path_buf(), root.join("unified")].into_iter().find(|m| m.join("cgroup.controllers").is_file())
        {
            match cgroup_v2::prepare(&mount.join(path), std::process::id(), &cgroup_v2::REQUIRED, &cgroup_v2::OPTIONAL)
            {
                Ok(dir) if writable_dir(&dir) => {
                    sweep(&dir);
                    return Ok(Hierarchy::V2(dir));
                }
                Ok(dir) => v2 = format!("cgroup v2: {} is not writable", dir.display()),
                Err(why) => v2 = why,
            }
        }
    }
    // v1: a writable group of ours in the memory and pids hierarchies.
    let v1 = |name: &str| {
        let (_, path) = groups.iter().find(|(c, _)| c.split(',').any(|x| x == name))?;
        let dir = root.join(name).join(path);
        writable_dir(&dir).then_some(dir)
    };
    match (v1("memory"), v1("pids")) {
        (Some(memory), Some(pids)) => {
            let cpu = v1("cpu");
            [Some(&memory), Some(&pids), cpu.as_ref()].into_iter().flatten().for_each(|p| sweep(p));
            Ok(Hierarchy::V1 { memory, pids, cpu })
        }
        _ => Err(format!(
            "total memory, processes and CPU across a run's processes are not capped (only each process's rlimits hold): \
{v2}; and no writable cgroup v1 memory and pids groups"
        )),
    }
}

/// One run's groups. Dropping it kills whatever is left in them and removes them.
pub(crate) struct RunCgroup {
    dirs: Vec<PathBuf>,
    v2: bool,
}

fn write(dir: &Path, file: &str, value: &str) -> Result<(), String> {
    std::fs::write(dir.join(file), value).map_err(|e| format!("{}/{file}: {e}", dir.display()))
}

impl RunCgroup {
    /// Fresh groups capped at `limits`' run totals; `None` where none can be made.
    pub fn create(limits: &Limits) -> Option<RunCgroup> {
        Self::create_in(found().as_ref().ok()?, limits)
    }

    fn create_in(found: &Hierarchy, limits: &Limits) -> Option<RunCgroup> {
        let name = format!("memdoor-run-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
        let memory = limits.run_memory_bytes.to_string();
        let pids = limits.run_processes.to_string();
        // CPU: `run_cpus` cores' worth per period.
        let quota = (limits.run_cpus * 100_000.0).round().max(1_000.0) as u64;
        let made = match found {
            Hierarchy::V2(base) => {
                let dir = base.join(&name);
                let group = RunCgroup { dirs: vec![dir.clone()], v2: true };
                std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display())).and_then(|()| {
                    write(&dir, "memory.max", &memory)?;
                    let _ = write(&dir, "memory.swap.max", "0");
                    write(&dir, "pids.max", &pids)?;
                    // cpu may not be delegated: then CPU stays bounded per process (RLIMIT_CPU) only.
                    let _ = write(&dir, "cpu.max", &format!("{quota} 100000"));
                    Ok(group)
                })
            }
            Hierarchy::V1 { memory: m, pids: p, cpu } => {
                let mut group = RunCgroup { dirs: Vec::new(), v2: false };
                let mut make = |parent: &Path, settings: &[(&str, &str)]| -> Result<(), String> {
                    let dir = parent.join(&name);
                    std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                    group.dirs.push(dir.clone());
                    settings.iter().try_for_each(|(file, value)| write(&dir, file, value))
                };
                let quota = quota.to_string();
                make(m, &[("memory.limit_in_bytes", &memory)])
                    .and_then(|()| make(p, &[("pids.max", &pids)]))
                    .and_then(|()| {
                        cpu.as_deref().map_or(Ok(()), |c| {
                            make(c, &[("cpu.cfs_period_us", "100000"), ("cpu.cfs_quota_us", &quota)])
                        })
                    })
                    .map(|()| group)
            }
        };
        match made {
            Ok(group) => Some(group),
            Err(e) => {
                tracing::warn!("sandbox: no run cgroup: {e}");
                None
            }
        }
    }

    /// The `cgroup.procs` files the child writes itself into before exec.
    pub(crate) fn join_files(&self) -> Vec<CString> {
        self.dirs
            .iter()
            .filter_map(|d| CString::new(d.join("cgroup.procs").into_os_string().into_encoded_bytes()).ok())
            .collect()
    }

    /// SIGKILL to every process in the groups, until none is left to signal.
    pub(crate) fn kill_all(&self) {
        // cgroup.kill (v2, Linux 5.14+) kills the whole group at once; never created where it is missing.
        let kill_file = self.dirs.first().map(|d| d.join("cgroup.kill"));
        let killed = kill_file.filter(|_| self.v2).is_some_and(|f| {
            std::fs::OpenOptions::new()
                .write(true)
                .open(f)
                .and_then(|mut f| std::io::Write::write_all(&mut f, b"1"))
                .is_ok()
        });
        if killed {
            return;
        }
        for _ in 0..100 {
            let mut any = false;
            for dir in &self.dirs {
                let procs = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
                for pid in procs.lines().filter_map(|p| p.trim().parse::<libc::pid_t>().ok()) {
                    any = true;
                    // SAFETY: plain syscall; a pid that already exited gives ESRCH.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                }
            }
            if !any {
                return;
            }
        }
    }
}

/// Tries to remove each group; returns those still busy.
fn remove(dirs: Vec<PathBuf>) -> Vec<PathBuf> {
    dirs.into_iter()
        .filter(|dir| match std::fs::remove_dir(dir) {
            Ok(()) => false,
            Err(e) => e.kind() != std::io::ErrorKind::NotFound,
        })
        .collect()
}

impl Drop for RunCgroup {
    fn drop(&mut self) {
        self.kill_all();
        // A group can be removed once its last process is gone, which the
        // kernel finishes shortly after the kill (by the time the run's own
        // child is reaped, usually). What is still busy is retried off this
        // thread, with backoff, for a few seconds.
        let busy = remove(std::mem::take(&mut self.dirs));
        if busy.is_empty() {
            return;
        }
        std::thread::spawn(move || {
            let mut busy = busy;
            let mut backoff = crate::backoff::Backoff::new(Duration::from_millis(5), Duration::from_millis(500));
            for _ in 0..12 {
                std::thread::sleep(backoff.next_wait());
                busy = remove(busy);
                if busy.is_empty() {
                    return;
                }
            }
            tracing::warn!("sandbox: run cgroups still busy, left in place: {busy:?}");
        });
    }
}

/// Groups a memdoor process that is gone left behind (it crashed, or exited
/// before a busy group could be removed): their processes killed, the groups removed.
fn sweep(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix("memdoor-run-").and_then(|r| r.split('-').next()) else { continue };
        if Path::new("/proc").join(pid).exists() {
            continue;
        }
        let stale = RunCgroup {
            dirs: vec![entry.path()],
            v2: parent.join("cgroup.kill").exists() || !parent.join("tasks").exists(),
        };
        drop(stale);
    }
}

#[cfg(test)]
mod tests {
    //! Against a fake cgroup tree: the finding and the files written. The
    //! kernel's side (joining, killing, removal) is in tests/judge/sandbox.rs, the
    //! v2 leaf move on a real cgroup2 mount in cgroup_v2_tests.rs.
    use super::*;

    fn tree() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    #[test]
    fn v2_needs_memory_and_pids_delegated() {
        let root = tree();
        let own = "0::/user.slice/me\n";
        let base = root.path().join("user.slice/me");
        std::fs::create_dir_all(&base).unwrap();
        std::fs::write(root.path().join("cgroup.controllers"), "cpu memory pids\n").unwrap();
        std::fs::write(base.join("cgroup.controllers"), "cpu pids\n").unwrap();
        let e = find(own, root.path()).unwrap_err();
        assert!(e.contains("not capped") && e.contains("the memory controller is not available"), "{e}");
        std::fs::write(base.join("cgroup.controllers"), "cpu memory pids\n").unwrap();
        std::fs::write(base.join("cgroup.subtree_control"), "cpu memory pids\n").unwrap();
        let Ok(Hierarchy::V2(found)) = find(own, root.path()) else { panic!("not v2") };
        assert_eq!(found, base);

        let limits = Limits { run_memory_bytes: 1 << 30, run_processes: 32, run_cpus: 1.5, ..Limits::default() };
        let group = RunCgroup::create_in(&Hierarchy::V2(found), &limits).unwrap();
        let dir = group.dirs[0].clone();
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
        assert_eq!(
            (read("memory.max"), read("pids.max"), read("cpu.max")),
            ("1073741824".into(), "32".into(), "150000 100000".into())
        );
        assert_eq!(group.join_files(), vec![CString::new(dir.join("cgroup.procs").to_str().unwrap()).unwrap()]);
        std::mem::forget(group); // a fake group cannot be removed as a real one is
    }

    #[test]
    fn v1_uses_our_memory_pids_and_cpu_groups() {
        let root = tree();
        let own = "9:pids:/box\n8:cpu,cpuacct:/box\n4:memory:/box\n0::/\n";
        for c in ["pids", "cpu", "memory"] {
            std::fs::create_dir_all(root.path().join(c).join("box")).unwrap();
        }
        let Ok(Hierarchy::V1 { memory, pids, cpu }) = find(own, root.path()) else { panic!("not v1") };
        assert_eq!(
            (memory, pids, cpu),
            (root.path().join("memory/box"), root.path().join("pids/box"), Some(root.path().join("cpu/box")))
        );
        // Without a writable pids group, no run groups.
        let own = "4:memory:/box\n";
        assert!(find(own, root.path()).is_err());
    }

    #[test]
    fn groups_of_a_memdoor_that_is_gone_are_swept() {
        let root = tree();
        // pid 0 has no /proc entry: its group is stale. Ours is not.
        let stale = root.path().join("memdoor-run-0-1");
        let ours = root.path().join(format!("memdoor-run-{}-1", std::process::id()));
        std::fs::create_dir(&stale).unwrap();
        std::fs::create_dir(&ours).unwrap();
        sweep(root.path());
        assert!(!stale.exists() && ours.exists());
    }
}
