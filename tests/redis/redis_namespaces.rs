//! Key namespaces and signed jobs in a shared Redis (issue #27), on a real
//! redis-server: one namespace's workers never replace another's answer, a
//! replayed or expired signed job is refused, and a remote reply past its
//! cap is cut with an error.

use memdoor_testkit::inproc_worker;
use memdoor_testkit::redis_server;
use memdoor_testkit::scripted;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures::stream::BoxStream;
use futures::StreamExt;
use memdoor::distributed::remote::RemoteBackend;
use memdoor::distributed::runs::open_key;
use memdoor::distributed::wire::{job_key, work_key, Job};
use memdoor::distributed::worker::{serve_jobs, Worker};
use memdoor::judge::sandbox::{Limits, Sandbox, SandboxMode};
use memdoor::memory::auth::TeamKey;
use memdoor::memory::redis::RedisStore;
use memdoor::memory::MemoryStore;
use memdoor::model::{ChatRequest, Chunk, FinishReason, ModelBackend, Usage};
use memdoor_testkit::eventually::eventually;
use redis::AsyncCommands;
use redis_server::RedisServer;
use scripted::fenced;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

fn request(max_tokens: usize) -> ChatRequest {
    memdoor_testkit::greedy("write f", max_tokens)
}

/// A model that says "part1 ", then waits for the gate to open before "part2":
/// a job stays in progress as long as the test wants.
struct Gated {
    gate: watch::Receiver<bool>,
    calls: Arc<AtomicUsize>,
}

#[async_trait::async_trait]
impl ModelBackend for Gated {
    fn name(&self) -> &str {
        "gated"
    }
    async fn stream(
        &self,
        _req: ChatRequest,
        _cancel: CancellationToken,
    ) -> anyhow::Result<BoxStream<'static, anyhow::Result<Chunk>>> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let mut gate = self.gate.clone();
        let rest = async move {
            let _ = gate.wait_for(|open| *open).await;
            futures::stream::iter(vec![
                Ok(Chunk::Text("part2".into())),
                Ok(Chunk::Done { finish: FinishReason::Stop, usage: Usage::default() }),
            ])
        };
        Ok(futures::stream::iter(vec![Ok(Chunk::Text("part1 ".into()))])
            .chain(futures::stream::once(rest).flatten())
            .boxed())
    }
}

async fn worker_on(store: RedisStore, id: &str, model: Arc<dyn ModelBackend>) -> Arc<Worker> {
    let mut cfg = memdoor::config::Config::default();
    cfg.team.max_tokens = 300;
    let sandbox = Sandbox::open(SandboxMode::Weak, Limits::default()).await.unwrap();
    let settings = memdoor::session::SessionSettings::from_config(&cfg);
    Arc::new(Worker {
        id: id.into(),
        store,
        model,
        settings,
        sandbox,
        manage_notifications: false,
        journals: false,
        runs_started: Default::default(),
    })
}

fn team_key() -> TeamKey {
    TeamKey::new(b"a-team-secret-for-the-tests").unwrap()
}

fn task(id: &str, run: Option<&str>) -> String {
    let mut t = serde_json::json!({ "id": id, "prompt": "Write a Python function is_palindrome(s: str) -> bool." });
    if let Some(r) = run {
        t["run"] = r.into();
    }
    t.to_string()
}

fn palindrome(body: &str) -> String {
    fenced(&format!("def is_palindrome(s):\n    {body}\n"))
}

#[tokio::test]
async fn a_namespace_never_replaces_another_namespaces_answer() {
    let server = RedisServer::start();
    let s1 = RedisStore::connect(&server.url(), "S1").await.unwrap();
    let s2 = RedisStore::connect(&server.url(), "S2").await.unwrap();
    let mut conn = s1.connection();
    // S1 answers q1's run "2" (a labelled run: the case S2 used to take for unanswered).
    let (first, other) = ("return s == s[::-1]", "return s[::-1] == s");
    let (w1, _) = inproc_worker::scripted_worker(s1.clone(), vec![palindrome(first)]).await;
    let stop1 = CancellationToken::new();
    let running1 = tokio::spawn(memdoor::distributed::run_worker(w1.clone(), stop1.clone()));
    let _: () = conn.set("task:q1", task("q1", Some("2"))).await.unwrap();
    eventually("S1's answer to q1", Duration::from_secs(30), || {
        let mut conn = conn.clone();
        async move { conn.get::<_, Option<String>>("memory:q1").await.unwrap().is_some_and(|a| a.contains(first)) }
    })
    .await;
    stop1.cancel();
    running1.await.unwrap().unwrap();
    let answer: String = conn.get("memory:q1").await.unwrap();

    // S2's worker starts; a task of its own, q2, shows it has looked at the tasks.
    let _: () = conn.set("task:q2", task("q2", None)).await.unwrap();
    let (w2, _) = inproc_worker::scripted_worker(s2.clone(), vec![palindrome(other), palindrome(other)]).await;
    let stop2 = CancellationToken::new();
    let running2 = tokio::spawn(memdoor::distributed::run_worker(w2.clone(), stop2.clone()));
    eventually("S2's answer to q2 and an empty S2 index", Duration::from_secs(30), || {
        let mut conn = conn.clone();
        async move {
            conn.exists::<_, bool>("memory:q2").await.unwrap()
                && conn.zcard::<_, usize>(open_key("S2")).await.unwrap() == 0
                && conn.zcard::<_, usize>(open_key("S1")).await.unwrap() == 0
        }
    })
    .await;
    // And S2 has looked at q1 again since (its index pass runs every 2 s).
    let _: () = conn.zadd(open_key("S2"), "q1", 1).await.unwrap();
    eventually("S2 to take q1 off its index", Duration::from_secs(30), || {
        let mut conn = conn.clone();
        async move { conn.zcard::<_, usize>(open_key("S2")).await.unwrap() == 0 }
    })
    .await;
    stop2.cancel();
    running2.await.unwrap().unwrap();
    assert_eq!(conn.get::<_, String>("memory:q1").await.unwrap(), answer, "S1's answer stands");
    assert_eq!(w2.runs_started.load(std::sync::atomic::Ordering::Relaxed), 1, "S2 ran q2 only");
    assert!(!conn.exists::<_, bool>("memdoor:{S2}:answered:q1").await.unwrap(), "S2 claims no answer to q1");
    assert_eq!(conn.get::<_, Option<String>>("memdoor:{S2}:answered:q2").await.unwrap().as_deref(), Some(""));
}

#[tokio::test]
async fn a_replayed_signed_job_is_refused_and_the_requester_is_not_restarted() {
    let server = RedisServer::start();
    let store = |id: &'static str| {
        let url = server.url();
        async move { (id, RedisStore::connect(&url, "r").await.unwrap().with_team_key(Some(team_key()))) }
    };
    let (open, gate) = watch::channel(false);
    let calls = Arc::new(AtomicUsize::new(0));
    let stop = CancellationToken::new();
    let mut workers = Vec::new();
    // Two workers: while one serves the job, the other is idle and would take a copy.
    for (id, s) in [store("w0").await, store("w1").await] {
        workers.push(s.clone());
        let model = Arc::new(Gated { gate: gate.clone(), calls: calls.clone() });
        tokio::spawn(serve_jobs(worker_on(s, id, model).await, stop.clone()));
    }
    let (_, requester) = store("req").await;
    let backend = RemoteBackend::new(requester.clone(), "remote");
    let mut reply = backend.stream(request(100), CancellationToken::new()).await.unwrap();
    let first =
        tokio::time::timeout(Duration::from_secs(30), reply.next()).await.expect("the first text").unwrap().unwrap();
    assert_eq!(first, Chunk::Text("part1 ".into()));

    // The job is in progress. Someone who captured it from the stream adds it again, byte for byte.
    let mut conn = requester.connection();
    let range: redis::streams::StreamRangeReply = conn.xrange(work_key("r"), "-", "+").await.unwrap();
    assert_eq!(range.ids.len(), 1, "the job, pending");
    let field = |f: &str| redis::from_redis_value_ref::<String>(range.ids[0].map.get(f).unwrap()).unwrap();
    let (json, mac) = (field("json"), field("mac"));
    let job: Job = serde_json::from_str(&json).unwrap();
    assert!(job.expires_ms.is_some(), "a signed expiry");
    let _: String = conn.xadd(work_key("r"), "*", &[("json", &json), ("mac", &mac)]).await.unwrap();
    eventually("the replayed job to be refused and counted", Duration::from_secs(20), || {
        let counted: u64 = workers.iter().map(|w| w.rejected()).sum();
        let mut conn = conn.clone();
        async move { counted == 1 && conn.xlen::<_, usize>(work_key("r")).await.unwrap() == 1 }
    })
    .await;

    open.send(true).unwrap();
    let mut rest = Vec::new();
    while let Some(chunk) =
        tokio::time::timeout(Duration::from_secs(30), reply.next()).await.expect("the rest of the answer")
    {
        rest.push(chunk.unwrap());
    }
    assert_eq!(rest[0], Chunk::Text("part2".into()), "no restart: {rest:?}");
    assert!(matches!(rest[1], Chunk::Done { .. }), "{rest:?}");
    assert_eq!(calls.load(Ordering::SeqCst), 1, "the job ran once");
    assert_eq!(requester.rejected(), 0);
    stop.cancel();
}

#[tokio::test]
async fn a_signed_job_past_its_expiry_is_refused() {
    let server = RedisServer::start();
    let key = team_key();
    let store = RedisStore::connect(&server.url(), "r").await.unwrap().with_team_key(Some(team_key()));
    let calls = Arc::new(AtomicUsize::new(0));
    let (_open, gate) = watch::channel(true);
    let stop = CancellationToken::new();
    tokio::spawn(serve_jobs(
        worker_on(store.clone(), "w0", Arc::new(Gated { gate, calls: calls.clone() })).await,
        stop.clone(),
    ));
    let mut conn = store.connection();
    // Signed by the team (captured, say), but its expiry is long past; and one without any.
    for (id, expiry) in [("old-1", serde_json::json!(1_000)), ("none-1", serde_json::Value::Null)] {
        let mut job = serde_json::json!({ "id": id, "request": serde_json::to_value(memdoor::distributed::wire::WireRequest::from(&request(10))).unwrap() });
        if !expiry.is_null() {
            job["expires_ms"] = expiry;
        }
        let json = job.to_string();
        let mac = key.sign(&[b"job", work_key("r").as_bytes(), json.as_bytes()]);
        let _: String = conn.xadd(work_key("r"), "*", &[("json", &json), ("mac", &mac)]).await.unwrap();
    }
    eventually("both jobs refused and counted", Duration::from_secs(20), || {
        let (counted, mut conn) = (store.rejected(), conn.clone());
        async move { counted == 2 && conn.xlen::<_, usize>(work_key("r")).await.unwrap() == 0 }
    })
    .await;
    assert_eq!(calls.load(Ordering::SeqCst), 0, "neither ran");
    assert!(!conn.exists::<_, bool>(job_key("r", "tok", "old-1")).await.unwrap(), "no reply");
    stop.cancel();
}

#[tokio::test]
async fn a_remote_reply_past_its_cap_is_cut_with_an_error() {
    let server = RedisServer::start();
    let requester = RedisStore::connect(&server.url(), "c").await.unwrap();
    let backend = RemoteBackend::new(requester.clone(), "remote");
    let mut reply = backend.stream(request(100), CancellationToken::new()).await.unwrap();
    // No worker: whoever can write to the Redis answers, at length.
    let mut conn = requester.connection();
    let id = loop {
        let range: redis::streams::StreamRangeReply = conn.xrange(work_key("c"), "-", "+").await.unwrap();
        if let Some(sid) = range.ids.first() {
            break serde_json::from_str::<Job>(
                &redis::from_redis_value_ref::<String>(sid.map.get("json").unwrap()).unwrap(),
            )
            .unwrap()
            .id;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let cap = memdoor::distributed::remote::reply_cap(100);
    let chunk = "x".repeat(40 * 1024);
    let mut items = vec![serde_json::json!({"epoch": 1, "seq": 1, "reply": {"Taken": {"worker": "big"}}})];
    for seq in 2..6 {
        items.push(serde_json::json!({"epoch": 1, "seq": seq, "reply": {"Chunk": {"Text": chunk}}}));
    }
    items.push(serde_json::json!({"epoch": 1, "seq": 6, "reply": {"Chunk": {"Done": {"finish": "stop", "usage": Usage::default()}}}}));
    for item in items {
        let _: String = conn.xadd(job_key("c", "tok", &id), "*", &[("json", item.to_string())]).await.unwrap();
    }
    let (mut text, mut error) = (String::new(), None);
    while let Some(chunk) = tokio::time::timeout(Duration::from_secs(30), reply.next()).await.expect("the reply") {
        match chunk {
            Ok(Chunk::Text(t)) => text.push_str(&t),
            Ok(other) => panic!("no {other:?} past the cap"),
            Err(e) => error = Some(format!("{e:#}")),
        }
    }
    assert_eq!(text.len(), cap, "cut at the cap");
    let error = error.expect("an error after the cut");
    assert!(error.contains("remote answer cap"), "{error}");
    assert!(conn.exists::<_, bool>(job_key("c", "cancel", &id)).await.unwrap(), "the worker is asked to stop");
}
