//! Who gets in, and how many at once: the Bearer key (when the server has
//! one) and the admission of team sessions — a few run, a few wait, and the
//! rest are told to come back later (429 with `Retry-After`).
//!
//! Fairness: one client may hold at most `per_client` of the queue's places
//! (running is first come, first served). A client is its peer address: the
//! server's key, when it has one, is one key for everyone and tells no two
//! clients apart, and a request's own fields (`user` …) are the client's to
//! forge. So one client's flood fills its own share and gets 429s, and the
//! rest of the queue stays open to everyone else. An IPv6 client is its /64
//! (`ClientId::of`): the connection caps count it the same way.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Who a request is, for the queue's fairness: its peer's address, an
/// IPv6 address by its /64 (one host is given a whole /64 and may rotate
/// through it) but for a link-local one (the /64 is the whole link's); an
/// IPv4 address mapped into IPv6 is the IPv4 address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientId(pub IpAddr);

impl ClientId {
    pub fn of(ip: IpAddr) -> ClientId {
        ClientId(match ip.to_canonical() {
            // A link-local address (fe80::/10) is one host of the link: the /64 is everyone's there.
            IpAddr::V6(v6) if !v6.is_loopback() && (v6.segments()[0] & 0xffc0) != 0xfe80 => {
                let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(std::net::Ipv6Addr::from(prefix))
            }
            other => other,
        })
    }
}

/// Sessions running at once, and requests allowed to wait for one, in all and per client.
pub struct Admission {
    running: Arc<Semaphore>,
    waiting: Arc<Mutex<Queue>>,
    queue: usize,
    per_client: usize,
}

/// The requests waiting, in all and per client.
#[derive(Default)]
struct Queue {
    total: usize,
    by_client: HashMap<ClientId, usize>,
}

/// Why a request is turned away: come back later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Busy {
    /// Every place in the queue is taken.
    QueueFull,
    /// This client holds its whole share of the queue already.
    ClientShare,
}

/// Counts a request as waiting while it lives (a client that leaves the
/// queue stops counting, however it leaves).
struct Waiting {
    queue: Arc<Mutex<Queue>>,
    client: ClientId,
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut q = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        q.total -= 1;
        if let Some(n) = q.by_client.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                q.by_client.remove(&self.client);
            }
        }
    }
}

/// A request let in: running now, or holding its place in the queue. Taken
/// at once, so a full queue is a 429 before any reply has started; waited
/// on later, so a streamed reply can start (and say it is queued) first.
pub struct Ticket {
    permit: Option<OwnedSemaphorePermit>,
    running: Arc<Semaphore>,
    place: Option<Waiting>,
    /// Requests that were waiting when this one came (itself included).
    pub(crate) ahead: usize,
}

impl Ticket {
    pub fn queued(&self) -> bool {
        self.permit.is_none()
    }

    /// The place to run, once one is free.
    pub(crate) async fn admitted(mut self) -> OwnedSemaphorePermit {
        if let Some(p) = self.permit.take() {
            return p;
        }
        // The semaphore is never closed.
        let permit = self.running.clone().acquire_owned().await.expect("the admission semaphore is never closed");
        drop(self.place.take());
        permit
    }
}

impl Admission {
    /// `per_client` is at least 1 (a client may always wait somewhere when the queue has room).
    pub fn new(running: usize, queue: usize, per_client: usize) -> Self {
        Self {
            running: Arc::new(Semaphore::new(running.max(1))),
            waiting: Arc::default(),
            queue,
            per_client: per_client.max(1),
        }
    }

    /// A ticket: a place to run now, a place in the queue, or `Busy` when
    /// the queue is full or `client` holds its share of it.
    pub(crate) fn enter(&self, client: ClientId) -> Result<Ticket, Busy> {
        let running = self.running.clone();
        if let Ok(permit) = running.clone().try_acquire_owned() {
            return Ok(Ticket { permit: Some(permit), running, place: None, ahead: 0 });
        }
        let mut q = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        if q.total >= self.queue {
            return Err(Busy::QueueFull);
        }
        let mine = q.by_client.entry(client).or_insert(0);
        if *mine >= self.per_client {
            return Err(Busy::ClientShare);
        }
        *mine += 1;
        q.total += 1;
        let place = Waiting { queue: self.waiting.clone(), client };
        Ok(Ticket { permit: None, running, place: Some(place), ahead: q.total })
    }

    pub fn waiting(&self) -> usize {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner()).total
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
        for wrong in [
            None,
            Some("s3cret-key"),
            Some("Bearer s3cret-ke"),
            Some("Bearer s3cret-keyy"),
            Some("Basic s3cret-key"),
            Some("Bearer "),
        ] {
            assert!(!authorized(wrong, "s3cret-key"), "{wrong:?}");
        }
    }

    #[test]
    fn an_ipv6_client_is_its_slash_64_and_an_ipv4_one_its_address() {
        let id = |s: &str| ClientId::of(s.parse().unwrap());
        assert_eq!(id("2001:db8:1:2:aaaa::1"), id("2001:db8:1:2:ffff:1:2:3"), "one /64, however it rotates");
        assert_ne!(id("2001:db8:1:2::1"), id("2001:db8:1:3::1"), "another /64 is another client");
        assert_eq!(id("2001:db8:1:2:aaaa::1").0, "2001:db8:1:2::".parse::<IpAddr>().unwrap());
        assert_eq!(id("::ffff:127.0.0.2"), id("127.0.0.2"));
        assert_ne!(id("10.0.0.1"), id("10.0.0.2"));
        assert_eq!(id("::1").0, "::1".parse::<IpAddr>().unwrap());
        assert_ne!(id("fe80::1"), id("fe80::2"), "link-local hosts share the /64 and are told apart");
    }

    const A: ClientId = ClientId(IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2)));
    const B: ClientId = ClientId(IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 3)));

    #[tokio::test]
    async fn past_the_running_and_the_queue_requests_are_turned_away_until_one_leaves() {
        let gate = Admission::new(1, 1, 1);
        let first = gate.enter(A).unwrap();
        assert!(!first.queued());
        let running = first.admitted().await;
        // The second holds a place in the queue…
        let second = gate.enter(A).unwrap();
        assert!(second.queued() && second.ahead == 1 && gate.waiting() == 1);
        // …the third finds the queue full.
        assert_eq!(gate.enter(B).err(), Some(Busy::QueueFull));
        assert_eq!(gate.waiting(), 1, "a request turned away holds no place");
        let waiting = tokio::spawn(second.admitted());
        drop(running);
        drop(waiting.await.unwrap());
        assert_eq!(gate.waiting(), 0);
        // A queued client that leaves gives its place back.
        let _running = gate.enter(A).unwrap().admitted().await;
        drop(gate.enter(A).unwrap());
        assert_eq!(gate.waiting(), 0);
        assert!(gate.enter(A).is_ok());
    }

    #[tokio::test]
    async fn one_client_fills_only_its_share_of_the_queue() {
        let gate = Admission::new(1, 4, 2);
        let _running = gate.enter(A).unwrap().admitted().await;
        let a = [gate.enter(A).unwrap(), gate.enter(A).unwrap()];
        assert_eq!(gate.enter(A).err(), Some(Busy::ClientShare), "A's share is 2 of the 4 places");
        let b = gate.enter(B).expect("B still finds a place");
        assert!(b.queued() && b.ahead == 3);
        drop(a);
        assert_eq!(gate.waiting(), 1);
        assert!(gate.enter(A).is_ok(), "A's places given back are A's again");
    }
}
