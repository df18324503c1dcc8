//! `OpenAiBackend` against a scripted HTTP server on 127.0.0.1: each accepted
//! connection replays raw bytes (so tests control framing, splits and stalls)
//! and records the request it got.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::StreamExt;
use memdoor::model::openai::{chat_completions_url, OpenAiBackend, OpenAiConfig};
use memdoor::model::{ChatRequest, Chunk, FinishReason, Message, ModelBackend, Sampling, Usage};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

#[derive(Clone)]
enum Step {
    Send(Vec<u8>),
    /// The scripted stall (the server's side of a timeout test).
    Pause(u64),
    /// Read until the client closes the connection, then notify.
    HoldUntilClosed(Arc<Notify>),
}
use Step::*;

const SSE_HEAD: &str = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n";

fn send(s: impl AsRef<[u8]>) -> Step {
    Send(s.as_ref().to_vec())
}
fn data(json: &str) -> Step {
    send(format!("data: {json}\n\n"))
}
fn text(t: &str) -> Step {
    data(&format!(r#"{{"choices":[{{"index":0,"delta":{{"content":{}}},"finish_reason":null}}]}}"#, serde_json::json!(t)))
}
fn finish(reason: &str) -> Step {
    data(&format!(r#"{{"choices":[{{"index":0,"delta":{{}},"finish_reason":"{reason}"}}]}}"#))
}
fn http_error(status: &str, body: &str) -> Step {
    send(format!("HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}", body.len()))
}

struct Server {
    base: String,
    /// Heads and bodies of the requests received, in order.
    requests: Arc<Mutex<Vec<String>>>,
    connections: Arc<AtomicUsize>,
}

/// Connection `i` replays `scripts[i]` (the last script repeats).
async fn serve(scripts: Vec<Vec<Step>>) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let requests = Arc::new(Mutex::new(Vec::new()));
    let connections = Arc::new(AtomicUsize::new(0));
    let (reqs, conns) = (requests.clone(), connections.clone());
    tokio::spawn(async move {
        loop {
            let Ok((mut sock, _)) = listener.accept().await else { return };
            let i = conns.fetch_add(1, Ordering::SeqCst);
            let script = scripts[i.min(scripts.len() - 1)].clone();
            let reqs = reqs.clone();
            tokio::spawn(async move {
                sock.set_nodelay(true).unwrap();
                let req = read_request(&mut sock).await;
                reqs.lock().unwrap().push(req);
                for step in script {
                    match step {
                        Send(bytes) => {
                            if sock.write_all(&bytes).await.is_err() || sock.flush().await.is_err() {
                                return;
                            }
                        }
                        Pause(ms) => tokio::time::sleep(Duration::from_millis(ms)).await,
                        HoldUntilClosed(closed) => {
                            let mut buf = [0u8; 256];
                            while matches!(sock.read(&mut buf).await, Ok(n) if n > 0) {}
                            closed.notify_one();
                        }
                    }
                }
            });
        }
    });
    Server { base, requests, connections }
}

async fn read_request(sock: &mut TcpStream) -> String {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = sock.read(&mut chunk).await.unwrap();
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&buf).to_string();
        if let Some(end) = text.find("\r\n\r\n") {
            let len = text[..end]
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse::<usize>().unwrap()))
                .unwrap_or(0);
            if buf.len() >= end + 4 + len {
                break;
            }
        }
    }
    String::from_utf8(buf).unwrap()
}

fn config(base: &str) -> OpenAiConfig {
    OpenAiConfig {
        name: "test".into(),
        connect_timeout: Duration::from_secs(2),
        first_token_timeout: Duration::from_secs(5),
        idle_timeout: Duration::from_secs(5),
        retries: 0,
        ..OpenAiConfig::new(base, "tiny-model")
    }
}

fn request() -> ChatRequest {
    ChatRequest {
        messages: vec![Message::system("be brief"), Message::user("say hello")],
        sampling: Sampling { temperature: 0.7, top_p: Some(0.9), seed: 42, ..Sampling::default() },
        max_tokens: 64,
        ignore_stop: false,
    }
}

/// The whole answer, or the first error item; checks nothing follows Done.
async fn answer(backend: &OpenAiBackend) -> anyhow::Result<(String, FinishReason, Usage)> {
    let mut stream = backend.stream(request(), CancellationToken::new()).await?;
    let mut out = String::new();
    while let Some(chunk) = stream.next().await {
        match chunk? {
            Chunk::Text(t) => out.push_str(&t),
            Chunk::Restart => out.clear(),
            Chunk::Done { finish, usage } => {
                assert!(stream.next().await.is_none(), "items after Done");
                return Ok((out, finish, usage));
            }
        }
    }
    panic!("the stream ended without Done or an error");
}

async fn answer_with(scripts: Vec<Vec<Step>>, tweak: impl FnOnce(&mut OpenAiConfig)) -> (anyhow::Result<(String, FinishReason, Usage)>, Server) {
    let server = serve(scripts).await;
    let mut cfg = config(&server.base);
    tweak(&mut cfg);
    (answer(&OpenAiBackend::new(cfg).unwrap()).await, server)
}

#[test]
fn url_with_or_without_v1() {
    for base in ["http://h:1", "http://h:1/", "http://h:1/v1", "http://h:1/v1/"] {
        assert_eq!(chat_completions_url(base), "http://h:1/v1/chat/completions");
    }
}

#[tokio::test]
async fn streams_text_usage_and_sends_the_request_fields() {
    std::env::set_var("MEMDOOR_TEST_KEY_OK", "sk-test-123");
    let script = vec![
        send(SSE_HEAD),
        data(r#"{"choices":[{"index":0,"delta":{"role":"assistant"},"finish_reason":null}]}"#),
        data(r#"{"choices":[{"index":0,"delta":{"content":null},"finish_reason":null}]}"#),
        text("Hel"),
        data(r#"{"choices":null}"#),
        text("lo"),
        finish("stop"),
        data(r#"{"choices":[],"usage":{"prompt_tokens":7,"completion_tokens":2,"total_tokens":9}}"#),
        send("data: [DONE]\n\n"),
    ];
    let (got, server) = answer_with(vec![script], |c| {
        c.base_url = format!("{}/v1/", c.base_url);
        c.api_key_env = Some("MEMDOOR_TEST_KEY_OK".into());
    })
    .await;
    let (text, finish, usage) = got.unwrap();
    assert_eq!((text.as_str(), finish), ("Hello", FinishReason::Stop));
    assert_eq!((usage.prompt_tokens, usage.completion_tokens), (7, 2));
    assert!(usage.prompt_secs.is_some() && usage.generate_secs.is_some());

    let req = server.requests.lock().unwrap()[0].clone();
    assert!(req.starts_with("POST /v1/chat/completions HTTP/1.1\r\n"), "{req}");
    assert!(req.to_ascii_lowercase().contains("authorization: bearer sk-test-123\r\n"));
    let body: serde_json::Value = serde_json::from_str(&req[req.find("\r\n\r\n").unwrap() + 4..]).unwrap();
    assert_eq!(body["model"], "tiny-model");
    assert_eq!(body["stream"], true);
    assert_eq!(body["stream_options"]["include_usage"], true);
    assert_eq!(body["messages"][1]["content"], "say hello");
    assert_eq!((body["temperature"].as_f64(), body["top_p"].as_f64()), (Some(0.7), Some(0.9)));
    assert_eq!((body["max_tokens"].as_u64(), body["seed"].as_u64()), (Some(64), Some(42)));
}

#[tokio::test]
async fn split_utf8_bare_data_and_keepalive_comments() {
    let whole = text("é!");
    let Send(bytes) = whole else { unreachable!() };
    let cut = bytes.iter().position(|&b| b == 0xC3).unwrap() + 1; // inside `é`
    let script = vec![
        send(SSE_HEAD),
        send(": ping\n\n"),
        send(&bytes[..cut]),
        Pause(50),
        send(&bytes[cut..]),
        send(": keep-alive\n\n"),
        send("data:{\"choices\":[{\"index\":0,\"delta\":{\"content\":\" ok\"}}]}\n\n"),
        finish("stop"),
        send("data: [DONE]\n\n"),
    ];
    let (text, finish, usage) = answer_with(vec![script], |_| {}).await.0.unwrap();
    assert_eq!((text.as_str(), finish), ("é! ok", FinishReason::Stop));
    // No usage chunk: completion tokens are counted from the deltas.
    assert_eq!(usage.completion_tokens, 2);
}

#[tokio::test]
async fn crlf_lines_and_done_without_blank_line() {
    let script = vec![
        send(SSE_HEAD),
        send("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\r\n\r\n"),
        send("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"b\"},\"finish_reason\":\"length\"}]}\r\n\r\n"),
        send("data: [DONE]\r\n"),
    ];
    let (text, finish, _) = answer_with(vec![script], |_| {}).await.0.unwrap();
    assert_eq!((text.as_str(), finish), ("ab", FinishReason::Length));
}

#[tokio::test]
async fn missing_done_after_finish_is_fine_but_missing_finish_is_truncation() {
    let (got, _) = answer_with(vec![vec![send(SSE_HEAD), text("x"), finish("stop")]], |_| {}).await;
    assert_eq!(got.unwrap().0, "x");
    let (got, _) = answer_with(vec![vec![send(SSE_HEAD), text("x")]], |_| {}).await;
    let err = format!("{:#}", got.unwrap_err());
    assert!(err.contains("truncated"), "{err}");
}

#[tokio::test]
async fn reasoning_is_not_part_of_the_answer() {
    let script = vec![
        send(SSE_HEAD),
        data(r#"{"choices":[{"index":0,"delta":{"reasoning_content":"hmm, think","content":null}}]}"#),
        data(r#"{"choices":[{"index":0,"delta":{"reasoning":"more"}}]}"#),
        text("42"),
        finish("stop"),
    ];
    assert_eq!(answer_with(vec![script], |_| {}).await.0.unwrap().0, "42");
}

#[tokio::test]
async fn http_errors_fail_stream_with_status_and_message() {
    for status in ["400 Bad Request", "500 Internal Server Error"] {
        let server = serve(vec![vec![http_error(status, r#"{"error":{"message":"prompt too long","code":400}}"#)]]).await;
        let backend = OpenAiBackend::new(config(&server.base)).unwrap();
        let err = format!("{:#}", backend.stream(request(), CancellationToken::new()).await.err().expect("an error"));
        assert!(err.contains(&status[..3]) && err.contains("prompt too long"), "{err}");
    }
}

#[tokio::test]
async fn a_password_in_the_base_url_is_never_shown() {
    let server = serve(vec![vec![http_error("500 Internal Server Error", r#"{"error":{"message":"nope"}}"#)]]).await;
    let base = server.base.replacen("http://", "http://alice:s3cret-pw@", 1);
    let backend = OpenAiBackend::new(config(&base)).unwrap();
    assert!(!backend.shown_url().contains("s3cret-pw") && !format!("{backend:?}").contains("s3cret-pw"));
    let err = format!("{:#}", backend.stream(request(), CancellationToken::new()).await.err().expect("an error"));
    assert!(err.contains("alice:***@") && !err.contains("s3cret-pw"), "{err}");
    // Nor when nothing listens (reqwest's own error names the URL).
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let backend = OpenAiBackend::new(config(&format!("http://alice:s3cret-pw@{closed}"))).unwrap();
    let err = format!("{:#}", backend.stream(request(), CancellationToken::new()).await.err().expect("an error"));
    assert!(!err.contains("s3cret-pw"), "{err}");
}

#[tokio::test]
async fn error_frames_after_200_are_errors() {
    let openai = vec![send(SSE_HEAD), text("par"), data(r#"{"error":{"message":"boom","type":"server_error"}}"#)];
    let err = format!("{:#}", answer_with(vec![openai], |_| {}).await.0.unwrap_err());
    assert!(err.contains("boom"), "{err}");
    let llama = vec![send(SSE_HEAD), text("par"), send("error: {\"error\":{\"code\":500,\"message\":\"slot died\"}}\n\n")];
    let err = format!("{:#}", answer_with(vec![llama], |_| {}).await.0.unwrap_err());
    assert!(err.contains("slot died"), "{err}");
}

fn short_timeouts(c: &mut OpenAiConfig) {
    c.first_token_timeout = Duration::from_millis(300);
    c.idle_timeout = Duration::from_millis(300);
}

#[tokio::test]
async fn first_token_and_idle_timeouts_fail_fast() {
    let cases = [
        (vec![Pause(3000)], "first-token"),                       // no headers at all
        (vec![send(SSE_HEAD), Pause(3000)], "first-token"),       // headers, then nothing
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
        tokio::time::timeout(Duration::from_secs(5), closed.notified()).await.expect("the server saw its connection closed");
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
    let echo = serve(vec![vec![http_error("403 Forbidden", r#"{"error":{"message":"key sk-secret-abc is revoked"}}"#)]]).await;
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
