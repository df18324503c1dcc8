//! `prepare` on a real cgroup v2 hierarchy: a cgroup2 mount of our own, in
//! a mount namespace of one test thread's own (unshare(CLONE_NEWNS) applies
//! to the calling thread only, so nothing shows on the host). The groups
//! are real: the kernel's no-internal-processes rule is what is tested,
//! with the controllers this machine really has in v2. What cannot run here
//! says so on stderr and in `$MEMDOOR_SKIP_LOG`.

use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::*;
use crate::sandbox::cgroup::own_groups;

/// The tests change the enabled controllers of our own group: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn skip(test: &str, why: &str) {
    let line = format!("SKIPPED memdoor judge::sandbox::cgroup_v2 {test}: {why}\n");
    eprint!("{line}");
    if let Some(path) = std::env::var_os("MEMDOOR_SKIP_LOG") {
        use std::io::Write;
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
        let _ = file.and_then(|mut f| f.write_all(line.as_bytes()));
    }
}

fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

/// Runs `body` on a fresh cgroup2 mount, in a thread with a mount namespace of its own.
fn with_cgroup2<T: Send>(body: impl FnOnce(&Path) -> T + Send) -> Result<T, String> {
    std::thread::scope(|s| {
        s.spawn(|| {
            let err = |what: &str| format!("{what}: {}", std::io::Error::last_os_error());
            // SAFETY: plain syscalls on NUL-terminated strings that outlive them.
            unsafe {
                if libc::unshare(libc::CLONE_NEWNS) != 0 {
                    return Err(err("unshare(CLONE_NEWNS)"));
                }
                // Nothing mounted from here on propagates back to the host.
                if libc::mount(
                    std::ptr::null(),
                    c("/").as_ptr(),
                    std::ptr::null(),
                    libc::MS_REC | libc::MS_PRIVATE,
                    std::ptr::null(),
                ) != 0
                {
                    return Err(err("making / private"));
                }
            }
            let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
            let at = c(dir.path().to_str().unwrap());
            // SAFETY: as above.
            if unsafe { libc::mount(c("none").as_ptr(), at.as_ptr(), c("cgroup2").as_ptr(), 0, std::ptr::null()) } != 0
            {
                return Err(err("mount -t cgroup2"));
            }
            let out = body(dir.path());
            // SAFETY: as above.
            unsafe { libc::umount2(at.as_ptr(), libc::MNT_DETACH) };
            Ok(out)
        })
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// What a test made: killed, removed and switched back off on drop, even when it fails.
#[derive(Default)]
struct Made {
    kids: Vec<Child>,
    dirs: Vec<PathBuf>,
    enabled: Vec<(PathBuf, String)>,
}

impl Made {
    fn sleeper(&mut self) -> u32 {
        let kid = Command::new("sleep").arg("60").spawn().expect("sleep");
        let pid = kid.id();
        self.kids.push(kid);
        pid
    }

    fn group(&mut self, dir: PathBuf) -> PathBuf {
        std::fs::create_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        self.dirs.push(dir.clone());
        dir
    }

    /// `+controller` in `dir`'s subtree_control, unless it is on already.
    fn enable(&mut self, dir: &Path, controller: &str) -> std::io::Result<()> {
        if has_all(dir, "cgroup.subtree_control", &[controller]) {
            return Ok(());
        }
        std::fs::write(dir.join("cgroup.subtree_control"), format!("+{controller}"))?;
        self.enabled.push((dir.to_path_buf(), controller.to_string()));
        Ok(())
    }
}

impl Drop for Made {
    fn drop(&mut self) {
        for kid in &mut self.kids {
            let _ = kid.kill();
            let _ = kid.wait();
        }
        // Deepest first; a group empties shortly after its last process is reaped.
        self.dirs.sort_by_key(|d| std::cmp::Reverse(d.components().count()));
        for dir in &self.dirs {
            let end = Instant::now() + Duration::from_secs(5);
            while dir.exists() && std::fs::remove_dir(dir).is_err() && Instant::now() < end {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        for (dir, controller) in self.enabled.iter().rev() {
            let _ = std::fs::write(dir.join("cgroup.subtree_control"), format!("-{controller}"));
        }
    }
}

/// Our own v2 group under the mount at `root`.
fn own_group(root: &Path) -> PathBuf {
    let text = std::fs::read_to_string("/proc/self/cgroup").unwrap();
    let (_, path) =
        own_groups(&text).into_iter().find(|(c, _)| c.is_empty()).expect("a cgroup v2 line in /proc/self/cgroup");
    root.join(path)
}

fn v2_group_of(pid: u32) -> String {
    let text = std::fs::read_to_string(format!("/proc/{pid}/cgroup")).unwrap();
    own_groups(&text).into_iter().find(|(c, _)| c.is_empty()).map(|(_, p)| p).unwrap_or_default()
}

fn root_or_skip(test: &str) -> bool {
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    if !root {
        skip(test, "needs root to mount cgroup2 and make groups");
    }
    root
}

/// A group holding a process cannot enable a controller for its children;
/// `prepare` moves the process into `memdoor-main`, enables it on the
/// group, run groups are made beside the leaf and take processes, and a
/// memdoor started from the leaf finds the same parent. Done with a domain
/// controller this machine really has in v2.
#[test]
fn the_leaf_move_enables_a_real_controller_on_the_parent() {
    const TEST: &str = "the_leaf_move_enables_a_real_controller_on_the_parent";
    if !root_or_skip(TEST) {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let ran = with_cgroup2(|root| {
        let own = own_group(root);
        let available = words(&own, "cgroup.controllers").unwrap();
        let Some(controller) =
            ["hugetlb", "pids", "memory", "io"].into_iter().find(|c| available.iter().any(|a| a == c))
        else {
            return Some(format!("no domain controller in v2 here (cgroup.controllers: {available:?})"));
        };
        let mut made = Made::default();
        if let Err(e) = made.enable(&own, controller) {
            return Some(format!("cannot enable {controller} in our own group {}: {e}", own.display()));
        }
        let group = made.group(own.join(format!("memdoor-cgtest-{}", std::process::id())));
        let memdoor = made.sleeper();
        std::fs::write(group.join("cgroup.procs"), memdoor.to_string()).unwrap();
        made.dirs.push(group.join(MAIN));

        // The rule, for real: what the old code needed is refused.
        let refused = std::fs::write(group.join("cgroup.subtree_control"), format!("+{controller}")).unwrap_err();
        assert_eq!(refused.raw_os_error(), Some(libc::EBUSY), "{refused}");

        let dir = prepare(&group, memdoor, &[controller], &OPTIONAL).unwrap();
        assert_eq!(dir, group);
        assert!(has_all(&group, "cgroup.subtree_control", &[controller]), "{controller} not enabled");
        assert!(
            v2_group_of(memdoor).ends_with(&format!("memdoor-cgtest-{}/{MAIN}", std::process::id())),
            "{}",
            v2_group_of(memdoor)
        );

        // A run group beside the leaf has the controller and takes a process.
        let run = made.group(group.join("memdoor-run-test-1"));
        assert!(has_all(&run, "cgroup.controllers", &[controller]));
        let draft = made.sleeper();
        std::fs::write(run.join("cgroup.procs"), draft.to_string()).unwrap();
        assert!(v2_group_of(draft).ends_with("memdoor-run-test-1"), "{}", v2_group_of(draft));

        // A memdoor started by this one (in the leaf) makes its runs beside the leaf too.
        let child = made.sleeper();
        std::fs::write(group.join(MAIN).join("cgroup.procs"), child.to_string()).unwrap();
        assert_eq!(prepare(&group.join(MAIN), child, &[controller], &[]).unwrap(), group);
        None
    });
    match ran {
        Ok(None) => {}
        Ok(Some(why)) | Err(why) => skip(TEST, &why),
    }
}

/// memory and pids, which run groups need: enabled where this machine has
/// them in v2; where they are bound to v1 (this project's test machines),
/// the plain "cannot" that memdoor logs and shows.
#[test]
fn memory_and_pids_are_enabled_or_plainly_not_available() {
    const TEST: &str = "memory_and_pids_are_enabled_or_plainly_not_available";
    if !root_or_skip(TEST) {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let ran = with_cgroup2(|root| {
        let own = own_group(root);
        let mut made = Made::default();
        let there = has_all(&own, "cgroup.controllers", &REQUIRED);
        if there {
            for c in REQUIRED {
                if let Err(e) = made.enable(&own, c) {
                    return Some(format!("cannot enable {c} in our own group {}: {e}", own.display()));
                }
            }
        }
        let group = made.group(own.join(format!("memdoor-cgtest2-{}", std::process::id())));
        let memdoor = made.sleeper();
        std::fs::write(group.join("cgroup.procs"), memdoor.to_string()).unwrap();
        made.dirs.push(group.join(MAIN));
        let got = prepare(&group, memdoor, &REQUIRED, &OPTIONAL);
        if there {
            assert_eq!(got.unwrap(), group);
            assert!(has_all(&group, "cgroup.subtree_control", &REQUIRED));
            None
        } else {
            let why = got.unwrap_err();
            assert!(
                why.contains("the memory and pids controllers are not available") && why.contains("bound to cgroup v1"),
                "{why}"
            );
            // Nothing moved where nothing could be enabled.
            assert!(v2_group_of(memdoor).ends_with(&format!("memdoor-cgtest2-{}", std::process::id())));
            Some("memory and pids are not in this machine's cgroup v2 (bound to v1): only the plain refusal was checked, not their enabling".into())
        }
    });
    match ran {
        Ok(None) => {}
        Ok(Some(why)) | Err(why) => skip(TEST, &why),
    }
}
