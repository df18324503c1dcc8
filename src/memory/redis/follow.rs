//! Following a task's log: every entry already there, then each new one,
//! through one blocking connection that is re-made when the server is lost.

use ::redis::streams::{StreamReadOptions, StreamReadReply};
use ::redis::{AsyncCommands, RedisError};
use anyhow::Result;
use tokio::sync::mpsc;

use super::{is_connection_error, RedisConn, RedisStore, BLOCK_MS, PAGE};
use crate::memory::{Entry, EntryId};

/// Feeds `tx` with the stream `log` from its first entry on, until the
/// subscriber drops its end or the server is lost.
pub(super) async fn follow(store: RedisStore, mut conn: RedisConn, log: String, tx: mpsc::Sender<Result<(EntryId, Entry)>>) {
    // From "0-0", not "$": the first XREAD returns what is already there, so
    // nothing falls between the replay and the live part.
    let mut last = "0-0".to_string();
    let options = StreamReadOptions::default().block(BLOCK_MS).count(PAGE);
    let mut reconnected = false;
    loop {
        let (keys, ids) = ([&log], [&last]);
        let read: Result<Option<StreamReadReply>, RedisError> = tokio::select! {
            // A subscriber that went away must not leave a read blocked for BLOCK_MS.
            _ = tx.closed() => return,
            read = conn.xread_options(&keys, &ids, &options) => read,
        };
        match read {
            Ok(reply) => {
                reconnected = false;
                // `None`: BLOCK ran out with nothing new; ask again.
                for sid in reply.into_iter().flat_map(|r| r.keys).flat_map(|k| k.ids) {
                    last = sid.id.clone();
                    // What is not the team's entry is dropped (and counted), not fatal.
                    let Some(entry) = store.check.take(&log, sid) else { continue };
                    if tx.send(Ok(entry)).await.is_err() {
                        return;
                    }
                }
            }
            // One fresh connection per failure; reading on from `last` loses nothing.
            Err(err) if is_connection_error(&err) && !reconnected => {
                reconnected = true;
                match store.blocking_connection().await {
                    Ok(fresh) => conn = fresh,
                    Err(e) => {
                        let _ = tx.send(Err(e.context(format!("following {log} after: {err}")))).await;
                        return;
                    }
                }
            }
            Err(err) => {
                let _ = tx.send(Err(anyhow::Error::new(err).context(format!("following {log} on {}", store.shown_url)))).await;
                return;
            }
        }
    }
}

