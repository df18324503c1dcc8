//! What a request holds, checked before anything acts on it: the `Host` it
//! names (a server without a key answers loopback names only, so a web page
//! that rebinds its own name to 127.0.0.1 gets nothing), the page it comes
//! from (`Origin`: without a key, loopback pages only) and the type of its
//! body (JSON only: what no page can send cross-origin unasked), its body (read
//! within a size and a time limit, the size enforced while reading), and
//! the ids of a problem that reach the logs and file names.

use std::net::IpAddr;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, StatusCode};
use http_body_util::{BodyExt, LengthLimitError, Limited};

/// Whether `Host` names this machine's loopback: `localhost` or a loopback
/// address, with any port. A DNS-rebinding page's requests carry its own
/// name, which is not one of these.
pub(crate) fn loopback_host(headers: &HeaderMap) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else { return false };
    let Ok(authority) = host.parse::<axum::http::uri::Authority>() else { return false };
    let name = authority.host();
    // The port, if any, must be a port (`Authority` takes `localhost:abc`).
    let port = &authority.as_str()[name.len()..];
    if !port.is_empty() && port.strip_prefix(':').is_none_or(|p| p.parse::<u16>().is_err()) {
        return false;
    }
    // `[::1]` keeps its brackets in an authority.
    let bare = name.strip_prefix('[').and_then(|n| n.strip_suffix(']')).unwrap_or(name);
    bare.eq_ignore_ascii_case("localhost") || bare.parse::<IpAddr>().is_ok_and(|ip| ip.to_canonical().is_loopback())
}

/// Whether the request's body is declared JSON (`application/json`, any
/// parameters). A page may POST `text/plain` cross-origin with no preflight;
/// it cannot send `application/json` without one, which this server never answers.
pub(crate) fn json_body(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(header::CONTENT_TYPE).and_then(|h| h.to_str().ok()) else { return false };
    let essence = value.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("application/json")
}

/// Whether the request's `Origin`, if it has one, is a page served from this
/// machine's loopback (`http://localhost:3000`, `http://127.0.0.1`,
/// `https://[::1]:8443`). A browser names the page's origin on every
/// cross-origin POST; `null` (a sandboxed frame, a file) is no loopback page.
pub(crate) fn loopback_origin(headers: &HeaderMap) -> bool {
    let mut origins = headers.get_all(header::ORIGIN).iter();
    let Some(origin) = origins.next() else { return true };
    if origins.next().is_some() {
        return false;
    }
    let Ok(origin) = origin.to_str() else { return false };
    let Some(authority) = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")) else {
        return false;
    };
    // An origin is scheme://host[:port] and nothing else.
    if authority.is_empty() || authority.contains(['/', '?', '#', '@']) {
        return false;
    }
    let mut as_host = HeaderMap::new();
    match authority.parse() {
        Ok(value) => as_host.insert(header::HOST, value),
        Err(_) => return false,
    };
    loopback_host(&as_host)
}

/// Why a body was not read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum BodyError {
    /// Over the limit (by its `Content-Length`, before reading, or while reading).
    TooLarge { limit: usize },
    /// Not all there within the body timeout.
    TooSlow { timeout: Duration },
    /// The connection failed mid-body.
    Broken(String),
}

impl BodyError {
    pub fn status(&self) -> StatusCode {
        match self {
            BodyError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            BodyError::TooSlow { .. } => StatusCode::REQUEST_TIMEOUT,
            BodyError::Broken(_) => StatusCode::BAD_REQUEST,
        }
    }

    pub fn message(&self) -> String {
        match self {
            BodyError::TooLarge { limit } => format!("the request body is over this server's limit of {limit} bytes"),
            BodyError::TooSlow { timeout } => format!(
                "the request body did not arrive within this server's body timeout of {} s",
                timeout.as_secs_f64()
            ),
            BodyError::Broken(e) => format!("reading the request body: {e}"),
        }
    }
}

/// The body, at most `limit` bytes, all of it within `timeout`. A larger
/// `Content-Length` is refused before a byte is read; a body that claims
/// less, or none (chunked), is cut off as soon as it passes the limit.
pub(crate) async fn read_body(
    headers: &HeaderMap,
    body: Body,
    limit: usize,
    timeout: Duration,
) -> Result<Bytes, BodyError> {
    let declared =
        headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(BodyError::TooLarge { limit });
    }
    match tokio::time::timeout(timeout, Limited::new(body, limit).collect()).await {
        Err(_) => Err(BodyError::TooSlow { timeout }),
        Ok(Ok(collected)) => Ok(collected.to_bytes()),
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => Err(BodyError::TooLarge { limit }),
        Ok(Err(e)) => Err(BodyError::Broken(e.to_string())),
    }
}

/// Bytes of an id that reaches the logs, journal names and Redis keys (as `Problem::from_task` takes).
pub(crate) const MAX_ID_BYTES: usize = 200;

/// An id a client chose (a problem's `question_id` …), refused when it
/// could forge a log line (a newline, an ESC …: any control character) or
/// is longer than `MAX_ID_BYTES`. Refused, not cleaned: an id changed
/// behind the client's back would name nothing the client knows.
pub(crate) fn check_id(field: &str, id: &str) -> Result<(), String> {
    if let Some((at, c)) = id.char_indices().find(|(_, c)| c.is_control()) {
        return Err(format!(
            "`{field}` holds a control character (U+{:04X} at byte {at}); ids must be printable",
            c as u32
        ));
    }
    if id.len() > MAX_ID_BYTES {
        return Err(format!("`{field}` is {} bytes; this server takes at most {MAX_ID_BYTES}", id.len()));
    }
    Ok(())
}

/// The HTTP status for a problem that did not parse: the one place where a
/// parser's limit on what a problem holds (`problem::LimitExceeded`, under
/// any context) becomes a 413; an id too long is a malformed field, as is
/// any other parse error (400). Decided by the error's type, never by its words.
pub(crate) fn problem_error_status(e: &anyhow::Error) -> StatusCode {
    match crate::problem::LimitExceeded::find(e).map(|l| l.limit) {
        Some(crate::problem::Limit::IdBytes) | None => StatusCode::BAD_REQUEST,
        Some(_) => StatusCode::PAYLOAD_TOO_LARGE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(h: &str) -> HeaderMap {
        let mut m = HeaderMap::new();
        m.insert(header::HOST, h.parse().unwrap());
        m
    }

    #[test]
    fn only_loopback_names_pass_as_host() {
        for ok in ["localhost", "LOCALHOST:8080", "127.0.0.1", "127.0.0.1:9", "127.3.4.5:80", "[::1]", "[::1]:8080"] {
            assert!(loopback_host(&host(ok)), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "10.0.0.1:80",
            "[::2]:80",
            "127.0.0.1.nip.io",
            "",
            "localhost:abc",
        ] {
            assert!(!loopback_host(&host(bad)), "{bad}");
        }
        assert!(!loopback_host(&HeaderMap::new()), "no Host at all");
    }

    #[test]
    fn only_json_bodies_and_loopback_origins_pass() {
        let with = |name: header::HeaderName, values: &[&str]| {
            let mut m = HeaderMap::new();
            for v in values {
                m.append(name.clone(), v.parse().unwrap());
            }
            m
        };
        for ok in ["application/json", "Application/JSON; charset=utf-8", " application/json ;x=y"] {
            assert!(json_body(&with(header::CONTENT_TYPE, &[ok])), "{ok}");
        }
        for bad in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/jsonp",
            "",
        ] {
            assert!(!json_body(&with(header::CONTENT_TYPE, &[bad])), "{bad}");
        }
        assert!(!json_body(&HeaderMap::new()), "no Content-Type at all");
        assert!(loopback_origin(&HeaderMap::new()), "no Origin: not a browser's cross-origin request");
        for ok in ["http://localhost:3000", "http://127.0.0.1", "https://[::1]:8443", "http://LOCALHOST"] {
            assert!(loopback_origin(&with(header::ORIGIN, &[ok])), "{ok}");
        }
        for bad in [
            "null",
            "https://evil.example",
            "http://localhost.evil.example",
            "http://127.0.0.1.nip.io",
            "file://",
            "http://localhost/path",
            "http://user@localhost",
            "ftp://localhost",
            "http://",
            "http://localhost:99999",
        ] {
            assert!(!loopback_origin(&with(header::ORIGIN, &[bad])), "{bad}");
        }
        assert!(!loopback_origin(&with(header::ORIGIN, &["http://localhost", "https://evil.example"])), "two origins");
    }

    #[test]
    fn a_problem_over_a_limit_is_413_and_any_other_parse_error_400() {
        let deep = format!("Write a Python function f(x).\nf(1) -> {}", "[".repeat(6000));
        let over = crate::problem::Problem::parse(&deep).unwrap_err();
        assert_eq!(problem_error_status(&over), StatusCode::PAYLOAD_TOO_LARGE, "{over:#}");
        let long =
            crate::problem::Problem::parse(&"x".repeat(crate::problem::limits::MAX_STATEMENT_BYTES + 1)).unwrap_err();
        assert_eq!(problem_error_status(&long), StatusCode::PAYLOAD_TOO_LARGE, "{long:#}");
        let long_id = crate::problem::Problem::parse(
            &serde_json::json!({ "question_content": "Write f.", "question_id": "q".repeat(300) }).to_string(),
        )
        .unwrap_err();
        assert_eq!(
            problem_error_status(&long_id),
            StatusCode::BAD_REQUEST,
            "an id too long is a malformed field: {long_id:#}"
        );
        let malformed = crate::problem::Problem::parse("{\"question_content\": 3}").unwrap_err();
        assert_eq!(problem_error_status(&malformed), StatusCode::BAD_REQUEST, "{malformed:#}");
    }

    #[test]
    fn ids_with_control_characters_or_too_long_are_refused() {
        assert!(check_id("question_id", "abc301_a").is_ok());
        let forged = check_id("question_id", "q1\n\x1b[2K2026-01-01 INFO forged").unwrap_err();
        assert!(forged.contains("U+000A at byte 2"), "{forged}");
        assert!(check_id("question_id", &"x".repeat(201)).unwrap_err().contains("at most 200"));
    }

    #[tokio::test]
    async fn a_body_past_the_limit_is_refused_by_its_length_or_while_read() {
        let limit = 16;
        let declared = host("localhost");
        let mut big = declared.clone();
        big.insert(header::CONTENT_LENGTH, "1000000000".parse().unwrap());
        // Refused from the header alone: this body would never end.
        let endless =
            Body::from_stream(futures::stream::repeat_with(|| Ok::<_, std::io::Error>(Bytes::from_static(b"xxxx"))));
        assert_eq!(read_body(&big, endless, limit, Duration::from_secs(5)).await, Err(BodyError::TooLarge { limit }));
        // Without a length: cut off once past the limit, not read to its end.
        let endless =
            Body::from_stream(futures::stream::repeat_with(|| Ok::<_, std::io::Error>(Bytes::from_static(b"xxxx"))));
        assert_eq!(
            read_body(&declared, endless, limit, Duration::from_secs(5)).await,
            Err(BodyError::TooLarge { limit })
        );
        assert_eq!(
            read_body(&declared, Body::from("{}"), limit, Duration::from_secs(5)).await.unwrap(),
            Bytes::from_static(b"{}")
        );
        let stalled = Body::from_stream(futures::stream::pending::<Result<Bytes, std::io::Error>>());
        assert_eq!(
            read_body(&declared, stalled, limit, Duration::from_millis(50)).await,
            Err(BodyError::TooSlow { timeout: Duration::from_millis(50) })
        );
    }
}
