//! `memdoor serve`: the team as an OpenAI-compatible model. `POST
//! /v1/chat/completions` runs the team on the last user message (or passes
//! the conversation to one agent's model when the request names it), `GET
//! /v1/models` lists what can be asked for. Built on axum behind serve's own
//! accept loop (`listen.rs`: connection caps, the header timeout); the
//! limits are here, the handlers in `http.rs` (with the checks of what a
//! request holds in `checks.rs`), a request's work in `run.rs`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use axum::routing::{get, post};
use axum::Router;
use tokio_util::sync::CancellationToken;

use crate::judge::sandbox::Sandbox;
use crate::memory::embedded::EmbeddedStore;
use crate::memory::redis::RedisStore;
use crate::memory::MemoryStore;
use crate::session::SessionSettings;
use crate::team::Agent;

pub(crate) mod checks;
mod gate;
mod http;
mod listen;
pub mod progress;
pub mod reply;
pub mod run;
pub mod wire;

pub use gate::{authorized, Admission, Busy, ClientId, Ticket};
pub use listen::ConnLimits;

/// What one request may ask of the server.
#[derive(Debug, Clone)]
pub struct ServeLimits {
    /// Bytes of a request body (a larger `Content-Length` is refused before
    /// any of it is read; a body without one is cut off at this many).
    pub max_body: usize,
    /// From a connection's start (or its last reply) to the end of a
    /// request's headers; past it hyper closes the connection.
    pub header_timeout: Duration,
    /// From the end of the headers to the end of the body.
    pub body_timeout: Duration,
    /// How long one write of a reply may wait for the client to read it;
    /// past it the connection is closed (a streamed reply's work and place
    /// end at the deadline in any case).
    pub write_timeout: Duration,
    /// Connections open at once, and from one peer address.
    pub max_connections: usize,
    pub max_connections_per_client: usize,
    /// Messages in one conversation.
    pub max_messages: usize,
    /// How long one request may take, start to answer.
    pub deadline: Duration,
    /// Sessions at once, and requests that may wait for one.
    pub sessions: usize,
    pub queue: usize,
    /// Places in the queue one client (one peer address) may hold.
    pub queue_per_client: usize,
    /// What a 429 tells the client to wait.
    pub retry_after: Duration,
}

impl Default for ServeLimits {
    fn default() -> Self {
        Self {
            max_body: 1 << 20,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(30),
            // Well under the usual 1,024 open files, with room for the models' and Redis's.
            max_connections: 256,
            max_connections_per_client: 64,
            max_messages: 256,
            deadline: Duration::from_secs(15 * 60),
            // One local engine serves the team: sessions side by side share it.
            sessions: 1,
            queue: 8,
            queue_per_client: 2,
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
    /// Whether each request's session is journaled (off unless asked: a journal a request costs disk).
    pub journals: bool,
    pub limits: ServeLimits,
    /// The Bearer key every request must carry, when set.
    pub api_key: Option<String>,
    pub(crate) admission: Admission,
    /// Problems parsed at once, off the async threads (one per core: a
    /// flood of costly problems waits here, not on the runtime).
    pub parsing: tokio::sync::Semaphore,
    /// The model name that asks for the whole team.
    pub(crate) team_name: String,
    /// When the server started (seconds since the epoch), for `created` fields.
    pub(crate) created: u64,
}

/// The model name a client asks for to get the whole team.
pub(crate) const TEAM_MODEL: &str = "memdoor-team";

impl Served {
    pub fn new(
        settings: SessionSettings,
        agents: Vec<Agent>,
        redis: Option<RedisStore>,
        sandbox: Sandbox,
        limits: ServeLimits,
    ) -> Self {
        let admission = Admission::new(limits.sessions, limits.queue, limits.queue_per_client);
        Self {
            settings,
            agents,
            redis,
            sandbox,
            journals: false,
            limits,
            api_key: None,
            admission,
            parsing: tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())),
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
    pub(crate) fn agent_models(&self) -> Vec<String> {
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

/// The routes; the Host and key checks, the body's limits and the rest are in `http.rs`.
pub(crate) fn router(served: Arc<Served>) -> Router {
    Router::new()
        .route("/v1/chat/completions", post(http::chat_completions))
        .route("/v1/models", get(http::models))
        .layer(axum::middleware::from_fn_with_state(served.clone(), http::require_key))
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
    eprintln!(
        "memdoor serve: listening on http://{local}/v1 (models: {}, {})",
        served.team_name,
        served.agent_models().join(", ")
    );
    tracing::info!(%local, "serving");
    let l = &served.limits;
    let conns = ConnLimits {
        max: l.max_connections,
        per_peer: l.max_connections_per_client,
        header_timeout: l.header_timeout,
        write_timeout: l.write_timeout,
    };
    listen::accept_loop(listener, router(served), conns, stop, SHUTDOWN_GRACE).await;
    Ok(())
}

/// How long replies in flight may go on once the server is told to stop.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);
