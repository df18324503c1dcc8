//! memdoor's own local engine behind a minimal OpenAI-compatible HTTP server
//! on 127.0.0.1 (one connection per request, `connection: close`): it reads
//! the chat request, runs it on a `ModelBackend`, and streams SSE `data:`
//! frames — one per text delta, a finish frame, a usage frame, `[DONE]` —
//! as llama-server and vLLM do. Enough for the real client and the real
//! binary to meet the real model over HTTP.

#![allow(dead_code)]

use std::sync::{Arc, Mutex};

use futures::StreamExt;
use memdoor::model::{ChatRequest, Chunk, FinishReason, Message, ModelBackend, Sampling};
use serde::Deserialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;

pub struct OpenAiServer {
    /// `http://127.0.0.1:PORT` (clients add `/v1/chat/completions`).
    pub base: String,
    /// The `model` field of every chat request served, in order.
    pub models: Arc<Mutex<Vec<String>>>,
}

#[derive(Deserialize)]
struct Body {
    model: String,
    messages: Vec<Message>,
    max_tokens: usize,
    #[serde(default)]
    temperature: f64,
    top_p: Option<f64>,
    #[serde(default)]
    seed: i64,
    /// llama.cpp's and vLLM's extension, sent by `memdoor bench engine`.
    #[serde(default)]
    ignore_eos: bool,
}

/// Serves `backend` until the test's runtime ends. With `key`, a request
/// without `Authorization: Bearer KEY` gets a 401.
pub async fn serve(backend: Arc<dyn ModelBackend>, key: Option<String>) -> OpenAiServer {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let models = Arc::new(Mutex::new(Vec::new()));
    let seen = models.clone();
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            tokio::spawn(handle(sock, backend.clone(), key.clone(), seen.clone()));
        }
    });
    OpenAiServer { base, models }
}

async fn reply(sock: &mut TcpStream, status: &str, body: &str) {
    let head = format!("HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n", body.len());
    let _ = sock.write_all(format!("{head}{body}").as_bytes()).await;
}

async fn handle(mut sock: TcpStream, backend: Arc<dyn ModelBackend>, key: Option<String>, seen: Arc<Mutex<Vec<String>>>) {
    let Some((head, body)) = read_request(&mut sock).await else { return };
    if !head.starts_with("POST /v1/chat/completions ") {
        return reply(&mut sock, "404 Not Found", r#"{"error":{"message":"no such route"}}"#).await;
    }
    let authorized = key.as_ref().is_none_or(|k| head.lines().any(|l| l.eq_ignore_ascii_case(&format!("authorization: Bearer {k}"))));
    if !authorized {
        return reply(&mut sock, "401 Unauthorized", r#"{"error":{"message":"bad or missing API key"}}"#).await;
    }
    let body: Body = match serde_json::from_slice(&body) {
        Ok(b) => b,
        Err(e) => return reply(&mut sock, "400 Bad Request", &serde_json::json!({"error": {"message": e.to_string()}}).to_string()).await,
    };
    seen.lock().unwrap().push(body.model.clone());
    let req = ChatRequest {
        messages: body.messages,
        sampling: Sampling { temperature: body.temperature, top_p: body.top_p, seed: body.seed as u64, ..Sampling::default() },
        max_tokens: body.max_tokens,
        ignore_stop: body.ignore_eos,
    };
    // Dropping the stream (the client went away) stops the generation.
    let cancel = CancellationToken::new();
    let _stop = cancel.clone().drop_guard();
    let mut stream = match backend.stream(req, cancel).await {
        Ok(s) => s,
        Err(e) => return reply(&mut sock, "500 Internal Server Error", &serde_json::json!({"error": {"message": format!("{e:#}")}}).to_string()).await,
    };
    let head = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\nconnection: close\r\n\r\n";
    if sock.write_all(head.as_bytes()).await.is_err() {
        return;
    }
    let frame = |v: serde_json::Value| format!("data: {v}\n\n");
    while let Some(chunk) = stream.next().await {
        let out = match chunk {
            Ok(Chunk::Text(t)) => frame(serde_json::json!({"choices": [{"index": 0, "delta": {"content": t}, "finish_reason": null}]})),
            Ok(Chunk::Restart) => continue,
            Ok(Chunk::Done { finish, usage }) => {
                let reason = if finish == FinishReason::Length { "length" } else { "stop" };
                let usage = serde_json::json!({"prompt_tokens": usage.prompt_tokens, "completion_tokens": usage.completion_tokens,
                    "total_tokens": usage.prompt_tokens + usage.completion_tokens});
                frame(serde_json::json!({"choices": [{"index": 0, "delta": {}, "finish_reason": reason}]}))
                    + &frame(serde_json::json!({"choices": [], "usage": usage}))
                    + "data: [DONE]\n\n"
            }
            // llama-server's way of failing mid-stream.
            Err(e) => format!("error: {}\n\n", serde_json::json!({"error": {"message": format!("{e:#}")}})),
        };
        if sock.write_all(out.as_bytes()).await.is_err() || sock.flush().await.is_err() {
            return;
        }
    }
}

/// The request head (as text) and body, read to `content-length`.
async fn read_request(sock: &mut TcpStream) -> Option<(String, Vec<u8>)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..end]).to_string();
            let len = head
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").and_then(|v| v.trim().parse::<usize>().ok()))
                .unwrap_or(0);
            if buf.len() >= end + 4 + len {
                return Some((head, buf[end + 4..end + 4 + len].to_vec()));
            }
        }
        match sock.read(&mut chunk).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
}
