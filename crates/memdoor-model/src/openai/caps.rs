//! Bounds on what a server may send for one answer: the bytes of one SSE
//! event (an event that never ends would otherwise grow in memory until the
//! idle timeout) and of the whole body. Applied to the raw bytes, before the
//! SSE parser buffers anything.

use bytes::Bytes;
use futures::{Stream, StreamExt};

#[derive(Debug)]
pub enum BodyError {
    Http(reqwest::Error),
    /// One event ran past this many bytes.
    EventTooLong(usize),
    /// The body ran past this many bytes.
    AnswerTooLong(usize),
}

impl std::fmt::Display for BodyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // Without the URL (it may hold a password); the caller names the endpoint.
            BodyError::Http(e) => write!(f, "{}", strip_url(e)),
            BodyError::EventTooLong(n) => write!(f, "one stream event ran past {n} bytes (max_event_kb)"),
            BodyError::AnswerTooLong(n) => write!(f, "the answer's stream ran past {n} bytes (max_answer_kb)"),
        }
    }
}

impl std::error::Error for BodyError {}

fn strip_url(e: &reqwest::Error) -> String {
    let mut text = e.to_string();
    if let Some(url) = e.url() {
        text = text.replace(url.as_str(), "(the endpoint)");
    }
    text
}

/// The byte counts that the caps are checked against.
#[derive(Default)]
struct Counts {
    total: usize,
    /// Bytes since the last blank line (the end of an event).
    event: usize,
    /// The last byte was a line feed (with at most a CR after it).
    line_start: bool,
}

impl Counts {
    fn add(&mut self, bytes: &[u8]) {
        self.total += bytes.len();
        for &b in bytes {
            match b {
                b'\n' if self.line_start => self.event = 0,
                b'\n' => self.line_start = true,
                b'\r' => {}
                _ => {
                    self.line_start = false;
                    self.event += 1;
                }
            }
        }
    }
}

/// `body` with its errors wrapped, ending in an error at the first cap passed.
pub fn capped(
    body: impl Stream<Item = reqwest::Result<Bytes>>,
    max_event: usize,
    max_answer: usize,
) -> impl Stream<Item = Result<Bytes, BodyError>> {
    let mut counts = Counts::default();
    let mut over = false;
    body.map(move |item| {
        let bytes = item.map_err(BodyError::Http)?;
        counts.add(&bytes);
        if counts.total > max_answer {
            return Err(BodyError::AnswerTooLong(max_answer));
        }
        if counts.event > max_event {
            return Err(BodyError::EventTooLong(max_event));
        }
        Ok(bytes)
    })
    // Nothing after the first error: the SSE parser must not go on buffering.
    .take_while(move |r| {
        let go = !over;
        over |= r.is_err();
        futures::future::ready(go)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_counted_between_blank_lines() {
        let mut c = Counts::default();
        c.add(b"data: abc\n\ndata: de");
        assert_eq!(c.event, 8); // "data: de" only
        c.add(b"f\r\n\r\n");
        assert_eq!(c.event, 0);
        c.add(b"data: x\ndata: y\n");
        assert_eq!(c.event, 14, "one event of two lines");
        assert_eq!(c.total, 19 + 5 + 16);
    }
}
