//! Nothing lost: a worker killed mid-answer, and a worker paused past its
//! lease and resumed, on a real redis-server with real worker processes.

use memdoor_testkit::eventually::until;
use memdoor_testkit::redis_server;
use memdoor_testkit::workers;

use std::process::Command;
use std::time::Duration;

use memdoor::distributed::wire::{Job, Reply, ReplyItem};
use redis::streams::{StreamPendingCountReply, StreamRangeReply};
use redis::Commands;
use redis_server::RedisServer;
use workers::Workers;

const WORK: &str = "memdoor:{default}:work";

fn start(server: &RedisServer, logs: &std::path::Path) -> (Workers, redis::Connection) {
    let workers = Workers::start(
        &server.url(),
        5,
        &["--rounds", "1", "--max-tokens", "160"],
        &memdoor_testkit::model_path(),
        logs,
    );
    let conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();
    (workers, conn)
}

/// A job being worked on by a worker other than the task's coordinator:
/// (worker index, stream id of the job, the job).
fn busy_non_coordinator(conn: &mut redis::Connection, task: &str) -> (usize, String, Job) {
    until("a worker busy with a job", Duration::from_secs(120), || {
        let coordinator: Option<String> = conn.get(format!("memdoor:{{default}}:coord:{task}")).ok()?;
        let pending: StreamPendingCountReply = conn.xpending_count(WORK, "agents", "-", "+", 16).ok()?;
        let p = pending.ids.into_iter().find(|p| Some(&p.consumer) != coordinator.as_ref())?;
        let range: StreamRangeReply = conn.xrange(WORK, &p.id, &p.id).ok()?;
        let raw: String = redis::from_redis_value_ref(range.ids.first()?.map.get("json")?).ok()?;
        let job: Job = serde_json::from_str(&raw).ok()?;
        Some((p.consumer[1..].parse().ok()?, p.id, job))
    })
}

fn replies(conn: &mut redis::Connection, job: &Job) -> Vec<ReplyItem> {
    let range: StreamRangeReply = conn.xrange(job.reply_key("default"), "-", "+").unwrap();
    range
        .ids
        .iter()
        .map(|s| serde_json::from_str(&redis::from_redis_value_ref::<String>(&s.map["json"]).unwrap()).unwrap())
        .collect()
}

fn set_task(conn: &mut redis::Connection, id: &str) {
    let task = serde_json::json!({ "id": id, "prompt": memdoor_testkit::PALINDROME }).to_string();
    let _: () = conn.set(format!("task:{id}"), task).unwrap();
}

#[test]
fn a_worker_killed_mid_answer_loses_nothing() {
    let server = RedisServer::start();
    let logs = tempfile::tempdir().unwrap();
    let (mut workers, mut conn) = start(&server, logs.path());
    set_task(&mut conn, "k1");
    let (victim, _, job) = busy_non_coordinator(&mut conn, "k1");
    // Kill it once it has streamed some of its answer.
    until("the victim's first text", Duration::from_secs(120), || {
        replies(&mut conn, &job).iter().any(|r| matches!(r.reply, Reply::Chunk(_))).then_some(())
    });
    workers.0[victim].kill().unwrap();

    let answer: String = until("memory:k1", Duration::from_secs(600), || conn.get("memory:k1").ok().flatten());
    assert!(!answer.contains("\"error\""), "{answer}");
    let items = replies(&mut conn, &job);
    let retaken = items.iter().find(|r| r.epoch == 2 && matches!(r.reply, Reply::Taken { .. }));
    assert!(retaken.is_some(), "the killed worker's job was never reclaimed: {items:?}");
    assert!(items
        .iter()
        .any(|r| r.epoch == 2 && matches!(r.reply, Reply::Chunk(memdoor::distributed::wire::WireChunk::Done { .. }))));
    let pending: StreamPendingCountReply = conn.xpending_count(WORK, "agents", "-", "+", 16).unwrap();
    assert!(pending.ids.is_empty(), "jobs left pending: {:?}", pending.ids);
}

#[test]
fn a_paused_worker_that_resumes_late_is_fenced_off() {
    let server = RedisServer::start();
    let logs = tempfile::tempdir().unwrap();
    let (workers, mut conn) = start(&server, logs.path());
    set_task(&mut conn, "p1");
    // Paused while its job is still pending: a fast model may finish the job
    // between our look and the signal, and then there is nothing to reclaim.
    // And paused only once it has taken the job (its epoch-1 `Taken` is
    // written): paused between delivery and its take, its reclaimer's take
    // would be the first (epoch 1), and the epoch waited for below would
    // come only from the paused worker itself — a wait that could not end.
    let (pid, job) = until("a worker paused with its job taken and pending", Duration::from_secs(300), || {
        let (victim, id, job) = busy_non_coordinator(&mut conn, "p1");
        let pid = workers.0[victim].id().to_string();
        assert!(Command::new("kill").args(["-STOP", &pid]).status().unwrap().success());
        let pending: Option<StreamPendingCountReply> = conn.xpending_count(WORK, "agents", "-", "+", 16).ok();
        let pending = pending.is_some_and(|p| p.ids.iter().any(|p| p.id == id));
        let taken = replies(&mut conn, &job).iter().any(|r| r.epoch == 1 && matches!(r.reply, Reply::Taken { .. }));
        if taken && pending {
            return Some((pid, job));
        }
        assert!(Command::new("kill").args(["-CONT", &pid]).status().unwrap().success());
        None
    });
    let epoch_key = format!("memdoor:{{default}}:epoch:{}", job.id);
    until("the paused worker's job to be reclaimed", Duration::from_secs(300), || {
        (conn.get::<_, Option<u64>>(&epoch_key).ok().flatten()? >= 2).then_some(())
    });
    assert!(Command::new("kill").args(["-CONT", &pid]).status().unwrap().success());

    let answer: String = until("memory:p1", Duration::from_secs(600), || conn.get("memory:p1").ok().flatten());
    assert!(!answer.contains("\"error\""), "{answer}");
    // The resumed worker did write late, with its old epoch: those are the
    // writes the requester's fence drops (see distributed::remote's tests).
    until("the resumed worker's late writes", Duration::from_secs(300), || {
        let items = replies(&mut conn, &job);
        let retaken = items.iter().position(|r| r.epoch == 2 && matches!(r.reply, Reply::Taken { .. }))?;
        items[retaken..].iter().any(|r| r.epoch == 1).then_some(())
    });
    // And it did not acknowledge the job it had lost, nor did the answer change.
    let again: String = conn.get("memory:p1").unwrap();
    assert_eq!(again, answer);
}

#[test]
fn a_redis_restart_mid_task_loses_nothing() {
    let mut server = RedisServer::start_with_aof();
    let logs = tempfile::tempdir().unwrap();
    let (_workers, mut conn) = start(&server, logs.path());
    set_task(&mut conn, "r1");
    let (_, _, job) = busy_non_coordinator(&mut conn, "r1");
    until("text streaming", Duration::from_secs(120), || {
        replies(&mut conn, &job).iter().any(|r| matches!(r.reply, Reply::Chunk(_))).then_some(())
    });
    server.restart(); // SIGKILL; AOF with fsync always keeps every acknowledged write
    let mut conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();

    let answer: String = until("memory:r1", Duration::from_secs(600), || conn.get("memory:r1").ok().flatten());
    // The model is incidental (SmolLM2): the team may end with no code to
    // stand behind — a clean outcome, not a loss. Any other error is one.
    let no_code = answer.contains("no agent wrote a fenced code block");
    assert!(!answer.contains("\"error\"") || no_code, "{answer}");
    // Every entry of the shared memory is there once: retried writes did not duplicate.
    let log_len: usize = conn.xlen("memdoor:{default}:log:r1").unwrap();
    let keys: usize = conn.hlen("memdoor:{default}:keys:r1").unwrap();
    assert_eq!(log_len, keys);
    let least = if no_code { 5 } else { 6 };
    assert!(log_len >= least, "{log_len} entries: five drafts (and a decision, when there is an answer) expected");
}
