//! The work stream's upkeep, for every worker: its consumer group made
//! (again, after a FLUSHDB or a restart without persistence), jobs of lost
//! workers reclaimed.

use ::redis::streams::{StreamClaimReply, StreamId, StreamPendingCountReply};
use ::redis::AsyncCommands;

use super::wire::GROUP;
use crate::memory::redis::RedisConn;

/// A pending job is only reclaimed once it has sat this long and its
/// worker's heartbeat key has expired.
const RECLAIM_IDLE_MS: u64 = 3_000;

/// Creates the work stream's consumer group if it is not there; from "0", so
/// jobs queued before the first worker started are served too. Failures
/// are logged: the read loop retries.
pub(crate) async fn ensure_group(conn: &mut RedisConn, work: &str) {
    let created: Result<(), _> = conn.xgroup_create_mkstream(work, GROUP, "0").await;
    if let Err(e) = created {
        if e.code() != Some("BUSYGROUP") {
            tracing::warn!("creating the consumer group on {work}: {e}");
        }
    }
}

/// Takes over one job whose worker's heartbeat has expired (killed, or paused
/// past its lease), if there is one.
pub async fn reclaim(id: &str, conn: &mut RedisConn, work: &str) -> Option<StreamId> {
    let pending: StreamPendingCountReply = conn.xpending_count(work, GROUP, "-", "+", 32).await.ok()?;
    for p in pending.ids {
        if p.consumer == id || p.last_delivered_ms < RECLAIM_IDLE_MS as usize {
            continue;
        }
        let alive: bool = conn.exists(format!("agent:{}:alive", p.consumer)).await.unwrap_or(true);
        if alive {
            continue;
        }
        let claimed: StreamClaimReply = conn.xclaim(work, GROUP, id, RECLAIM_IDLE_MS, &[&p.id]).await.ok()?;
        if let Some(sid) = claimed.ids.into_iter().next() {
            tracing::info!(worker = %id, job = %sid.id, from = %p.consumer, "reclaimed a lost worker's job");
            return Some(sid);
        }
    }
    None
}
