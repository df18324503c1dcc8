//! What the team writes into its shared memory.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// An agent's answer for a round.
    Draft,
    /// What an agent says about the others' drafts.
    Note,
    /// A test an agent proposes.
    Test,
    /// A vote or the strategy's decision.
    Decision,
    /// Something went wrong for this task (bad input, a failed agent).
    Error,
}

/// One thing written into the shared memory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub task: String,
    pub round: u32,
    /// `None` for entries written by the coordinator rather than an agent.
    pub agent: Option<usize>,
    pub kind: EntryKind,
    pub content: String,
    /// Unix time in milliseconds.
    pub time_ms: u64,
    /// Identity for idempotent writes: appending an entry whose key is
    /// already stored returns the stored id and writes nothing.
    pub key: String,
    /// A draft with no code in it, only the model's words: shown, never run.
    /// (Entries written before this was kept read as code, as they were.)
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prose: bool,
}

impl Entry {
    pub fn new(task: &str, round: u32, agent: Option<usize>, kind: EntryKind, content: impl Into<String>) -> Self {
        let who = agent.map_or("team".to_string(), |a| format!("a{a}"));
        let kind_name =
            serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        Self {
            task: task.to_string(),
            round,
            agent,
            kind,
            content: content.into(),
            time_ms: now_ms(),
            key: format!("{task}/r{round}/{who}/{kind_name}"),
            prose: false,
        }
    }

    /// A draft entry for an answer with no code: `text` is the model's words.
    pub fn prose_draft(task: &str, round: u32, agent: usize, text: impl Into<String>) -> Self {
        Self { prose: true, ..Self::new(task, round, Some(agent), EntryKind::Draft, text) }
    }
}

pub fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

/// A store-assigned id; ids of one task sort in the order entries were stored
/// (Redis stream ids `ms-seq`; the embedded store uses the same shape).
pub type EntryId = String;
