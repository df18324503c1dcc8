//! Hostile values in a shared Redis (issue #27), on a real redis-server:
//! values over the limits are refused before they are decoded, and a task
//! that cannot be parsed, or nests too deep, is answered with its error and
//! leaves the index while the worker lives.

use std::time::Duration;

use futures::StreamExt;

use memdoor::distributed::runs::open_key;
use memdoor::memory::redis::RedisStore;
use memdoor::memory::{Entry, EntryKind, MemoryStore};
use memdoor_testkit::eventually::eventually;
use memdoor_testkit::redis_server::RedisServer;
use memdoor_testkit::tiny_gguf;
use memdoor_testkit::workers;
use redis::AsyncCommands;

/// The peak resident memory of a process (kB), from /proc.
fn peak_kb(pid: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// Runs `script` (no keys) on a plain blocking connection without a
/// response timeout: making a huge value inside the server takes a while.
fn eval(server: &RedisServer, script: &str, args: &[&str]) {
    let mut conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();
    let _: redis::Value = redis::cmd("EVAL").arg(script).arg(0).arg(args).query(&mut conn).unwrap();
}

/// Adds an item to `stream` whose `field` is `n` MiB of junk, made inside
/// the server (the test's own memory never holds it).
fn junk_item(server: &RedisServer, stream: &str, field: &str, n: usize) {
    eval(
        server,
        "return redis.call('XADD', ARGV[1], '*', ARGV[2], string.rep('[', tonumber(ARGV[3]) * 1048576))",
        &[stream, field, &n.to_string()],
    );
}

#[tokio::test]
async fn log_items_over_the_entry_limit_are_never_fetched_whole() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "big").await.unwrap();
    let log = store.log_key("t1");
    junk_item(&server, &log, "entry", 150);
    junk_item(&server, &log, "entry", 150);
    store.append(Entry::new("t1", 1, Some(0), EntryKind::Draft, "print(1)")).await.unwrap();
    // Peak memory from here on: clear_refs 5 resets this process's VmHWM.
    std::fs::write("/proc/self/clear_refs", "5").unwrap();
    let before = peak_kb("self");
    let read = store.read("t1", None).await.unwrap();
    assert_eq!(read.len(), 1, "only the team's entry");
    let mut sub = store.subscribe("t1").await.unwrap();
    let (_, followed) = tokio::time::timeout(Duration::from_secs(30), sub.next()).await.unwrap().unwrap().unwrap();
    assert_eq!(followed.content, "print(1)");
    drop(sub);
    let grew = peak_kb("self").saturating_sub(before);
    assert!(grew < 64 * 1024, "reading two 150 MiB junk items raised the peak by {grew} kB");
    assert_eq!(store.rejected(), 4, "both junk items, by read and by subscribe");
    // A too-long answer is refused by its length too.
    eval(&server, "return redis.call('SET', 'memory:t1', string.rep('a', 2097152))", &[]);
    let err = store.get_final("t1").await.unwrap_err().to_string();
    assert!(err.contains("over the") && err.contains("memory:t1"), "{err}");
}

/// The tasks no worker can run, as a hostile student writes them, and the
/// words their answers must hold.
const BAD_TASKS: [(&str, &str); 3] =
    [("not-utf8", "not UTF-8"), ("not-json", "not JSON"), ("too-long", "reads at most 1048576 bytes")];

#[tokio::test]
async fn tasks_that_cannot_be_parsed_are_answered_with_their_error_and_leave_the_index() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "default").await.unwrap();
    let mut conn = store.connection();
    let _: () =
        conn.set("task:not-utf8", b"{\"id\": \"not-utf8\", \"prompt\": \"\xff\xfe\"}".as_slice()).await.unwrap();
    let _: () = conn.set("task:not-json", "{\"id\": \"not-json\", \"prompt\": ").await.unwrap();
    // 300 MiB, made inside the server.
    eval(&server, "return redis.call('SET', 'task:too-long', string.rep('[', 300 * 1048576))", &[]);
    let dir = tempfile::tempdir().unwrap();
    let model = tiny_gguf::make("llama", "q8_0", dir.path());
    let logs = dir.path().join("logs");
    let first = workers::Workers::start(&server.url(), 1, &["--sandbox", "weak"], &model, &logs);
    eventually("an error answer to every bad task, and an empty index", Duration::from_secs(60), || {
        let mut conn = conn.clone();
        async move {
            for (id, says) in BAD_TASKS {
                let answer: Option<String> = conn.get(format!("memory:{id}")).await.unwrap();
                let Some(answer) = answer else { return false };
                let error = serde_json::from_str::<serde_json::Value>(&answer).unwrap()["error"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                assert!(error.contains(says), "{id}: {error}");
            }
            conn.zcard::<_, usize>(open_key("default")).await.unwrap() == 0
        }
    })
    .await;
    // The 300 MiB task was never fetched: the worker's peak memory stayed far below it.
    let peak = peak_kb(&first.0[0].id().to_string());
    assert!(peak < 200 * 1024, "the worker's peak memory was {peak} kB");
    drop(first);

    // What the first worker left: a second worker started afterwards touches none of it.
    let mut left = Vec::new();
    for (id, _) in BAD_TASKS {
        let answer: String = conn.get(format!("memory:{id}")).await.unwrap();
        let log: redis::streams::StreamRangeReply = conn.xrange(store.log_key(id), "-", "+").await.unwrap();
        left.push((answer, log.ids.iter().map(|s| s.id.clone()).collect::<Vec<_>>()));
    }
    // A stale index item the second worker's first pass removes: once it is gone, that pass is done.
    let _: () = conn.zadd(open_key("default"), "gone-task", 1).await.unwrap();
    let second = workers::Workers::start(&server.url(), 1, &["--sandbox", "weak"], &model, &logs);
    eventually("the second worker's first pass over the index", Duration::from_secs(60), || {
        let mut conn = conn.clone();
        async move { conn.zcard::<_, usize>(open_key("default")).await.unwrap() == 0 }
    })
    .await;
    for ((id, _), before) in BAD_TASKS.iter().zip(&left) {
        let answer: String = conn.get(format!("memory:{id}")).await.unwrap();
        let log: redis::streams::StreamRangeReply = conn.xrange(store.log_key(id), "-", "+").await.unwrap();
        assert_eq!(&(answer, log.ids.iter().map(|s| s.id.clone()).collect::<Vec<_>>()), before, "{id} untouched");
    }
    drop(second);
}

/// The 6 KB prompt of issue #27 (`f(1) -> ` and ~6,000 `[`) aborted every
/// worker by a stack overflow in the literal parser, and stayed in the index
/// for the next. Its depth limit belongs to the problem parser (issue #27,
/// item 1, another part): this passes once that is merged.
#[tokio::test]
async fn a_deeply_nested_prompt_is_answered_with_its_error_and_the_worker_lives() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "default").await.unwrap();
    let mut conn = store.connection();
    let prompt = format!("Write a Python function f(x).\nf(1) -> {}", "[".repeat(6000));
    let _: () = conn.set("task:deep", serde_json::json!({ "id": "deep", "prompt": prompt }).to_string()).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let model = tiny_gguf::make("llama", "q8_0", dir.path());
    let mut worker =
        workers::Workers::start(&server.url(), 1, &["--sandbox", "weak"], &model, &dir.path().join("logs"));
    eventually("an error answer to the deep task, and an empty index", Duration::from_secs(60), || {
        let mut conn = conn.clone();
        async move {
            conn.exists::<_, bool>("memory:deep").await.unwrap()
                && conn.zcard::<_, usize>(open_key("default")).await.unwrap() == 0
        }
    })
    .await;
    let answer: String = conn.get("memory:deep").await.unwrap();
    assert!(answer.contains("\"error\""), "{answer}");
    assert!(worker.0[0].try_wait().unwrap().is_none(), "the worker is still running");
}
