//! A class on one Redis, with the ACL users the docs give
//! (`assets/acl/class.acl`, read here as it is shipped), on a real
//! redis-server: a student can only hand in a task and read answers, and a
//! worker logged in as `memdoor-worker` answers it.

use memdoor_testkit::eventually::eventually_some;
use memdoor_testkit::inproc_worker;
use memdoor_testkit::redis_server;
use memdoor_testkit::scripted;

use std::time::Duration;

use memdoor::memory::redis::RedisStore;
use redis::AsyncCommands;
use redis_server::RedisServer;
use scripted::fenced;
use tokio_util::sync::CancellationToken;

/// `(user, password, rules)` of each `user` line of the shipped ACL file.
fn users() -> Vec<(String, String, Vec<String>)> {
    let text = std::fs::read_to_string("assets/acl/class.acl").unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("user "))
        .map(|l| {
            let mut words = l.split_whitespace().map(str::to_string);
            let name = words.next().unwrap();
            let rules: Vec<String> = words.collect();
            let password = rules.iter().find_map(|r| r.strip_prefix('>')).unwrap().to_string();
            (name, password, rules)
        })
        .collect()
}

async fn connect(url: &str) -> redis::aio::MultiplexedConnection {
    redis::Client::open(url).unwrap().get_multiplexed_async_connection().await.unwrap()
}

fn refused<T: std::fmt::Debug>(what: &str, result: redis::RedisResult<T>) {
    match result {
        Err(e) => assert!(e.to_string().contains("NOPERM") || e.code() == Some("NOPERM"), "{what}: {e}"),
        Ok(v) => panic!("{what} was allowed: {v:?}"),
    }
}

#[tokio::test]
async fn a_class_runs_on_the_documented_acl_users() {
    let server = RedisServer::start();
    let mut admin = connect(&server.url()).await;
    let users = users();
    assert_eq!(users.iter().map(|u| u.0.as_str()).collect::<Vec<_>>(), ["student", "memdoor-worker"]);
    for (name, _, rules) in &users {
        let _: () = redis::cmd("ACL").arg("SETUSER").arg(name).arg(rules).query_async(&mut admin).await.unwrap();
    }
    let url_of = |user: &str| {
        let (name, password, _) = users.iter().find(|u| u.0 == user).unwrap();
        server.url().replacen("redis://", &format!("redis://{name}:{password}@"), 1)
    };

    // What a student may not do.
    let mut student = connect(&url_of("student")).await;
    refused("GET task:", student.get::<_, Option<String>>("task:t1").await);
    refused("SET memory:", student.set::<_, _, ()>("memory:t1", "forged").await);
    refused(
        "XADD to the work stream",
        student.xadd::<_, _, _, _, String>("memdoor:{default}:work", "*", &[("json", "{}")]).await,
    );
    refused(
        "XRANGE of a log",
        student.xrange_all::<_, redis::streams::StreamRangeReply>("memdoor:{default}:log:t1").await,
    );
    refused(
        "CONFIG SET",
        redis::cmd("CONFIG").arg("SET").arg("maxmemory").arg("1").query_async::<()>(&mut student).await,
    );
    refused("FLUSHALL", redis::cmd("FLUSHALL").query_async::<()>(&mut student).await);

    // A worker on its own user answers the student's task.
    let store = RedisStore::connect(&url_of("memdoor-worker"), "default").await.unwrap();
    let answers = (0..8).map(|_| fenced("def is_palindrome(s):\n    return s == s[::-1]\n")).collect();
    let (worker, _) = inproc_worker::scripted_worker(store, answers).await;
    let stop = CancellationToken::new();
    tokio::spawn(memdoor::distributed::run_worker(worker, stop.clone()));

    let task = serde_json::json!({ "id": "t1", "prompt": "Write a Python function is_palindrome(s: str) -> bool." });
    let _: () = student.set("task:t1", task.to_string()).await.unwrap();
    let answer = eventually_some("the answer in memory:t1", Duration::from_secs(60), || {
        let mut student = student.clone();
        async move { student.get::<_, Option<String>>("memory:t1").await.unwrap() }
    })
    .await;
    assert!(answer.contains("def is_palindrome"), "{answer}");
    stop.cancel();
}
