//! Plays a journal into the TUI at the recording's pace times a speed the
//! user changes live; pause holds the clock, step plays the next event.

use std::time::Duration;

use tokio::sync::{mpsc, watch, Notify};

use super::msg::Msg;
use crate::memory::journal::Record;

#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Playback {
    pub speed: f64,
    pub paused: bool,
}

pub(crate) struct Replayer {
    control: watch::Sender<Playback>,
    step: std::sync::Arc<Notify>,
}

impl Replayer {
    pub fn spawn(records: Vec<Record>, speed: f64, tx: mpsc::Sender<Msg>) -> Replayer {
        let (control, rx) = watch::channel(Playback { speed, paused: false });
        let step = std::sync::Arc::new(Notify::new());
        tokio::spawn(play(records, rx, step.clone(), tx));
        Replayer { control, step }
    }

    pub(crate) fn set_speed(&self, speed: f64) {
        self.control.send_modify(|p| p.speed = speed);
    }

    pub(crate) fn set_paused(&self, paused: bool) {
        self.control.send_modify(|p| p.paused = paused);
    }

    pub fn step(&self) {
        self.step.notify_one();
    }
}

/// Longest wait before re-reading the controls; changes also wake us at once.
const SLICE: Duration = Duration::from_millis(100);

async fn play(
    records: Vec<Record>,
    mut control: watch::Receiver<Playback>,
    step: std::sync::Arc<Notify>,
    tx: mpsc::Sender<Msg>,
) {
    // Recording time played so far, in milliseconds; advances only while playing.
    let mut played_ms = 0.0_f64;
    for record in records {
        // No gap longer than `MAX_GAP` at the speed now (a journal's times are hostile).
        let cap = played_ms + crate::replay::MAX_GAP.as_secs_f64() * 1000.0 * control.borrow().speed;
        let due = (record.at_ms as f64).min(cap);
        loop {
            let now = *control.borrow_and_update();
            if now.paused {
                tokio::select! {
                    _ = step.notified() => break,
                    r = control.changed() => if r.is_err() { return },
                }
                continue;
            }
            let left_ms = (due - played_ms) / now.speed.max(0.01);
            if left_ms <= 0.0 {
                break;
            }
            let wait = Duration::from_secs_f64(left_ms / 1000.0).min(SLICE);
            let started = tokio::time::Instant::now();
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = step.notified() => { played_ms = due; break; }
                r = control.changed() => if r.is_err() { return },
            }
            played_ms += started.elapsed().as_secs_f64() * 1000.0 * now.speed;
        }
        played_ms = played_ms.max(due);
        if tx.send(Msg::Team(record.event)).await.is_err() {
            return;
        }
    }
    let _ = tx.send(Msg::ReplayEnded).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TeamEvent;

    fn rec(at_ms: u64, round: u32) -> Record {
        Record { at_ms, event: TeamEvent::RoundFinished { round } }
    }

    #[tokio::test(start_paused = true)]
    async fn plays_at_the_recorded_pace_times_the_speed() {
        let (tx, mut rx) = mpsc::channel(16);
        let _r = Replayer::spawn(vec![rec(0, 1), rec(10_000, 2)], 2.0, tx);
        let t0 = tokio::time::Instant::now();
        assert!(matches!(rx.recv().await, Some(Msg::Team(TeamEvent::RoundFinished { round: 1 }))));
        assert!(matches!(rx.recv().await, Some(Msg::Team(TeamEvent::RoundFinished { round: 2 }))));
        let took = t0.elapsed().as_secs_f64();
        assert!((4.9..5.3).contains(&took), "10 s recorded at 2× took {took} s");
        assert!(matches!(rx.recv().await, Some(Msg::ReplayEnded)));
    }

    #[tokio::test(start_paused = true)]
    async fn a_far_future_event_waits_at_most_the_cap() {
        let (tx, mut rx) = mpsc::channel(16);
        let _r = Replayer::spawn(vec![rec(0, 1), rec(u64::MAX, 2)], 1.0, tx);
        let t0 = tokio::time::Instant::now();
        assert!(matches!(rx.recv().await, Some(Msg::Team(TeamEvent::RoundFinished { round: 1 }))));
        assert!(matches!(rx.recv().await, Some(Msg::Team(TeamEvent::RoundFinished { round: 2 }))));
        let took = t0.elapsed().as_secs_f64();
        assert!((4.9..5.3).contains(&took), "a far-future event took {took} s");
    }

    #[tokio::test(start_paused = true)]
    async fn pause_holds_and_step_plays_one_event() {
        let (tx, mut rx) = mpsc::channel(16);
        let r = Replayer::spawn(vec![rec(0, 1), rec(1_000, 2), rec(2_000, 3)], 1.0, tx);
        assert!(matches!(rx.recv().await, Some(Msg::Team(TeamEvent::RoundFinished { round: 1 }))));
        r.set_paused(true);
        // An hour of paused time plays nothing.
        let waited = tokio::time::timeout(Duration::from_secs(3600), rx.recv()).await;
        assert!(waited.is_err(), "paused replay sent {waited:?}");
        r.step();
        assert!(matches!(rx.recv().await, Some(Msg::Team(TeamEvent::RoundFinished { round: 2 }))));
        let waited = tokio::time::timeout(Duration::from_secs(3600), rx.recv()).await;
        assert!(waited.is_err(), "after one step the replay should hold again");
        r.set_paused(false);
        assert!(matches!(rx.recv().await, Some(Msg::Team(TeamEvent::RoundFinished { round: 3 }))));
    }
}
