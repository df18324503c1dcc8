//! The handlers: what each route reads, checks and answers. Errors are the
//! API's error objects (`{"error": {"message", "type", …}}`), never a bare
//! status; nothing here logs a header.

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures::stream::{self, Stream};
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::checks::{check_id, json_body, loopback_host, loopback_origin, problem_error_status, read_body};
use super::run::{self, Frame};
use super::wire::*;
use super::{authorized, Busy, ClientId, Served};
use crate::model::{Message, Sampling};
use crate::problem::Problem;

fn error(status: StatusCode, kind: &'static str, code: Option<&'static str>, message: impl Into<String>) -> Response {
    let body = ErrorBody { error: ErrorDetail { message: message.into(), kind, param: None, code } };
    (status, Json(body)).into_response()
}

fn bad_request(message: impl Into<String>) -> Response {
    error(StatusCode::BAD_REQUEST, "invalid_request_error", None, message)
}

/// Every route asks for the key when the server has one; without one, it
/// answers only requests whose `Host` is a loopback name (a DNS-rebinding
/// page's requests name the page's host, and get nothing) and that come
/// from no page or from a page on this machine's loopback (`Origin`: any
/// other page a browser shows could otherwise make the team work).
pub(crate) async fn require_key(State(served): State<Arc<Served>>, request: Request, next: Next) -> Response {
    match &served.api_key {
        Some(key) => {
            let header = request.headers().get(header::AUTHORIZATION).and_then(|h| h.to_str().ok());
            if !authorized(header, key) {
                return error(
                    StatusCode::UNAUTHORIZED,
                    "invalid_request_error",
                    Some("invalid_api_key"),
                    "a valid API key is required: Authorization: Bearer <key>",
                );
            }
        }
        None if !loopback_host(request.headers()) => {
            let why = "this server has no API key, so it answers only requests addressed to a loopback name (Host: localhost, 127.0.0.1 or [::1]); start it with --api-key-env to serve other names";
            return error(StatusCode::FORBIDDEN, "invalid_request_error", Some("host_not_allowed"), why);
        }
        None if !loopback_origin(request.headers()) => {
            let why = "this server has no API key, so it answers no web page but one served from this machine's loopback (the request's Origin is another); start it with --api-key-env to serve pages";
            return error(StatusCode::FORBIDDEN, "invalid_request_error", Some("origin_not_allowed"), why);
        }
        None => {}
    }
    next.run(request).await
}

pub async fn models(State(served): State<Arc<Served>>) -> Json<ModelList> {
    let card = |id: String, owned_by: &str| ModelCard {
        id,
        object: "model",
        created: served.created,
        owned_by: owned_by.into(),
    };
    let mut data = vec![card(served.team_name.clone(), "memdoor")];
    data.extend(served.agent_models().into_iter().map(|m| card(m, "memdoor-agent")));
    Json(ModelList { object: "list", data })
}

fn completion_id() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!("chatcmpl-{}-{}", crate::memory::now_ms(), NEXT.fetch_add(1, Ordering::Relaxed))
}

/// The client a request counts against in the queue: its peer's address
/// (set by the accept loop; a router served some other way counts all as one).
fn client_of(request: &Request) -> ClientId {
    let ip = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    ClientId::of(ip.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)))
}

/// Parses the problem off the async threads (a problem's examples can cost
/// CPU time), a few at once; a parse error is the client's (400, or 413 for
/// a limit, decided in `checks::problem_error_status`).
async fn parse_problem(served: &Served, text: String) -> Result<Problem, Response> {
    // Never closed; a client that leaves while waiting drops this future and its place.
    let Ok(_permit) = served.parsing.acquire().await else {
        return Err(error(StatusCode::SERVICE_UNAVAILABLE, "server_error", None, "the server is stopping"));
    };
    let problem = match tokio::task::spawn_blocking(move || Problem::parse(&text)).await {
        Ok(Ok(p)) => p,
        Ok(Err(e)) => {
            return Err(error(problem_error_status(&e), "invalid_request_error", None, format!("the problem: {e:#}")))
        }
        Err(e) => {
            return Err(error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "server_error",
                None,
                format!("parsing the problem failed: {e}"),
            ))
        }
    };
    // The id names the run's task in the logs, the journal and Redis.
    check_id("question_id", &problem.id).map_err(bad_request)?;
    Ok(problem)
}

pub(crate) async fn chat_completions(State(served): State<Arc<Served>>, request: Request) -> Response {
    let client = client_of(&request);
    // Before a byte of the body: a page's `text/plain` POST needs no preflight, JSON does.
    if !json_body(request.headers()) {
        return error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "invalid_request_error",
            Some("unsupported_media_type"),
            "the request body must be JSON, sent with Content-Type: application/json",
        );
    }
    let (parts, body) = request.into_parts();
    let bytes = match read_body(&parts.headers, body, served.limits.max_body, served.limits.body_timeout).await {
        Ok(b) => b,
        Err(e) => return error(e.status(), "invalid_request_error", None, e.message()),
    };
    let req: ChatCompletionRequest = match serde_json::from_slice(&bytes) {
        Ok(r) => r,
        // Bad JSON, a wrong shape: the client's to fix.
        Err(e) => return bad_request(format!("the request body is not a chat completion request: {e}")),
    };
    if let Err(why) = check_id("model", &req.model) {
        return bad_request(why);
    }
    if req.messages.len() > served.limits.max_messages {
        return bad_request(format!(
            "{} messages; this server takes at most {}",
            req.messages.len(),
            served.limits.max_messages
        ));
    }
    let Some(text) = req.last_user_text() else {
        return bad_request("the conversation has no user message with text: the last one is the problem");
    };
    let cap = served.settings.team.max_tokens;
    let max_tokens = req.max_tokens().unwrap_or(cap).clamp(1, cap);
    let single = served.agents.iter().find(|a| a.backend.name() == req.model).map(|a| a.backend.clone());
    if req.model != served.team_name && single.is_none() {
        let known =
            std::iter::once(served.team_name.clone()).chain(served.agent_models()).collect::<Vec<_>>().join(", ");
        return error(
            StatusCode::NOT_FOUND,
            "invalid_request_error",
            Some("model_not_found"),
            format!("no model `{}` here; ask for one of: {known}", req.model),
        );
    }
    let problem = match single {
        Some(_) => None,
        None => match parse_problem(&served, text).await {
            Ok(p) => Some(p),
            Err(response) => return response,
        },
    };
    let ticket = match served.admission.enter(client) {
        Ok(t) => t,
        Err(busy) => {
            let why = match busy {
                Busy::QueueFull => "the team is busy and its queue is full; try again later".to_string(),
                Busy::ClientShare => format!("the team is busy and your address already holds {} of its queue's places, as many as one client may; try again later", served.limits.queue_per_client),
            };
            let mut response =
                error(StatusCode::TOO_MANY_REQUESTS, "rate_limit_error", Some("rate_limit_exceeded"), why);
            let secs = HeaderValue::from(served.limits.retry_after.as_secs());
            response.headers_mut().insert(header::RETRY_AFTER, secs);
            return response;
        }
    };
    let deadline = Instant::now() + served.limits.deadline;
    let cancel = tokio_util::sync::CancellationToken::new();
    // Dropped with the reply (a client that goes away): the work stops.
    let guard = cancel.clone().drop_guard();
    let start: Start = match (problem, single) {
        (Some(problem), _) => {
            let served = served.clone();
            Box::new(move || run::team(served, problem, max_tokens, cancel))
        }
        (None, Some(backend)) => {
            let messages = req.messages.iter().map(|m| Message { role: m.role.clone(), content: m.text() }).collect();
            let defaults = Sampling::default();
            // Within the API's ranges: 0–2, and a top-p that means something.
            let sampling = Sampling {
                temperature: req.temperature.unwrap_or(defaults.temperature).clamp(0.0, 2.0),
                top_p: req.top_p.or(defaults.top_p).map(|p| p.clamp(0.0, 1.0)),
                top_k: req.top_k().or(defaults.top_k),
                seed: req.seed.unwrap_or(defaults.seed),
                ..defaults
            };
            Box::new(move || run::single(backend, messages, sampling, max_tokens, cancel))
        }
        (None, None) => unreachable!("checked above"),
    };
    let reply = Reply { id: completion_id(), created: crate::memory::now_ms() / 1000, model: req.model.clone() };
    let deadline_secs = served.limits.deadline.as_secs();
    if req.stream {
        // A queued client hears at once, with the opening, why nothing comes yet.
        let queued = ticket
            .queued()
            .then(|| format!("memdoor: the team is busy; {} request(s) waiting, this one included\n", ticket.ahead));
        let (tx, frames) = mpsc::channel(STREAM_FRAMES);
        let why_ended = Arc::new(std::sync::Mutex::new(None));
        tokio::spawn(supervise(ticket, start, deadline, deadline_secs, tx, guard, why_ended.clone()));
        let streamed = Streamed { reply, queued, frames, why_ended, phase: Phase::Open };
        let events = sse_events(streamed, req.include_usage());
        return Sse::new(events).keep_alive(KeepAlive::default()).into_response();
    }
    let Ok(permit) = tokio::time::timeout_at(deadline, ticket.admitted()).await else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "server_error",
            None,
            format!("no place for the team within this server's deadline of {deadline_secs} s"),
        );
    };
    let response = whole(reply, start(), deadline, deadline_secs).await;
    drop((permit, guard));
    response
}

/// Starts a request's work, once it has its place.
type Start = Box<dyn FnOnce() -> mpsc::Receiver<Frame> + Send>;

struct Reply {
    id: String,
    created: u64,
    model: String,
}

impl Reply {
    fn chunk(&self, delta: Delta, finish_reason: Option<WireFinish>, usage: Option<WireUsage>) -> ChatCompletionChunk {
        let choices = if usage.is_some() { Vec::new() } else { vec![ChunkChoice { index: 0, delta, finish_reason }] };
        ChatCompletionChunk {
            id: self.id.clone(),
            object: "chat.completion.chunk",
            created: self.created,
            model: self.model.clone(),
            choices,
            usage,
        }
    }
}

/// The next frame, or `Failed` once the deadline passes.
async fn next_frame(frames: &mut mpsc::Receiver<Frame>, deadline: Instant, deadline_secs: u64) -> Frame {
    match tokio::time::timeout_at(deadline, frames.recv()).await {
        Ok(Some(frame)) => frame,
        Ok(None) => Frame::Failed("the work ended without an answer".into()),
        Err(_) => Frame::Failed(format!("no answer within this server's deadline of {deadline_secs} s")),
    }
}

async fn whole(reply: Reply, mut frames: mpsc::Receiver<Frame>, deadline: Instant, deadline_secs: u64) -> Response {
    let (mut reasoning, mut content) = (String::new(), String::new());
    loop {
        match next_frame(&mut frames, deadline, deadline_secs).await {
            Frame::Reasoning(r) => reasoning += &r,
            Frame::Content(c) => content += &c,
            Frame::Done { finish, usage } => {
                let message = AssistantMessage {
                    role: "assistant",
                    content,
                    reasoning_content: Some(reasoning).filter(|r| !r.is_empty()),
                };
                let choices = vec![Choice { index: 0, message, finish_reason: finish }];
                let body = ChatCompletion {
                    id: reply.id,
                    object: "chat.completion",
                    created: reply.created,
                    model: reply.model,
                    choices,
                    usage,
                };
                return Json(body).into_response();
            }
            Frame::Failed(why) => return error(StatusCode::INTERNAL_SERVER_ERROR, "server_error", None, why),
        }
    }
}

/// Frames a streamed reply holds for a client that reads slowly; past them its work waits for it.
const STREAM_FRAMES: usize = 64;

/// A streamed request's work, on a task of its own: waits for a place,
/// runs, and hands each frame to the reply. Its place and its work end at
/// the deadline by a timer — not when the reply is next polled, which a
/// client that stops reading never lets happen — or as soon as the client
/// is gone; a client still there hears why.
async fn supervise(
    ticket: super::Ticket,
    start: Start,
    deadline: Instant,
    deadline_secs: u64,
    tx: mpsc::Sender<Frame>,
    work_alive: tokio_util::sync::DropGuard,
    why_ended: WhyEnded,
) {
    let work = async {
        // Held until this block ends: when the work ends, the deadline passes or the client leaves.
        let Ok(_place) = tokio::time::timeout_at(deadline, ticket.admitted()).await else {
            return Some(format!("no place for the team within this server's deadline of {deadline_secs} s"));
        };
        let mut frames = start();
        loop {
            let frame = next_frame(&mut frames, deadline, deadline_secs).await;
            let last = matches!(frame, Frame::Done { .. } | Frame::Failed(_));
            match tokio::time::timeout_at(deadline, tx.send(frame)).await {
                Ok(Ok(())) if !last => {}
                Ok(_) => break None,
                Err(_) => {
                    break Some(format!(
                        "no answer within this server's deadline of {deadline_secs} s (the client read too slowly)"
                    ))
                }
            }
        }
    };
    let failed = tokio::select! {
        failed = work => failed,
        () = tx.closed() => None,
    };
    // The place and the work are given up here, whether or not the client reads what follows.
    drop(work_alive);
    if let Some(why) = failed {
        // A client that read too slowly has no room left in the channel: the reply reads why from here.
        if let Err(full) = tx.try_send(Frame::Failed(why)) {
            let Frame::Failed(why) = full.into_inner() else { return };
            *why_ended.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
        }
    }
}

/// Why a streamed reply's work ended, when its last frame could not be sent.
type WhyEnded = Arc<std::sync::Mutex<Option<String>>>;

/// Where a streamed reply is: its opening frame, the work's frames, the
/// usage frame, `[DONE]`, the end.
enum Phase {
    Open,
    Frames,
    Usage(WireUsage),
    Done,
    End,
}

/// A streamed reply's state: it starts before the request has its place,
/// so a queued client hears at once that it waits, and why.
struct Streamed {
    reply: Reply,
    /// What the opening says of the queue, when the request waits in it.
    queued: Option<String>,
    frames: mpsc::Receiver<Frame>,
    why_ended: WhyEnded,
    phase: Phase,
}

fn json(value: &ChatCompletionChunk) -> Event {
    Event::default().data(serde_json::to_string(value).unwrap_or_default())
}

fn sse_events(work: Streamed, include_usage: bool) -> impl Stream<Item = Result<Event, Infallible>> {
    stream::unfold(work, move |mut work| async move {
        let phase = std::mem::replace(&mut work.phase, Phase::End);
        let (event, next) = match phase {
            Phase::Open => {
                let opening =
                    Delta { role: Some("assistant"), reasoning_content: work.queued.take(), ..Delta::default() };
                (json(&work.reply.chunk(opening, None, None)), Phase::Frames)
            }
            Phase::Frames => match work.frames.recv().await {
                Some(Frame::Reasoning(r)) => (
                    json(&work.reply.chunk(Delta { reasoning_content: Some(r), ..Delta::default() }, None, None)),
                    Phase::Frames,
                ),
                Some(Frame::Content(c)) => {
                    (json(&work.reply.chunk(Delta { content: Some(c), ..Delta::default() }, None, None)), Phase::Frames)
                }
                Some(Frame::Done { finish, usage }) => {
                    let next = if include_usage { Phase::Usage(usage) } else { Phase::Done };
                    (json(&work.reply.chunk(Delta::default(), Some(finish), None)), next)
                }
                // OpenAI's clients raise an error for a frame holding an error object.
                failed => {
                    let why = match failed {
                        Some(Frame::Failed(why)) => why,
                        _ => work
                            .why_ended
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .take()
                            .unwrap_or_else(|| "the work ended without an answer".to_string()),
                    };
                    let body = ErrorBody {
                        error: ErrorDetail { message: why, kind: "server_error", param: None, code: None },
                    };
                    (Event::default().data(serde_json::to_string(&body).unwrap_or_default()), Phase::End)
                }
            },
            Phase::Usage(usage) => (json(&work.reply.chunk(Delta::default(), None, Some(usage))), Phase::Done),
            Phase::Done => (Event::default().data("[DONE]"), Phase::End),
            Phase::End => return None,
        };
        work.phase = next;
        Some((Ok(event), work))
    })
}
