//! `memdoor serve`: the team behind an OpenAI-compatible HTTP API.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Args;

use super::setup::{self, AgentChoice, StoreChoice};
use super::TeamFlags;
use crate::config::Config;
use crate::serve::{ServeLimits, Served};

#[derive(Args)]
pub struct ServeArgs {
    /// Where to listen. Loopback by default; any other address needs --api-key-env.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR:PORT")]
    pub bind: SocketAddr,
    /// The environment variable holding the API key clients must send (`Authorization: Bearer KEY`).
    #[arg(long, value_name = "NAME")]
    pub api_key_env: Option<String>,
    /// Team sessions run at once (they share the loaded model).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub sessions: u16,
    /// Requests that may wait for a session; past that they get 429 with Retry-After.
    #[arg(long, default_value_t = 8)]
    pub queue: usize,
    /// Places in the queue one client (one peer address) may hold; past that its requests get 429.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub queue_per_client: u64,
    /// Connections open at once; past that new ones get a 503 and are closed.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub max_connections: u64,
    /// Connections open at once from one peer address; past that its new ones get a 503 and are closed.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub max_connections_per_client: u64,
    /// Seconds a connection may take to send a request's headers (from its start, or its last reply); then it is closed.
    #[arg(long, default_value_t = 10.0, value_parser = positive_secs)]
    pub(crate) header_timeout_secs: f64,
    /// Seconds a request's body may take to arrive once its headers are in; then 408.
    #[arg(long, default_value_t = 30.0, value_parser = positive_secs)]
    pub(crate) body_timeout_secs: f64,
    /// Seconds one write of a reply may wait for the client to read it; then the connection is closed.
    #[arg(long, default_value_t = 30.0, value_parser = positive_secs)]
    pub(crate) write_timeout_secs: f64,
    /// Seconds one request may take before it is answered with an error (its session is freed then, read or not).
    #[arg(long, default_value_t = 900, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) deadline_secs: u64,
    /// Largest request body, in KiB.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub(crate) max_body_kib: u64,
    /// Journal each request's session (replayable with `memdoor replay`); off by default, as every request would write a file.
    #[arg(long, conflicts_with = "no_journal")]
    pub journal: bool,
    /// The default now; kept so older command lines still run.
    #[arg(long, hide = true)]
    pub(crate) no_journal: bool,
    #[command(flatten)]
    pub team: TeamFlags,
}

/// A duration in seconds: more than 0, at most a day.
fn positive_secs(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|e| format!("{e}"))?;
    if !(v > 0.0 && v <= 86_400.0) {
        return Err(format!("{v} is not within (0, 86400] seconds"));
    }
    Ok(v)
}

/// The key, read from the environment: never from a flag (it would show in `ps`).
fn api_key(var: Option<&str>) -> Result<Option<String>> {
    let Some(var) = var else { return Ok(None) };
    let key = std::env::var(var).with_context(|| format!("--api-key-env {var}: the variable is not set"))?;
    let key = key.trim().to_string();
    if key.len() < 8 {
        bail!("--api-key-env {var}: the key is {} characters; use at least 8", key.len());
    }
    Ok(Some(key))
}

/// The team the config and flags describe, loaded once, behind `limits`.
async fn build(team: &TeamFlags, file: Config, limits: ServeLimits) -> Result<Served> {
    let cfg = setup::apply_team_flags(team, file);
    let runs = "drafts of every request run";
    let opened = setup::open_session(&cfg, runs, StoreChoice::Config, AgentChoice::Config).await?;
    Ok(Served::new(opened.settings, opened.agents, opened.redis, opened.sandbox, limits))
}

pub async fn serve(args: ServeArgs, file: Config) -> Result<ExitCode> {
    let api_key = api_key(args.api_key_env.as_deref())?;
    if !args.bind.ip().is_loopback() && api_key.is_none() {
        bail!(
            "refusing to serve on {} without a key: anyone who can reach it could run code in your sandbox and use your machine. \
             Set a key in a variable and pass --api-key-env NAME, or bind to 127.0.0.1",
            args.bind
        );
    }
    let limits = ServeLimits {
        max_body: (args.max_body_kib as usize) * 1024,
        deadline: Duration::from_secs(args.deadline_secs),
        sessions: args.sessions as usize,
        queue: args.queue,
        queue_per_client: args.queue_per_client as usize,
        max_connections: args.max_connections as usize,
        max_connections_per_client: args.max_connections_per_client as usize,
        header_timeout: Duration::from_secs_f64(args.header_timeout_secs),
        body_timeout: Duration::from_secs_f64(args.body_timeout_secs),
        write_timeout: Duration::from_secs_f64(args.write_timeout_secs),
        ..ServeLimits::default()
    };
    let mut served = build(&args.team, file, limits).await?;
    served.api_key = api_key;
    served.journals = args.journal;

    let stop = setup::stop_on_signal();
    crate::serve::serve(Arc::new(served), args.bind, stop).await?;
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct ServeBenchArgs {
    /// The API to measure (`http://host:port/v1`). Without it, a server is
    /// started in this process on the config's team (and the team flags).
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// Clients sending at once.
    #[arg(long, default_value_t = 4)]
    pub clients: usize,
    /// Requests in all.
    #[arg(long, default_value_t = 8)]
    pub requests: usize,
    /// The model the requests ask for (the team, or one agent's model by name).
    #[arg(long, default_value = crate::serve::TEAM_MODEL, value_name = "NAME")]
    pub(crate) api_model: String,
    /// The problem every request sends (default: a small function with an example, so drafts run).
    #[arg(long)]
    pub problem: Option<String>,
    /// The environment variable holding the server's API key.
    #[arg(long, value_name = "NAME")]
    pub api_key_env: Option<String>,
    /// For the server started here: team sessions at once (the rest queue).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub sessions: u16,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub team: TeamFlags,
}

const BENCH_PROBLEM: &str =
    "Write a Python function add(a, b) that returns the sum of a and b. Example: add(1, 2) -> 3";

pub async fn bench(args: ServeBenchArgs, file: Config) -> Result<ExitCode> {
    let key = api_key(args.api_key_env.as_deref())?;
    let stop = tokio_util::sync::CancellationToken::new();
    let _stop_server = stop.clone().drop_guard();
    let base = match &args.url {
        Some(url) => url.clone(),
        None => {
            // Every request waits its turn: the bench measures the queue, it does not fill it.
            let limits = ServeLimits {
                sessions: args.sessions as usize,
                queue: args.requests,
                queue_per_client: args.requests,
                ..ServeLimits::default()
            };
            let mut served = build(&args.team, file, limits).await?;
            served.api_key = key.clone();
            served.journals = false;
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
            let base = format!("http://{}/v1", listener.local_addr()?);
            tokio::spawn(crate::serve::serve_on(listener, Arc::new(served), stop.clone()));
            base
        }
    };
    let problem = args.problem.as_deref().unwrap_or(BENCH_PROBLEM);
    let report = crate::bench::serve::run(&base, key, &args.api_model, problem, args.clients, args.requests).await?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        crate::bench::serve::print(&report);
    }
    Ok(ExitCode::SUCCESS)
}
