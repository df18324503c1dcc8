//! What travels between a requester and a worker through Redis, apart from
//! the model's own types: a field renamed in `model` must not change what
//! workers of another build read, and what a worker reads from Redis is
//! hostile until it has been turned back into a `ChatRequest`. The JSON is
//! the shape the model types had when the protocol was written.

use serde::{Deserialize, Serialize};

use crate::domain::{FinishReason, Usage};
use crate::model::{ChatRequest, Chunk, Message, Sampling};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireMessage {
    pub role: String,
    pub content: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireSampling {
    pub temperature: f64,
    pub top_p: Option<f64>,
    /// Newer than the protocol: absent when off, so a job without top-k is
    /// the JSON earlier builds wrote, and earlier builds' jobs read as off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_k: Option<usize>,
    /// Read as JSON's f64 and narrowed: one past f32's range would be
    /// infinite, and write back as `null` (found by fuzzing).
    #[serde(deserialize_with = "finite_f32")]
    pub repeat_penalty: f32,
    pub(crate) repeat_last_n: usize,
    pub seed: u64,
}

/// An f32 that a JSON number past f32's range is refused as, not read as infinity.
fn finite_f32<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    let wide = f64::deserialize(d)?;
    let narrow = wide as f32;
    if narrow.is_finite() {
        Ok(narrow)
    } else {
        Err(serde::de::Error::custom(format!("{wide} is out of range for an f32")))
    }
}

/// One agent's turn as a job carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WireRequest {
    pub messages: Vec<WireMessage>,
    pub sampling: WireSampling,
    pub max_tokens: usize,
    #[serde(default)]
    pub ignore_stop: bool,
}

/// A piece of a worker's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WireChunk {
    Text(String),
    Restart,
    Done { finish: FinishReason, usage: Usage },
}

impl From<&ChatRequest> for WireRequest {
    fn from(r: &ChatRequest) -> Self {
        let s = &r.sampling;
        WireRequest {
            messages: r
                .messages
                .iter()
                .map(|m| WireMessage { role: m.role.clone(), content: m.content.clone() })
                .collect(),
            sampling: WireSampling {
                temperature: s.temperature,
                top_p: s.top_p,
                top_k: s.top_k,
                repeat_penalty: s.repeat_penalty,
                repeat_last_n: s.repeat_last_n,
                seed: s.seed,
            },
            max_tokens: r.max_tokens,
            ignore_stop: r.ignore_stop,
        }
    }
}

impl From<WireRequest> for ChatRequest {
    fn from(r: WireRequest) -> Self {
        let s = r.sampling;
        ChatRequest {
            messages: r.messages.into_iter().map(|m| Message { role: m.role, content: m.content }).collect(),
            sampling: Sampling {
                temperature: s.temperature,
                top_p: s.top_p,
                top_k: s.top_k,
                repeat_penalty: s.repeat_penalty,
                repeat_last_n: s.repeat_last_n,
                seed: s.seed,
            },
            max_tokens: r.max_tokens,
            ignore_stop: r.ignore_stop,
        }
    }
}

impl From<Chunk> for WireChunk {
    fn from(c: Chunk) -> Self {
        match c {
            Chunk::Text(t) => WireChunk::Text(t),
            Chunk::Restart => WireChunk::Restart,
            Chunk::Done { finish, usage } => WireChunk::Done { finish, usage },
        }
    }
}

impl From<WireChunk> for Chunk {
    fn from(c: WireChunk) -> Self {
        match c {
            WireChunk::Text(t) => Chunk::Text(t),
            WireChunk::Restart => Chunk::Restart,
            WireChunk::Done { finish, usage } => Chunk::Done { finish, usage },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_keeps_the_protocols_json() {
        let req = ChatRequest {
            messages: vec![Message::system("Be terse."), Message::user("Write f.")],
            sampling: Sampling {
                temperature: 0.3,
                top_p: Some(0.95),
                top_k: None,
                repeat_penalty: 1.0,
                repeat_last_n: 64,
                seed: 7,
            },
            max_tokens: 64,
            ignore_stop: false,
        };
        let json = serde_json::to_value(WireRequest::from(&req)).unwrap();
        // Byte for byte what workers of earlier builds read and write.
        assert_eq!(json, serde_json::to_value(&req).unwrap());
        assert!(json["sampling"].get("top_k").is_none(), "top-k off is left out, as before it existed");
        let back: ChatRequest = serde_json::from_value::<WireRequest>(json).unwrap().into();
        assert_eq!(back, req);
        let with_k = ChatRequest { sampling: Sampling { top_k: Some(40), ..req.sampling.clone() }, ..req.clone() };
        let json = serde_json::to_value(WireRequest::from(&with_k)).unwrap();
        assert_eq!(
            (&json, &json["sampling"]["top_k"]),
            (&serde_json::to_value(&with_k).unwrap(), &serde_json::json!(40))
        );
        assert_eq!(ChatRequest::from(serde_json::from_value::<WireRequest>(json).unwrap()), with_k);
        let done =
            Chunk::Done { finish: FinishReason::Length, usage: Usage { completion_tokens: 3, ..Usage::default() } };
        // A penalty past f32's range is refused, not read as infinity.
        let mut far = serde_json::to_value(WireRequest::from(&req)).unwrap();
        far["sampling"]["repeat_penalty"] = serde_json::json!(7.7e39);
        let refused = serde_json::from_value::<WireRequest>(far).unwrap_err().to_string();
        assert!(refused.contains("out of range for an f32"), "{refused}");
        for c in [Chunk::Text("x".into()), Chunk::Restart, done] {
            let wire = serde_json::to_value(WireChunk::from(c.clone())).unwrap();
            assert_eq!(wire, serde_json::to_value(&c).unwrap());
            assert_eq!(Chunk::from(serde_json::from_value::<WireChunk>(wire).unwrap()), c);
        }
    }
}

/// The consumer group every worker reads jobs through.
pub(crate) const GROUP: &str = "agents";
/// The stream field holding a job's or a reply's JSON.
pub(crate) const FIELD: &str = "json";
/// The stream field holding a job's or a reply's tag under the team secret.
pub(crate) const TAG: &str = "mac";

pub fn work_key(namespace: &str) -> String {
    format!("memdoor:{{{namespace}}}:work")
}

pub fn job_key(namespace: &str, kind: &str, job: &str) -> String {
    format!("memdoor:{{{namespace}}}:{kind}:{job}")
}

/// One agent's turn, as a worker receives it. Where the reply goes and which
/// key cancels it follow from the namespace and the id (`Job::reply_key`),
/// never from the job: a job must not point a worker at someone's key.
///
/// `id` (unique: time, process id, counter) and `expires_ms` are inside the
/// signed JSON, so a captured job can neither be renamed nor outlive its
/// expiry; a copy re-added under its id is refused by the claim (`claim.rs`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Job {
    pub id: String,
    pub request: WireRequest,
    /// Unix ms after which no worker takes this job for the first time.
    /// Older builds send none: taken only without a team secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_ms: Option<u64>,
}

impl Job {
    /// The stream the worker writes its reply to.
    pub fn reply_key(&self, namespace: &str) -> String {
        job_key(namespace, "tok", &self.id)
    }

    /// The key whose existence asks the worker to stop.
    pub(crate) fn cancel_key(&self, namespace: &str) -> String {
        job_key(namespace, "cancel", &self.id)
    }

    /// Ids are ours (time-pid-counter); anything else could reach into other keys.
    pub fn has_valid_id(&self) -> bool {
        (1..=80).contains(&self.id.len())
            && self.id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    }
}

/// One item of a reply stream.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// Which worker took the job.
    Taken {
        worker: String,
    },
    Chunk(WireChunk),
    Error(String),
}

/// A reply with the epoch of the take that wrote it. Each take of a job
/// (the first, or a reclaim after its worker was lost) gets a higher epoch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplyItem {
    pub epoch: u64,
    /// 1, 2, … within a take: a write retried after a lost connection may
    /// land twice, and the second copy is dropped.
    #[serde(default)]
    pub seq: u64,
    pub reply: Reply,
}
