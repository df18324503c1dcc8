//! Who gets in, and how many at once: the Bearer key (when the server has
//! one) and the admission of team sessions — a few run, a few wait, and the
//! rest are told to come back later (429 with `Retry-After`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Sessions running at once, and requests allowed to wait for one.
pub struct Admission {
    running: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    queue: usize,
}

/// The queue is full: come back later.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

/// Counts a request as waiting while it lives (a client that leaves the
/// queue stops counting, however it leaves).
struct Waiting(Arc<AtomicUsize>);

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A request let in: running now, or holding its place in the queue. Taken
/// at once, so a full queue is a 429 before any reply has started; waited
/// on later, so a streamed reply can start (and say it is queued) first.
pub struct Ticket {
    permit: Option<OwnedSemaphorePermit>,
    running: Arc<Semaphore>,
    place: Option<Waiting>,
    /// Requests that were waiting when this one came (itself included).
    pub ahead: usize,
}

impl Ticket {
    pub fn queued(&self) -> bool {
        self.permit.is_none()
    }

    /// The place to run, once one is free.
    pub async fn admitted(mut self) -> OwnedSemaphorePermit {
        if let Some(p) = self.permit.take() {
            return p;
        }
        // The semaphore is never closed.
        let permit = self.running.clone().acquire_owned().await.expect("the admission semaphore is never closed");
        drop(self.place.take());
        permit
    }
}

impl Admission {
    pub fn new(running: usize, queue: usize) -> Self {
        Self { running: Arc::new(Semaphore::new(running.max(1))), waiting: Arc::default(), queue }
    }

    /// A ticket: a place to run now, a place in the queue, or `Busy` when the queue is full.
    pub fn enter(&self) -> Result<Ticket, Busy> {
        let running = self.running.clone();
        if let Ok(permit) = running.clone().try_acquire_owned() {
            return Ok(Ticket { permit: Some(permit), running, place: None, ahead: 0 });
        }
        let before = self.waiting.fetch_add(1, Ordering::SeqCst);
        let place = Waiting(self.waiting.clone());
        if before >= self.queue {
            return Err(Busy);
        }
        Ok(Ticket { permit: None, running, place: Some(place), ahead: before + 1 })
    }

    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }
}

/// Whether an `Authorization` header carries `key` as a Bearer token. The
/// comparison takes as long whatever the header holds, so its time says
/// nothing about the key.
pub fn authorized(header: Option<&str>, key: &str) -> bool {
    let Some(token) = header.and_then(|h| h.strip_prefix("Bearer ")) else { return false };
    let (a, b) = (token.trim().as_bytes(), key.as_bytes());
    let mut diff = a.len() ^ b.len();
    for (i, kb) in b.iter().enumerate() {
        diff |= (a.get(i).copied().unwrap_or(0) ^ kb) as usize;
    }
    diff == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_exact_bearer_key_is_let_in() {
        assert!(authorized(Some("Bearer s3cret-key"), "s3cret-key"));
        for wrong in [None, Some("s3cret-key"), Some("Bearer s3cret-ke"), Some("Bearer s3cret-keyy"), Some("Basic s3cret-key"), Some("Bearer ")] {
            assert!(!authorized(wrong, "s3cret-key"), "{wrong:?}");
        }
    }

    #[tokio::test]
    async fn past_the_running_and_the_queue_requests_are_turned_away_until_one_leaves() {
        let gate = Admission::new(1, 1);
        let first = gate.enter().unwrap();
        assert!(!first.queued());
        let running = first.admitted().await;
        // The second holds a place in the queue…
        let second = gate.enter().unwrap();
        assert!(second.queued() && second.ahead == 1 && gate.waiting() == 1);
        // …the third finds the queue full.
        assert_eq!(gate.enter().err(), Some(Busy));
        assert_eq!(gate.waiting(), 1, "a request turned away holds no place");
        let waiting = tokio::spawn(second.admitted());
        drop(running);
        drop(waiting.await.unwrap());
        assert_eq!(gate.waiting(), 0);
        // A queued client that leaves gives its place back.
        let _running = gate.enter().unwrap().admitted().await;
        drop(gate.enter().unwrap());
        assert_eq!(gate.waiting(), 0);
        assert!(gate.enter().is_ok());
    }
}
