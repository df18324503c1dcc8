//! `memdoor replay`: plays a session journal back through the same event
//! consumers as a live session, rebuilding its shared memory in an embedded
//! store on the way, so the replay shows (and checks) the recorded answer.

use std::time::{Duration, Instant};

use anyhow::Result;

use crate::domain::TeamEvent;
use crate::memory::embedded::EmbeddedStore;
use crate::memory::journal::Record;
use crate::memory::MemoryStore;

pub struct ReplayOutcome {
    pub events: usize,
    /// The shared memory rebuilt from the journal.
    pub store: EmbeddedStore,
    pub task: Option<String>,
    /// The final answer the rebuilt memory holds.
    pub answer: Option<String>,
    /// The final answer the journal recorded in `TaskFinished`.
    pub recorded_answer: Option<String>,
}

/// Replays `records`; `speed` scales the recorded pacing (2.0 = twice as
/// fast), `None` plays everything at once.
pub async fn replay(records: &[Record], speed: Option<f64>, mut show: impl FnMut(&TeamEvent) -> Result<()>) -> Result<ReplayOutcome> {
    let store = EmbeddedStore::new();
    let started = Instant::now();
    let (mut task, mut recorded_answer) = (None, None);
    for record in records {
        if let Some(speed) = speed.filter(|s| *s > 0.0) {
            // Pacing is the point of a replay: wait until this event's moment.
            let due = Duration::from_secs_f64(record.at_ms as f64 / 1000.0 / speed);
            if let Some(wait) = due.checked_sub(started.elapsed()) {
                tokio::time::sleep(wait).await;
            }
        }
        match &record.event {
            TeamEvent::TaskStarted { task: t, .. } => task = Some(t.clone()),
            TeamEvent::MemoryEntry(e) => {
                store.append(e.clone()).await?;
            }
            TeamEvent::Consensus { answer, .. } => {
                if let Some(t) = &task {
                    store.put_final(t, answer).await?;
                }
            }
            TeamEvent::TaskFinished { answer, .. } => recorded_answer = answer.clone(),
            _ => {}
        }
        show(&record.event)?;
    }
    let answer = match &task {
        Some(t) => store.get_final(t).await?,
        None => None,
    };
    Ok(ReplayOutcome { events: records.len(), store, task, answer, recorded_answer })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{Entry, EntryKind};

    fn rec(at_ms: u64, event: TeamEvent) -> Record {
        Record { at_ms, event }
    }

    #[tokio::test]
    async fn replay_rebuilds_the_memory_and_the_answer() {
        let records = vec![
            rec(0, TeamEvent::TaskStarted { task: "t".into(), problem: "p".into(), agents: vec![], sandbox: None }),
            rec(5, TeamEvent::MemoryEntry(Entry::new("t", 1, Some(0), EntryKind::Draft, "x = 1"))),
            rec(6, TeamEvent::Consensus { answer: "x = 1".into(), decision: crate::domain::Decision::Recorded("s".into()), cluster: 0, votes: 1, agents: vec![0], evidence: vec![] }),
            rec(7, TeamEvent::TaskFinished { task: "t".into(), answer: Some("x = 1".into()), elapsed_secs: 0.0 }),
        ];
        let mut shown = 0;
        let out = replay(&records, None, |_| {
            shown += 1;
            Ok(())
        })
        .await
        .unwrap();
        assert_eq!(shown, 4);
        assert_eq!(out.answer.as_deref(), Some("x = 1"));
        assert_eq!(out.answer, out.recorded_answer);
        assert_eq!(out.store.read("t", None).await.unwrap().len(), 1);
    }
}
