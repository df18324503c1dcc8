//! The task behind one `OpenAiBackend::stream`: send the POST (retrying while
//! nothing has reached the caller), read the SSE body, turn it into `Chunk`s.
//! It owns the HTTP response, so returning from here closes the connection;
//! every exit checks the cancel token first so a cancel is never mistaken
//! for a server failure.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use eventsource_stream::Eventsource;
use futures::StreamExt;
use reqwest::header::{HeaderValue, ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use reqwest::StatusCode;
use tokio::sync::{mpsc, oneshot};
use tokio::time::timeout;
use tokio_util::sync::CancellationToken;

use super::wire::{self, StreamChunk, WireUsage};
use crate::{Chunk, FinishReason, Usage};

/// Raw body bytes kept to explain a stream that died (llama.cpp's `error:` line).
const TAIL_BYTES: usize = 8192;
/// An HTTP error body longer than this is cut: only its message matters.
const ERROR_BODY_BYTES: usize = 16 * 1024;

pub struct Shared {
    pub client: reqwest::Client,
    pub url: String,
    /// `url` with any password in it shown as `***`: what messages and logs show.
    pub shown_url: String,
    pub auth: Option<HeaderValue>,
    /// The key and any password in the URL, only to scrub them from text a server (or reqwest) sends back.
    pub secrets: Vec<String>,
    pub model: String,
    pub first_token_timeout: Duration,
    pub idle_timeout: Duration,
    /// From sending the request to the end of the answer, whatever arrives meanwhile.
    pub total_timeout: Duration,
    pub max_event_bytes: usize,
    pub max_answer_bytes: usize,
    pub retries: u32,
}

impl Shared {
    fn redact(&self, text: String) -> String {
        let text = text.replace(self.url.as_str(), &self.shown_url);
        self.secrets.iter().fold(text, |t, s| t.replace(s.as_str(), "[redacted]"))
    }
}

type Tx = mpsc::Sender<Result<Chunk>>;
type Ready = Option<oneshot::Sender<Result<()>>>;

enum Outcome {
    /// Done (or cancelled) was sent, or the caller is gone.
    Finished,
    Failed {
        err: anyhow::Error,
        retryable: bool,
    },
}

fn failed(err: anyhow::Error, retryable: bool) -> Outcome {
    Outcome::Failed { err, retryable }
}

pub async fn run(
    sh: Arc<Shared>,
    body: Vec<u8>,
    tx: Tx,
    ready: oneshot::Sender<Result<()>>,
    cancel: CancellationToken,
) {
    let mut ready = Some(ready);
    let mut attempt = 0;
    let mut backoff = crate::backoff::Backoff::new(Duration::from_millis(200), Duration::from_secs(5));
    loop {
        let (err, retryable) = match attempt_once(&sh, &body, &tx, &mut ready, &cancel).await {
            Outcome::Finished => return,
            Outcome::Failed { err, retryable } => (err, retryable),
        };
        let err = anyhow!(sh.redact(format!("{err:#}")));
        if !retryable || attempt >= sh.retries {
            match ready.take() {
                Some(r) => drop(r.send(Err(err))),
                None => drop(tx.send(Err(err)).await),
            }
            return;
        }
        let wait = backoff.next_wait();
        tracing::warn!(url = %sh.shown_url, attempt = attempt + 1, error = %err, "model request failed before the first token; retrying in {wait:?}");
        tokio::select! {
            biased;
            _ = cancel.cancelled() => return send_done(&tx, &mut ready, FinishReason::Cancelled, Usage::default()).await,
            _ = tokio::time::sleep(wait) => {}
        }
        attempt += 1;
    }
}

/// Releases `stream()` (if still waiting) and sends the closing chunk.
async fn send_done(tx: &Tx, ready: &mut Ready, finish: FinishReason, usage: Usage) {
    if let Some(r) = ready.take() {
        let _ = r.send(Ok(()));
    }
    let _ = tx.send(Ok(Chunk::Done { finish, usage })).await;
}

/// What one response has shown so far.
struct Progress {
    started: Instant,
    /// When text, reasoning or a finish last arrived: the idle timeout runs
    /// from here. Events without any (keep-alives, `{"choices":[]}`) do not move it.
    progressed: Option<Instant>,
    first_token: Option<Instant>,
    text_sent: bool,
    deltas: usize,
    finish: Option<FinishReason>,
    usage: Option<WireUsage>,
}

impl Progress {
    fn usage(&self) -> Usage {
        let end = Instant::now();
        Usage {
            prompt_tokens: self.usage.map_or(0, |u| u.prompt_tokens),
            // A server's own prompt cache is not reported here.
            prompt_reused: 0,
            // Without a usage chunk, one delta is about one token.
            completion_tokens: self.usage.map_or(self.deltas, |u| u.completion_tokens),
            prompt_secs: self.first_token.map(|t| (t - self.started).as_secs_f64()),
            generate_secs: self.first_token.map(|t| (end - t).as_secs_f64()),
        }
    }

    fn token(&mut self) {
        let now = Instant::now();
        self.first_token.get_or_insert(now);
        self.progressed = Some(now);
    }
}

fn finish_reason(reason: &str) -> FinishReason {
    match reason {
        "length" => FinishReason::Length,
        "stop" | "eos" => FinishReason::Stop,
        other => {
            // `content_filter` and the like: the answer did not end as the model meant.
            tracing::warn!(finish_reason = other, "unusual finish_reason; treating the answer as cut off");
            FinishReason::Length
        }
    }
}

async fn attempt_once(sh: &Shared, body: &[u8], tx: &Tx, ready: &mut Ready, cancel: &CancellationToken) -> Outcome {
    let url = &sh.shown_url;
    let mut st = Progress {
        started: Instant::now(),
        progressed: None,
        first_token: None,
        text_sent: false,
        deltas: 0,
        finish: None,
        usage: None,
    };
    let mut request = sh
        .client
        .post(&sh.url)
        .header(CONTENT_TYPE, "application/json")
        .header(ACCEPT, "text/event-stream")
        .body(body.to_vec());
    if let Some(auth) = &sh.auth {
        request = request.header(AUTHORIZATION, auth.clone());
    }
    let sent = tokio::select! {
        biased;
        _ = cancel.cancelled() => {
            send_done(tx, ready, FinishReason::Cancelled, st.usage()).await;
            return Outcome::Finished;
        }
        r = timeout(sh.first_token_timeout, request.send()) => r,
    };
    let resp = match sent {
        Err(_) => {
            return failed(
                anyhow!("POST {url}: no response within {:?} (first-token timeout)", sh.first_token_timeout),
                true,
            )
        }
        Ok(Err(e)) => {
            let what = if e.is_connect() { "could not connect" } else { "sending the request failed" };
            return failed(anyhow::Error::new(e).context(format!("POST {url}: {what}")), true);
        }
        Ok(Ok(resp)) => resp,
    };
    let status = resp.status();
    if !status.is_success() {
        let msg = read_error_body(resp, sh.idle_timeout).await;
        let retryable = status.is_server_error()
            || status == StatusCode::TOO_MANY_REQUESTS
            || status == StatusCode::REQUEST_TIMEOUT;
        return failed(anyhow!("POST {url}: HTTP {status}: {msg}"), retryable);
    }
    if let Some(r) = ready.take() {
        let _ = r.send(Ok(()));
    }

    let tail = Arc::new(Mutex::new(Vec::<u8>::new()));
    let tail_in = tail.clone();
    let mut events = super::caps::capped(resp.bytes_stream(), sh.max_event_bytes, sh.max_answer_bytes)
        .inspect(move |bytes| {
            if let (Ok(bytes), Ok(mut t)) = (bytes, tail_in.lock()) {
                t.extend_from_slice(bytes);
                let excess = t.len().saturating_sub(TAIL_BYTES);
                t.drain(..excess);
            }
        })
        .eventsource();
    let llama_error = || tail.lock().ok().and_then(|t| wire::llama_error_line(&t));

    loop {
        let quiet = match st.progressed {
            Some(at) => sh.idle_timeout.saturating_sub(at.elapsed()),
            None => sh.first_token_timeout.saturating_sub(st.started.elapsed()),
        };
        let total_left = sh.total_timeout.saturating_sub(st.started.elapsed());
        let limit = quiet.min(total_left);
        let next = tokio::select! {
            biased;
            _ = cancel.cancelled() => {
                send_done(tx, ready, FinishReason::Cancelled, st.usage()).await;
                return Outcome::Finished;
            }
            r = timeout(limit, events.next()) => r,
        };
        let event = match next {
            Ok(Some(Ok(event))) => event,
            // After a finish_reason only usage and `[DONE]` can be missing:
            // the answer itself is whole.
            _ if st.finish.is_some() => break,
            Err(_) if sh.total_timeout.saturating_sub(st.started.elapsed()).is_zero() => {
                let what = format!("no whole answer within {:?} (total deadline)", sh.total_timeout);
                return failed(anyhow!("{url}: {what}"), !st.text_sent);
            }
            Err(_) => {
                let what = if st.progressed.is_some() {
                    format!("no token for {:?} (idle timeout)", sh.idle_timeout)
                } else {
                    format!("no token within {:?} (first-token timeout)", sh.first_token_timeout)
                };
                return failed(anyhow!("{url}: {what}"), !st.text_sent);
            }
            Ok(None) => {
                if let Some(msg) = llama_error() {
                    return failed(anyhow!("{url}: the server reported an error mid-stream: {msg}"), false);
                }
                let err = anyhow!("{url}: the stream ended without a finish_reason: the answer is truncated");
                return failed(err, !st.text_sent);
            }
            Ok(Some(Err(e))) => {
                let msg = llama_error().map(|m| format!(" (server said: {m})")).unwrap_or_default();
                return failed(anyhow!("{url}: reading the stream failed: {e}{msg}"), !st.text_sent);
            }
        };
        let data = event.data.trim();
        if data == "[DONE]" {
            // An explicit end: servers that omit finish_reason still meant to stop.
            st.finish.get_or_insert(FinishReason::Stop);
            break;
        }
        let chunk: StreamChunk = match serde_json::from_str(data) {
            Ok(c) => c,
            Err(e) => {
                let start: String = data.chars().take(200).collect();
                return failed(anyhow!("{url}: a stream event is not the expected JSON ({e}): {start}"), false);
            }
        };
        if let Some(e) = &chunk.error {
            return failed(anyhow!("{url}: the server reported an error mid-stream: {}", wire::error_text(e)), false);
        }
        if chunk.usage.is_some() {
            st.usage = chunk.usage;
        }
        for choice in chunk.choices.into_iter().flatten().filter(|c| c.index == 0) {
            let delta = choice.delta.unwrap_or_default();
            if let Some(thought) = delta.reasoning_content.or(delta.reasoning).filter(|t| !t.is_empty()) {
                st.token();
                tracing::debug!(target: "memdoor::model::openai::reasoning", "{thought}");
            }
            if let Some(text) = delta.content.filter(|t| !t.is_empty()) {
                st.token();
                st.deltas += 1;
                if tx.send(Ok(Chunk::Text(text))).await.is_err() {
                    return Outcome::Finished; // the caller dropped the stream
                }
                st.text_sent = true;
            }
            if let Some(reason) = choice.finish_reason {
                st.progressed = Some(Instant::now());
                st.finish = Some(finish_reason(&reason));
            }
        }
    }
    let finish = st.finish.unwrap_or(FinishReason::Stop);
    send_done(tx, ready, finish, st.usage()).await;
    Outcome::Finished
}

/// The message of a non-2xx answer, bounded in size and time: a server that
/// errs and then stalls must not hang `stream()`.
async fn read_error_body(resp: reqwest::Response, limit: Duration) -> String {
    let mut body = Vec::new();
    let mut chunks = resp.bytes_stream();
    let read = timeout(limit, async {
        while let Some(Ok(bytes)) = chunks.next().await {
            body.extend_from_slice(&bytes);
            if body.len() >= ERROR_BODY_BYTES {
                break;
            }
        }
    })
    .await;
    if read.is_err() && body.is_empty() {
        return "(no body before the idle timeout)".into();
    }
    wire::http_error_message(&body)
}
