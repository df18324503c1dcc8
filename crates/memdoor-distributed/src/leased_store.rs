//! The store a coordinated run writes through: each write first checks that
//! the task's lease is still this worker's, so a coordinator that lost its
//! lease (stalled, cut off while Redis restarted) stops writing — its late
//! drafts and answer cannot mix with, or beat, the new holder's. The check
//! and the write are two commands (one script over the lease and
//! `memory:<id>` would span two Cluster slots); the gap is a round trip,
//! where before it was the whole rest of the run. The answer it writes is
//! marked as this namespace's answer to the run (`runs::answer_once`) only
//! when its `SET NX` won.

use std::sync::Arc;

use anyhow::{bail, Result};
use futures::stream::BoxStream;

use super::lease::Lease;
use crate::memory::redis::RedisStore;
use crate::memory::{Entry, EntryId, MemoryStore};

pub struct LeasedStore {
    pub inner: RedisStore,
    pub lease: Arc<Lease>,
    /// The task's run label this run answers (`runs.rs`).
    pub run: String,
}

impl LeasedStore {
    async fn ensure_held(&self) -> Result<()> {
        if !self.lease.holds(&mut self.inner.connection()).await? {
            bail!("the lease {} passed to another worker; this run writes nothing more", self.lease.key());
        }
        Ok(())
    }
}

#[async_trait::async_trait]
impl MemoryStore for LeasedStore {
    fn describe(&self) -> String {
        self.inner.describe()
    }

    async fn append(&self, e: Entry) -> Result<EntryId> {
        self.ensure_held().await?;
        self.inner.append(e).await
    }

    async fn read(&self, task: &str, after: Option<&EntryId>) -> Result<Vec<(EntryId, Entry)>> {
        self.inner.read(task, after).await
    }

    async fn subscribe(&self, task: &str) -> Result<BoxStream<'static, Result<(EntryId, Entry)>>> {
        self.inner.subscribe(task).await
    }

    async fn put_final(&self, task: &str, answer: &str) -> Result<bool> {
        self.ensure_held().await?;
        super::runs::answer_once(&self.inner, task, &self.run, answer).await
    }

    async fn get_final(&self, task: &str) -> Result<Option<String>> {
        self.inner.get_final(task).await
    }

    fn rejected(&self) -> u64 {
        self.inner.rejected()
    }

    async fn retire(&self, task: &str) -> Result<()> {
        self.inner.retire(task).await
    }
}
