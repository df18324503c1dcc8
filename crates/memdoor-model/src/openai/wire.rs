//! The JSON that crosses the wire to an OpenAI-compatible server: the request
//! body we send and the loosely typed stream chunks we accept. Loose because
//! servers disagree (vLLM's `choices: null`, llama.cpp's `error:` line,
//! `reasoning_content` from thinking models); everything optional defaults.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{ChatRequest, Message};

#[derive(Debug, Serialize)]
pub(crate) struct RequestBody<'a> {
    pub model: &'a str,
    pub messages: &'a [Message],
    pub stream: bool,
    pub stream_options: StreamOptions,
    pub temperature: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_p: Option<f64>,
    /// Not OpenAI's own, but llama.cpp, vLLM and Ollama read it; sent only when set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_k: Option<usize>,
    pub max_tokens: usize,
    pub seed: i64,
    /// Benchmarks only (`ChatRequest::ignore_stop`): llama.cpp and vLLM read
    /// it; never sent otherwise, since strict servers refuse unknown fields.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ignore_eos: bool,
}

#[derive(Debug, Serialize)]
pub struct StreamOptions {
    pub include_usage: bool,
}

impl<'a> RequestBody<'a> {
    pub fn new(model: &'a str, req: &'a ChatRequest) -> Self {
        Self {
            model,
            messages: &req.messages,
            stream: true,
            stream_options: StreamOptions { include_usage: true },
            // Greedy locally is `<= 0`; servers reject negative temperatures.
            temperature: req.sampling.temperature.max(0.0),
            top_p: req.sampling.top_p,
            top_k: req.sampling.top_k.filter(|k| *k > 0),
            max_tokens: req.max_tokens,
            // Servers parse the seed as a signed 64-bit integer.
            seed: (req.sampling.seed & i64::MAX as u64) as i64,
            ignore_eos: req.ignore_stop,
        }
    }
}

/// One `data:` payload of the stream.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct StreamChunk {
    /// `null` from some vLLM versions, `[]` in the usage chunk.
    pub choices: Option<Vec<Choice>>,
    pub usage: Option<WireUsage>,
    pub error: Option<Value>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Choice {
    pub index: u32,
    pub delta: Option<Delta>,
    pub finish_reason: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Delta {
    pub content: Option<String>,
    /// Thinking models (vLLM, llama.cpp with `--reasoning-format`); DeepSeek's
    /// API names it `reasoning_content`, newer vLLM `reasoning`.
    pub reasoning_content: Option<String>,
    pub reasoning: Option<String>,
}

#[derive(Debug, Default, Clone, Copy, Deserialize)]
#[serde(default)]
pub struct WireUsage {
    pub prompt_tokens: usize,
    pub completion_tokens: usize,
}

/// The human part of an error value: `{"message": ...}`, a bare string, or
/// failing those the JSON itself.
pub fn error_text(err: &Value) -> String {
    match err {
        Value::String(s) => s.clone(),
        Value::Object(o) => match o.get("message") {
            Some(Value::String(s)) => s.clone(),
            _ => err.to_string(),
        },
        other => other.to_string(),
    }
}

/// The message of an HTTP error body: `{"error": {"message"}}` (OpenAI, vLLM,
/// llama.cpp), `{"error": "..."}` (Ollama), `{"message"}` or, failing those,
/// the start of the raw text.
pub fn http_error_message(body: &[u8]) -> String {
    if let Ok(v) = serde_json::from_slice::<Value>(body) {
        if let Some(e) = v.get("error") {
            return error_text(e);
        }
        if let Some(Value::String(m)) = v.get("message") {
            return m.clone();
        }
    }
    let text = String::from_utf8_lossy(body);
    let text = text.trim();
    if text.is_empty() {
        return "(empty body)".into();
    }
    text.chars().take(500).collect()
}

/// llama.cpp's server reports a failure mid-stream as a non-standard
/// `error: {json}` line, which SSE parsers (rightly) ignore as an unknown
/// field. We look for it in the raw tail of the body once the stream has
/// failed, only to say why.
pub fn llama_error_line(tail: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(tail);
    let line = text.lines().rev().find_map(|l| l.strip_prefix("error:"))?;
    let line = line.trim();
    Some(match serde_json::from_str::<Value>(line) {
        Ok(v) => error_text(v.get("error").unwrap_or(&v)),
        Err(_) => line.chars().take(500).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sampling;

    #[test]
    fn top_k_is_sent_only_when_set() {
        let mut req = ChatRequest {
            messages: vec![Message::user("hi")],
            sampling: Sampling::default(),
            max_tokens: 8,
            ignore_stop: false,
        };
        let body = serde_json::to_value(RequestBody::new("m", &req)).unwrap();
        assert!(body.get("top_k").is_none() && body.get("top_p").is_none(), "{body}");
        req.sampling.top_k = Some(40);
        assert_eq!(serde_json::to_value(RequestBody::new("m", &req)).unwrap()["top_k"], 40);
        req.sampling.top_k = Some(0);
        assert!(serde_json::to_value(RequestBody::new("m", &req)).unwrap().get("top_k").is_none());
    }
}
