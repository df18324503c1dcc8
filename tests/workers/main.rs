//! Workers that fail: `memdoor agent` processes on a real Redis, paused,
//! killed and fenced off, a Redis restarted mid-task. A binary of its own so
//! that its timed real processes do not share the two test threads with the
//! other Redis tests (its paused-worker test is timing-sensitive: it has
//! timed out under load).

mod worker_faults;
