//! The OpenAI chat API as `memdoor serve` speaks it: what clients send and
//! what they get back. Wire types only, apart from the team's own types, so
//! that the API's shape never leaks into the session's.

use serde::{Deserialize, Serialize};

/// `POST /v1/chat/completions`. Fields memdoor does not use (tools,
/// logprobs, n > 1 …) are ignored, as most OpenAI-compatible servers do.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct ChatCompletionRequest {
    pub model: String,
    pub messages: Vec<WireMessage>,
    #[serde(default)]
    pub stream: bool,
    #[serde(default)]
    pub stream_options: Option<StreamOptions>,
    /// The newer name first, as OpenAI's own clients send it.
    #[serde(default)]
    pub(crate) max_completion_tokens: Option<usize>,
    #[serde(default)]
    pub max_tokens: Option<usize>,
    #[serde(default)]
    pub temperature: Option<f64>,
    #[serde(default)]
    pub top_p: Option<f64>,
    /// Not OpenAI's own (llama.cpp's and vLLM's); 0 or below (vLLM's -1) = off.
    #[serde(default)]
    pub top_k: Option<i64>,
    #[serde(default)]
    pub seed: Option<u64>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub(crate) struct StreamOptions {
    #[serde(default)]
    pub include_usage: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WireMessage {
    pub role: String,
    #[serde(default)]
    pub content: Option<Content>,
}

/// A message's content: a string, or a list of parts of which the text ones count.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Content {
    Text(String),
    Parts(Vec<Part>),
}

#[derive(Debug, Clone, Deserialize)]
pub struct Part {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub text: Option<String>,
}

impl WireMessage {
    /// The message's text (its text parts joined by newlines).
    pub fn text(&self) -> String {
        match &self.content {
            None => String::new(),
            Some(Content::Text(t)) => t.clone(),
            Some(Content::Parts(parts)) => parts
                .iter()
                .filter(|p| p.kind == "text")
                .filter_map(|p| p.text.as_deref())
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}

impl ChatCompletionRequest {
    pub fn max_tokens(&self) -> Option<usize> {
        self.max_completion_tokens.or(self.max_tokens)
    }

    /// `top_k` when it keeps some tokens: 0 and below (vLLM's -1) are off.
    pub fn top_k(&self) -> Option<usize> {
        self.top_k.and_then(|k| usize::try_from(k).ok()).filter(|k| *k > 0)
    }

    pub fn include_usage(&self) -> bool {
        self.stream_options.as_ref().is_some_and(|o| o.include_usage)
    }

    /// The last user message: for a team, the problem.
    pub(crate) fn last_user_text(&self) -> Option<String> {
        self.messages.iter().rev().find(|m| m.role == "user").map(WireMessage::text).filter(|t| !t.trim().is_empty())
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct WireUsage {
    pub prompt_tokens: usize,
    pub completion_tokens: usize,
    pub total_tokens: usize,
}

impl WireUsage {
    pub fn new(prompt_tokens: usize, completion_tokens: usize) -> Self {
        Self { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens }
    }
}

/// Why the reply ended, in the API's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WireFinish {
    Stop,
    Length,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ChatCompletion {
    pub id: String,
    pub object: &'static str,
    pub(crate) created: u64,
    pub model: String,
    pub choices: Vec<Choice>,
    pub usage: WireUsage,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Choice {
    pub index: usize,
    pub message: AssistantMessage,
    pub finish_reason: WireFinish,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct AssistantMessage {
    pub role: &'static str,
    pub content: String,
    /// How the team got there (rounds, tests passed), as reasoning models report theirs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reasoning_content: Option<String>,
}

/// One `data:` frame of a streamed reply.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ChatCompletionChunk {
    pub id: String,
    pub object: &'static str,
    pub(crate) created: u64,
    pub model: String,
    pub choices: Vec<ChunkChoice>,
    /// Only on the last frame, when the client asked for it (`stream_options.include_usage`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<WireUsage>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ChunkChoice {
    pub index: usize,
    pub delta: Delta,
    pub finish_reason: Option<WireFinish>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct Delta {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reasoning_content: Option<String>,
}

/// `GET /v1/models`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ModelList {
    pub object: &'static str,
    pub data: Vec<ModelCard>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ModelCard {
    pub id: String,
    pub object: &'static str,
    pub(crate) created: u64,
    pub(crate) owned_by: String,
}

/// The error body OpenAI's clients parse: `{"error": {"message", "type", "param", "code"}}`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ErrorDetail {
    pub message: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub(crate) param: Option<String>,
    pub code: Option<&'static str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_reads_string_and_part_contents_and_both_token_limits() {
        let body = r#"{"model": "memdoor-team", "stream": true, "max_tokens": 9, "max_completion_tokens": 7,
            "stream_options": {"include_usage": true},
            "messages": [{"role": "system", "content": "be brief"},
                         {"role": "user", "content": [{"type": "text", "text": "first"}, {"type": "image_url"}, {"type": "text", "text": "second"}]},
                         {"role": "assistant", "content": null}],
            "tools": [], "n": 1}"#;
        let r: ChatCompletionRequest = serde_json::from_str(body).unwrap();
        assert_eq!(r.max_tokens(), Some(7));
        assert!(r.stream && r.include_usage());
        assert_eq!(r.last_user_text().as_deref(), Some("first\nsecond"));
        let empty: ChatCompletionRequest =
            serde_json::from_str(r#"{"model": "m", "messages": [{"role": "user", "content": "  "}]}"#).unwrap();
        assert_eq!(empty.last_user_text(), None);
        let top_k = |k: &str| {
            serde_json::from_str::<ChatCompletionRequest>(&format!(r#"{{"model": "m", "messages": []{k}}}"#))
                .unwrap()
                .top_k()
        };
        assert_eq!(
            [top_k(""), top_k(r#", "top_k": 40"#), top_k(r#", "top_k": 0"#), top_k(r#", "top_k": -1"#)],
            [None, Some(40), None, None]
        );
    }

    #[test]
    fn replies_serialise_as_the_api_names_them() {
        let chunk = ChatCompletionChunk {
            id: "c".into(),
            object: "chat.completion.chunk",
            created: 1,
            model: "m".into(),
            choices: vec![ChunkChoice {
                index: 0,
                delta: Delta { content: Some("x".into()), ..Delta::default() },
                finish_reason: Some(WireFinish::Length),
            }],
            usage: None,
        };
        let json = serde_json::to_string(&chunk).unwrap();
        assert_eq!(
            json,
            r#"{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"x"},"finish_reason":"length"}]}"#
        );
        let err = ErrorBody {
            error: ErrorDetail { message: "bad".into(), kind: "invalid_request_error", param: None, code: None },
        };
        assert_eq!(
            serde_json::to_string(&err).unwrap(),
            r#"{"error":{"message":"bad","type":"invalid_request_error","param":null,"code":null}}"#
        );
    }
}
