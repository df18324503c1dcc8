//! The sandbox against real python3 and real bubblewrap: every hostile
//! program ends with a clear verdict and leaves no process behind. Each
//! program names itself (its `comm`, inherited by forks) with a marker, and
//! the host's /proc is searched for that marker afterwards. This file: the
//! sandbox found or not, what a program sees and may reach, and what it
//! leaves behind; its resource limits are in `sandbox_limits.rs`.

use std::io::ErrorKind;
use std::net::TcpListener;
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::time::Duration;

use memdoor::judge::sandbox::{Exit, Limits, Sandbox, Strength};

use memdoor_testkit::eventually::eventually;
use memdoor_testkit::hostile;

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
        let why = "not root: only root gives a weak run a uid of its own, which finds an orphan that left the group";
        memdoor_testkit::skip("sandbox", "as_root_even_weak_mode_kills_an_orphan_that_left_the_group", why);
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
    let seen =
        eventually("the fork to show up", Duration::from_secs(30), || std::future::ready(alive(&mark).len() >= 2));
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

/// A weak run's directory on the host goes even when the program took the
/// permissions off what it made. (As root the removal needs no permissions,
/// so there this checks only that the directory goes.)
#[tokio::test]
async fn a_weak_runs_directory_is_removed_even_after_chmod_000() {
    let sandbox = Sandbox::detect_with(Path::new("/nonexistent/bwrap"), Limits::default()).await;
    let code = py(&[
        "import os",
        "os.makedirs('d/e/f')",
        "open('d/e/f/x', 'w').write('x')",
        "os.chmod('d/e', 0)",
        "os.chmod('d', 0)",
        "print(os.getcwd())",
    ]);
    let out = sandbox.run(&code, b"").await.expect("run");
    let dir = text(&out.stdout).trim().to_string();
    assert!(dir.contains("memdoor-sandbox-"), "{out:?}");
    assert!(!Path::new(&dir).exists(), "{dir} was left behind");
}
