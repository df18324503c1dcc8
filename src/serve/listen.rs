//! The accept loop: every connection holds a place (a server-wide cap and a
//! cap per peer address), and hyper closes one that has not sent a request's
//! headers within the header timeout — idle keep-alive connections
//! included. A stranger who opens connections and never finishes them
//! holds at most its share, for at most that long; clients already
//! connected keep working. A write the client does not read within the
//! write timeout fails and closes the connection. (axum::serve has no cap
//! and neither timeout.)

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_io_timeout::TimeoutStream;
use tokio_util::sync::CancellationToken;

/// What a connection may hold, and for how long it may sit before a request.
#[derive(Debug, Clone)]
pub struct ConnLimits {
    /// Connections open at once, all peers together.
    pub max: usize,
    /// Connections open at once from one peer address.
    pub(crate) per_peer: usize,
    /// From accepting a connection (or finishing a reply on it) to the end of the next request's headers.
    pub header_timeout: Duration,
    /// How long one write may wait for the client to read; past it the connection is closed.
    pub write_timeout: Duration,
}

/// The peer addresses' counts of open connections.
#[derive(Default)]
struct Peers(Mutex<HashMap<IpAddr, usize>>);

/// One connection's place: released (and the peer's count lowered) when the connection ends, however it ends.
struct Place {
    _permit: OwnedSemaphorePermit,
    peers: Arc<Peers>,
    ip: IpAddr,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self.peers.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// Why a connection was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refused {
    ServerFull,
    PeerFull,
}

impl Peers {
    fn enter(self: &Arc<Self>, total: &Arc<Semaphore>, ip: IpAddr, per_peer: usize) -> Result<Place, Refused> {
        let permit = total.clone().try_acquire_owned().map_err(|_| Refused::ServerFull)?;
        let mut counts = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = counts.entry(ip).or_insert(0);
        if *n >= per_peer {
            return Err(Refused::PeerFull);
        }
        *n += 1;
        Ok(Place { _permit: permit, peers: self.clone(), ip })
    }
}

/// The answer a connection past a cap gets before it is closed: written
/// only if the socket takes it at once (a peer that reads nothing costs no wait).
fn refusal(why: Refused) -> Vec<u8> {
    let message = match why {
        Refused::ServerFull => "this server has as many connections open as it takes; try again later",
        Refused::PeerFull => {
            "your address has as many connections open as this server takes from one; close some and try again"
        }
    };
    let body = serde_json::json!({ "error": { "message": message, "type": "rate_limit_error", "param": null, "code": "too_many_connections" } }).to_string();
    format!("HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// The peer as the server counts it: as the queue counts a client (an IPv6 address by its /64).
fn peer_ip(addr: &SocketAddr) -> IpAddr {
    super::gate::ClientId::of(addr.ip()).0
}

/// Accepts on `listener` until `stop`, then lets open connections finish their replies for up to `grace`.
pub(crate) async fn accept_loop(
    listener: TcpListener,
    app: Router,
    limits: ConnLimits,
    stop: CancellationToken,
    grace: Duration,
) {
    let max = limits.max.clamp(1, 1 << 20);
    let total = Arc::new(Semaphore::new(max));
    let peers = Arc::new(Peers::default());
    let mut refused_logged = false;
    loop {
        let (stream, addr) = tokio::select! {
            _ = stop.cancelled() => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors (or another passing failure): the caps
                    // should keep us from here; wait a little rather than spin.
                    tracing::warn!("accepting a connection: {e}");
                    tokio::select! {
                        _ = stop.cancelled() => break,
                        _ = tokio::time::sleep(Duration::from_millis(50)) => continue,
                    }
                }
            },
        };
        let place = match peers.enter(&total, peer_ip(&addr), limits.per_peer.max(1)) {
            Ok(p) => p,
            Err(why) => {
                // Logged once per server, not per connection: a flood must not flood the log too.
                if !refused_logged {
                    tracing::warn!(
                        ?why,
                        max = limits.max,
                        per_peer = limits.per_peer,
                        "refusing connections past the cap"
                    );
                    refused_logged = true;
                }
                let _ = stream.try_write(&refusal(why));
                drop(stream);
                continue;
            }
        };
        serve_connection(stream, addr, place, &app, &limits, stop.clone());
    }
    drop(listener);
    // Every connection gives its place back when it ends: all places free is all connections done.
    // Replies still streaming get a moment to end, not the rest of their deadline.
    let _ = tokio::time::timeout(grace, total.acquire_many(max as u32)).await;
}

fn serve_connection(
    stream: TcpStream,
    addr: SocketAddr,
    place: Place,
    app: &Router,
    limits: &ConnLimits,
    stop: CancellationToken,
) {
    let _ = stream.set_nodelay(true);
    // The peer's address reaches the handlers as axum's ConnectInfo (the queue's fairness counts by it).
    let service = TowerToHyperService::new(app.clone().layer(axum::Extension(ConnectInfo(addr))));
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true);
    // A client that stops reading blocks every write: past the write timeout the connection fails and closes.
    let mut timed = TimeoutStream::new(stream);
    timed.set_write_timeout(Some(limits.write_timeout));
    let conn = builder.serve_connection(TokioIo::new(Box::pin(timed)), service);
    tokio::spawn(async move {
        let mut conn = std::pin::pin!(conn);
        let ended = tokio::select! {
            ended = conn.as_mut() => ended,
            // Stopping: the reply in progress may finish, then the connection closes.
            _ = stop.cancelled() => {
                conn.as_mut().graceful_shutdown();
                conn.await
            }
        };
        // Header timeouts and clients that leave end here; nothing to report.
        if let Err(e) = ended {
            tracing::debug!("connection from {addr}: {e}");
        }
        drop(place);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_capped_in_all_and_per_peer_and_given_back() {
        let total = Arc::new(Semaphore::new(3));
        let peers = Arc::new(Peers::default());
        let (a, b): (IpAddr, IpAddr) = ("127.0.0.2".parse().unwrap(), "127.0.0.3".parse().unwrap());
        let a1 = peers.enter(&total, a, 2).unwrap();
        let _a2 = peers.enter(&total, a, 2).unwrap();
        assert_eq!(peers.enter(&total, a, 2).err(), Some(Refused::PeerFull));
        let _b1 = peers.enter(&total, b, 2).unwrap();
        assert_eq!(peers.enter(&total, b, 2).err(), Some(Refused::ServerFull));
        drop(a1);
        assert!(peers.enter(&total, b, 2).is_ok(), "a place given back is free again");
        assert_eq!(peer_ip(&"[::ffff:127.0.0.2]:80".parse().unwrap()), a);
    }
}
