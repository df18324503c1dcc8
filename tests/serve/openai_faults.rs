//! `OpenAiBackend` when things go wrong over time: timeouts, retries,
//! cancellation, the API key, servers that send anything — against a
//! scripted server (`tests/testkit/src/scripted_sse.rs`).

use memdoor_testkit::scripted_sse;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::StreamExt;
use memdoor::model::openai::{OpenAiBackend, OpenAiConfig};
use memdoor::model::{Chunk, FinishReason, ModelBackend};
use scripted_sse::*;
use tokio::net::TcpStream;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

fn short_timeouts(c: &mut OpenAiConfig) {
    c.first_token_timeout = Duration::from_millis(300);
    c.idle_timeout = Duration::from_millis(300);
}

#[tokio::test]
async fn first_token_and_idle_timeouts_fail_fast() {
    let cases = [
        (vec![Pause(3000)], "first-token"),                     // no headers at all
        (vec![send(SSE_HEAD), Pause(3000)], "first-token"),     // headers, then nothing
        (vec![send(SSE_HEAD), text("a"), Pause(3000)], "idle"), // stalls mid-answer
    ];
    for (script, what) in cases {
        let t = Instant::now();
        let err = format!("{:#}", answer_with(vec![script], short_timeouts).await.0.unwrap_err());
        assert!(err.contains(what), "{err}");
        assert!(t.elapsed() < Duration::from_secs(2), "{what} took {:?}", t.elapsed());
    }
}

#[tokio::test]
async fn connect_timeout_fails_fast() {
    // A listener that never accepts, its queue filled: further SYNs go unanswered.
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let listener = sock.listen(0).unwrap();
    let addr = listener.local_addr().unwrap();
    let mut fillers = Vec::new();
    while let Ok(Ok(s)) = tokio::time::timeout(Duration::from_millis(200), TcpStream::connect(addr)).await {
        fillers.push(s);
        assert!(fillers.len() < 64, "the accept queue never filled");
    }
    let mut cfg = config(&format!("http://{addr}"));
    cfg.connect_timeout = Duration::from_millis(300);
    let t = Instant::now();
    let err = format!("{:#}", answer(&OpenAiBackend::new(cfg).unwrap()).await.unwrap_err());
    assert!(err.contains("connect"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(2), "took {:?}", t.elapsed());
}

#[tokio::test]
async fn retries_before_the_first_token_only() {
    let ok = vec![send(SSE_HEAD), text("fine"), finish("stop")];
    let unavailable = vec![http_error("503 Service Unavailable", r#"{"error":{"message":"loading"}}"#)];
    let (got, server) = answer_with(vec![unavailable, ok], |c| c.retries = 2).await;
    assert_eq!(got.unwrap().0, "fine");
    assert_eq!(server.connections.load(Ordering::SeqCst), 2);

    // Tokens were sent, then the stream broke: the error is final.
    let broken = vec![send(SSE_HEAD), text("half")];
    let (got, server) = answer_with(vec![broken], |c| c.retries = 2).await;
    assert!(format!("{:#}", got.unwrap_err()).contains("truncated"));
    assert_eq!(server.connections.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn cancel_or_drop_closes_the_connection() {
    for drop_it in [false, true] {
        let closed = Arc::new(Notify::new());
        let server = serve(vec![vec![send(SSE_HEAD), text("a"), text("b"), HoldUntilClosed(closed.clone())]]).await;
        let backend = OpenAiBackend::new(config(&server.base)).unwrap();
        let cancel = CancellationToken::new();
        let mut stream = backend.stream(request(), cancel.clone()).await.unwrap();
        assert!(matches!(stream.next().await, Some(Ok(Chunk::Text(_)))));
        if drop_it {
            drop(stream);
        } else {
            cancel.cancel();
            let mut last = None;
            while let Some(chunk) = stream.next().await {
                last = Some(chunk.unwrap());
            }
            assert!(matches!(last, Some(Chunk::Done { finish: FinishReason::Cancelled, .. })), "{last:?}");
        }
        tokio::time::timeout(Duration::from_secs(5), closed.notified())
            .await
            .expect("the server saw its connection closed");
    }
}

#[tokio::test]
async fn api_key_is_sent_but_never_shown() {
    std::env::set_var("MEMDOOR_TEST_KEY_401", "sk-secret-abc");
    let server = serve(vec![vec![http_error("401 Unauthorized", r#"{"error":{"message":"invalid api key"}}"#)]]).await;
    let mut cfg = config(&server.base);
    cfg.api_key_env = Some("MEMDOOR_TEST_KEY_401".into());
    let backend = OpenAiBackend::new(cfg).unwrap();
    assert!(!format!("{backend:?}").contains("sk-secret-abc"));
    let e = answer(&backend).await.unwrap_err();
    let err = format!("{e:#} {e:?}");
    assert!(err.contains("401") && err.contains("invalid api key"), "{err}");
    assert!(!err.contains("sk-secret-abc"), "{err}");
    let req = server.requests.lock().unwrap()[0].to_ascii_lowercase();
    assert!(req.contains("authorization: bearer sk-secret-abc\r\n"));

    // A server that echoes the key back has it scrubbed from the error.
    let echo =
        serve(vec![vec![http_error("403 Forbidden", r#"{"error":{"message":"key sk-secret-abc is revoked"}}"#)]]).await;
    let mut cfg = config(&echo.base);
    cfg.api_key_env = Some("MEMDOOR_TEST_KEY_401".into());
    let e = answer(&OpenAiBackend::new(cfg).unwrap()).await.unwrap_err();
    let err = format!("{e:#} {e:?}");
    assert!(err.contains("revoked") && !err.contains("sk-secret-abc"), "{err}");

    let mut cfg = config(&server.base);
    cfg.api_key_env = Some("MEMDOOR_TEST_KEY_UNSET".into());
    let err = format!("{:#}", OpenAiBackend::new(cfg).unwrap_err());
    assert!(err.contains("MEMDOOR_TEST_KEY_UNSET"), "{err}");
}

/// A server that keeps the connection busy without answering, or answers
/// without end, does not hold a round: every stream ends.
#[tokio::test]
async fn streams_end_whatever_the_server_sends() {
    // Empty keep-alive events every 100 ms do not reset the 300 ms idle timer.
    let mut script = vec![send(SSE_HEAD), text("a")];
    for _ in 0..40 {
        script.extend([data(r#"{"choices":[]}"#), send(": ping\n\n"), Pause(100)]);
    }
    let t = Instant::now();
    let err = format!("{:#}", answer_with(vec![script], short_timeouts).await.0.unwrap_err());
    assert!(err.contains("idle"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(2), "took {:?}", t.elapsed());

    // A token every 100 ms keeps it alive, but not past the total deadline.
    let mut script = vec![send(SSE_HEAD)];
    for _ in 0..40 {
        script.extend([text("x"), Pause(100)]);
    }
    let total = |c: &mut OpenAiConfig| {
        short_timeouts(c);
        c.total_timeout = Duration::from_millis(700);
    };
    let err = format!("{:#}", answer_with(vec![script], total).await.0.unwrap_err());
    assert!(err.contains("total deadline"), "{err}");

    // An event that never ends is cut at max_event_bytes, not buffered until a timeout.
    let mut script = vec![send(SSE_HEAD), send("data: ")];
    for _ in 0..50 {
        script.extend([send("y".repeat(100)), Pause(10)]);
    }
    let small = |c: &mut OpenAiConfig| c.max_event_bytes = 1000;
    let err = format!("{:#}", answer_with(vec![script], small).await.0.unwrap_err());
    assert!(err.contains("max_event_kb"), "{err}");

    // Many small events: cut at max_answer_bytes.
    let mut script = vec![send(SSE_HEAD)];
    script.extend(std::iter::repeat_n(text("z"), 200));
    let small = |c: &mut OpenAiConfig| c.max_answer_bytes = 4000;
    let err = format!("{:#}", answer_with(vec![script], small).await.0.unwrap_err());
    assert!(err.contains("max_answer_kb"), "{err}");
}

#[tokio::test]
async fn an_unknown_finish_reason_counts_as_cut_off() {
    let script = vec![send(SSE_HEAD), text("par"), finish("content_filter"), send("data: [DONE]\n\n")];
    let (text, finish_reason, _) = answer_with(vec![script], |_| {}).await.0.unwrap();
    assert_eq!((text.as_str(), finish_reason), ("par", FinishReason::Length));
}
