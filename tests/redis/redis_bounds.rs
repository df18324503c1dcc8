//! A shared Redis that never fills up and whose leases hold (issue #16), on
//! a real redis-server: a finished task's keys expire after the retention,
//! served jobs leave the work stream, and a coordinator that stalled past
//! its lease can neither renew nor delete the next holder's.

use memdoor_testkit::inproc_worker;
use memdoor_testkit::redis_server;
use memdoor_testkit::scripted;

use std::sync::Arc;
use std::time::Duration;

use memdoor::distributed::lease::Lease;
use memdoor::distributed::remote::RemoteBackend;
use memdoor::distributed::wire::work_key;
use memdoor::memory::redis::RedisStore;
use memdoor::model::{ModelBackend, Sampling};
use memdoor::problem::Problem;
use memdoor::session::{drive, Recorder, SessionSpec, Step};
use memdoor::team::{Agent, Mechanisms};
use memdoor_testkit::eventually::eventually;
use redis::AsyncCommands;
use redis_server::RedisServer;
use scripted::{fenced, Scripted};
use tokio_util::sync::CancellationToken;

#[tokio::test]
async fn a_stalled_holder_can_neither_renew_nor_delete_the_next_holders_lease() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "s").await.unwrap();
    let mut conn = store.connection();
    let key = "memdoor:{s}:coord:t1";
    let first = Lease::acquire(&mut conn, key, "w0", Duration::from_millis(300)).await.unwrap().expect("a free lease");
    assert!(Lease::acquire(&mut conn, key, "w1", Duration::from_secs(15)).await.unwrap().is_none(), "held");
    assert!(first.renew(&mut conn).await.unwrap(), "the holder renews");

    // w0 stalls past its lease; the server lets it go, and w1 takes it.
    eventually("the stalled lease to expire", Duration::from_secs(20), || {
        let mut conn = conn.clone();
        async move { !conn.exists::<_, bool>(key).await.unwrap() }
    })
    .await;
    let second =
        Lease::acquire(&mut conn, key, "w1", Duration::from_secs(15)).await.unwrap().expect("the lease passed on");

    // w0 resumes: its writes through the leased store are refused…
    let first = Arc::new(first);
    let stale = memdoor::distributed::leased_store::LeasedStore {
        inner: store.clone(),
        lease: first.clone(),
        run: String::new(),
    };
    let entry = memdoor::memory::Entry::new("t1", 1, Some(0), memdoor::memory::EntryKind::Draft, "late draft");
    let refused = memdoor::memory::MemoryStore::append(&stale, entry).await.unwrap_err().to_string();
    assert!(refused.contains("passed to another worker"), "{refused}");
    assert!(memdoor::memory::MemoryStore::put_final(&stale, "t1", "late answer").await.is_err());
    assert!(
        !conn.exists::<_, bool>("memory:t1").await.unwrap()
            && !conn.exists::<_, bool>(store.log_key("t1")).await.unwrap()
    );
    // …and its renew and release touch nothing of w1's.
    assert!(!first.renew(&mut conn).await.unwrap());
    assert!(!first.release(&mut conn).await.unwrap());
    let holder: String = conn.get(key).await.unwrap();
    assert!(holder.starts_with("w1:"), "{holder}");
    let ttl: i64 = conn.ttl(key).await.unwrap();
    assert!(ttl > 10, "w0's renew did not shorten or lengthen w1's lease: {ttl}");
    assert!(second.release(&mut conn).await.unwrap());
    assert!(!conn.exists::<_, bool>(key).await.unwrap());
}

#[tokio::test]
async fn a_finished_tasks_keys_expire_after_the_retention() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "s").await.unwrap().with_retention(Some(Duration::from_secs(7200)));
    let problem = Problem::from_text("Write a Python function is_palindrome(s: str) -> bool.").unwrap();
    let mut conn = store.connection();
    // The client's own key, as a plain client would have set it.
    let _: () = conn.set(format!("task:{}", problem.id), "{}").await.unwrap();

    let answer = fenced("def is_palindrome(s):\n    return s == s[::-1]\n");
    let agents =
        (0..2).map(|id| Agent::new(id, Arc::new(Scripted::new(vec![answer.clone()])), Sampling::default())).collect();
    let mechanisms = Mechanisms { agent_tests: false, aggregate: false, ..Mechanisms::default() };
    let spec = SessionSpec {
        agents,
        store: Arc::new(store.clone()),
        sandbox: None,
        rounds: 1,
        max_tokens: 64,
        mechanisms,
        unique_ids: false,
        repo: None,
    };
    drive(&spec, &problem, Step::Start, &mut [&mut Recorder::default()], CancellationToken::new()).await.unwrap();

    for key in [
        store.log_key(&problem.id),
        store.keys_key(&problem.id),
        RedisStore::final_key(&problem.id),
        format!("task:{}", problem.id),
    ] {
        let ttl: i64 = conn.ttl(&key).await.unwrap();
        assert!((1..=7200).contains(&ttl), "{key} expires within the retention: TTL {ttl}");
    }
}

#[tokio::test]
async fn served_jobs_leave_the_work_stream() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "s").await.unwrap();
    let (worker, _) = inproc_worker::scripted_worker(store.clone(), vec!["a".into(), "b".into(), "c".into()]).await;
    let stop = CancellationToken::new();
    tokio::spawn(memdoor::distributed::worker::serve_jobs(worker, stop.clone()));

    let backend = RemoteBackend::new(store.clone(), "remote");
    for _ in 0..3 {
        let req = memdoor_testkit::greedy("hi", 8);
        let mut stream = backend.stream(req, CancellationToken::new()).await.unwrap();
        while let Some(chunk) = futures::StreamExt::next(&mut stream).await {
            if matches!(chunk.unwrap(), memdoor::model::Chunk::Done { .. }) {
                break;
            }
        }
    }
    let conn = store.connection();
    eventually("the served jobs to be deleted", Duration::from_secs(20), || {
        let mut conn = conn.clone();
        async move { conn.xlen::<_, usize>(work_key("s")).await.unwrap() == 0 }
    })
    .await;
    stop.cancel();
}

#[tokio::test]
async fn tasks_are_found_without_touching_the_servers_settings() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "s").await.unwrap();
    let answers = (0..8).map(|_| fenced("def is_palindrome(s):\n    return s == s[::-1]\n")).collect();
    let (worker, _) = inproc_worker::scripted_worker(store.clone(), answers).await;
    let stop = CancellationToken::new();
    tokio::spawn(memdoor::distributed::run_worker(worker, stop.clone()));

    // A plain client's task, set after the worker started: no notification comes.
    let mut conn = store.connection();
    let task = serde_json::json!({ "id": "t1", "prompt": "Write a Python function is_palindrome(s: str) -> bool." });
    let _: () = conn.set("task:t1", task.to_string()).await.unwrap();
    eventually("the answer", Duration::from_secs(20), || {
        let mut conn = conn.clone();
        async move { conn.exists::<_, bool>("memory:t1").await.unwrap() }
    })
    .await;
    let flags: Vec<String> =
        redis::cmd("CONFIG").arg("GET").arg("notify-keyspace-events").query_async(&mut conn).await.unwrap();
    assert!(!flags[1].contains('K'), "the server's settings were left alone: {flags:?}");
    eventually("the answered task to leave the index of open tasks", Duration::from_secs(20), || {
        let mut conn = conn.clone();
        async move { conn.zcard::<_, usize>("memdoor:{s}:open").await.unwrap() == 0 }
    })
    .await;
    stop.cancel();
}

#[tokio::test]
async fn a_reused_task_id_is_answered_from_its_answer_or_run_again_when_asked() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "s").await.unwrap();
    let mut conn = store.connection();
    // The server sends notifications (set by its owner, here the test): tasks are picked up at once.
    let _: () =
        redis::cmd("CONFIG").arg("SET").arg("notify-keyspace-events").arg("K$").query_async(&mut conn).await.unwrap();
    let (first, second, third) = ("return s == s[::-1]", "return s[::-1] == s", "return list(s) == list(reversed(s))");
    let answers =
        [first, second, third].iter().map(|body| fenced(&format!("def is_palindrome(s):\n    {body}\n"))).collect();
    let (worker, _) = inproc_worker::scripted_worker(store.clone(), answers).await;
    let stop = CancellationToken::new();
    tokio::spawn(memdoor::distributed::run_worker(worker, stop.clone()));

    let task = |run: Option<&str>| {
        let mut t =
            serde_json::json!({ "id": "t1", "prompt": "Write a Python function is_palindrome(s: str) -> bool." });
        if let Some(r) = run {
            t["run"] = r.into();
        }
        t.to_string()
    };
    let reader = store.connection();
    let answer_holds = |body: &'static str| {
        let conn = reader.clone();
        move || {
            let mut conn = conn.clone();
            async move { conn.get::<_, Option<String>>("memory:t1").await.unwrap().is_some_and(|a| a.contains(body)) }
        }
    };
    let _: () = conn.set("task:t1", task(None)).await.unwrap();
    eventually("the first run's answer", Duration::from_secs(20), answer_holds(first)).await;

    // The client sends the same task again, then asks for a new run.
    let _: () = conn.set("task:t1", task(None)).await.unwrap();
    let _: () = conn.set("task:t1", task(Some("2"))).await.unwrap();
    eventually("the second run's answer (the resend ran nothing)", Duration::from_secs(20), answer_holds(second)).await;
    let answered: Option<String> = conn.get("memdoor:{s}:answered:t1").await.unwrap();
    assert_eq!(answered.as_deref(), Some("2"));
    // Nothing of the first run is mixed into the second's memory.
    let log = memdoor::memory::MemoryStore::read(&store, "t1", None).await.unwrap();
    assert!(!log.is_empty() && log.iter().all(|(_, e)| !e.content.contains(first)), "{log:?}");
    stop.cancel();
}

#[tokio::test]
async fn a_stopping_worker_takes_answered_and_vanished_tasks_off_the_index() {
    // A scan lists the task keys, then indexes them: a task answered in
    // between is back in the index after its coordinator took it off. Once
    // every worker has stopped, no pass would drop it.
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "s").await.unwrap();
    let mut conn = store.connection();
    let task =
        |id: &str| serde_json::json!({ "id": id, "prompt": "Write a Python program that prints 1." }).to_string();
    let _: () = conn.set("task:done", task("done")).await.unwrap();
    let _: () = conn.set("memory:done", "{}").await.unwrap();
    let _: () = conn.set("task:waiting", task("waiting")).await.unwrap();
    let index = memdoor::distributed::runs::open_key("s");
    let _: () = conn.zadd_multiple(&index, &[(1, "done"), (2, "gone"), (3, "waiting")]).await.unwrap();
    let (worker, _) = inproc_worker::scripted_worker(store.clone(), Vec::new()).await;
    // Stopped before it starts: the stop is all it does.
    let stop = CancellationToken::new();
    stop.cancel();
    tokio::time::timeout(Duration::from_secs(20), memdoor::distributed::run_worker(worker, stop))
        .await
        .expect("the worker stops")
        .unwrap();
    let left: Vec<String> = conn.zrange(&index, 0, -1).await.unwrap();
    assert_eq!(left, ["waiting"], "only the unanswered task stays");
}

#[tokio::test]
async fn the_scale_bench_answers_every_task_and_redis_memory_comes_back() {
    let server = RedisServer::start();
    let mut settings = memdoor::session::SessionSettings::from_config(&memdoor::config::Config::default());
    settings.team.agents = 2;
    settings.agents.truncate(2);
    settings.rounds = 1;
    let report =
        memdoor::bench::coordination::scale(&server.url(), 1000, 5, settings, Duration::from_secs(1)).await.unwrap();
    assert_eq!((report.tasks, report.workers, report.agents), (1000, 5, 2));
    // Every task answered (scale fails otherwise), and each ran exactly once.
    assert_eq!(report.runs_started, 1000, "{report:?}");
    assert!(report.tasks_per_s > 0.0 && report.p99_ms >= report.p50_ms);
    assert!(report.commands_per_task > 10.0, "a task takes Redis work: {report:?}");
    // Every key of the finished tasks expired (the work stream stays), and the
    // server's memory is back within 1 MB of where it started (Redis shrinks
    // its key tables later, on its own clock).
    // Job claims (replay protection) outlive a served job only until its
    // expiry (pickup timeout 120 s + clock skew 60 s), plus the skew again
    // for another worker's clock: 4 minutes at most.
    let (claims, left): (Vec<_>, Vec<_>) = report.keys_left.iter().partition(|k| k.contains("}:claim:"));
    assert_eq!(left, [&format!("memdoor:{{{}}}:work", report.namespace)], "{report:?}");
    let mut conn = redis::Client::open(server.url()).unwrap().get_multiplexed_async_connection().await.unwrap();
    let claim_count = claims.len();
    for claim in claims {
        let ttl: i64 = conn.ttl(claim).await.unwrap();
        assert!(ttl == -2 || (1..=240).contains(&ttl), "{claim} lives {ttl} s more");
    }
    assert!(report.memory_after_retention_mb < report.memory_end_mb, "{report:?}");
    // Until they expire, the claims cost their keys (~0.5 KB each, measured 0.47).
    let claims_mb = claim_count as f64 * 0.0005;
    assert!(
        report.memory_after_retention_mb < report.memory_before_mb + 1.0 + claims_mb,
        "{claims_mb} MB of claims: {report:?}"
    );
}

#[tokio::test]
async fn dead_workers_leave_the_registry() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "s").await.unwrap();
    let mut conn = store.connection();
    // A worker killed without a goodbye: listed, its heartbeat long expired.
    let _: () = conn.hset("agents", "ghost", "{}").await.unwrap();
    let (worker, _) = inproc_worker::scripted_worker(store.clone(), Vec::new()).await;
    let stop = CancellationToken::new();
    tokio::spawn(memdoor::distributed::worker::serve_jobs(worker, stop.clone()));
    eventually("the dead worker to leave `agents` and the live one to be listed", Duration::from_secs(20), || {
        let mut conn = conn.clone();
        async move {
            let listed: Vec<String> = conn.hkeys("agents").await.unwrap();
            listed == ["w0"]
        }
    })
    .await;
    stop.cancel();
}
