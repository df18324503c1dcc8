//! The Redis store against a real `redis-server`: the shared store suite (run
//! on the embedded store too), the
//! plain-client keys (`task:<id>`, `memory:<id>`), idempotent appends, URLs.

use memdoor_testkit::redis_server;

use std::time::Duration;

use futures::StreamExt;
use memdoor::memory::redis::RedisStore;
use memdoor::memory::{Entry, EntryKind, MemoryStore};
use memdoor_testkit::eventually::eventually;
use redis::AsyncCommands;
use redis_server::RedisServer;

/// A plain client, as any other program would use.
async fn raw(server: &RedisServer) -> redis::aio::MultiplexedConnection {
    let client = redis::Client::open(server.url()).unwrap();
    client.get_multiplexed_async_connection().await.unwrap()
}

#[tokio::test]
async fn the_embedded_store_passes_the_store_suite() {
    memdoor_testkit::store_suite::run_all(&memdoor::memory::embedded::EmbeddedStore::new(), "embedded").await;
}

#[tokio::test]
async fn passes_the_store_suite() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "suite").await.unwrap();
    assert_eq!(store.describe(), format!("redis 127.0.0.1:{}", server.port));
    memdoor_testkit::store_suite::run_all(&store, "redis").await;
}

#[tokio::test]
async fn plain_clients_share_task_and_memory_keys() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "plain").await.unwrap();
    let mut plain = raw(&server).await;

    let problem = r#"{"prompt":"Write add(a, b)."}"#;
    let _: () = plain.set("task:x", problem).await.unwrap();
    assert!(store.put_final("x", "def add(a, b): return a + b").await.unwrap());
    let answer: Option<String> = plain.get("memory:x").await.unwrap();
    assert_eq!(answer.as_deref(), Some("def add(a, b): return a + b"));
    let task: String = plain.get("task:x").await.unwrap();
    assert_eq!(task, problem, "memdoor never touches task:<id>");

    // An answer a plain client wrote first wins too.
    let _: () = plain.set("memory:y", "theirs").await.unwrap();
    assert!(!store.put_final("y", "ours").await.unwrap());
    assert_eq!(store.get_final("y").await.unwrap().as_deref(), Some("theirs"));
}

#[tokio::test]
async fn a_retried_append_stores_one_entry() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "retry").await.unwrap();
    let mut plain = raw(&server).await;
    let log = store.log_key("t");
    assert_eq!(log, "memdoor:{retry}:log:t");

    let first = Entry::new("t", 1, Some(0), EntryKind::Draft, "def f(): pass");
    let mut retried = first.clone();
    retried.time_ms += 1;
    let id = store.append(first.clone()).await.unwrap();
    assert_eq!(store.append(retried).await.unwrap(), id);

    // Racing retries from several writers still leave one entry.
    let racers = (0..8).map(|_| {
        let (store, e) = (store.clone(), first.clone());
        tokio::spawn(async move { store.append(e).await.unwrap() })
    });
    for racer in racers {
        assert_eq!(racer.await.unwrap(), id);
    }
    let len: usize = plain.xlen(&log).await.unwrap();
    assert_eq!(len, 1);
    let stored: String = plain.hget(store.keys_key("t"), &first.key).await.unwrap();
    assert_eq!(stored, id);
    assert_eq!(store.read("t", None).await.unwrap(), vec![(id, first)]);
}

#[tokio::test]
async fn connects_with_a_password_and_over_a_unix_socket() {
    let server = RedisServer::start();
    let mut plain = raw(&server).await;
    let _: () = redis::cmd("ACL")
        .arg(["SETUSER", "alice", "on", ">s3cret", "~*", "&*", "+@all"].as_slice())
        .query_async(&mut plain)
        .await
        .unwrap();

    let url = format!("redis://alice:s3cret@127.0.0.1:{}", server.port);
    let store = RedisStore::connect(&url, "auth").await.unwrap();
    assert_eq!(store.describe(), format!("redis 127.0.0.1:{}", server.port));
    let id = store.append(Entry::new("u", 1, None, EntryKind::Note, "hello")).await.unwrap();

    let over_socket = RedisStore::connect(&server.unix_url(), "auth").await.unwrap();
    assert_eq!(over_socket.describe(), format!("redis unix:{}", server.socket.display()));
    let seen = over_socket.read("u", None).await.unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].0, id);

    // A refused login names the server but not the password.
    let wrong = format!("redis://alice:n0tit@127.0.0.1:{}", server.port);
    let err = format!("{:#}", RedisStore::connect(&wrong, "auth").await.err().expect("wrong password accepted"));
    assert!(!err.contains("n0tit"), "password leaked: {err}");
    assert!(err.contains(&format!("redis://alice:***@127.0.0.1:{}", server.port)), "{err}");
}

#[tokio::test]
async fn a_dropped_subscription_closes_its_connection() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "drop").await.unwrap();
    let mut plain = raw(&server).await;
    let clients = || {
        let mut conn = plain.clone();
        async move {
            let list: String = redis::cmd("CLIENT").arg("LIST").query_async(&mut conn).await.unwrap();
            list.lines().count()
        }
    };
    let before = clients().await;

    let mut sub = store.subscribe("d").await.unwrap();
    store.append(Entry::new("d", 1, Some(2), EntryKind::Test, "assert f()")).await.unwrap();
    let got = tokio::time::timeout(Duration::from_secs(10), sub.next()).await.unwrap().unwrap().unwrap();
    assert_eq!(got.1.content, "assert f()");
    assert_eq!(clients().await, before + 1, "the subscriber has a connection of its own");

    drop(sub);
    eventually("the subscriber's connection to close", Duration::from_secs(10), || {
        let count = clients();
        async move { count.await == before }
    })
    .await;
    let _: () = plain.set("still", "fine").await.unwrap();
}

#[tokio::test]
async fn appends_and_subscriptions_survive_killed_connections() {
    let server = RedisServer::start();
    let store = RedisStore::connect(&server.url(), "kill").await.unwrap();
    let mut plain = raw(&server).await;
    let mut sub = store.subscribe("k").await.unwrap();
    store.append(Entry::new("k", 1, Some(0), EntryKind::Draft, "one")).await.unwrap();
    let got = tokio::time::timeout(Duration::from_secs(10), sub.next()).await.unwrap().unwrap().unwrap();
    assert_eq!(got.1.content, "one");

    // What a server restart or a proxy dropping idle links does to every client.
    let killed: usize = redis::cmd("CLIENT")
        .arg(["KILL", "TYPE", "normal", "SKIPME", "yes"].as_slice())
        .query_async(&mut plain)
        .await
        .unwrap();
    assert_eq!(killed, 2, "the store's commands and its subscriber");

    store.append(Entry::new("k", 1, Some(1), EntryKind::Draft, "two")).await.unwrap();
    let got = tokio::time::timeout(Duration::from_secs(10), sub.next()).await.unwrap().unwrap().unwrap();
    assert_eq!(got.1.content, "two", "the subscriber reconnected and read on");
    assert_eq!(store.read("k", None).await.unwrap().len(), 2);
}
