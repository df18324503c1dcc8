//! `memdoor replay`: plays a session journal back through the same event
//! consumers as a live session, rebuilding its shared memory in an embedded
//! store on the way, so the replay shows (and checks) the recorded answer.

use std::time::Duration;

use tokio::time::Instant;

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

/// The slowest and fastest replay speeds (`--speed`, the TUI's `+`/`-`).
pub(crate) const MIN_SPEED: f64 = 0.01;
pub(crate) const MAX_SPEED: f64 = 1000.0;
/// The longest wait between two events: a journal's times are hostile
/// (a far-future `at_ms` would hold the replay for ever), and a longer
/// pause in a real session is only waiting on a model.
pub const MAX_GAP: Duration = Duration::from_secs(5);

/// `--speed`: a finite number within `MIN_SPEED..=MAX_SPEED`.
pub fn check_speed(speed: f64) -> Result<f64> {
    if !(MIN_SPEED..=MAX_SPEED).contains(&speed) {
        anyhow::bail!("--speed must be a number from {MIN_SPEED} to {MAX_SPEED} (got {speed})");
    }
    Ok(speed)
}

/// How long to wait between events recorded `gap_ms` apart at `speed`.
pub(crate) fn wait_between(gap_ms: u64, speed: f64) -> Duration {
    let secs = gap_ms as f64 / 1000.0 / speed.clamp(MIN_SPEED, MAX_SPEED);
    // The comparison also sends NaN to the cap, so from_secs_f64 never panics.
    if secs < MAX_GAP.as_secs_f64() {
        Duration::from_secs_f64(secs.max(0.0))
    } else {
        MAX_GAP
    }
}

/// Replays `records`; `speed` scales the recorded pacing (2.0 = twice as
/// fast; kept within `MIN_SPEED..=MAX_SPEED`), `None` plays everything at
/// once. No wait between two events is longer than `MAX_GAP`.
pub async fn replay(
    records: &[Record],
    speed: Option<f64>,
    mut show: impl FnMut(&TeamEvent) -> Result<()>,
) -> Result<ReplayOutcome> {
    let store = EmbeddedStore::new();
    let mut due = Instant::now();
    let mut last_ms = records.first().map_or(0, |r| r.at_ms);
    let (mut task, mut recorded_answer) = (None, None);
    for record in records {
        if let Some(speed) = speed {
            // Pacing is the point of a replay: wait until this event's moment,
            // counted from the last one's (times going backwards wait nothing).
            due += wait_between(record.at_ms.saturating_sub(last_ms), speed);
            last_ms = last_ms.max(record.at_ms);
            tokio::time::sleep_until(due).await;
        }
        match &record.event {
            TeamEvent::TaskStarted { task: t, .. } => task = Some(t.clone()),
            TeamEvent::MemoryEntry(e) => {
                store.append(e.clone()).await?;
            }
            TeamEvent::Consensus(crate::domain::Consensus { answer, .. }) => {
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
            rec(
                6,
                TeamEvent::Consensus(crate::domain::Consensus {
                    answer: "x = 1".into(),
                    decision: crate::domain::Decision::Recorded("s".into()),
                    cluster: 0,
                    votes: 1,
                    agents: vec![0],
                    evidence: vec![],
                    tests: Vec::new(),
                    alternatives: Vec::new(),
                }),
            ),
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

    #[test]
    fn speeds_and_gaps_are_bounded() {
        for bad in [1e-300, 0.0, -1.0, 0.001, 1001.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert!(check_speed(bad).is_err(), "{bad}");
        }
        assert_eq!(check_speed(0.01).unwrap(), 0.01);
        assert_eq!(wait_between(1000, 2.0), Duration::from_millis(500));
        assert_eq!(wait_between(u64::MAX, 1000.0), MAX_GAP);
        assert_eq!(wait_between(1000, 1e-300), MAX_GAP);
        assert_eq!(wait_between(1000, f64::NAN), MAX_GAP);
    }

    /// A far-future event waits `MAX_GAP`, not its recorded time.
    #[tokio::test(start_paused = true)]
    async fn a_far_future_event_waits_the_cap() {
        let records = vec![
            rec(0, TeamEvent::RoundFinished { round: 1 }),
            rec(u64::MAX, TeamEvent::RoundFinished { round: 2 }),
            rec(u64::MAX, TeamEvent::RoundFinished { round: 3 }),
        ];
        let t0 = tokio::time::Instant::now();
        let out = replay(&records, Some(1.0), |_| Ok(())).await.unwrap();
        assert_eq!(out.events, 3);
        let took = t0.elapsed();
        assert!(took >= MAX_GAP && took < MAX_GAP + Duration::from_millis(100), "{took:?}");
    }
}
