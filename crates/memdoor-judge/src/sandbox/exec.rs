//! One run, supervised: feed stdin, read stdout and stderr under a byte cap
//! (or hand stdout on to a reader that bounds it), and end the whole process
//! group on exit, on the wall clock or on too much output — whichever comes first.

use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::process::Command;
use tokio::sync::mpsc::Sender;
use tokio::sync::Notify;

use super::contain::Reaper;
use super::{Exit, Limits, RunOutput};

/// How long the pipes may stay open once the group is dead. Only a process
/// that escaped the group (weak mode, not root) can hold them longer.
const DRAIN_GRACE: Duration = Duration::from_secs(2);

#[derive(Default)]
struct Captured {
    bytes: Vec<u8>,
    truncated: bool,
}

pub(super) async fn supervise(
    mut cmd: Command,
    stdin: &[u8],
    limits: &Limits,
    uid: Option<u32>,
    via_bwrap: bool,
    stdout_to: Option<Sender<Vec<u8>>>,
) -> Result<RunOutput> {
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    let started = Instant::now();
    let mut child = cmd.spawn().context("starting the sandboxed program")?;
    // The child leads its own session, so its pid is its group id.
    let pid = child.id().context("the sandboxed program has no pid")?;
    let mut reaper = Reaper::new(pid, uid);

    // stdin is written concurrently: a program that prints before reading
    // everything must not deadlock against us. A program that never reads
    // (or exits early) just makes the write fail, which is its business.
    let feeder = child.stdin.take().map(|mut pipe| {
        let data = stdin.to_vec();
        tokio::spawn(async move {
            let _ = pipe.write_all(&data).await;
            // Dropping the pipe sends EOF.
        })
    });
    let over = Arc::new(Notify::new());
    let out = Arc::new(Mutex::new(Captured::default()));
    let err = Arc::new(Mutex::new(Captured::default()));
    let readers = [
        child.stdout.take().map(|p| match stdout_to {
            Some(to) => tokio::spawn(forward(p, to, out.clone(), over.clone())),
            None => tokio::spawn(capture(p, out.clone(), limits.output_bytes, over.clone())),
        }),
        child.stderr.take().map(|p| tokio::spawn(capture(p, err.clone(), limits.output_bytes, over.clone()))),
    ];

    let waited: Option<ExitStatus> = tokio::select! {
        status = child.wait() => Some(status.context("waiting for the sandboxed program")?),
        () = tokio::time::sleep(limits.wall) => None,
        () = over.notified() => None,
    };
    // Not waited means the clock or the cap; the cap shows as truncation.
    let timed_out = waited.is_none();
    let wall = started.elapsed();
    // Whatever ended the run, nothing of it outlives it (orphans included).
    reaper.fire();
    let status = match waited {
        Some(status) => status,
        None => child.wait().await.context("reaping the killed program")?,
    };

    // The group is dead, so the pipes close; collect what was written.
    for reader in readers.into_iter().flatten() {
        let abort = reader.abort_handle();
        if tokio::time::timeout(DRAIN_GRACE, reader).await.is_err() {
            tracing::warn!("a sandboxed process held its output open after the kill");
            abort.abort();
        }
    }
    if let Some(feeder) = feeder {
        feeder.abort();
    }
    let (stdout, stdout_truncated) = take(&out);
    let (stderr, stderr_truncated) = take(&err);
    let status = if stdout_truncated || stderr_truncated {
        Exit::OutputLimit
    } else if timed_out {
        Exit::TimedOut
    } else {
        exit_of(status, via_bwrap)
    };
    Ok(RunOutput { status, stdout, stderr, stdout_truncated, stderr_truncated, wall })
}

/// Reads `pipe` into `into`, keeping at most `cap` bytes; the first byte
/// beyond the cap stops the reading and wakes the supervisor.
async fn capture(mut pipe: impl AsyncRead + Unpin, into: Arc<Mutex<Captured>>, cap: usize, over: Arc<Notify>) {
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = match pipe.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let Ok(mut got) = into.lock() else { return };
        let room = cap.saturating_sub(got.bytes.len());
        got.bytes.extend_from_slice(&buf[..n.min(room)]);
        if n > room {
            got.truncated = true;
            // notify_one keeps a permit when the supervisor is not waiting yet.
            over.notify_one();
            return;
        }
    }
}

/// Hands `pipe`'s bytes to `to` as they come, keeping none: the reader on
/// the other side bounds what it keeps, and the channel's bound holds the
/// program back while the reader is busy. When the reader hangs up early
/// (it has read too much) that is the output limit: the run is ended.
async fn forward(mut pipe: impl AsyncRead + Unpin, to: Sender<Vec<u8>>, flag: Arc<Mutex<Captured>>, over: Arc<Notify>) {
    let mut buf = vec![0u8; 64 * 1024];
    let hung_up = || {
        if let Ok(mut got) = flag.lock() {
            got.truncated = true;
        }
        over.notify_one();
    };
    loop {
        // The reader may hang up while the program is quiet: that ends the run too.
        let n = tokio::select! {
            read = pipe.read(&mut buf) => match read {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            },
            () = to.closed() => return hung_up(),
        };
        if to.send(buf[..n].to_vec()).await.is_err() {
            return hung_up();
        }
    }
}

fn take(captured: &Mutex<Captured>) -> (Vec<u8>, bool) {
    match captured.lock() {
        Ok(mut c) => (std::mem::take(&mut c.bytes), c.truncated),
        Err(_) => (Vec::new(), false),
    }
}

fn exit_of(status: ExitStatus, via_bwrap: bool) -> Exit {
    use std::os::unix::process::ExitStatusExt;
    let signal = match (status.code(), status.signal()) {
        // bwrap reports a command killed by signal N as exit code 128 + N.
        (Some(code), _) if via_bwrap && code > 128 && code < 128 + 65 => Some(code - 128),
        (Some(code), _) => return Exit::Exited(code),
        (None, signal) => signal,
    };
    match signal {
        // The CPU budget: soft limit (SIGXCPU) — the same verdict as the clock.
        Some(libc::SIGXCPU) => Exit::TimedOut,
        Some(signal) => Exit::Signaled(signal),
        None => Exit::Exited(-1),
    }
}
