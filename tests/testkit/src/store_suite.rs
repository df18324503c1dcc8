//! The one test suite every `MemoryStore` passes (embedded and Redis alike;
//! tests/redis/redis_store.rs runs it on each).
//! Each check uses its own task ids under `prefix`, so a shared server is fine.

use std::time::Duration;

use futures::StreamExt;

use memdoor::memory::{Entry, EntryKind, MemoryStore};

fn entry(task: &str, agent: usize, content: &str) -> Entry {
    Entry::new(task, 1, Some(agent), EntryKind::Draft, content)
}

type Sub = futures::stream::BoxStream<'static, anyhow::Result<(String, Entry)>>;

/// The next item, or `Err` after a deadline (a store that never delivers).
async fn next(sub: &mut Sub) -> Result<Option<anyhow::Result<(String, Entry)>>, tokio::time::error::Elapsed> {
    tokio::time::timeout(Duration::from_secs(10), sub.next()).await
}

/// Panics (with the store's description) on the first behaviour that is wrong.
pub async fn run_all(store: &dyn MemoryStore, prefix: &str) {
    let who = store.describe();
    let task = format!("{prefix}-order");

    // Appends come back in order, with increasing ids.
    let a = store.append(entry(&task, 0, "first")).await.unwrap();
    let b = store.append(entry(&task, 1, "second")).await.unwrap();
    let all = store.read(&task, None).await.unwrap();
    let contents: Vec<&str> = all.iter().map(|(_, e)| e.content.as_str()).collect();
    assert_eq!(contents, ["first", "second"], "{who}: order");
    assert_eq!(all[0].0, a, "{who}: ids");
    assert_eq!(all[1].0, b, "{who}: ids");

    // Appending the same key again writes nothing and returns the first id.
    let mut again = entry(&task, 0, "first, retried");
    again.time_ms += 5;
    assert_eq!(store.append(again).await.unwrap(), a, "{who}: idempotent append");
    assert_eq!(store.read(&task, None).await.unwrap().len(), 2, "{who}: no duplicate");

    // Reading after an id returns only what came later.
    let later = store.read(&task, Some(&a)).await.unwrap();
    assert_eq!(later.len(), 1, "{who}: read after");
    assert_eq!(later[0].1.content, "second", "{who}: read after");

    // Tasks are separate.
    assert!(store.read(&format!("{prefix}-other"), None).await.unwrap().is_empty(), "{who}: tasks separate");

    // The final answer: first writer wins.
    let fin = format!("{prefix}-final");
    assert_eq!(store.get_final(&fin).await.unwrap(), None, "{who}: no final yet");
    assert!(store.put_final(&fin, "def a(): pass").await.unwrap(), "{who}: first final");
    assert!(!store.put_final(&fin, "def b(): pass").await.unwrap(), "{who}: second final refused");
    assert_eq!(store.get_final(&fin).await.unwrap().as_deref(), Some("def a(): pass"), "{who}: final kept");

    // A subscriber sees what is there, then what comes.
    let sub_task = format!("{prefix}-sub");
    store.append(entry(&sub_task, 0, "before")).await.unwrap();
    let mut sub = store.subscribe(&sub_task).await.unwrap();
    let first = next(&mut sub).await.expect("subscriber saw nothing").unwrap().unwrap();
    assert_eq!(first.1.content, "before", "{who}: subscribe replays");
    store.append(entry(&sub_task, 1, "after")).await.unwrap();
    let second = next(&mut sub).await.expect("subscriber missed a new entry").unwrap().unwrap();
    assert_eq!(second.1.content, "after", "{who}: subscribe follows");
}
