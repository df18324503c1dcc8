//! Who gets in, and how many at once: the Bearer key (when the server has
//! one) and the admission of team sessions — a few run, a few wait, and the
//! rest are told to come back later (429 with `Retry-After`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Sessions running at once, and requests allowed to wait for one.
pub struct Admission {
    running: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
}

/// The queue is full: come back later.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

/// Counts a request as waiting while it lives (a client that leaves the
/// queue stops counting, however it leaves).
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Admission {
    pub fn new(running: usize, queue: usize) -> Self {
        Self { running: Arc::new(Semaphore::new(running.max(1))), waiting: AtomicUsize::new(0), queue }
    }

    /// A place to run: at once, after waiting in the queue, or `Busy` when
    /// the queue is full.
    pub async fn enter(&self) -> Result<OwnedSemaphorePermit, Busy> {
        if let Ok(permit) = self.running.clone().try_acquire_owned() {
            return Ok(permit);
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Busy);
        }
        let _waiting = Waiting(&self.waiting);
        self.running.clone().acquire_owned().await.map_err(|_| Busy)
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
        let gate = Arc::new(Admission::new(1, 1));
        let first = gate.enter().await.unwrap();
        // The second waits in the queue…
        let queued = tokio::spawn({
            let gate = gate.clone();
            async move { gate.enter().await.map(drop) }
        });
        while gate.waiting() == 0 {
            tokio::task::yield_now().await;
        }
        // …the third finds the queue full.
        assert_eq!(gate.enter().await.err(), Some(Busy));
        drop(first);
        assert_eq!(queued.await.unwrap(), Ok(()));
        assert_eq!(gate.waiting(), 0);
        let _again = gate.enter().await.unwrap();
    }
}
