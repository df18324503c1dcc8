//! A scripted HTTP server on 127.0.0.1 for `OpenAiBackend`'s tests: each
//! accepted connection replays raw bytes (so tests control framing, splits
//! and stalls) and records the request it got; and the client side's
//! helpers (a config, a request, the whole answer).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::StreamExt;
use memdoor::model::openai::{OpenAiBackend, OpenAiConfig};
use memdoor::model::{ChatRequest, Chunk, FinishReason, Message, ModelBackend, Sampling, Usage};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

#[derive(Clone)]
pub enum Step {
    Send(Vec<u8>),
    /// The scripted stall (the server's side of a timeout test).
    Pause(u64),
    /// Read until the client closes the connection, then notify.
    HoldUntilClosed(Arc<Notify>),
}
pub use Step::*;

pub const SSE_HEAD: &str = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n";

pub fn send(s: impl AsRef<[u8]>) -> Step {
    Send(s.as_ref().to_vec())
}
pub fn data(json: &str) -> Step {
    send(format!("data: {json}\n\n"))
}
pub fn text(t: &str) -> Step {
    data(&format!(
        r#"{{"choices":[{{"index":0,"delta":{{"content":{}}},"finish_reason":null}}]}}"#,
        serde_json::json!(t)
    ))
}
pub fn finish(reason: &str) -> Step {
    data(&format!(r#"{{"choices":[{{"index":0,"delta":{{}},"finish_reason":"{reason}"}}]}}"#))
}
pub fn http_error(status: &str, body: &str) -> Step {
    send(format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    ))
}

pub struct Server {
    pub base: String,
    /// Heads and bodies of the requests received, in order.
    pub requests: Arc<Mutex<Vec<String>>>,
    pub connections: Arc<AtomicUsize>,
}

/// Connection `i` replays `scripts[i]` (the last script repeats).
pub async fn serve(scripts: Vec<Vec<Step>>) -> Server {
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

pub async fn read_request(sock: &mut TcpStream) -> String {
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
                .find_map(|l| {
                    l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse::<usize>().unwrap())
                })
                .unwrap_or(0);
            if buf.len() >= end + 4 + len {
                break;
            }
        }
    }
    String::from_utf8(buf).unwrap()
}

pub fn config(base: &str) -> OpenAiConfig {
    OpenAiConfig {
        name: "test".into(),
        connect_timeout: Duration::from_secs(2),
        first_token_timeout: Duration::from_secs(5),
        idle_timeout: Duration::from_secs(5),
        retries: 0,
        ..OpenAiConfig::new(base, "tiny-model")
    }
}

pub fn request() -> ChatRequest {
    ChatRequest {
        messages: vec![Message::system("be brief"), Message::user("say hello")],
        sampling: Sampling { temperature: 0.7, top_p: Some(0.9), seed: 42, ..Sampling::default() },
        max_tokens: 64,
        ignore_stop: false,
    }
}

/// The whole answer, or the first error item; checks nothing follows Done.
pub async fn answer(backend: &OpenAiBackend) -> anyhow::Result<(String, FinishReason, Usage)> {
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

pub async fn answer_with(
    scripts: Vec<Vec<Step>>,
    tweak: impl FnOnce(&mut OpenAiConfig),
) -> (anyhow::Result<(String, FinishReason, Usage)>, Server) {
    let server = serve(scripts).await;
    let mut cfg = config(&server.base);
    tweak(&mut cfg);
    (answer(&OpenAiBackend::new(cfg).unwrap()).await, server)
}
