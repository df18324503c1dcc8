//! The TUI on a shared Redis that others write to (issue #16): the real
//! binary and the real model under tmux, a real redis-server, and a
//! stranger's bad item in the task's log while the app follows it.

mod common;
#[path = "common/redis_server.rs"]
mod redis_server;
#[path = "common/tmux.rs"]
mod tmux;
#[path = "common/tui_app.rs"]
mod tui_app;

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
        common::model_path().display()
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
    t.wait_for("the later entry and the count of dropped items", UI_WAIT, |s| s.contains("LATE-NOTE-7") && s.contains("1 dropped"));
    // …and the app's subscription never broke: no new connection, none piled up.
    assert_eq!(info_stat(&mut conn, "total_connections_received"), connections, "the app reconnected");
    assert_eq!(clients(&mut conn), clients_before);
    quit(&t, d);
}
