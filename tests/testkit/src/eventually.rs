//! Waiting on a condition, with a deadline: what a test waits for (a key
//! in Redis, a thread gone, a file written, a server answering) is polled
//! here, and the test fails naming it — and why it was not yet, where the
//! check says — once the deadline has passed. The waits that must do more
//! on a timeout stay where they are: a child killed first
//! (journal_kept.rs), the screen shown (`Tmux::wait_for`), a server's start
//! reported as an error (`RedisServer`, `RedisCluster`).

use std::future::Future;
use std::time::{Duration, Instant};

/// How often a condition is polled.
const POLL: Duration = Duration::from_millis(20);

/// Polls `check` until it holds; panics naming `what` once `within` has passed.
pub async fn eventually<F, Fut>(what: &str, within: Duration, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    eventually_some(what, within, || {
        let held = check();
        async move { held.await.then_some(()) }
    })
    .await
}

/// Polls `check` until it gives a value, and returns it; panics naming
/// `what` once `within` has passed.
pub async fn eventually_some<T, F, Fut>(what: &str, within: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    eventually_ok(what, within, || {
        let polled = check();
        async move { polled.await.ok_or_else(String::new) }
    })
    .await
}

/// Polls `check` until it gives `Ok`, and returns the value; panics naming
/// `what`, with the last `Err` (why it was not yet: an error, who is
/// still there), once `within` has passed.
pub async fn eventually_ok<T, F, Fut>(what: &str, within: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, String>>,
{
    let deadline = Instant::now() + within;
    loop {
        let why = match check().await {
            Ok(v) => return v,
            Err(why) => why,
        };
        assert!(Instant::now() < deadline, "timed out waiting for {what} ({within:?}){}", last(&why));
        tokio::time::sleep(POLL).await;
    }
}

fn last(why: &str) -> String {
    if why.is_empty() {
        String::new()
    } else {
        format!("; the last time: {why}")
    }
}

/// `eventually_some` for a test without a runtime: polls on this thread.
pub fn until<T>(what: &str, within: Duration, mut check: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + within;
    loop {
        if let Some(v) = check() {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what} ({within:?})");
        std::thread::sleep(POLL);
    }
}
