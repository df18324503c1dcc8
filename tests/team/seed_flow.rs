//! The seed's flow, as written: start Redis, start five `memdoor agent`
//! processes (the real binary, the real model), `SET task:<id>`, wait, `GET
//! memory:<id>`. Plus bad input from a plain client, and `solve --remote`.

use memdoor_testkit::redis_server;
use memdoor_testkit::workers;

use std::process::Command;
use std::time::Duration;

use memdoor_testkit::eventually::until;
use redis::Commands;
use redis_server::RedisServer;
use workers::Workers;

/// Polls `key` until it has a value; panics after `limit`.
fn wait_for(conn: &mut redis::Connection, key: &str, limit: Duration) -> String {
    until(key, limit, || conn.get::<_, Option<String>>(key).unwrap())
}

#[test]
fn five_workers_answer_a_task_a_plain_client_set_and_report_bad_input() {
    let server = RedisServer::start();
    let logs = tempfile::tempdir().unwrap();
    let _workers =
        Workers::start(&server.url(), 5, &["--max-tokens", "64"], &memdoor_testkit::model_path(), logs.path());
    let mut conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();

    let task = serde_json::json!({ "id": "t1", "prompt": memdoor_testkit::PALINDROME }).to_string();
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
        .args([
            "solve",
            "--redis",
            &server.url(),
            "--remote",
            "--rounds",
            "1",
            "--json",
            "--no-journal",
            memdoor_testkit::PALINDROME,
        ])
        .env("MEMDOOR_LOG_DIR", logs.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.lines().any(|l| l.contains("\"event\":\"Consensus\"")), "{stdout}");
}

#[test]
fn tasks_are_found_by_scan_and_by_notification_and_taken_once() {
    let server = RedisServer::start();
    let logs = tempfile::tempdir().unwrap();
    let mut conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();
    let task = |id: &str| serde_json::json!({ "id": id, "prompt": memdoor_testkit::PALINDROME }).to_string();

    // Set while no worker is connected: found by the scan on start.
    let _: () = conn.set("task:early", task("early")).unwrap();
    // Workers may change this server's settings only because the config says so.
    let config = logs.path().join("memdoor.toml");
    std::fs::write(&config, "[store]\nmanage_notifications = true\n").unwrap();
    let config = config.to_str().unwrap();
    let args = ["--config", config, "--agents", "2", "--rounds", "1", "--max-tokens", "48"];
    let _workers = Workers::start(&server.url(), 2, &args, &memdoor_testkit::model_path(), logs.path());
    wait_for(&mut conn, "memory:early", Duration::from_secs(300));

    // The workers turned keyspace notifications on.
    let flags: Vec<String> = redis::cmd("CONFIG").arg("GET").arg("notify-keyspace-events").query(&mut conn).unwrap();
    assert!(flags[1].contains('K'), "{flags:?}");

    // The same notification five more times: still one team, one decision.
    let _: () = conn.set("task:d1", task("d1")).unwrap();
    for _ in 0..5 {
        let _: () = redis::cmd("PUBLISH").arg("__keyspace@0__:task:d1").arg("set").query(&mut conn).unwrap();
    }
    wait_for(&mut conn, "memory:d1", Duration::from_secs(300));
    let log: redis::streams::StreamRangeReply = conn.xrange_all("memdoor:{default}:log:d1").unwrap();
    let decisions = log
        .ids
        .iter()
        .filter(|s| redis::from_redis_value_ref::<String>(&s.map["entry"]).unwrap().contains("\"kind\":\"decision\""))
        .count();
    assert_eq!(decisions, 1);

    // Control characters in an id: an error object, not a crashed worker.
    let _: () = conn.set("task:bad\u{1}id", task("x")).unwrap();
    let err = wait_for(&mut conn, "memory:bad\u{1}id", Duration::from_secs(60));
    assert!(err.contains("control characters"), "{err}");
}
