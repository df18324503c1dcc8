//! Journals kept through what goes wrong around them, with the real binary:
//! concurrent sessions never share a journal, the default journal's failure
//! (no folder, a full disk) costs a warning and not the answer while a
//! journal asked for stays an error, a crashed session's torn `.part`
//! replays, and hostile replay speeds and times are bounded.
//! The agents are `backend = "openai"` on a loopback server that answers
//! every request with one fixed draft, so no model is loaded.

use memdoor_testkit::openai_server;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::stream::{self, BoxStream, StreamExt};
use memdoor::domain::TeamEvent;
use memdoor::model::{ChatRequest, Chunk, FinishReason, ModelBackend, Usage};
use tokio_util::sync::CancellationToken;

/// A model that writes `0` as every answer.
struct Always(String);

#[async_trait::async_trait]
impl ModelBackend for Always {
    fn name(&self) -> &str {
        "always"
    }
    async fn stream(
        &self,
        _req: ChatRequest,
        _cancel: CancellationToken,
    ) -> anyhow::Result<BoxStream<'static, anyhow::Result<Chunk>>> {
        let done =
            Chunk::Done { finish: FinishReason::Stop, usage: Usage { completion_tokens: 8, ..Usage::default() } };
        Ok(stream::iter(vec![Ok(Chunk::Text(self.0.clone())), Ok(done)]).boxed())
    }
}

const ANSWER: &str =
    "def is_palindrome(s: str) -> bool:\n    t = [c.lower() for c in s if c.isalnum()]\n    return t == t[::-1]\n";

/// A server whose drafts carry `pad` bytes of comment (to fill a small disk).
async fn server(pad: usize) -> String {
    let draft = format!("```python\n{ANSWER}# {}\n```\n", "x".repeat(pad));
    openai_server::serve(Arc::new(Always(draft)), None).await.base
}

fn config(dir: &Path, base: &str) -> PathBuf {
    let agent = format!("[[agents]]\nbackend = \"openai\"\nbase_url = {base:?}\nmodel = \"always\"\n");
    let text = format!("[team]\nagents = 5\nrounds = 1\nmax_tokens = 64\nagent_tests = false\n{}", agent.repeat(5));
    let path = dir.join("memdoor.toml");
    std::fs::write(&path, text).unwrap();
    path
}

fn solve(config: &Path, logs: &Path, extra: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_memdoor"));
    cmd.arg("solve")
        .arg("--config")
        .arg(config)
        .args(["--sandbox", "weak"])
        .args(extra)
        .arg(memdoor_testkit::PALINDROME);
    cmd.env("MEMDOOR_LOG_DIR", logs)
        .env_remove("MEMDOOR_REDIS")
        .env_remove("MEMDOOR_CONFIG")
        .env_remove("MEMDOOR_MODEL");
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd
}

/// Waits for `child` at most `within`; killed past it, and the test fails.
fn wait(mut child: std::process::Child, within: Duration, what: &str) -> Output {
    let deadline = Instant::now() + within;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().ok();
            let out = child.wait_with_output().unwrap();
            panic!("{what} still running after {within:?}; stderr: {}", String::from_utf8_lossy(&out.stderr));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn journals(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|d| d.map(|e| e.unwrap().path()).collect()).unwrap_or_default();
    found.sort();
    found
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Three `solve`s at once on one text, journaled by default: each keeps a
/// journal of its own, whole, and exits 0 (they once shared one name and
/// two of them lost theirs and exited 1).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_solves_keep_their_own_journals() {
    let base = server(0).await;
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path(), &base);
    let logs = dir.path().join("logs");
    let children: Vec<_> = (0..3).map(|_| solve(&cfg, &logs, &[]).spawn().unwrap()).collect();
    let outs: Vec<Output> = tokio::task::spawn_blocking(move || {
        children.into_iter().map(|c| wait(c, Duration::from_secs(120), "solve")).collect::<Vec<Output>>()
    })
    .await
    .unwrap();
    for out in &outs {
        assert!(out.status.success(), "{}", stderr(out));
        assert!(String::from_utf8_lossy(&out.stdout).contains("is_palindrome"), "the answer was printed");
    }
    let kept = journals(&logs.join("journal"));
    assert_eq!(kept.len(), 3, "{kept:?}");
    for (out, path) in outs.iter().zip(&kept) {
        assert!(path.extension().is_some_and(|e| e == "jsonl"), "{path:?}");
        let records = memdoor::memory::journal::read(path).unwrap();
        assert!(matches!(records.first().map(|r| &r.event), Some(TeamEvent::TaskStarted { .. })));
        assert!(
            matches!(records.last().map(|r| &r.event), Some(TeamEvent::TaskFinished { answer: Some(_), .. })),
            "{path:?}"
        );
        let named: Vec<&Path> =
            kept.iter().map(|p| p.as_path()).filter(|p| stderr(out).contains(&p.display().to_string())).collect();
        assert_eq!(named.len(), 1, "each solve names its one journal: {}", stderr(out));
    }
}

/// The default journal's folder cannot be made: the session runs, prints
/// its answer, warns, and exits 0. A journal asked for there is an error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unwritable_default_journal_is_a_warning_and_an_asked_one_an_error() {
    let base = server(0).await;
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path(), &base);
    let logs = dir.path().join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    // A file where the journal folder would go.
    std::fs::write(logs.join("journal"), "not a folder").unwrap();

    let out = tokio::task::spawn_blocking({
        let (cfg, logs) = (cfg.clone(), logs.clone());
        move || wait(solve(&cfg, &logs, &[]).spawn().unwrap(), Duration::from_secs(120), "solve")
    })
    .await
    .unwrap();
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("is_palindrome"), "{err}");
    assert!(err.contains("warning: no journal for this session"), "{err}");

    let asked = logs.join("journal").join("mine.jsonl");
    let out = tokio::task::spawn_blocking(move || {
        let asked = asked.display().to_string();
        wait(solve(&cfg, &logs, &["--journal", &asked]).spawn().unwrap(), Duration::from_secs(120), "solve")
    })
    .await
    .unwrap();
    let err = stderr(&out);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("mine.jsonl") || err.contains("journal"), "{err}");
}

/// Runs `memdoor solve` with its journal folder on a 64 KiB tmpfs of a
/// private mount namespace (the drafts are 40 KiB each: the disk fills
/// mid-session). `None` where this machine cannot make one (said on
/// stderr and in `$MEMDOOR_SKIP_LOG`).
fn solve_on_a_full_disk(test: &str, cfg: &Path, logs: &Path, extra: &str) -> Option<Output> {
    let probe = Command::new("unshare")
        .args(["--user", "--map-root-user", "--mount", "sh", "-c", "mount -t tmpfs -o size=64k none /tmp"])
        .output();
    if !probe.as_ref().is_ok_and(|o| o.status.success()) {
        let why =
            probe.map(|o| String::from_utf8_lossy(&o.stderr).trim().to_string()).unwrap_or_else(|e| e.to_string());
        memdoor_testkit::skip("journal_kept", test, &format!("no private tmpfs mount here (unshare: {why})"));
        return None;
    }
    let journal_dir = logs.join("journal");
    std::fs::create_dir_all(&journal_dir).unwrap();
    let solve = solve(cfg, logs, &[]);
    let args: Vec<String> = std::iter::once(solve.get_program())
        .chain(solve.get_args())
        .map(|a| format!("'{}'", a.to_string_lossy()))
        .collect();
    let script =
        format!("mount -t tmpfs -o size=64k none '{}' && exec {} {extra}", journal_dir.display(), args.join(" "));
    let child = Command::new("unshare")
        .args(["--user", "--map-root-user", "--mount", "sh", "-c", &script])
        .env("MEMDOOR_LOG_DIR", logs)
        .env_remove("MEMDOOR_REDIS")
        .env_remove("MEMDOOR_CONFIG")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    Some(wait(child, Duration::from_secs(120), "solve on a full disk"))
}

/// The disk under the default journal fills mid-session: a warning, the
/// answer, exit 0. With `--journal` there, the same is an error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_under_the_default_journal_costs_only_the_journal() {
    let base = server(40 * 1024).await;
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(dir.path(), &base);
    let logs = dir.path().join("logs");
    let test = "a_full_disk_under_the_default_journal_costs_only_the_journal";
    let (c, l) = (cfg.clone(), logs.clone());
    let Some(out) = tokio::task::spawn_blocking(move || solve_on_a_full_disk(test, &c, &l, "")).await.unwrap() else {
        return;
    };
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("is_palindrome"), "{err}");
    assert!(
        err.contains("warning: the session's journal is not whole") && err.contains("No space left on device"),
        "{err}"
    );

    let asked = format!("--journal '{}'", logs.join("journal").join("mine.jsonl").display());
    let Some(out) = tokio::task::spawn_blocking(move || solve_on_a_full_disk(test, &cfg, &logs, &asked)).await.unwrap()
    else {
        return;
    };
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
}

fn line(at_ms: u64, event: &TeamEvent) -> String {
    serde_json::to_string(&memdoor::memory::journal::Record { at_ms, event: event.clone() }).unwrap() + "\n"
}

fn replay(args: &[&str], journal: &Path, logs: &Path) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .arg("replay")
        .args(args)
        .arg(journal)
        .env("MEMDOOR_LOG_DIR", logs)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait(child, Duration::from_secs(60), "replay")
}

fn session() -> Vec<TeamEvent> {
    vec![
        TeamEvent::TaskStarted { task: "t".into(), problem: "p".into(), agents: vec![], sandbox: None },
        TeamEvent::RoundFinished { round: 1 },
        TeamEvent::TaskFinished { task: "t".into(), answer: None, elapsed_secs: 1.0 },
    ]
}

/// A crashed session's `.part` whose last line was cut replays up to the
/// last whole line, with a warning saying how much was dropped; a torn
/// line in the middle is still an error naming it.
#[test]
fn a_torn_part_replays_up_to_its_last_whole_line() {
    let dir = tempfile::tempdir().unwrap();
    let part = dir.path().join("crashed.jsonl.part");
    let events = session();
    let whole: String = events.iter().enumerate().map(|(i, e)| line(i as u64, e)).collect();
    let cut = &line(9, &TeamEvent::RoundFinished { round: 2 })[..20];
    std::fs::write(&part, format!("{whole}{cut}")).unwrap();
    let out = replay(&["--instant", "--json"], &part, dir.path());
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("crashed.jsonl.part: last line torn (line 4), 20 bytes ignored"), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);

    std::fs::write(&part, format!("{}{cut}\n{}", line(0, &events[0]), line(1, &events[1]))).unwrap();
    let out = replay(&["--instant", "--json"], &part, dir.path());
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("crashed.jsonl.part:2: not a memdoor journal record"), "{err}");
}

/// `--speed` out of 0.01–1000 (and NaN, infinities) is refused before
/// anything plays; a far-future `at_ms` waits the 5 s cap, not for ever.
#[test]
fn replay_speeds_and_waits_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("far.jsonl");
    let events = session();
    std::fs::write(
        &journal,
        format!("{}{}{}", line(0, &events[0]), line(u64::MAX / 2, &events[1]), line(u64::MAX, &events[2])),
    )
    .unwrap();
    for speed in ["1e-300", "0", "-1", "NaN", "inf", "1e9"] {
        let out = replay(&["--headless", &format!("--speed={speed}")], &journal, dir.path());
        let err = stderr(&out);
        assert!(!out.status.success() && err.contains("--speed"), "{speed}: {err}");
        assert!(!err.contains("panicked"), "{speed}: {err}");
    }
    let started = Instant::now();
    let out = replay(&["--headless", "--speed", "1000"], &journal, dir.path());
    let took = started.elapsed();
    assert!(out.status.success(), "{}", stderr(&out));
    // Two capped gaps of 5 s: about 10 s, never the recorded aeons.
    assert!(took < Duration::from_secs(30), "{took:?}");
    assert!(took >= Duration::from_secs(9), "{took:?}");
}
