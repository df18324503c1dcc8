//! Runs of a plain client's task. A `task:<id>` with an answer in
//! `memory:<id>` is answered from it and never run again — unless the
//! client writes the task again with a `"run"` label other than the one the
//! answer was for: then it runs again from a clean memory, and its answer
//! replaces the old one. A run that a dead coordinator left half-done is
//! cleared the same way, so two runs' entries are never merged.
//!
//! `task:<id>` and `memory:<id>` belong to no namespace, but every namespace's
//! workers watch them: a namespace counts an answer as its own only when its
//! `answered` marker says so, and that marker is written only by the run
//! whose `SET NX` of the answer won. An answer without this namespace's
//! marker (another namespace's, or one from before markers) is answered for
//! this namespace too: never deleted, never run again from here.

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

/// The namespace's index of tasks seen and not yet answered (`discover.rs`).
pub fn open_key(namespace: &str) -> String {
    format!("memdoor:{{{namespace}}}:open")
}

/// Takes an answered task off the index of open tasks.
pub async fn close(store: &RedisStore, task: &str) {
    let _: Result<(), _> = store.connection().zrem(open_key(store.namespace()), task).await;
}

/// The run label the answer in `memory:<id>` was written for.
pub(crate) fn answered_key(namespace: &str, task: &str) -> String {
    format!("memdoor:{{{namespace}}}:answered:{task}")
}

/// The most of a `task:<id>` a worker reads: a longer value is answered
/// with an error naming this limit, read neither whole nor parsed (the
/// problem's own limit, `problem::MAX_TASK_BYTES`, is lower still).
pub(crate) const MAX_TASK_READ: usize = 1024 * 1024;

/// A task's value as a worker reads it from Redis (hostile: any client may `SET task:*`).
#[derive(Debug)]
pub enum TaskValue {
    /// Gone, or a key of another type.
    Gone,
    /// Longer than `MAX_TASK_READ` (its length): not fetched.
    TooLong(usize),
    Text(Vec<u8>),
}

impl TaskValue {
    /// The error a too-long task is answered with.
    pub fn too_long(task: &str, len: usize) -> String {
        format!("task:{task} is {len} bytes; a worker reads at most {MAX_TASK_READ} bytes of a task")
    }
}

/// Reads `task:<id>`, its length first, so a huge value is never fetched.
pub async fn read_task(conn: &mut RedisConn, task: &str) -> TaskValue {
    let key = format!("task:{task}");
    // STRLEN fails on a key of another type, and is 0 for a missing key.
    let len: usize = match conn.strlen(&key).await {
        Ok(len) => len,
        Err(_) => return TaskValue::Gone,
    };
    if len > MAX_TASK_READ {
        return TaskValue::TooLong(len);
    }
    // GETRANGE, not GET: the value may have grown since STRLEN.
    let raw: Vec<u8> = match ::redis::cmd("GETRANGE").arg(&key).arg(0).arg(MAX_TASK_READ).query_async(conn).await {
        Ok(raw) => raw,
        Err(_) => return TaskValue::Gone,
    };
    match raw.len() {
        0 if !conn.exists::<_, bool>(&key).await.unwrap_or(false) => TaskValue::Gone,
        n if n > MAX_TASK_READ => TaskValue::TooLong(n),
        _ => TaskValue::Text(raw),
    }
}

pub async fn state(conn: &mut RedisConn, namespace: &str, task: &str) -> TaskState {
    let run = match read_task(conn, task).await {
        TaskValue::Gone => return TaskState::Gone,
        // Run (and so answered with an error) under the unlabelled run.
        TaskValue::TooLong(_) => String::new(),
        TaskValue::Text(raw) => run_label(&raw),
    };
    let has_answer: bool = conn.exists(RedisStore::final_key(task)).await.unwrap_or(false);
    let ours: Option<String> = conn.get(answered_key(namespace, task)).await.unwrap_or(None);
    match (has_answer, ours) {
        (false, _) => TaskState::Open { run },
        (true, Some(answered)) if answered == run => TaskState::Answered,
        // This namespace's answer, to a run the client no longer asks for.
        (true, Some(_)) => TaskState::Open { run },
        // Another namespace's answer (or one from before answers were
        // marked): answered, and not this namespace's to replace.
        (true, None) => TaskState::Answered,
    }
}

/// Clears what an earlier run of the task left (its memory, its answer), so
/// this run starts clean. Called by the lease holder only. The answer goes
/// only when this namespace's marker says it wrote it: another namespace's
/// answer is never deleted from here.
pub(crate) async fn start_fresh(store: &RedisStore, task: &str) -> Result<()> {
    let mut conn = store.connection();
    let marker = answered_key(store.namespace(), task);
    let what = || format!("clearing an earlier run of {task}");
    let ours: Option<String> = conn.get(&marker).await.with_context(what)?;
    let mut keys = vec![store.log_key(task), store.keys_key(task)];
    if ours.is_some() {
        keys.extend([RedisStore::final_key(task), marker]);
    }
    // One command per slot: the namespace's keys share one, `memory:<id>` has its own.
    for key in keys {
        let _: () = conn.del(&key).await.with_context(what)?;
    }
    Ok(())
}

/// Writes the task's answer if it has none yet (`SET NX`), and only when
/// this write won marks it as this namespace's answer to `run`.
pub(crate) async fn answer_once(store: &RedisStore, task: &str, run: &str, answer: &str) -> Result<bool> {
    let won = crate::memory::MemoryStore::put_final(store, task, answer).await?;
    if won {
        mark_answered(store, task, run).await?;
    }
    Ok(won)
}

/// Records which run the answer now in `memory:<id>` is for (kept as long as the task's keys).
pub(crate) async fn mark_answered(store: &RedisStore, task: &str, run: &str) -> Result<()> {
    let mut conn = store.connection();
    let key = answered_key(store.namespace(), task);
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
