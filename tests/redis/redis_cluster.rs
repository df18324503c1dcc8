//! Sessions spread over a real three-master Redis Cluster (issue #16):
//! workers and requesters on the cluster client, plain clients' tasks found
//! on every master, the scale bench over the cluster, and a real `memdoor
//! agent` process on the real model answering a plain client's task.

use memdoor_testkit::inproc_worker;
use memdoor_testkit::redis_cluster;
use memdoor_testkit::scripted;
use memdoor_testkit::workers;

use std::time::Duration;

use memdoor::memory::redis::{plain_connection, RedisStore};
use memdoor::memory::MemoryStore;
use memdoor_testkit::eventually::{eventually, until};
use redis::AsyncCommands;
use redis_cluster::RedisCluster;
use scripted::fenced;
use tokio_util::sync::CancellationToken;

const PALINDROME_CODE: &str = "def is_palindrome(s):\n    return s == s[::-1]\n";

/// A plain client that speaks the cluster protocol, as a student's script would.
async fn cluster_client(cluster: &RedisCluster) -> redis::cluster_async::ClusterConnection {
    redis::cluster::ClusterClient::new(vec![cluster.url()]).unwrap().get_async_connection().await.unwrap()
}

fn task(id: &str) -> String {
    serde_json::json!({ "id": id, "prompt": "Write a Python function is_palindrome(s: str) -> bool." }).to_string()
}

/// How many keys matching `pattern` each master holds.
async fn keys_per_master(store: &RedisStore, pattern: &str) -> Vec<usize> {
    let mut counts = Vec::new();
    for node in store.masters().await.unwrap() {
        let mut conn = plain_connection(&node).await.unwrap();
        let mut iter: redis::AsyncIter<String> = conn.scan_match(pattern).await.unwrap();
        let mut n = 0;
        while iter.next_item().await.is_some() {
            n += 1;
        }
        counts.push(n);
    }
    counts
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workers_and_requesters_share_a_three_master_cluster() {
    let cluster = RedisCluster::start(&["--notify-keyspace-events", "K$"]);
    let store = RedisStore::connect(&cluster.url(), "s").await.unwrap().with_retention(Some(Duration::from_secs(7200)));
    assert!(store.describe().starts_with("redis cluster "), "{}", store.describe());
    assert_eq!(store.masters().await.unwrap().len(), 3);
    let mut plain = cluster_client(&cluster).await;

    // Set before any worker runs: found by the scan of every master.
    let ids: Vec<String> = (0..9).map(|i| format!("t{i}")).collect();
    for id in &ids[..4] {
        let _: () = plain.set(format!("task:{id}"), task(id)).await.unwrap();
    }
    // One answer per task, and one per job of the requester below.
    let answers = (0..ids.len() + 1).map(|_| fenced(PALINDROME_CODE)).collect();
    let (worker, _) = inproc_worker::scripted_worker(store.clone(), answers).await;
    let stop = CancellationToken::new();
    tokio::spawn(memdoor::distributed::run_worker(worker.clone(), stop.clone()));
    // Set while the worker listens: found by each master's notifications.
    for id in &ids[4..] {
        let _: () = plain.set(format!("task:{id}"), task(id)).await.unwrap();
    }
    for id in &ids {
        eventually(&format!("the answer to {id}"), Duration::from_secs(60), || {
            let mut plain = plain.clone();
            let key = format!("memory:{id}");
            async move {
                plain.get::<_, Option<String>>(&key).await.unwrap().is_some_and(|a| a.contains("def is_palindrome"))
            }
        })
        .await;
    }
    assert_eq!(worker.runs_started.load(std::sync::atomic::Ordering::Relaxed), ids.len() as u64, "each task ran once");
    // The tasks and answers live on every master, so every master was scanned or heard.
    for pattern in ["task:*", "memory:*"] {
        let counts = keys_per_master(&store, pattern).await;
        assert!(counts.iter().all(|&n| n > 0), "{pattern} on each master: {counts:?}");
    }
    // The retention reached the seed keys on their own nodes, and the namespace's keys on theirs.
    for key in [format!("task:{}", ids[0]), format!("memory:{}", ids[0]), store.log_key(&ids[0])] {
        let ttl: i64 = plain.ttl(&key).await.unwrap();
        assert!((1..=7200).contains(&ttl), "{key}: TTL {ttl}");
    }
    let memory = store.read(&ids[0], None).await.unwrap();
    assert!(!memory.is_empty(), "the team's memory is read back through the cluster");

    // A requester elsewhere (the real binary, `solve --remote`) on the same
    // cluster: its agent's job is served by the worker above.
    let logs = tempfile::tempdir().unwrap();
    let prompt = "Write a Python function is_palindrome(s: str) -> bool.";
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args(["solve", "--redis", &cluster.url(), "--namespace", "s", "--remote", "--agents", "1", "--rounds", "1"])
        .args(["--no-agent-tests", "--json", "--no-journal", prompt])
        .env("MEMDOOR_LOG_DIR", logs.path())
        .output()
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.lines().any(|l| l.contains("\"event\":\"Consensus\"") && l.contains("is_palindrome")), "{stdout}");
    stop.cancel();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scale_bench_runs_over_a_cluster_and_its_memory_comes_back() {
    let cluster = RedisCluster::start(&["--notify-keyspace-events", "K$"]);
    let mut settings = memdoor::session::SessionSettings::from_config(&memdoor::config::Config::default());
    settings.team.agents = 2;
    settings.agents.truncate(2);
    settings.rounds = 1;
    let report =
        memdoor::bench::coordination::scale(&cluster.url(), 200, 3, settings, Duration::from_secs(1)).await.unwrap();
    assert_eq!((report.tasks, report.runs_started), (200, 200), "{report:?}");
    assert!(report.notifications, "every master sends notifications: {report:?}");
    // Counted on all three masters: more than one server's share of the work.
    assert!(report.commands_per_task > 10.0, "{report:?}");
    // Job claims (replay protection) outlive a served job only until its
    // expiry, 4 minutes at most (as in tests/redis/redis_bounds.rs); nothing else stays.
    let (claims, left): (Vec<_>, Vec<_>) = report.keys_left.iter().partition(|k| k.contains("}:claim:"));
    assert_eq!(
        left,
        [&format!("memdoor:{{{}}}:work", report.namespace)],
        "only the work stream and expiring claims stay: {report:?}"
    );
    let mut conn = cluster_client(&cluster).await;
    for claim in claims {
        let ttl: i64 = conn.ttl(claim).await.unwrap();
        assert!(ttl == -2 || (1..=240).contains(&ttl), "{claim} lives {ttl} s more");
    }
    assert!(report.memory_after_retention_mb < report.memory_end_mb, "{report:?}");
}

#[test]
fn a_memdoor_agent_process_on_the_real_model_answers_a_task_on_a_cluster() {
    let cluster = RedisCluster::start(&["--notify-keyspace-events", "K$"]);
    let logs = tempfile::tempdir().unwrap();
    let args = ["--agents", "1", "--rounds", "1", "--max-tokens", "48"];
    let _workers = workers::Workers::start(&cluster.url(), 1, &args, &memdoor_testkit::model_path(), logs.path());
    let client = redis::cluster::ClusterClient::new(vec![cluster.url()]).unwrap();
    let mut conn = client.get_connection().unwrap();
    let _: () = redis::Commands::set(&mut conn, "task:real", task("real")).unwrap();
    let what = format!("memory:real (the workers' logs in {})", logs.path().display());
    let answer = until(&what, Duration::from_secs(300), || {
        redis::Commands::get::<_, Option<String>>(&mut conn, "memory:real").unwrap()
    });
    // The model's own answer (or the team's word that it wrote no code), never empty.
    assert!(!answer.trim().is_empty());
    let agents: std::collections::HashMap<String, String> = redis::Commands::hgetall(&mut conn, "agents").unwrap();
    assert!(agents.contains_key("w0"), "{agents:?}");
}
