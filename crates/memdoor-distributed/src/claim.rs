//! One take per job: a captured job re-added to the work stream (same
//! bytes, same tag) must not run again, nor make the requester's fence
//! restart its agent. The first delivery of a job claims its id with
//! `SET NX` (the claim names the stream entry that won it); a later entry
//! with the same id is a replay and is refused. Only `XCLAIM` of the very
//! entry that holds the claim (its worker died mid-job) takes a job again.
//! A signed job also carries an expiry: once it has passed, the job is
//! refused as a first take, so a replay after the claim expired is refused too.

use ::redis::AsyncCommands;
use anyhow::Result;

use super::wire::{job_key, Job};
use crate::memory::redis::RedisConn;

/// How long a claim outlives the job's expiry while the job is pending:
/// longer than any one job runs, so a reclaim after a worker died still
/// finds it (once served, the claim is kept only to the expiry: `served`).
pub(crate) const CLAIM_KEEP_SECS: u64 = 3600;
/// How far ahead of its queueing a job expires, past the pickup timeout:
/// the requester's and the workers' clocks may differ by this much.
pub(crate) const CLOCK_SKEW_MS: u64 = 60_000;

/// How a worker came by a stream entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Delivery {
    /// Read as new (`XREADGROUP >`).
    First,
    /// Taken over from a lost worker (`XCLAIM`).
    Reclaimed,
}

/// Why a job is not served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Its expiry has passed (unix ms): too late for a first take.
    Expired(u64),
    /// A team secret is set and the job carries no expiry.
    NoExpiry,
    /// Another stream entry holds this job id's claim: a replayed copy.
    Replayed { holder: String },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Expired(at) => write!(f, "a job whose signed expiry ({at} ms) has passed; refused, never run"),
            Refusal::NoExpiry => write!(f, "a job without an expiry under a team secret; refused, never run"),
            Refusal::Replayed { holder } => {
                write!(f, "a replayed job (its id was claimed by the stream entry {holder}); refused, never run")
            }
        }
    }
}

pub(crate) fn claim_key(namespace: &str, job: &Job) -> String {
    job_key(namespace, "claim", &job.id)
}

/// The claim's lifetime for a job expiring at `expires_ms`, seen at `now_ms`.
fn claim_secs(expires_ms: Option<u64>, now_ms: u64) -> u64 {
    expires_ms.map_or(0, |e| e.saturating_sub(now_ms) / 1000) + CLAIM_KEEP_SECS
}

/// Whether the entry `entry` (holding `job`) may be served by this worker:
/// `Ok(None)` when it may (its claim is now, or still, this entry's),
/// `Ok(Some(why))` when it is refused for good.
pub async fn take(
    conn: &mut RedisConn,
    namespace: &str,
    job: &Job,
    entry: &str,
    delivery: Delivery,
    signed: bool,
    now_ms: u64,
) -> Result<Option<Refusal>> {
    let key = claim_key(namespace, job);
    if delivery == Delivery::Reclaimed {
        let holder: Option<String> = conn.get(&key).await?;
        match holder {
            Some(h) if h == entry => {
                let _: () = conn.expire(&key, claim_secs(job.expires_ms, now_ms) as i64).await?;
                return Ok(None);
            }
            Some(holder) => return Ok(Some(Refusal::Replayed { holder })),
            // Its worker died before claiming it: a first take after all.
            None => {}
        }
    }
    match job.expires_ms {
        Some(at) if at < now_ms => return Ok(Some(Refusal::Expired(at))),
        None if signed => return Ok(Some(Refusal::NoExpiry)),
        _ => {}
    }
    let set: Option<String> = ::redis::cmd("SET")
        .arg(&key)
        .arg(entry)
        .arg("NX")
        .arg("EX")
        .arg(claim_secs(job.expires_ms, now_ms))
        .query_async(conn)
        .await?;
    if set.is_some() {
        return Ok(None);
    }
    let holder: Option<String> = conn.get(&key).await?;
    match holder {
        // A first delivery of the entry that holds the claim cannot happen twice; a retried SET could.
        Some(h) if h == entry => Ok(None),
        holder => Ok(Some(Refusal::Replayed { holder: holder.unwrap_or_default() })),
    }
}

/// After the job was served: its claim is kept only until the job's expiry
/// (plus the clock skew allowed), past which the expiry refuses a replay by
/// itself — so claims do not pile up for an hour behind busy sessions.
pub async fn served(conn: &mut RedisConn, namespace: &str, job: &Job, now_ms: u64) {
    let left_ms = job.expires_ms.map_or(CLAIM_KEEP_SECS * 1000, |e| e.saturating_sub(now_ms) + CLOCK_SKEW_MS);
    let _: Result<(), _> = conn.expire(claim_key(namespace, job), (left_ms / 1000).max(1) as i64).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_outlives_the_expiry() {
        assert_eq!(claim_secs(Some(10_000 + 120_000), 10_000), 120 + CLAIM_KEEP_SECS);
        assert_eq!(claim_secs(Some(1), 10_000), CLAIM_KEEP_SECS, "already expired");
        assert_eq!(claim_secs(None, 10_000), CLAIM_KEEP_SECS);
    }
}
