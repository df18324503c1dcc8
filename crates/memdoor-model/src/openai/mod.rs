//! `OpenAiBackend`: any OpenAI-compatible chat endpoint (vLLM, llama.cpp's
//! llama-server, Ollama, OpenAI) as a `ModelBackend`. One streaming POST per
//! `stream`, read as SSE by a spawned task that feeds a bounded channel, the
//! same shape as the local engine: dropping the stream or cancelling stops
//! the HTTP request.
//!
//! Choices worth knowing:
//! - Retries (with backoff) only before the first token reaches the caller:
//!   after that a retry would repeat text the team has already seen.
//! - A stream that ends without a `finish_reason` (and without `[DONE]`) is an
//!   error: the answer was cut off and must not be graded as whole.
//! - `reasoning_content` (thinking models) is not part of the answer: it is
//!   logged at debug level and dropped, but it counts as a sign of life for
//!   the timeouts.
//! - The API key lives only in a sensitive header; errors never quote it.

// Public for the fuzz targets (memdoor's `fuzzing::wire`): the byte caps and
// the wire parsers are what a hostile server's bytes reach first.
pub mod caps;
mod pump;
pub mod wire;

use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use futures::stream::BoxStream;
use futures::StreamExt;
use reqwest::header::HeaderValue;
use tokio::sync::{mpsc, oneshot};
use tokio_stream::wrappers::ReceiverStream;
use tokio_util::sync::CancellationToken;

use crate::{ChatRequest, Chunk, ModelBackend};

/// Text deltas buffered per stream before the reader task waits for the caller.
const STREAM_BUFFER: usize = 256;

#[derive(Debug, Clone)]
pub struct OpenAiConfig {
    /// `http://host:port` or `http://host:port/v1`; `/v1/chat/completions` is added.
    pub base_url: String,
    /// The `model` field of the request (the server's name for it).
    pub model: String,
    /// The NAME of the environment variable holding the API key, if any.
    pub api_key_env: Option<String>,
    /// Shown in panes and events; defaults to `model` when empty.
    pub name: String,
    pub connect_timeout: Duration,
    /// From sending the request to the first streamed event (covers prefill).
    pub first_token_timeout: Duration,
    /// Longest wait for more of the answer once tokens flow; events that
    /// carry no text (keep-alives, empty `choices`) do not count as more.
    pub idle_timeout: Duration,
    /// The most one answer may take, from sending the request to its end.
    pub total_timeout: Duration,
    /// The most bytes of one SSE event, and of one answer's whole stream.
    pub max_event_bytes: usize,
    pub max_answer_bytes: usize,
    /// Extra attempts after a failure before the first token.
    pub retries: u32,
}

impl OpenAiConfig {
    /// Defaults suited to a local server: generous prefill, two retries.
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        Self {
            base_url: base_url.into(),
            model: model.into(),
            api_key_env: None,
            name: String::new(),
            connect_timeout: Duration::from_secs(10),
            first_token_timeout: Duration::from_secs(300),
            idle_timeout: Duration::from_secs(60),
            total_timeout: Duration::from_secs(900),
            max_event_bytes: 1 << 20,
            max_answer_bytes: 16 << 20,
            retries: 2,
        }
    }
}

pub struct OpenAiBackend {
    name: String,
    inner: Arc<pump::Shared>,
}

/// `{base}/v1/chat/completions`, whether or not `base` already ends in `/v1`.
pub fn chat_completions_url(base_url: &str) -> String {
    let base = base_url.trim().trim_end_matches('/');
    if base.ends_with("/v1") {
        format!("{base}/chat/completions")
    } else {
        format!("{base}/v1/chat/completions")
    }
}

impl OpenAiBackend {
    pub fn new(cfg: OpenAiConfig) -> Result<Self> {
        let url = chat_completions_url(&cfg.base_url);
        let shown_url = crate::hygiene::redact_url(&url);
        let parsed = reqwest::Url::parse(&url)
            .with_context(|| format!("bad base URL `{}`", crate::hygiene::redact_url(&cfg.base_url)))?;
        let url_secret = parsed.password().filter(|p| !p.is_empty()).map(str::to_string);
        let (auth, secret) = match &cfg.api_key_env {
            None => (None, None),
            Some(var) => {
                // The variable's name may be shown; its value never is.
                let key = std::env::var(var)
                    .map_err(|_| anyhow!("the API key variable `{var}` is not set (or not UTF-8)"))?;
                let mut value = HeaderValue::from_str(&format!("Bearer {}", key.trim()))
                    .map_err(|_| anyhow!("the API key in `{var}` holds characters not allowed in an HTTP header"))?;
                value.set_sensitive(true);
                (Some(value), Some(key.trim().to_string()).filter(|k| !k.is_empty()))
            }
        };
        crate::tls::ensure_provider();
        let client = reqwest::Client::builder()
            .connect_timeout(cfg.connect_timeout)
            .build()
            .context("building the HTTP client")?;
        let name = if cfg.name.is_empty() { cfg.model.clone() } else { cfg.name.clone() };
        Ok(Self {
            name,
            inner: Arc::new(pump::Shared {
                client,
                url,
                shown_url,
                auth,
                secrets: secret.into_iter().chain(url_secret).collect(),
                model: cfg.model,
                first_token_timeout: cfg.first_token_timeout,
                idle_timeout: cfg.idle_timeout,
                total_timeout: cfg.total_timeout,
                max_event_bytes: cfg.max_event_bytes,
                max_answer_bytes: cfg.max_answer_bytes,
                retries: cfg.retries,
            }),
        })
    }

    /// The endpoint, any password in it shown as `***`.
    pub fn shown_url(&self) -> &str {
        &self.inner.shown_url
    }
}

impl std::fmt::Debug for OpenAiBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Hand-written so the key can never reach a log through `{:?}`.
        f.debug_struct("OpenAiBackend").field("name", &self.name).field("url", &self.inner.shown_url).finish()
    }
}

#[async_trait::async_trait]
impl ModelBackend for OpenAiBackend {
    fn name(&self) -> &str {
        &self.name
    }

    async fn stream(&self, req: ChatRequest, cancel: CancellationToken) -> Result<BoxStream<'static, Result<Chunk>>> {
        let body = serde_json::to_vec(&wire::RequestBody::new(&self.inner.model, &req))
            .context("encoding the chat request")?;
        let (tx, rx) = mpsc::channel(STREAM_BUFFER);
        let (ready_tx, ready_rx) = oneshot::channel();
        let cancel = cancel.child_token();
        // Armed before the first await: a caller that gives up on `stream()`
        // itself also stops the request.
        let guard = cancel.clone().drop_guard();
        tokio::spawn(pump::run(self.inner.clone(), body, tx, ready_tx, cancel));
        match ready_rx.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(e),
            Err(_) => bail!("{}: the request task ended before the server answered", self.inner.shown_url),
        }
        Ok(ReceiverStream::new(rx)
            .map(move |chunk| {
                let _keep = &guard;
                chunk
            })
            .boxed())
    }
}
