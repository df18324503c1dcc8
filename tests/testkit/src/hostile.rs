//! Probes for the sandbox tests: programs that name themselves with a marker
//! (their `comm`, inherited by forks), and the host's /proc searched for it.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use memdoor::judge::sandbox::{Limits, RunOutput, Sandbox, Strength};

static NEXT: AtomicU32 = AtomicU32::new(0);

/// A name unique to one program of one test run (≤ 15 bytes, comm's size).
pub fn marker() -> String {
    format!("mdsbx{:04x}{:04x}", std::process::id() % 0x10000, NEXT.fetch_add(1, Ordering::Relaxed))
}

/// Python that renames the process to `mark`; forked children inherit it.
pub fn marked(mark: &str, body: &str) -> String {
    format!("with open('/proc/self/comm', 'w') as _f:\n    _f.write({mark:?})\n{body}")
}

/// Python source from its lines.
pub fn py(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

pub fn limits(wall_secs: u64) -> Limits {
    Limits { wall: Duration::from_secs(wall_secs), ..Limits::default() }
}

/// A sandbox that bwrap must power: bwrap is installed here and in CI, so
/// anything else is a failure to report, not a reason to skip.
pub async fn strong(limits: Limits) -> Sandbox {
    let sandbox = Sandbox::detect(limits).await;
    assert_eq!(sandbox.strength(), &Strength::Strong, "expected bwrap to work here: {}", sandbox.strength());
    sandbox
}

/// Live (not zombie) host processes named `mark`.
pub fn alive(mark: &str) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    let mut pids = Vec::new();
    for entry in dir.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let comm = std::fs::read_to_string(entry.path().join("comm")).unwrap_or_default();
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let state = stat.rsplit_once(") ").and_then(|(_, rest)| rest.chars().next());
        if comm.trim_end() == mark && !matches!(state, Some('Z' | 'X') | None) {
            pids.push(pid);
        }
    }
    pids
}

/// SIGKILL is asynchronous: wait (with a deadline) for the kernel to finish.
pub async fn assert_gone(mark: &str) {
    let gone = || {
        let left = alive(mark);
        std::future::ready(if left.is_empty() { Ok(()) } else { Err(format!("{left:?} alive")) })
    };
    super::eventually::eventually_ok(&format!("the processes of {mark} to be gone"), Duration::from_secs(10), gone)
        .await;
}

/// Runs `code` while counting its live processes; returns the largest count seen.
pub async fn run_watched(sandbox: &Sandbox, mark: &str, code: &str) -> (RunOutput, usize) {
    let done = AtomicBool::new(false);
    let run = async {
        let out = sandbox.run(code, b"").await;
        done.store(true, Ordering::SeqCst);
        out.expect("run")
    };
    let watch = async {
        let mut most = 0;
        while !done.load(Ordering::SeqCst) {
            most = most.max(alive(mark).len());
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        most
    };
    tokio::join!(run, watch)
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
