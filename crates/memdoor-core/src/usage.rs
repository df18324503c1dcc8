//! How an answer ended and what it cost.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishReason {
    /// The model ended its answer (end-of-sequence or a control token).
    Stop,
    /// `max_tokens` was reached.
    Length,
    /// The caller cancelled.
    Cancelled,
}

/// Token counts and, where the backend measures them, timings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Usage {
    pub prompt_tokens: usize,
    /// Of `prompt_tokens`, those whose KV was copied from another prompt that
    /// begins the same way instead of computed (the local batched engine).
    #[serde(default)]
    pub prompt_reused: usize,
    pub completion_tokens: usize,
    /// Seconds spent reading the prompt (time to first token).
    pub prompt_secs: Option<f64>,
    /// Seconds spent generating after the first token.
    pub generate_secs: Option<f64>,
}
