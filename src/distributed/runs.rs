//! Runs of a plain client's task. A `task:<id>` with an answer in
//! `memory:<id>` is answered from it and never run again — unless the
//! client writes the task again with a `"run"` label other than the one the
//! answer was for: then it runs again from a clean memory, and its answer
//! replaces the old one. A run that a dead coordinator left half-done is
//! cleared the same way, so two runs' entries are never merged.

use ::redis::AsyncCommands;
use anyhow::{Context, Result};

use crate::memory::redis::{RedisConn, RedisStore};

/// Where a task stands for the workers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TaskState {
    /// Gone (expired, deleted) or not a text key: nothing to do.
    Gone,
    /// Answered for the run the client asks for.
    Answered,
    /// To be run, under this run label.
    Open { run: String },
}

/// The task's `"run"` label: a string as written, other JSON as its text, "" when absent.
pub fn run_label(raw: &[u8]) -> String {
    let value: Option<serde_json::Value> = serde_json::from_slice(raw).ok();
    match value.as_ref().and_then(|v| v.get("run")) {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

/// The session's index of tasks seen and not yet answered (`discover.rs`).
pub fn open_key(session: &str) -> String {
    format!("memdoor:{{{session}}}:open")
}

/// Takes an answered task off the index of open tasks.
pub async fn close(store: &RedisStore, task: &str) {
    let _: Result<(), _> = store.connection().zrem(open_key(store.session()), task).await;
}

/// The run label the answer in `memory:<id>` was written for.
pub fn answered_key(session: &str, task: &str) -> String {
    format!("memdoor:{{{session}}}:answered:{task}")
}

pub async fn state(conn: &mut RedisConn, session: &str, task: &str) -> TaskState {
    let raw: Option<Vec<u8>> = match conn.get(format!("task:{task}")).await {
        Ok(raw) => raw,
        Err(_) => return TaskState::Gone, // e.g. a key of another type: no task of ours
    };
    let Some(raw) = raw else { return TaskState::Gone };
    let run = run_label(&raw);
    let has_answer: bool = conn.exists(RedisStore::final_key(task)).await.unwrap_or(false);
    // Answers from before runs were labelled count as the unlabelled run.
    let answered_run: Option<String> = conn.get(answered_key(session, task)).await.unwrap_or(None);
    if has_answer && answered_run.unwrap_or_default() == run {
        TaskState::Answered
    } else {
        TaskState::Open { run }
    }
}

/// Clears what an earlier run of the task left (its memory, its answer), so
/// this run starts clean. Called by the lease holder only.
pub async fn start_fresh(store: &RedisStore, task: &str) -> Result<()> {
    let mut conn = store.connection();
    let keys = [store.log_key(task), store.keys_key(task), RedisStore::final_key(task), answered_key(store.session(), task)];
    let _: () = conn.del(&keys[..]).await.with_context(|| format!("clearing an earlier run of {task}"))?;
    Ok(())
}

/// Records which run the answer now in `memory:<id>` is for (kept as long as the task's keys).
pub async fn mark_answered(store: &RedisStore, task: &str, run: &str) -> Result<()> {
    let mut conn = store.connection();
    let key = answered_key(store.session(), task);
    let _: () = match store.retention() {
        Some(keep) => conn.set_ex(&key, run, keep.as_secs().max(1)).await,
        None => conn.set(&key, run).await,
    }
    .with_context(|| format!("recording the run of {task}'s answer"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_run_label_is_read_from_the_task() {
        assert_eq!(run_label(br#"{"id": "t", "prompt": "p"}"#), "");
        assert_eq!(run_label(br#"{"id": "t", "prompt": "p", "run": "2"}"#), "2");
        assert_eq!(run_label(br#"{"id": "t", "prompt": "p", "run": 3}"#), "3");
        assert_eq!(run_label(b"not json"), "");
    }
}
