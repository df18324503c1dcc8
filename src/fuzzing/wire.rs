//! Fuzz targets for what arrives over a wire or from disk: a journal, a
//! Redis stream entry, the workers' jobs and replies, an OpenAI-compatible
//! server's stream, a body and the headers `memdoor serve` takes, what git
//! prints of a repository's config and attributes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::distributed::fence::{Fence, FenceCall};
use crate::distributed::wire::{Job, Reply, ReplyItem, WireRequest};
use crate::memory::auth::TeamKey;
use crate::memory::journal::{self, Record};
use crate::memory::redis::entries::EntryCheck;
use crate::model::openai::{caps, wire as openai_wire};
use crate::model::ChatRequest;
use crate::problem::Problem;
use crate::serve::wire::ChatCompletionRequest;
use crate::session::SessionView;

use super::input::{first_line, round_trips, runtime, with_file};

/// A journal as `memdoor replay` takes it: read, replayed into a rebuilt
/// memory (at once: no pacing) and folded into the session model the views
/// render from.
pub(super) fn journal_file(data: &[u8]) -> bool {
    let Ok(records) = with_file("journal.jsonl", data, journal::read) else { return false };
    for r in &records {
        round_trips::<Record>(r);
    }
    let mut model = SessionView::with_agents(5);
    let replayed = runtime().block_on(crate::replay::replay(&records, None, |e| {
        model.apply(e);
        Ok(())
    }));
    if let Ok(out) = replayed {
        assert_eq!(out.events, records.len());
    }
    !records.is_empty()
}

/// A stream item of a task's log as a reader takes it: the log key on the
/// first line, the tag on the second, the entry's JSON after. Without a
/// secret the entry must name the log's task; with one it must also carry
/// the tag made for exactly that key and JSON.
pub(super) fn redis_entry(data: &[u8]) -> bool {
    let (log, rest) = first_line(data);
    let (tag, json) = first_line(rest);
    let (log, tag) = (String::from_utf8_lossy(log), String::from_utf8_lossy(tag));
    let sid = ::redis::streams::StreamId {
        id: "1-0".into(),
        map: [
            ("entry".to_string(), ::redis::Value::BulkString(json.to_vec())),
            ("mac".to_string(), ::redis::Value::BulkString(tag.as_bytes().to_vec())),
        ]
        .into_iter()
        .collect(),
        ..Default::default()
    };
    let plain = EntryCheck::default();
    let taken = plain.take(&log, sid.clone());
    let Ok(json) = std::str::from_utf8(json) else {
        assert!(taken.is_none(), "an entry that is not UTF-8 was taken");
        return false;
    };
    let checked = plain.check(&log, json, "").ok();
    assert_eq!(taken.map(|(_, e)| e), checked);
    let secret = TeamKey::new(b"memdoor-fuzz-team-secret-0123456789").expect("a long enough secret");
    let keyed = EntryCheck { key: Some(secret), ..Default::default() };
    let signed = keyed.tag(&log, json);
    assert_eq!(
        keyed.check(&log, json, &signed).ok(),
        checked,
        "a signed entry is taken exactly when an unsigned one is without a secret"
    );
    if tag != signed {
        assert!(keyed.check(&log, json, &tag).is_err(), "a tag not made under the secret verified");
        assert!(keyed.take(&log, sid).is_none());
    }
    let Some(entry) = checked else { return false };
    assert_eq!(log.split_once("}:log:").map(|(_, task)| task), Some(entry.task.as_str()));
    let again = serde_json::to_string(&entry).expect("an entry writes back");
    assert_eq!(plain.check(&log, &again, "").ok(), Some(entry), "an entry written back reads back the same");
    true
}

/// Lines of JSON as workers read jobs and requesters read reply items; the
/// reply items go through one fence in order, as one job's reply stream.
pub(super) fn distributed_wire(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let mut fence = Fence::default();
    let mut accepted = false;
    for line in text.lines() {
        if let Ok(job) = serde_json::from_str::<Job>(line) {
            accepted = true;
            round_trips(&job);
            if job.has_valid_id() {
                // A valid id can never reach into another key.
                assert!(!job.id.contains(['{', '}', ':']), "{:?}", job.id);
                assert_eq!(job.reply_key("s"), format!("memdoor:{{s}}:tok:{}", job.id));
            }
            let request: ChatRequest = job.request.clone().into();
            assert_eq!(WireRequest::from(&request), job.request);
        }
        if let Ok(item) = serde_json::from_str::<ReplyItem>(line) {
            accepted = true;
            round_trips(&item);
            let reply = item.reply.clone();
            match fence.accept(item) {
                FenceCall::Pass(passed) => {
                    assert_eq!(passed, reply);
                    assert!(!matches!(passed, Reply::Taken { .. }), "a take is not passed on");
                }
                FenceCall::Restart => assert!(matches!(reply, Reply::Taken { .. }), "only a new take restarts"),
                FenceCall::Skip => {}
            }
        }
    }
    accepted
}

/// The caps the SSE target reads under (small, so that inputs reach them).
const SSE_MAX_EVENT: usize = 512;

const SSE_MAX_ANSWER: usize = 4096;

/// An OpenAI-compatible server's body as `model/openai/pump.rs` reads it:
/// through the byte caps, the SSE parser, each event's JSON. The body
/// arrives in pieces cut at 0xff bytes (never in UTF-8). Nothing past the
/// answer cap reaches the parser. The event cap is checked where a piece
/// ends, so an event may pass it by at most one piece's length.
pub(super) fn sse(data: &[u8]) -> bool {
    use eventsource_stream::Eventsource;
    use futures::StreamExt;

    let piece_max = data.split(|&b| b == 0xff).map(<[u8]>::len).max().unwrap_or(0);
    let pieces: Vec<reqwest::Result<bytes::Bytes>> =
        data.split(|&b| b == 0xff).map(|p| Ok(bytes::Bytes::copy_from_slice(p))).collect();
    let passed = Arc::new(AtomicUsize::new(0));
    let counted = passed.clone();
    let body = caps::capped(futures::stream::iter(pieces), SSE_MAX_EVENT, SSE_MAX_ANSWER).inspect(move |b| {
        if let Ok(b) = b {
            counted.fetch_add(b.len(), Ordering::Relaxed);
        }
    });
    let mut events = body.eventsource();
    let mut accepted = false;
    futures::executor::block_on(async {
        while let Some(event) = events.next().await {
            let Ok(event) = event else { break };
            let most = SSE_MAX_EVENT + piece_max;
            assert!(
                event.data.len() <= most,
                "an event of {} bytes passed the cap of {SSE_MAX_EVENT} (+ a piece of {piece_max})",
                event.data.len()
            );
            accepted |= stream_event(&event.data);
        }
    });
    assert!(
        passed.load(Ordering::Relaxed) <= SSE_MAX_ANSWER,
        "{} bytes passed the cap of {SSE_MAX_ANSWER}",
        passed.load(Ordering::Relaxed)
    );
    // Said only once a stream failed: from its raw tail, and from an error body.
    let _ = (openai_wire::llama_error_line(data), openai_wire::http_error_message(data));
    accepted
}

/// One event's data, the steps of `pump.rs`'s loop.
pub(super) fn stream_event(data: &str) -> bool {
    let data = data.trim();
    if data == "[DONE]" {
        return true;
    }
    let Ok(chunk) = serde_json::from_str::<openai_wire::StreamChunk>(data) else { return false };
    if let Some(e) = &chunk.error {
        let _ = openai_wire::error_text(e);
    }
    for choice in chunk.choices.into_iter().flatten().filter(|c| c.index == 0) {
        let delta = choice.delta.unwrap_or_default();
        let _ = (delta.content, delta.reasoning_content.or(delta.reasoning), choice.finish_reason);
    }
    true
}

/// A chat completion request as `serve/http.rs` reads it: the body, the
/// problem in its last user message.
pub(super) fn serve_body(data: &[u8]) -> bool {
    let Ok(req) = serde_json::from_slice::<ChatCompletionRequest>(data) else { return false };
    let _ = (req.max_tokens(), req.include_usage());
    for m in &req.messages {
        let _ = m.text();
    }
    if let Some(text) = req.last_user_text() {
        assert!(!text.trim().is_empty());
        let _ = Problem::parse(&text);
    }
    true
}

/// A request's headers as `serve` checks them before it acts (one `Name:
/// value` a line): the `Host`, the `Origin` and the body's type.
pub(super) fn request_headers(data: &[u8]) -> bool {
    use axum::http::{header, HeaderMap, HeaderName, HeaderValue};
    let text = String::from_utf8_lossy(data);
    let mut headers = HeaderMap::new();
    for line in text.lines() {
        let Some((name, value)) = line.split_once(':') else { continue };
        let (Ok(name), Ok(value)) =
            (HeaderName::from_bytes(name.trim().as_bytes()), HeaderValue::from_str(value.trim()))
        else {
            continue;
        };
        headers.append(name, value);
    }
    let _ = crate::serve::checks::loopback_host(&headers);
    if crate::serve::checks::loopback_origin(&headers) {
        let origins: Vec<_> = headers.get_all(header::ORIGIN).iter().collect();
        assert!(origins.len() <= 1, "two origins pass");
        let scheme = |o: &&HeaderValue| o.to_str().is_ok_and(|o| o.starts_with("http://") || o.starts_with("https://"));
        assert!(origins.iter().all(scheme), "an origin that is no page on the web passes: {origins:?}");
    }
    if crate::serve::checks::json_body(&headers) {
        assert!(headers.contains_key(header::CONTENT_TYPE));
    }
    !headers.is_empty()
}

/// What git prints of a hostile repository: `git config --null --list`
/// read for its drivers' commands (first byte even), or that and then, after
/// a 0xff, `git check-attr -z filter` read for a file needing one (odd).
pub(super) fn git_output(data: &[u8]) -> bool {
    let Some((&pick, rest)) = data.split_first() else { return false };
    let (config, attributes) = match rest.iter().position(|b| *b == 0xff) {
        Some(at) if pick % 2 == 1 => (&rest[..at], Some(&rest[at + 1..])),
        _ => (rest, None),
    };
    let (forced, filters) = crate::repo::git::drivers(config);
    for (key, value) in &forced {
        let shown = String::from_utf8_lossy(key);
        assert!([&b"filter."[..], b"diff.", b"merge."].iter().any(|s| key.starts_with(s)), "{shown}");
        assert!(value.is_empty() || (value == "false" && key.ends_with(b".required")), "{shown}={value}");
    }
    for filter in &filters {
        let required = [&b"filter."[..], filter, b".required"].concat();
        assert!(forced.iter().any(|(k, v)| *k == required && v == "false"), "{}", String::from_utf8_lossy(filter));
    }
    if let Some(out) = attributes {
        if crate::repo::git::filter_in_use(out, &filters).is_some() {
            assert!(!filters.is_empty());
        }
    }
    !forced.is_empty()
}
