//! memdoor's own local engine behind a minimal OpenAI-compatible HTTP server
//! on 127.0.0.1 (axum): it reads the chat request, runs it on a
//! `ModelBackend`, and streams SSE `data:` frames — one per text delta, a
//! finish frame, a usage frame, `[DONE]` — as llama-server and vLLM do.
//! Enough for the real client and the real binary to meet the real model
//! over HTTP. (Faults a well-behaved server never sends are
//! `scripted_sse.rs`'s, written byte by byte.)

use std::sync::{Arc, Mutex};

use axum::body::{Body as HttpBody, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use memdoor::model::{ChatRequest, Chunk, FinishReason, Message, ModelBackend, Sampling};
use serde::Deserialize;
use tokio::net::TcpListener;
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
    let served = Served { backend, key, seen: models.clone() };
    let app = axum::Router::new().route("/v1/chat/completions", axum::routing::post(chat)).with_state(Arc::new(served));
    tokio::spawn(async move { axum::serve(listener, app).await });
    OpenAiServer { base, models }
}

struct Served {
    backend: Arc<dyn ModelBackend>,
    key: Option<String>,
    seen: Arc<Mutex<Vec<String>>>,
}

fn error(status: StatusCode, message: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        serde_json::json!({"error": {"message": message}}).to_string(),
    )
        .into_response()
}

async fn chat(State(served): State<Arc<Served>>, headers: HeaderMap, body: Bytes) -> Response {
    let given = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
    if served.key.as_ref().is_some_and(|k| given != Some(format!("Bearer {k}").as_str())) {
        return error(StatusCode::UNAUTHORIZED, "bad or missing API key");
    }
    let body: Body = match serde_json::from_slice(&body) {
        Ok(b) => b,
        Err(e) => return error(StatusCode::BAD_REQUEST, &e.to_string()),
    };
    served.seen.lock().unwrap().push(body.model.clone());
    let req = ChatRequest {
        messages: body.messages,
        sampling: Sampling {
            temperature: body.temperature,
            top_p: body.top_p,
            seed: body.seed as u64,
            ..Sampling::default()
        },
        max_tokens: body.max_tokens,
        ignore_stop: body.ignore_eos,
    };
    let cancel = CancellationToken::new();
    let stop = cancel.clone().drop_guard();
    let stream = match served.backend.stream(req, cancel).await {
        Ok(s) => s,
        Err(e) => return error(StatusCode::INTERNAL_SERVER_ERROR, &format!("{e:#}")),
    };
    let frame = |v: serde_json::Value| format!("data: {v}\n\n");
    // The guard lives in the body: when the client goes away the body is
    // dropped, and the generation stops.
    let frames = stream.filter_map(move |chunk| {
        let _alive = &stop;
        let out = match chunk {
            Ok(Chunk::Text(t)) => Some(frame(serde_json::json!({"choices": [{"index": 0, "delta": {"content": t}, "finish_reason": null}]}))),
            Ok(Chunk::Restart) => None,
            Ok(Chunk::Done { finish, usage }) => {
                let reason = if finish == FinishReason::Length { "length" } else { "stop" };
                let usage = serde_json::json!({"prompt_tokens": usage.prompt_tokens, "completion_tokens": usage.completion_tokens,
                    "total_tokens": usage.prompt_tokens + usage.completion_tokens});
                Some(
                    frame(serde_json::json!({"choices": [{"index": 0, "delta": {}, "finish_reason": reason}]}))
                        + &frame(serde_json::json!({"choices": [], "usage": usage}))
                        + "data: [DONE]\n\n",
                )
            }
            // llama-server's way of failing mid-stream.
            Err(e) => Some(format!("error: {}\n\n", serde_json::json!({"error": {"message": format!("{e:#}")}}))),
        };
        futures::future::ready(out.map(Ok::<_, std::convert::Infallible>))
    });
    ([(header::CONTENT_TYPE, "text/event-stream"), (header::CACHE_CONTROL, "no-cache")], HttpBody::from_stream(frames))
        .into_response()
}
