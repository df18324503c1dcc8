//! A backend that counts every token it generates, whatever asked for it
//! (drafts, test inputs, distinguishing inputs, aggregation): the bench
//! compares methods at equal generated tokens, so nothing may go uncounted.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use anyhow::Result;
use futures::stream::BoxStream;
use futures::StreamExt;
use tokio_util::sync::CancellationToken;

use crate::model::{ChatRequest, Chunk, ModelBackend};

pub struct CountingBackend {
    inner: Arc<dyn ModelBackend>,
    generated: Arc<AtomicUsize>,
}

impl CountingBackend {
    pub fn new(inner: Arc<dyn ModelBackend>) -> Self {
        Self { inner, generated: Arc::new(AtomicUsize::new(0)) }
    }

    /// Tokens generated through this backend so far.
    pub fn generated(&self) -> usize {
        self.generated.load(Ordering::Relaxed)
    }
}

#[async_trait::async_trait]
impl ModelBackend for CountingBackend {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn context_tokens(&self) -> Option<usize> {
        self.inner.context_tokens()
    }

    async fn stream(&self, req: ChatRequest, cancel: CancellationToken) -> Result<BoxStream<'static, Result<Chunk>>> {
        let generated = self.generated.clone();
        let stream = self.inner.stream(req, cancel).await?;
        Ok(stream
            .inspect(move |chunk| {
                if let Ok(Chunk::Done { usage, .. }) = chunk {
                    generated.fetch_add(usage.completion_tokens, Ordering::Relaxed);
                }
            })
            .boxed())
    }
}
