//! One schedule for waiting between failed attempts (a reconnect, a retry
//! before the first token, a resubscription): a first wait, doubling, up to
//! a ceiling, back to the first after a success. Every retry loop uses it,
//! so none can forget the ceiling or retry in a tight loop.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

#[derive(Debug, Clone)]
pub struct Backoff {
    first: Duration,
    max: Duration,
    next: Duration,
}

impl Backoff {
    pub const fn new(first: Duration, max: Duration) -> Self {
        Backoff { first, max, next: first }
    }

    /// The wait before the next attempt; the one after is twice as long, up to the ceiling.
    pub fn next_wait(&mut self) -> Duration {
        let wait = self.next.min(self.max);
        self.next = self.next.saturating_mul(2).min(self.max);
        wait
    }

    /// After a success: the next failure waits the first wait again.
    pub fn reset(&mut self) {
        self.next = self.first;
    }

    /// Sleeps the next wait, unless `cancel` fires first; `false` if it did.
    /// A wait between attempts, not for a condition: nothing signals that a
    /// server is back.
    pub async fn wait(&mut self, cancel: &CancellationToken) -> bool {
        let wait = self.next_wait();
        tokio::select! {
            biased;
            _ = cancel.cancelled() => false,
            _ = tokio::time::sleep(wait) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_the_ceiling_and_start_over_after_a_success() {
        let mut b = Backoff::new(Duration::from_millis(200), Duration::from_secs(1));
        let waits: Vec<u128> = (0..5).map(|_| b.next_wait().as_millis()).collect();
        assert_eq!(waits, [200, 400, 800, 1000, 1000]);
        b.reset();
        assert_eq!(b.next_wait(), Duration::from_millis(200));
        let mut huge = Backoff::new(Duration::MAX, Duration::MAX);
        assert_eq!((huge.next_wait(), huge.next_wait()), (Duration::MAX, Duration::MAX), "no overflow");
    }

    #[tokio::test]
    async fn a_cancel_ends_the_wait_and_says_so() {
        let cancel = CancellationToken::new();
        assert!(Backoff::new(Duration::ZERO, Duration::ZERO).wait(&cancel).await);
        cancel.cancel();
        assert!(!Backoff::new(Duration::from_secs(3600), Duration::from_secs(3600)).wait(&cancel).await);
    }
}
