//! The team's shared memory: every draft, note, test and decision as an
//! `Entry`, in Redis or in-process, behind one `MemoryStore` trait.

pub mod embedded;
pub mod journal;
pub mod redis;
/// The behaviour every store must show; run by each store's tests.
pub mod suite;

use anyhow::Result;
use futures::stream::BoxStream;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// An agent's answer for a round.
    Draft,
    /// What an agent says about the others' drafts.
    Note,
    /// A test an agent proposes.
    Test,
    /// A vote or the strategy's decision.
    Decision,
    /// Something went wrong for this task (bad input, a failed agent).
    Error,
}

/// One thing written into the shared memory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub task: String,
    pub round: u32,
    /// `None` for entries written by the coordinator rather than an agent.
    pub agent: Option<usize>,
    pub kind: EntryKind,
    pub content: String,
    /// Unix time in milliseconds.
    pub time_ms: u64,
    /// Identity for idempotent writes: appending an entry whose key is
    /// already stored returns the stored id and writes nothing.
    pub key: String,
}

impl Entry {
    pub fn new(task: &str, round: u32, agent: Option<usize>, kind: EntryKind, content: impl Into<String>) -> Self {
        let who = agent.map_or("team".to_string(), |a| format!("a{a}"));
        let kind_name = serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        Self {
            task: task.to_string(),
            round,
            agent,
            kind,
            content: content.into(),
            time_ms: now_ms(),
            key: format!("{task}/r{round}/{who}/{kind_name}"),
        }
    }
}

pub fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

/// A store-assigned id; ids of one task sort in the order entries were stored
/// (Redis stream ids `ms-seq`; the embedded store uses the same shape).
pub type EntryId = String;

#[async_trait::async_trait]
pub trait MemoryStore: Send + Sync {
    /// Where the memory lives, for status lines (`embedded`, `redis 127.0.0.1:6379`).
    fn describe(&self) -> String;
    /// Stores `e` once; idempotent by `e.key`.
    async fn append(&self, e: Entry) -> Result<EntryId>;
    /// A task's entries in order, after `after` when given.
    async fn read(&self, task: &str, after: Option<&EntryId>) -> Result<Vec<(EntryId, Entry)>>;
    /// Entries of a task as they are stored, starting with those already there.
    async fn subscribe(&self, task: &str) -> Result<BoxStream<'static, Result<(EntryId, Entry)>>>;
    /// Writes the task's final answer; the first writer wins (`false` = one was there).
    async fn put_final(&self, task: &str, answer: &str) -> Result<bool>;
    async fn get_final(&self, task: &str) -> Result<Option<String>>;
}
