//! `memdoor serve`: the team as an OpenAI-compatible model. `POST
//! /v1/chat/completions` runs the team on the last user message (or passes
//! the conversation to one agent's model when the request names it), `GET
//! /v1/models` lists what can be asked for. Built on axum; the limits are
//! here, the handlers in `http.rs`, a request's work in `run.rs`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tokio_util::sync::CancellationToken;

use crate::judge::sandbox::Sandbox;
use crate::memory::embedded::EmbeddedStore;
use crate::memory::redis::RedisStore;
use crate::memory::MemoryStore;
use crate::session::SessionSettings;
use crate::team::Agent;

mod gate;
mod http;
pub mod progress;
pub mod reply;
pub mod run;
pub mod wire;

pub use gate::{authorized, Admission, Busy, Ticket};

/// What one request may ask of the server.
#[derive(Debug, Clone)]
pub struct ServeLimits {
    /// Bytes of a request body.
    pub max_body: usize,
    /// Messages in one conversation.
    pub max_messages: usize,
    /// How long one request may take, start to answer.
    pub deadline: Duration,
    /// Sessions at once, and requests that may wait for one.
    pub sessions: usize,
    pub queue: usize,
    /// What a 429 tells the client to wait.
    pub retry_after: Duration,
}

impl Default for ServeLimits {
    fn default() -> Self {
        Self {
            max_body: 1 << 20,
            max_messages: 256,
            deadline: Duration::from_secs(15 * 60),
            // One local engine serves the team: sessions side by side share it.
            sessions: 1,
            queue: 8,
            retry_after: Duration::from_secs(30),
        }
    }
}

/// Everything the handlers share: the team (built once, so the weights are
/// loaded once), where its memory lives, and the server's limits.
pub struct Served {
    pub settings: SessionSettings,
    pub agents: Vec<Agent>,
    /// The shared memory's home with `--redis`; otherwise each request gets its own.
    pub redis: Option<RedisStore>,
    pub sandbox: Sandbox,
    pub journals: bool,
    pub limits: ServeLimits,
    /// The Bearer key every request must carry, when set.
    pub api_key: Option<String>,
    pub admission: Admission,
    /// The model name that asks for the whole team.
    pub team_name: String,
    /// When the server started (seconds since the epoch), for `created` fields.
    pub created: u64,
}

/// The model name a client asks for to get the whole team.
pub const TEAM_MODEL: &str = "memdoor-team";

impl Served {
    pub fn new(settings: SessionSettings, agents: Vec<Agent>, redis: Option<RedisStore>, sandbox: Sandbox, limits: ServeLimits) -> Self {
        let admission = Admission::new(limits.sessions, limits.queue);
        Self {
            settings,
            agents,
            redis,
            sandbox,
            journals: true,
            limits,
            api_key: None,
            admission,
            team_name: TEAM_MODEL.into(),
            created: crate::memory::now_ms() / 1000,
        }
    }

    /// The memory a new session writes to.
    pub fn store(&self) -> Arc<dyn MemoryStore> {
        match &self.redis {
            Some(r) => Arc::new(r.clone()),
            None => Arc::new(EmbeddedStore::new()),
        }
    }

    /// The distinct models of the team's agents, in agent order.
    pub fn agent_models(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for a in &self.agents {
            let name = a.backend.name().to_string();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }
}

/// The routes, with the body limit; the key check and the rest are in `http.rs`.
pub fn router(served: Arc<Served>) -> Router {
    let max_body = served.limits.max_body;
    Router::new()
        .route("/v1/chat/completions", post(http::chat_completions))
        .route("/v1/models", get(http::models))
        .layer(axum::middleware::from_fn_with_state(served.clone(), http::require_key))
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(served)
}

/// Serves on `bind` until `stop`; returns once in-flight replies are done or dropped.
pub async fn serve(served: Arc<Served>, bind: SocketAddr, stop: CancellationToken) -> Result<()> {
    let listener = tokio::net::TcpListener::bind(bind).await.with_context(|| format!("binding {bind}"))?;
    serve_on(listener, served, stop).await
}

/// Serves on a listener already bound (port 0 picks a free port: ask the listener which).
pub async fn serve_on(listener: tokio::net::TcpListener, served: Arc<Served>, stop: CancellationToken) -> Result<()> {
    let local = listener.local_addr()?;
    eprintln!("memdoor serve: listening on http://{local}/v1 (models: {}, {})", served.team_name, served.agent_models().join(", "));
    tracing::info!(%local, "serving");
    let server = axum::serve(listener, router(served)).with_graceful_shutdown({
        let stop = stop.clone();
        async move { stop.cancelled().await }
    });
    tokio::select! {
        served = server => served.context("serving HTTP"),
        // Replies still streaming get a moment to end, not the rest of their deadline.
        _ = async { stop.cancelled().await; tokio::time::sleep(SHUTDOWN_GRACE).await } => Ok(()),
    }
}

/// How long replies in flight may go on once the server is told to stop.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);
