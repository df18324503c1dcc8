//! A task's coordination lease: SET NX with an expiry, holding a token only
//! its holder knows. Renew and release are compare-and-set scripts on that
//! token, so a holder that stalled past its lease (paused, partitioned) can
//! neither extend nor delete the lease of the worker that took over.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use ::redis::Script;
use anyhow::{Context, Result};

use crate::memory::redis::RedisConn;

/// KEYS[1] = lease, ARGV[1] = token, ARGV[2] = milliseconds.
const RENEW: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
";

/// KEYS[1] = lease, ARGV[1] = token.
const RELEASE: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
";

#[derive(Debug)]
pub struct Lease {
    key: String,
    token: String,
    ttl: Duration,
}

/// A token unique to one take: the holder's name, its process, the time and a counter.
fn new_token(holder: &str) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!("{holder}:{}:{}:{}", std::process::id(), crate::memory::now_ms(), NEXT.fetch_add(1, Ordering::Relaxed))
}

impl Lease {
    /// The lease at `key` for `ttl`, if nobody holds it.
    pub async fn acquire(conn: &mut RedisConn, key: &str, holder: &str, ttl: Duration) -> Result<Option<Lease>> {
        let token = new_token(holder);
        let won: Option<String> = ::redis::cmd("SET")
            .arg(key)
            .arg(&token)
            .arg("NX")
            .arg("PX")
            .arg(ttl.as_millis() as u64)
            .query_async(conn)
            .await
            .with_context(|| format!("taking the lease {key}"))?;
        Ok(won.map(|_| Lease { key: key.to_string(), token, ttl }))
    }

    /// Extends the lease by its ttl; `false` when it is no longer ours.
    pub async fn renew(&self, conn: &mut RedisConn) -> Result<bool> {
        let n: i64 = Script::new(RENEW)
            .key(&self.key)
            .arg(&self.token)
            .arg(self.ttl.as_millis() as u64)
            .invoke_async(conn)
            .await
            .with_context(|| format!("renewing the lease {}", self.key))?;
        Ok(n == 1)
    }

    /// Gives the lease up; `false` when it was no longer ours (nothing deleted).
    pub async fn release(&self, conn: &mut RedisConn) -> Result<bool> {
        let n: i64 = Script::new(RELEASE)
            .key(&self.key)
            .arg(&self.token)
            .invoke_async(conn)
            .await
            .with_context(|| format!("releasing the lease {}", self.key))?;
        Ok(n == 1)
    }

    /// Whether the lease is still ours (a read: the answer can be stale by
    /// the time it arrives, so writers check it right before each write).
    pub async fn holds(&self, conn: &mut RedisConn) -> Result<bool> {
        let holder: Option<String> = ::redis::AsyncCommands::get(conn, &self.key)
            .await
            .with_context(|| format!("reading the lease {}", self.key))?;
        Ok(holder.as_deref() == Some(self.token.as_str()))
    }

    pub fn key(&self) -> &str {
        &self.key
    }
}
