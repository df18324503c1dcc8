//! `memdoor serve`'s limits and failures, in-process over real HTTP (issue
//! #17): a client that goes away stops the team's work, a full queue gets
//! 429 with Retry-After, bad requests get 400 with an OpenAI error object,
//! an oversized body 413, a wrong key 401, and a request past its deadline an error. The agents
//! here write forever until cancelled, so only cancellation can stop them.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures::stream::{self, BoxStream, StreamExt};
use memdoor::judge::sandbox::{Limits, Sandbox, SandboxMode};
use memdoor::model::{ChatRequest, Chunk, ModelBackend};
use memdoor::serve::{ServeLimits, Served};
use memdoor::session::SessionSettings;
use memdoor_testkit::eventually::eventually;
use tokio_util::sync::CancellationToken;

/// Counts the streams alive: one per agent writing.
struct Active(Arc<AtomicUsize>);

impl Drop for Active {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A model that writes a token every 10 ms for ever, until cancelled or dropped.
struct Endless {
    active: Arc<AtomicUsize>,
}

#[async_trait::async_trait]
impl ModelBackend for Endless {
    fn name(&self) -> &str {
        "endless"
    }
    async fn stream(
        &self,
        _req: ChatRequest,
        cancel: CancellationToken,
    ) -> anyhow::Result<BoxStream<'static, anyhow::Result<Chunk>>> {
        self.active.fetch_add(1, Ordering::SeqCst);
        let alive = Active(self.active.clone());
        // The pace of a model writing, not a wait for a condition.
        let tokens = stream::unfold((alive, cancel), |(alive, cancel)| async move {
            tokio::select! {
                _ = cancel.cancelled() => None,
                _ = tokio::time::sleep(Duration::from_millis(10)) => Some((Ok(Chunk::Text("x ".into())), (alive, cancel))),
            }
        });
        Ok(tokens.boxed())
    }
}

struct Server {
    base: String,
    active: Arc<AtomicUsize>,
}

async fn start(limits: ServeLimits, key: Option<&str>) -> Server {
    let active = Arc::new(AtomicUsize::new(0));
    let backend: Arc<dyn ModelBackend> = Arc::new(Endless { active: active.clone() });
    let mut cfg = memdoor::config::Config::default();
    cfg.team.agents = Some(2);
    cfg.team.rounds = 1;
    cfg.team.agent_tests = false;
    let settings = SessionSettings::from_config(&cfg);
    let agents = settings.agents(|_| backend.clone());
    let sandbox = Sandbox::open(SandboxMode::Weak, Limits::default()).await.unwrap();
    let mut served = Served::new(settings, agents, None, sandbox, limits);
    served.journals = false;
    served.api_key = key.map(str::to_string);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    // The server's own accept loop, as `memdoor serve` runs it.
    tokio::spawn(memdoor::serve::serve_on(listener, Arc::new(served), CancellationToken::new()));
    Server { base, active }
}

/// Waits (10 s at most) until `n` agent streams are alive.
async fn active_reaches(server: &Server, n: usize, what: &str) {
    let active = server.active.clone();
    eventually(what, Duration::from_secs(10), || {
        let active = active.clone();
        async move { active.load(Ordering::SeqCst) == n }
    })
    .await;
}

fn chat(stream: bool) -> serde_json::Value {
    serde_json::json!({ "model": "memdoor-team", "stream": stream, "messages": [{ "role": "user", "content": "Write a Python function f()." }] })
}

async fn post(base: &str, body: impl Into<reqwest::Body>, key: Option<&str>) -> reqwest::Response {
    let mut req = reqwest::Client::new()
        .post(format!("{base}/chat/completions"))
        .header("content-type", "application/json")
        .body(body);
    if let Some(k) = key {
        req = req.bearer_auth(k);
    }
    req.send().await.unwrap()
}

async fn error_of(response: reqwest::Response) -> serde_json::Value {
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "an OpenAI error object: {body}");
    body["error"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_goes_away_mid_stream_stops_the_team() {
    let server = start(ServeLimits::default(), None).await;
    let mut response = post(&server.base, chat(true).to_string(), None).await;
    assert_eq!(response.status(), 200);
    let first = response.chunk().await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&first).starts_with("data: "), "{first:?}");
    active_reaches(&server, 2, "both agents writing").await;
    drop(response);
    active_reaches(&server, 0, "every stream of the team to stop").await;
    // Its place is free again: the next request is served, not turned away.
    let next = post(&server.base, chat(true).to_string(), None).await;
    assert_eq!(next.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_queue_a_request_gets_429_with_retry_after() {
    let limits = ServeLimits { sessions: 1, queue: 0, ..ServeLimits::default() };
    let server = start(limits, None).await;
    let holding = post(&server.base, chat(true).to_string(), None).await;
    assert_eq!(holding.status(), 200);
    let turned_away = post(&server.base, chat(false).to_string(), None).await;
    assert_eq!(turned_away.status(), 429);
    assert_eq!(turned_away.headers()["retry-after"], "30");
    assert_eq!(error_of(turned_away).await["code"], "rate_limit_exceeded");
    drop(holding);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_stream_starts_at_once_and_says_it_waits() {
    let limits = ServeLimits { sessions: 1, queue: 1, ..ServeLimits::default() };
    let server = start(limits, None).await;
    let holding = post(&server.base, chat(true).to_string(), None).await;
    assert_eq!(holding.status(), 200);
    let mut queued = post(&server.base, chat(true).to_string(), None).await;
    assert_eq!(queued.status(), 200, "a place in the queue, not a 429");
    let first = String::from_utf8_lossy(&queued.chunk().await.unwrap().unwrap()).to_string();
    assert!(first.contains("1 request(s) waiting"), "{first}");
    // The first leaves; the queued one gets the team.
    drop(holding);
    active_reaches(&server, 2, "the queued request's agents writing").await;
    let next = String::from_utf8_lossy(&queued.chunk().await.unwrap().unwrap()).to_string();
    assert!(next.contains("agents at work"), "{next}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_400_and_an_error_object() {
    let limits = ServeLimits { max_body: 4096, ..ServeLimits::default() };
    let server = start(limits, Some("the-right-key")).await;
    let key = Some("the-right-key");
    for (body, what) in [
        ("{not json".to_string(), "bad JSON"),
        (serde_json::json!({ "model": "memdoor-team" }).to_string(), "no messages"),
        (
            serde_json::json!({ "model": "memdoor-team", "messages": [{ "role": "system", "content": "hi" }] })
                .to_string(),
            "no user message",
        ),
    ] {
        let response = post(&server.base, body, key).await;
        assert_eq!(response.status(), 400, "{what}");
        assert_eq!(error_of(response).await["type"], "invalid_request_error", "{what}");
    }
    let oversized =
        serde_json::json!({ "model": "memdoor-team", "messages": [{ "role": "user", "content": "x".repeat(8000) }] })
            .to_string();
    let response = post(&server.base, oversized, key).await;
    assert_eq!(response.status(), 413, "an oversized body");
    assert!(error_of(response).await["message"].as_str().unwrap().contains("4096 bytes"));
    let unknown = serde_json::json!({ "model": "gpt-9", "messages": [{ "role": "user", "content": "hi" }] });
    let response = post(&server.base, unknown.to_string(), key).await;
    assert_eq!(response.status(), 404);
    assert_eq!(error_of(response).await["code"], "model_not_found");
    for wrong in [None, Some("the-wrong-key")] {
        let response = post(&server.base, chat(false).to_string(), wrong).await;
        assert_eq!(response.status(), 401, "{wrong:?}");
        assert_eq!(error_of(response).await["code"], "invalid_api_key");
    }
    let models = reqwest::Client::new()
        .get(format!("{}/models", server.base))
        .bearer_auth("the-right-key")
        .send()
        .await
        .unwrap();
    let models: serde_json::Value = models.json().await.unwrap();
    let ids: Vec<&str> = models["data"].as_array().unwrap().iter().filter_map(|m| m["id"].as_str()).collect();
    assert_eq!(ids, ["memdoor-team", "endless"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_past_its_deadline_gets_an_error_and_the_team_stops() {
    let limits = ServeLimits { deadline: Duration::from_secs(1), ..ServeLimits::default() };
    let server = start(limits, None).await;
    let response = post(&server.base, chat(false).to_string(), None).await;
    assert_eq!(response.status(), 500);
    let error = error_of(response).await;
    assert!(error["message"].as_str().unwrap().contains("deadline"), "{error}");
    active_reaches(&server, 0, "every stream of the team to stop").await;
}
