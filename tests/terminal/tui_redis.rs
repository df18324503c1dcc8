//! The TUI on a shared Redis that others write to: the real binary and the
//! real model under tmux, a real redis-server — a stranger's bad item in
//! the task's log while the app follows it (issue #16), and `memdoor
//! watch` following a task a plain `redis-cli SET` handed to a worker (#17).

use memdoor_testkit::eventually::until;
use memdoor_testkit::redis_server;
use memdoor_testkit::tmux;
use memdoor_testkit::tui_app;
use memdoor_testkit::workers;

use memdoor::memory::{Entry, EntryKind};
use redis::Commands;
use redis_server::RedisServer;
use tmux::Tmux;
use tui_app::{env, pane_command, quit, MODEL_WAIT, UI_WAIT};

fn info_stat(conn: &mut redis::Connection, field: &str) -> u64 {
    let info: String = redis::cmd("INFO").arg("stats").query(conn).unwrap();
    info.lines().find_map(|l| l.strip_prefix(&format!("{field}:"))).and_then(|v| v.trim().parse().ok()).unwrap()
}

fn clients(conn: &mut redis::Connection) -> usize {
    let list: String = redis::cmd("CLIENT").arg("LIST").query(conn).unwrap();
    list.lines().count()
}

#[test]
fn a_bad_entry_in_the_log_is_skipped_and_counted_while_the_tui_follows_it() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let prompt = "Write a Python function is_even(n) that returns True for even n.";
    let args = format!(
        "--redis {} --model {} --agents 1 --max-tokens 24 --rounds 1 --no-agent-tests --no-journal '{prompt}'",
        server.url(),
        memdoor_testkit::model_path().display()
    );
    let t = Tmux::start(&pane_command(d, &args), 200, 50, &env(d)).with_log(&d.join("stderr"));
    t.wait_for("the run to end with the store connected", MODEL_WAIT, |s| {
        s.contains("· connected") && s.contains(" tok · ") && !s.contains("tok/s")
    });

    let mut conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();
    // The app's one task log (its id is the app's to choose).
    let logs: Vec<String> = conn.keys("memdoor:{default}:log:*").unwrap();
    let [log] = logs.as_slice() else { panic!("one task log: {logs:?}") };
    let task = log.rsplit(':').next().unwrap().to_string();
    let (connections, clients_before) = (info_stat(&mut conn, "total_connections_received"), clients(&mut conn));
    // A stranger's bad item, then a good entry after it.
    let _: String = conn.xadd(log, "*", &[("entry", "{not json")]).unwrap();
    let later = serde_json::to_string(&Entry::new(&task, 1, None, EntryKind::Note, "LATE-NOTE-7")).unwrap();
    let _: String = conn.xadd(log, "*", &[("entry", later)]).unwrap();

    // The later entry still shows, the bad one is counted in the memory title…
    t.wait_for("the later entry and the count of dropped items", UI_WAIT, |s| {
        s.contains("LATE-NOTE-7") && s.contains("1 dropped")
    });
    // …and the app's subscription never broke: no new connection, none piled up.
    assert_eq!(info_stat(&mut conn, "total_connections_received"), connections, "the app reconnected");
    assert_eq!(clients(&mut conn), clients_before);
    quit(&t, d);
}

#[test]
fn memdoor_watch_follows_a_task_a_plain_client_set_with_redis_cli() {
    let server = RedisServer::start_with_args(&["--notify-keyspace-events", "K$"]);
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let _workers = workers::Workers::start(
        &server.url(),
        1,
        &["--agents", "2", "--rounds", "1", "--max-tokens", "48"],
        &memdoor_testkit::model_path(),
        d,
    );
    let t = Tmux::start(&pane_command(d, &format!("watch --redis {}", server.url())), 200, 50, &env(d))
        .with_log(&d.join("stderr"));
    t.wait_for("the watcher waiting for a task", UI_WAIT, |s| s.contains("waiting for a task in namespace default"));

    let task = serde_json::json!({ "id": "q1", "prompt": "Write a Python function add(a, b) that returns a + b. Example: add(1, 2) -> 3" });
    let set = std::process::Command::new("redis-cli")
        .args(["-p", &server.port.to_string(), "SET", "task:q1", &task.to_string()])
        .output()
        .unwrap();
    assert!(set.status.success() && String::from_utf8_lossy(&set.stdout).contains("OK"), "{set:?}");

    let mut conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();
    let answer = until("the workers' answer to q1", MODEL_WAIT, || conn.get::<_, Option<String>>("memory:q1").unwrap());
    let first_line = answer.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default().to_string();
    let s = t.wait_for("the task's drafts, memory and answer", UI_WAIT, |s| {
        s.contains("watching q1")
            && s.contains(" A1 ")
            && s.contains("r1 A0")
            && s.contains(&first_line)
            && s.contains("memory:q1")
    });
    assert!(s.contains("add(1, 2)") || s.contains("add"), "the problem is shown:\n{s}");
    quit(&t, d);
}
