//! Following a task's log: every entry already there, then each new one,
//! through one blocking connection that is re-made when the server is lost.
//! Pages come through the bounded reader (`bounded.rs`: no value over the
//! entry limit is sent); the blocking wait for what is new asks for one
//! item only, so one call fetches at most one unchecked item.

use ::redis::streams::{StreamReadOptions, StreamReadReply};
use ::redis::{AsyncCommands, RedisError};
use anyhow::Result;
use tokio::sync::mpsc;

use super::{bounded, is_connection_error, RedisConn, RedisStore, BLOCK_MS, MAX_ENTRY_BYTES, PAGE};
use crate::{Entry, EntryId};

/// What one call of the follower brings back.
enum Got {
    /// A page of the log, after `last`: full when more may follow at once.
    Page(Vec<::redis::streams::StreamId>, bool),
    /// What the blocking wait returned (at most one item; none when BLOCK ran out).
    Woken(Vec<::redis::streams::StreamId>),
}

/// Feeds `tx` with the stream `log` from its first entry on, until the
/// subscriber drops its end or the server is lost.
pub(super) async fn follow(
    store: RedisStore,
    mut conn: RedisConn,
    log: String,
    tx: mpsc::Sender<Result<(EntryId, Entry)>>,
) {
    // From the first item: what is already there comes before the live part,
    // so nothing falls between the two.
    let mut last = "-".to_string();
    let wait = StreamReadOptions::default().block(BLOCK_MS).count(1);
    let mut reconnected = false;
    // After a page that was not full, the next call waits for what is new.
    let mut caught_up = false;
    loop {
        let read: Result<Got, RedisError> = tokio::select! {
            // A subscriber that went away must not leave a read blocked for BLOCK_MS.
            _ = tx.closed() => return,
            read = async {
                if caught_up {
                    let from = if last == "-" { "0-0".to_string() } else { last.clone() };
                    let reply: Option<StreamReadReply> = conn.xread_options(&[&log], &[&from], &wait).await?;
                    Ok(Got::Woken(reply.into_iter().flat_map(|r| r.keys).flat_map(|k| k.ids).collect()))
                } else {
                    let page = bounded::page(&mut conn, &log, &last, PAGE, MAX_ENTRY_BYTES).await?;
                    let full = page.len() == PAGE;
                    Ok(Got::Page(page, full))
                }
            } => read,
        };
        let items = match read {
            Ok(Got::Page(items, full)) => {
                caught_up = !full;
                items
            }
            // Woken by a new item: it is taken (checked by its length first), and
            // the pages go on after it.
            Ok(Got::Woken(items)) => {
                caught_up = items.is_empty();
                items
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
                continue;
            }
            Err(err) => {
                let _ = tx
                    .send(Err(anyhow::Error::new(err).context(format!("following {log} on {}", store.shown_url))))
                    .await;
                return;
            }
        };
        reconnected = false;
        for sid in items {
            last = sid.id.clone();
            // What is not the team's entry is dropped (and counted), not fatal.
            let Some(entry) = store.check.take(&log, sid) else { continue };
            if tx.send(Ok(entry)).await.is_err() {
                return;
            }
        }
    }
}
