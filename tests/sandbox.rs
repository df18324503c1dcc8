//! The sandbox against real python3 and real bubblewrap: every hostile
//! program ends with a clear verdict and leaves no process behind. Each
//! program names itself (its `comm`, inherited by forks) with a marker, and
//! the host's /proc is searched for that marker afterwards.

use std::io::ErrorKind;
use std::net::TcpListener;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::Duration;

use memdoor::judge::sandbox::{Exit, Limits, Sandbox, Strength};

#[path = "common/hostile.rs"]
mod hostile;

use hostile::*;

#[tokio::test]
async fn detect_finds_bwrap_working_here() {
    let sandbox = Sandbox::detect(Limits::default()).await;
    assert!(sandbox.strength().is_strong(), "{}", sandbox.strength());
    assert_eq!(sandbox.strength().to_string(), "strong sandbox (bubblewrap)");
}

#[tokio::test]
async fn missing_bwrap_gives_a_weak_sandbox_with_the_reason() {
    let sandbox = Sandbox::detect_with(Path::new("/nonexistent/bwrap"), Limits::default()).await;
    let Strength::Weak { why } = sandbox.strength() else { panic!("expected weak, got strong") };
    assert!(why.contains("/nonexistent/bwrap"), "{why}");
    assert!(sandbox.strength().to_string().starts_with("weak sandbox: bwrap unavailable: "));
    // Weak still runs programs.
    let out = sandbox.run("print(6 * 7)", b"").await.expect("run");
    assert_eq!((out.status, text(&out.stdout)), (Exit::Exited(0), "42\n".to_string()));
}

#[tokio::test]
async fn weak_mode_still_times_out_and_kills_orphans() {
    let sandbox = Sandbox::detect_with(Path::new("/nonexistent/bwrap"), limits(2)).await;
    assert!(!sandbox.strength().is_strong());
    let mark = marker();
    let code = marked(&mark, "import os, time\nif os.fork() == 0:\n    time.sleep(1000)\nwhile True:\n    pass\n");
    let (out, most) = run_watched(&sandbox, &mark, &code).await;
    assert_eq!(out.status, Exit::TimedOut);
    assert!(most >= 1, "the program was never seen running");
    assert_gone(&mark).await;
}

#[tokio::test]
async fn hello_world_echoes_stdin_with_a_minimal_environment() {
    let sandbox = strong(Limits::default()).await;
    let code = py(&[
        "import os, sys",
        "data = sys.stdin.read()",
        "print('hello, world')",
        "print(data.upper(), end='')",
        "print(sorted(os.environ))",
    ]);
    let code = code.as_str();
    let out = sandbox.run(code, b"echo me\n").await.expect("run");
    assert_eq!(out.status, Exit::Exited(0), "stderr: {}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("hello, world"));
    assert_eq!(lines.next(), Some("ECHO ME"));
    let env = lines.next().unwrap_or_default();
    for leaked in ["CARGO", "RUST", "REDIS", "KEY", "TOKEN"] {
        assert!(!env.contains(leaked), "environment leaked into the sandbox: {env}");
    }
    assert!(!out.stdout_truncated && out.stderr.is_empty());
}

#[tokio::test]
async fn big_stdin_and_stdout_flow_both_ways_without_deadlock() {
    let sandbox = strong(Limits::default()).await;
    // Writes 512 KiB before reading 4 MiB: only concurrent feeding and
    // reading lets both sides finish.
    let code = py(&[
        "import sys",
        "sys.stdout.write('y' * (512 << 10))",
        "sys.stdout.flush()",
        "print(len(sys.stdin.buffer.read()))",
    ]);
    let stdin = vec![b'x'; 4 << 20];
    let out = sandbox.run(&code, &stdin).await.expect("run");
    assert_eq!(out.status, Exit::Exited(0), "stderr: {}", text(&out.stderr));
    assert!(text(&out.stdout).ends_with(&format!("{}\n", 4 << 20)));
}

#[tokio::test]
async fn infinite_loop_times_out_on_the_wall_clock() {
    let sandbox = strong(limits(2)).await;
    let mark = marker();
    let (out, most) = run_watched(&sandbox, &mark, &marked(&mark, "while True:\n    pass\n")).await;
    assert_eq!(out.status, Exit::TimedOut);
    assert!(out.wall >= Duration::from_secs(2), "{:?}", out.wall);
    assert!(most >= 1, "the loop was never seen running, so the survivor check would prove nothing");
    assert_gone(&mark).await;
}

#[tokio::test]
async fn cpu_budget_ends_a_loop_before_the_wall_clock() {
    let lim = Limits { wall: Duration::from_secs(60), cpu_secs: 1, ..Limits::default() };
    let sandbox = strong(lim).await;
    let mark = marker();
    let out = sandbox.run(&marked(&mark, "while True:\n    pass\n"), b"").await.expect("run");
    assert_eq!(out.status, Exit::TimedOut);
    assert!(out.wall < Duration::from_secs(60), "the clock, not the CPU limit, ended it");
    assert_gone(&mark).await;
}

#[tokio::test]
async fn fork_bomb_is_contained() {
    let sandbox = strong(limits(2)).await;
    let mark = marker();
    // Worse than `while True: os.fork()`: failed forks do not kill it.
    let bomb = "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n";
    let (out, most) = run_watched(&sandbox, &mark, &marked(&mark, bomb)).await;
    assert_eq!(out.status, Exit::TimedOut);
    assert!(most >= 2, "the bomb never forked ({most})");
    let cap = sandbox.limits().processes as usize;
    let root = std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false);
    // As root each run has its own uid, so the cap is exact; otherwise the
    // user's other processes share it, and drift.
    let allowed = if root { cap } else { 2 * cap };
    assert!(most <= allowed, "{most} bomb processes at once, cap {cap}");
    assert_gone(&mark).await;
    // The machine is fine afterwards: the next program runs normally.
    let out = sandbox.run("print('still fine')", b"").await.expect("run");
    assert_eq!((out.status, text(&out.stdout)), (Exit::Exited(0), "still fine\n".to_string()));
}

#[tokio::test]
async fn two_gib_allocation_fails() {
    let sandbox = strong(Limits::default()).await;
    let out = sandbox.run("b = bytearray(2 * 1024 ** 3)\nprint('ALLOCATED')\n", b"").await.expect("run");
    assert!(!out.success() && !text(&out.stdout).contains("ALLOCATED"), "{out:?}");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("MemoryError") || matches!(out.status, Exit::Signaled(_)), "{stderr}");
}

#[tokio::test]
async fn a_64_mib_file_is_stopped_by_the_file_size_limit() {
    let sandbox = strong(Limits::default()).await;
    let code = py(&[
        "import os",
        "try:",
        "    with open('big', 'wb') as f:",
        "        f.write(b'\\0' * (64 << 20))",
        "    print('WROTE')",
        "except OSError as e:",
        "    print('EFBIG' if e.errno == 27 else e)",
        "print(os.path.getsize('big'))",
    ]);
    let out = sandbox.run(&code, b"").await.expect("run");
    let stdout = text(&out.stdout);
    // Python ignores SIGXFSZ, so the write fails with EFBIG instead.
    let stopped = stdout.starts_with("EFBIG\n") || out.status == Exit::Signaled(libc::SIGXFSZ);
    assert!(stopped, "{out:?}");
    let size: u64 = stdout.lines().nth(1).and_then(|l| l.parse().ok()).unwrap_or(0);
    assert!(size <= sandbox.limits().file_bytes, "wrote {size} bytes");
}

#[tokio::test]
async fn no_network_even_to_the_hosts_loopback() {
    let sandbox = strong(Limits::default()).await;
    let listener = TcpListener::bind("127.0.0.1:0").expect("listen");
    let port = listener.local_addr().expect("addr").port();
    let connect = format!("    s.connect(('127.0.0.1', {port}))");
    let code = py(&[
        "import socket",
        "s = socket.socket()",
        "s.settimeout(2)",
        "try:",
        &connect,
        "    print('CONNECTED')",
        "except OSError as e:",
        "    print('BLOCKED', e)",
    ]);
    let out = sandbox.run(&code, b"").await.expect("run");
    assert!(text(&out.stdout).starts_with("BLOCKED"), "{out:?}");
    listener.set_nonblocking(true).expect("nonblocking");
    let accepted = listener.accept();
    assert!(matches!(&accepted, Err(e) if e.kind() == ErrorKind::WouldBlock), "{accepted:?}");
}

#[tokio::test]
async fn writes_outside_the_work_dir_fail() {
    let sandbox = strong(Limits::default()).await;
    let mark = marker();
    let outside = tempfile::tempdir().expect("tempdir");
    let targets = [
        format!("/etc/{mark}"),
        format!("/root/{mark}"),
        format!("/tmp/../etc/{mark}x"),
        format!("/{mark}"),
        outside.path().join(&mark).display().to_string(),
    ];
    let each = format!("for p in {targets:?}:");
    let code = py(&[
        &each,
        "    try:",
        "        open(p, 'w').write('x')",
        "        print('WROTE', p)",
        "    except OSError as e:",
        "        print('DENIED', p, e.errno)",
        "open('inside', 'w').write('ok')",
        "print('INSIDE OK')",
    ]);
    let out = sandbox.run(&code, b"").await.expect("run");
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("WROTE") && stdout.contains("INSIDE OK"), "{stdout}{}", text(&out.stderr));
    for target in &targets {
        assert!(!Path::new(target).exists(), "{target} appeared on the host");
    }
}

#[tokio::test]
async fn reading_a_file_outside_fails() {
    let sandbox = strong(Limits::default()).await;
    let outside = tempfile::tempdir().expect("tempdir");
    let secret_path = outside.path().join("secret.txt");
    let secret = format!("the secret is {}", marker());
    std::fs::write(&secret_path, &secret).expect("write secret");
    let read = format!("    print('READ', open({:?}).read())", secret_path.display().to_string());
    let code = py(&["try:", &read, "except OSError as e:", "    print('DENIED', e.errno)"]);
    let out = sandbox.run(&code, b"").await.expect("run");
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("DENIED") && !stdout.contains(&secret), "{stdout}");
}

#[tokio::test]
async fn a_100_mb_stdout_flood_hits_the_output_limit() {
    let sandbox = strong(Limits::default()).await;
    let mark = marker();
    let code = marked(
        &mark,
        "import sys\nchunk = b'x' * (1 << 20)\nfor _ in range(100):\n    sys.stdout.buffer.write(chunk)\n",
    );
    let out = sandbox.run(&code, b"").await.expect("run");
    assert_eq!(out.status, Exit::OutputLimit);
    assert!(out.stdout_truncated);
    assert_eq!(out.stdout.len(), sandbox.limits().output_bytes);
    assert_gone(&mark).await;
}

/// A parent that leaves behind a sleeping child which, with `escape`, has
/// also left the process group (setsid). The parent waits until the child
/// is up, so the orphan surely exists when the run ends.
fn orphan_maker(mark: &str, escape: bool) -> String {
    let body = py(&[
        "import os, time",
        "r, w = os.pipe()",
        "if os.fork() == 0:",
        if escape { "    os.setsid()" } else { "    pass" },
        "    os.write(w, b'1')",
        "    time.sleep(1000)",
        "    os._exit(0)",
        "os.read(r, 1)",
        "print('orphan up')",
    ]);
    marked(mark, &body)
}

async fn assert_orphan_killed(sandbox: &Sandbox, escape: bool) {
    let mark = marker();
    let out = sandbox.run(&orphan_maker(&mark, escape), b"").await.expect("run");
    assert_eq!((out.status, text(&out.stdout)), (Exit::Exited(0), "orphan up\n".to_string()), "{}", text(&out.stderr));
    assert!(out.wall < sandbox.limits().wall, "the run waited for the orphan");
    assert_gone(&mark).await;
}

#[tokio::test]
async fn a_sleeping_orphan_is_killed() {
    let sandbox = strong(Limits::default()).await;
    assert_orphan_killed(&sandbox, false).await;
    // Leaving the process group does not help: the pid namespace goes.
    assert_orphan_killed(&sandbox, true).await;
}

#[tokio::test]
async fn as_root_even_weak_mode_kills_an_orphan_that_left_the_group() {
    // Only root can give a run a uid of its own, which is what finds a
    // process that left the group when there is no pid namespace.
    let root = std::fs::metadata("/proc/self").map(|m| m.uid() == 0).unwrap_or(false);
    if !root {
        eprintln!("not root: weak mode cannot catch setsid escapes; not asserted");
        return;
    }
    let sandbox = Sandbox::detect_with(Path::new("/nonexistent/bwrap"), Limits::default()).await;
    assert!(!sandbox.strength().is_strong());
    assert_orphan_killed(&sandbox, true).await;
}

#[tokio::test]
async fn a_cancelled_run_leaves_nothing_behind() {
    let sandbox = strong(Limits::default()).await;
    let mark = marker();
    let code = marked(&mark, "import os\nos.fork()\nwhile True:\n    pass\n");
    let run = sandbox.run(&code, b"");
    let seen = async {
        let end = std::time::Instant::now() + Duration::from_secs(30);
        while alive(&mark).len() < 2 {
            assert!(std::time::Instant::now() < end, "the fork never showed up");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    // Dropping the run future (here: `seen` wins the race) is the cancel.
    tokio::select! {
        out = run => panic!("the endless program ended: {out:?}"),
        () = seen => {}
    }
    assert_gone(&mark).await;
}

#[tokio::test]
async fn keystroke_injection_has_no_terminal_to_reach() {
    let sandbox = strong(Limits::default()).await;
    let code = py(&[
        "import fcntl, os, termios",
        "try:",
        "    fcntl.ioctl(0, termios.TIOCSTI, b'x')",
        "    print('INJECTED stdin')",
        "except OSError as e:",
        "    print('stdin', e.errno)",
        "try:",
        "    fd = os.open('/dev/tty', os.O_RDWR)",
        "    fcntl.ioctl(fd, termios.TIOCSTI, b'x')",
        "    print('INJECTED tty')",
        "except OSError as e:",
        "    print('tty', e.errno)",
    ]);
    let out = sandbox.run(&code, b"").await.expect("run");
    let stdout = text(&out.stdout);
    assert!(out.success() && !stdout.contains("INJECTED") && stdout.contains("tty"), "{stdout}{}", text(&out.stderr));
}

/// Every writable place inside is a sized tmpfs: filling one stops at its
/// size, /dev itself takes no files, and nothing written reaches the host.
#[tokio::test]
async fn filling_shm_tmp_and_the_work_dir_stops_at_their_sizes() {
    let sandbox = strong(Limits::default()).await;
    let code = py(&[
        "import os",
        "for d in ['/dev/shm', '/tmp', '.', '/dev']:",
        "    n = 0",
        "    try:",
        "        for i in range(100):",
        "            with open(os.path.join(d, 'f%d' % i), 'wb') as f:",
        "                f.write(b'x' * (8 << 20))",
        "            n += 8",
        "        print(d, 'FILLED', n)",
        "    except OSError as e:",
        "        print(d, 'STOPPED', n, e.errno)",
    ]);
    let out = sandbox.run(&code, b"").await.expect("run");
    let stdout = text(&out.stdout);
    let mb = |d: &str| -> u64 {
        let line = stdout.lines().find(|l| l.starts_with(&format!("{d} "))).unwrap_or_else(|| panic!("no line for {d}: {stdout}"));
        assert!(line.contains("STOPPED"), "{line}");
        line.split_whitespace().nth(2).unwrap().parse().unwrap()
    };
    let file_mb = sandbox.limits().file_bytes >> 20;
    assert!(mb("/dev/shm") <= file_mb, "{stdout}");
    assert!(mb("/tmp") <= 4 * file_mb && mb(".") <= 4 * file_mb, "{stdout}");
    assert_eq!(mb("/dev"), 0, "{stdout}");
}

/// A weak run's directory on the host goes even when the program took the
/// permissions off what it made. (As root the removal needs no permissions,
/// so there this checks only that the directory goes.)
#[tokio::test]
async fn a_weak_runs_directory_is_removed_even_after_chmod_000() {
    let sandbox = Sandbox::detect_with(Path::new("/nonexistent/bwrap"), Limits::default()).await;
    let code = py(&["import os", "os.makedirs('d/e/f')", "open('d/e/f/x', 'w').write('x')", "os.chmod('d/e', 0)", "os.chmod('d', 0)", "print(os.getcwd())"]);
    let out = sandbox.run(&code, b"").await.expect("run");
    let dir = text(&out.stdout).trim().to_string();
    assert!(dir.contains("memdoor-sandbox-"), "{out:?}");
    assert!(!Path::new(&dir).exists(), "{dir} was left behind");
}

/// Sixty-four processes of ~900 MiB each, five runs at once: per-process
/// rlimits let every one of them through, so only a cap on the run as a
/// whole (its cgroup) keeps them from the machine. Each run ends contained
/// and leaves no process behind. Where this machine lets memdoor make no
/// cgroups, the sandbox must say so instead (and the hog is not run: it
/// would take the machine down).
#[tokio::test]
async fn many_big_processes_are_capped_as_one_run() {
    let limits = Limits { run_memory_bytes: 1 << 30, ..limits(20) };
    let sandbox = strong(limits).await;
    if let Some(why) = sandbox.caps_not_in_force() {
        assert!(why.contains("not capped"), "{why}");
        eprintln!("NOT RUN here: the many-big-processes hog ({why})");
        return;
    }
    let hog = py(&[
        "import os, time",
        "kids = 0",
        "for _ in range(63):",
        "    try:",
        "        if os.fork() == 0:",
        "            b = b'x' * (900 << 20)",
        "            time.sleep(30)",
        "            os._exit(0)",
        "        kids += 1",
        "    except OSError:",
        "        break",
        "print('FORKED', kids, flush=True)",
        "b = b'x' * (900 << 20)",
        "time.sleep(30)",
    ]);
    let marks: Vec<String> = (0..5).map(|_| marker()).collect();
    let codes: Vec<String> = marks.iter().map(|m| marked(m, &hog)).collect();
    let runs = codes.iter().map(|c| sandbox.run(c, b""));
    let outs = futures::future::join_all(runs).await;
    for (mark, out) in marks.iter().zip(outs) {
        let out = out.expect("run");
        // The wall clock or the OOM killer ends it: never a clean exit with all that memory.
        assert!(!out.success(), "{out:?}");
        assert_gone(mark).await;
    }
    let out = sandbox.run("print('still fine')", b"").await.expect("run");
    assert_eq!((out.status, text(&out.stdout)), (Exit::Exited(0), "still fine\n".to_string()));
}
