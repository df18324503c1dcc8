//! The in-process store (the default when no Redis is given): the same
//! behaviour as Redis, for one process.

use std::collections::HashMap;
use std::sync::Mutex;

use anyhow::Result;
use futures::stream::BoxStream;
use futures::StreamExt;
use tokio::sync::broadcast;
use tokio_stream::wrappers::BroadcastStream;

use super::{Entry, EntryId, MemoryStore};

/// Entries a slow subscriber may fall behind by before it is told it lagged.
const SUBSCRIBER_BUFFER: usize = 4096;

struct TaskLog {
    entries: Vec<(EntryId, Entry)>,
    keys: HashMap<String, EntryId>,
    answer: Option<String>,
    tx: broadcast::Sender<(EntryId, Entry)>,
}

impl TaskLog {
    fn new() -> Self {
        Self { entries: Vec::new(), keys: HashMap::new(), answer: None, tx: broadcast::channel(SUBSCRIBER_BUFFER).0 }
    }
}

#[derive(Default)]
pub struct EmbeddedStore {
    tasks: Mutex<HashMap<String, TaskLog>>,
}

impl EmbeddedStore {
    pub fn new() -> Self {
        Self::default()
    }

    fn with_task<R>(&self, task: &str, f: impl FnOnce(&mut TaskLog) -> R) -> R {
        let mut tasks = self.tasks.lock().unwrap_or_else(|p| p.into_inner());
        f(tasks.entry(task.to_string()).or_insert_with(TaskLog::new))
    }
}

#[async_trait::async_trait]
impl MemoryStore for EmbeddedStore {
    fn describe(&self) -> String {
        "embedded".into()
    }

    async fn append(&self, e: Entry) -> Result<EntryId> {
        Ok(self.with_task(&e.task.clone(), |log| {
            if let Some(id) = log.keys.get(&e.key) {
                return id.clone();
            }
            // Same shape as a Redis stream id; the sequence orders the task.
            let id = format!("0-{}", log.entries.len() + 1);
            log.keys.insert(e.key.clone(), id.clone());
            log.entries.push((id.clone(), e.clone()));
            let _ = log.tx.send((id.clone(), e)); // no subscriber is fine
            id
        }))
    }

    async fn read(&self, task: &str, after: Option<&EntryId>) -> Result<Vec<(EntryId, Entry)>> {
        Ok(self.with_task(task, |log| {
            let start = match after {
                Some(id) => log.entries.iter().position(|(i, _)| i == id).map_or(0, |p| p + 1),
                None => 0,
            };
            log.entries[start..].to_vec()
        }))
    }

    async fn subscribe(&self, task: &str) -> Result<BoxStream<'static, Result<(EntryId, Entry)>>> {
        // Snapshot and subscription under one lock: nothing falls between them.
        let (existing, rx) = self.with_task(task, |log| (log.entries.clone(), log.tx.subscribe()));
        let live = BroadcastStream::new(rx)
            .map(|item| item.map_err(|e| anyhow::anyhow!("memory subscriber fell behind: {e}")));
        Ok(futures::stream::iter(existing.into_iter().map(Ok)).chain(live).boxed())
    }

    async fn put_final(&self, task: &str, answer: &str) -> Result<bool> {
        Ok(self.with_task(task, |log| {
            if log.answer.is_some() {
                return false;
            }
            log.answer = Some(answer.to_string());
            true
        }))
    }

    async fn get_final(&self, task: &str) -> Result<Option<String>> {
        Ok(self.with_task(task, |log| log.answer.clone()))
    }
}
