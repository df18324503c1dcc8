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

impl Usage {
    /// Two asks of one turn together (a second ask's cost on top of the first's);
    /// a time is known only where both are.
    pub fn plus(&self, more: &Usage) -> Usage {
        Usage {
            prompt_tokens: self.prompt_tokens + more.prompt_tokens,
            prompt_reused: self.prompt_reused + more.prompt_reused,
            completion_tokens: self.completion_tokens + more.completion_tokens,
            prompt_secs: self.prompt_secs.zip(more.prompt_secs).map(|(a, b)| a + b),
            generate_secs: self.generate_secs.zip(more.generate_secs).map(|(a, b)| a + b),
        }
    }
}
