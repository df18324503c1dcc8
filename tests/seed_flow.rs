//! The seed's flow, as written: start Redis, start five `memdoor agent`
//! processes (the real binary, the real model), `SET task:<id>`, wait, `GET
//! memory:<id>`. Plus bad input from a plain client, and `solve --remote`.

mod common;
#[path = "common/redis_server.rs"]
mod redis_server;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use redis::Commands;
use redis_server::RedisServer;

/// Worker processes, killed when the test ends however it ends.
struct Workers(Vec<Child>);

impl Drop for Workers {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

fn start_workers(url: &str, n: usize, log_dir: &std::path::Path) -> Workers {
    Workers(
        (0..n)
            .map(|i| {
                Command::new(env!("CARGO_BIN_EXE_memdoor"))
                    .args(["agent", "--redis", url, "--id", &format!("w{i}"), "--max-tokens", "64"])
                    .env("MEMDOOR_MODEL", common::model_path())
                    .env("MEMDOOR_LOG_DIR", log_dir)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect(),
    )
}

/// Polls `key` until it has a value; panics after `limit`.
fn wait_for(conn: &mut redis::Connection, key: &str, limit: Duration) -> String {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(v) = conn.get::<_, Option<String>>(key).unwrap() {
            return v;
        }
        assert!(Instant::now() < deadline, "{key} never appeared");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn five_workers_answer_a_task_a_plain_client_set_and_report_bad_input() {
    let server = RedisServer::start();
    let logs = tempfile::tempdir().unwrap();
    let _workers = start_workers(&server.url(), 5, logs.path());
    let mut conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();

    let task = serde_json::json!({ "id": "t1", "prompt": common::PALINDROME }).to_string();
    let _: () = conn.set("task:t1", task).unwrap();
    let _: () = conn.set("task:bad", "not json").unwrap();
    let _: () = conn.set("task:bin", vec![0xffu8, 0xfe, 0x00]).unwrap();

    let answer = wait_for(&mut conn, "memory:t1", Duration::from_secs(600));
    assert!(answer.contains("def is_palindrome"), "{answer}");
    for bad in ["memory:bad", "memory:bin"] {
        let v: serde_json::Value = serde_json::from_str(&wait_for(&mut conn, bad, Duration::from_secs(60))).unwrap();
        assert!(v["error"].as_str().is_some_and(|e| e.contains("task:")), "{bad}: {v}");
    }
    // Every agent registered, with a heartbeat.
    let agents: std::collections::HashMap<String, String> = conn.hgetall("agents").unwrap();
    assert_eq!(agents.len(), 5, "{agents:?}");
    assert!(conn.exists::<_, bool>("agent:w0:alive").unwrap());
    // Both rounds' drafts are in the shared memory.
    let log_len: usize = conn.xlen("memdoor:{default}:log:t1").unwrap();
    assert!(log_len >= 10, "{log_len} entries");

    // A coordinator elsewhere (`solve --remote`) uses the same workers.
    let out = Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args(["solve", "--redis", &server.url(), "--remote", "--rounds", "1", "--json", "--no-journal", common::PALINDROME])
        .env("MEMDOOR_LOG_DIR", logs.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.lines().any(|l| l.contains("\"event\":\"Consensus\"")), "{stdout}");
}
