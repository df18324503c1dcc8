//! Model backends: one `ModelBackend` trait, a local candle engine, and how
//! model files are found. Backends are stateless per request: the caller owns
//! the conversation and sends it whole each time. The crate `memdoor-model`,
//! re-exported as `memdoor::model`: it can import only the core of plain
//! types and the bottom layer, under the names the rest of memdoor uses.

pub mod catalog;
pub mod counting;
mod hub_progress;
pub mod local;
pub mod openai;
mod pypi;
pub mod resolve;
pub mod verified;

pub(crate) use memdoor_base::{backoff, hygiene, tls};
pub(crate) use memdoor_core as domain;

use anyhow::Result;
use futures::stream::BoxStream;
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub role: String,
    pub content: String,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Self {
        Self { role: "system".into(), content: content.into() }
    }
    pub fn user(content: impl Into<String>) -> Self {
        Self { role: "user".into(), content: content.into() }
    }
    pub fn assistant(content: impl Into<String>) -> Self {
        Self { role: "assistant".into(), content: content.into() }
    }
}

/// How the next token is picked. `temperature <= 0` means greedy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sampling {
    pub temperature: f64,
    pub top_p: Option<f64>,
    /// Only the k most likely tokens are drawn from (before top-p, which then
    /// takes its share of theirs); `None` or 0 = off. Left out of the JSON
    /// when off, so requests and jobs read as before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_k: Option<usize>,
    /// 1.0 = off.
    pub repeat_penalty: f32,
    /// How many recent tokens the repeat penalty looks at.
    pub repeat_last_n: usize,
    pub seed: u64,
}

impl Default for Sampling {
    fn default() -> Self {
        Self { temperature: 0.0, top_p: None, top_k: None, repeat_penalty: 1.0, repeat_last_n: 64, seed: 0 }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    pub messages: Vec<Message>,
    pub sampling: Sampling,
    pub max_tokens: usize,
    /// Benchmarks only: keep generating through stop tokens up to `max_tokens`.
    #[serde(default)]
    pub ignore_stop: bool,
}

pub use crate::domain::{FinishReason, Usage};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Chunk {
    Text(String),
    /// The backend started the answer over (a remote worker died and another
    /// took the job): the text streamed so far is void.
    Restart,
    Done {
        finish: FinishReason,
        usage: Usage,
    },
}

#[async_trait::async_trait]
pub trait ModelBackend: Send + Sync {
    /// Short name shown in panes and events (e.g. the model file's stem).
    fn name(&self) -> &str;

    /// The model's context in tokens, when known: prompts are budgeted to fit.
    fn context_tokens(&self) -> Option<usize> {
        None
    }

    /// Starts generating. The stream ends after one `Chunk::Done`; dropping it
    /// or cancelling `cancel` stops the work promptly.
    async fn stream(&self, req: ChatRequest, cancel: CancellationToken) -> Result<BoxStream<'static, Result<Chunk>>>;
}
