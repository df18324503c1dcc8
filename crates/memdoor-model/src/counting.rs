//! A backend that counts every token it reads and generates, whatever asked
//! for it (drafts, test inputs, distinguishing inputs, aggregation): the
//! bench compares methods at equal generated tokens, and `memdoor serve`
//! reports a request's usage, so nothing may go uncounted.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use anyhow::Result;
use futures::stream::BoxStream;
use futures::StreamExt;
use tokio_util::sync::CancellationToken;

use super::{ChatRequest, Chunk, ModelBackend};

/// Tokens read (prompts) and generated, as the backends reported them.
#[derive(Debug, Default)]
pub struct TokenCounts {
    prompt: AtomicUsize,
    completion: AtomicUsize,
}

impl TokenCounts {
    pub fn prompt(&self) -> usize {
        self.prompt.load(Ordering::Relaxed)
    }

    pub fn completion(&self) -> usize {
        self.completion.load(Ordering::Relaxed)
    }
}

pub struct CountingBackend {
    inner: Arc<dyn ModelBackend>,
    counts: Arc<TokenCounts>,
}

impl CountingBackend {
    pub fn new(inner: Arc<dyn ModelBackend>) -> Self {
        Self::sharing(inner, Arc::default())
    }

    /// Counting into `counts`, which other backends may share (a team's agents).
    pub fn sharing(inner: Arc<dyn ModelBackend>, counts: Arc<TokenCounts>) -> Self {
        Self { inner, counts }
    }

    /// Tokens generated through this backend so far.
    pub fn generated(&self) -> usize {
        self.counts.completion()
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
        let counts = self.counts.clone();
        let stream = self.inner.stream(req, cancel).await?;
        Ok(stream
            .inspect(move |chunk| {
                if let Ok(Chunk::Done { usage, .. }) = chunk {
                    counts.prompt.fetch_add(usage.prompt_tokens, Ordering::Relaxed);
                    counts.completion.fetch_add(usage.completion_tokens, Ordering::Relaxed);
                }
            })
            .boxed())
    }
}
