//! The team's shared memory: every draft, note, test and decision as an
//! `Entry`, in Redis or in-process, behind one `MemoryStore` trait. The crate
//! `memdoor-memory`, re-exported as `memdoor::memory`: it can import only the
//! core and the bottom layer (under the names the rest of memdoor uses).

pub mod auth;
pub mod embedded;
pub mod journal;
pub mod redis;

pub(crate) use memdoor_base::{hygiene, logging, tls};
pub(crate) use memdoor_core as domain;

use anyhow::Result;
use futures::stream::BoxStream;

pub use crate::domain::{now_ms, Entry, EntryId, EntryKind};

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
    /// Items read from the store and dropped so far because they were not
    /// the team's (not an entry, another task's, or failing the team secret).
    fn rejected(&self) -> u64 {
        0
    }
    /// The task is finished: in a shared store its keys (memory, answer, the
    /// client's task) expire after the store's retention, so the server never
    /// fills up. In-process: nothing to do.
    async fn retire(&self, _task: &str) -> Result<()> {
        Ok(())
    }
}
