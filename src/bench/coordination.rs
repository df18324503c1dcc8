//! `memdoor bench team --redis URL --tasks N --workers W`: coordination
//! alone, at scale. W workers (in this process, on an instant model that
//! answers at once) meet in the Redis; a plain client SETs N `task:<id>`
//! keys and waits for every `memory:<id>`. Reported: tasks/s, Redis
//! commands per task (the server's own counters, less the bench's MGET
//! polling) and network bytes per task (polling included), time to
//! answer (p50/p99, from SET to the answer seen), and the server's memory
//! before, at the end, and after the retention has run out — summed over
//! every master when the Redis is a cluster.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use futures::stream::{self, BoxStream, StreamExt};
use redis::AsyncCommands;
use serde::Serialize;
use tokio_util::sync::CancellationToken;

use crate::distributed::worker::Worker;
use crate::memory::redis::{plain_connection, RedisConn, RedisStore};
use crate::model::{ChatRequest, Chunk, FinishReason, ModelBackend, Usage};
use crate::session::SessionSettings;

/// A model that answers every request at once with one fenced line.
struct InstantModel;

#[async_trait::async_trait]
impl ModelBackend for InstantModel {
    fn name(&self) -> &str {
        "instant"
    }
    async fn stream(&self, _req: ChatRequest, _cancel: CancellationToken) -> Result<BoxStream<'static, Result<Chunk>>> {
        let usage = Usage { completion_tokens: 8, ..Usage::default() };
        let chunks = vec![
            Ok(Chunk::Text("```python\nprint(1)\n```\n".into())),
            Ok(Chunk::Done { finish: FinishReason::Stop, usage }),
        ];
        Ok(stream::iter(chunks).boxed())
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ScaleReport {
    /// The Redis key namespace the run used: every key of the run holds it.
    pub namespace: String,
    pub tasks: usize,
    pub workers: usize,
    /// Runs the workers started: with every task answered, as many as tasks
    /// means each ran exactly once.
    pub runs_started: u64,
    /// Agents and rounds of each task's team.
    pub agents: usize,
    pub rounds: u32,
    pub notifications: bool,
    pub wall_s: f64,
    pub tasks_per_s: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub commands_per_task: f64,
    pub(crate) bytes_per_task: f64,
    pub memory_before_mb: f64,
    pub memory_end_mb: f64,
    pub memory_after_retention_mb: f64,
    pub(crate) retention_s: u64,
    /// Keys of this run still in Redis after the retention, sorted (the work
    /// stream and its consumer group stay: one key).
    pub keys_left: Vec<String>,
}

/// An INFO field summed over every master (the one server: its own).
async fn info_field(masters: &mut [RedisConn], section: &str, field: &str) -> Result<f64> {
    let mut sum = 0.0;
    for conn in masters {
        let info: String = redis::cmd("INFO").arg(section).query_async(conn).await.context("INFO")?;
        sum += info
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{field}:")))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .with_context(|| format!("INFO {section} has no {field}"))?;
    }
    Ok(sum)
}

/// MGET calls so far: only this bench's own polling sends MGET (a cluster
/// splits each into one per slot), so they are taken out of the count.
async fn polling_calls(masters: &mut [RedisConn]) -> Result<f64> {
    let mut sum = 0.0;
    for conn in masters {
        let info: String =
            redis::cmd("INFO").arg("commandstats").query_async(conn).await.context("INFO commandstats")?;
        let calls = info
            .lines()
            .find_map(|l| l.strip_prefix("cmdstat_mget:calls="))
            .and_then(|v| v.split(',').next()?.parse::<f64>().ok());
        sum += calls.unwrap_or(0.0);
    }
    Ok(sum)
}

/// Commands processed (but the bench's own polling) and bytes in and out, so far.
async fn traffic(masters: &mut [RedisConn]) -> Result<(f64, f64)> {
    let commands = info_field(masters, "stats", "total_commands_processed").await? - polling_calls(masters).await?;
    let bytes = info_field(masters, "stats", "total_net_input_bytes").await?
        + info_field(masters, "stats", "total_net_output_bytes").await?;
    Ok((commands, bytes))
}

/// A plain connection to each master, for the server's own counters.
async fn connect_masters(store: &RedisStore) -> Result<Vec<RedisConn>> {
    let mut conns = Vec::new();
    for node in store.masters().await? {
        conns.push(
            plain_connection(&node)
                .await
                .with_context(|| format!("connecting to {}", node.get_connection_info().addr()))?,
        );
    }
    Ok(conns)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted.get(((sorted.len().saturating_sub(1)) as f64 * p).round() as usize).copied().unwrap_or(0.0)
}

/// Runs the scale bench; `settings` give each task's team (agents, rounds, no agent tests here).
pub async fn scale(
    url: &str,
    tasks: usize,
    workers: usize,
    mut settings: SessionSettings,
    retention: Duration,
) -> Result<ScaleReport> {
    if tasks == 0 || workers == 0 {
        bail!("--tasks and --workers must be at least 1");
    }
    // Coordination alone: agents write no test inputs and nothing is run.
    settings.mechanisms.agent_tests = false;
    let namespace = format!("bench-{}", crate::memory::now_ms());
    let probe = RedisStore::connect(url, &namespace).await?;
    let mut conn = probe.connection();
    let mut masters = connect_masters(&probe).await?;
    let mut notifications = !masters.is_empty();
    for node in &mut masters {
        let flags: Vec<String> =
            redis::cmd("CONFIG").arg("GET").arg("notify-keyspace-events").query_async(node).await.unwrap_or_default();
        notifications &= flags.get(1).is_some_and(|f| f.contains('K') && (f.contains('$') || f.contains('A')));
    }
    let memory_before = info_field(&mut masters, "memory", "used_memory").await?;
    let sandbox =
        crate::judge::sandbox::Sandbox::open(crate::judge::sandbox::SandboxMode::Weak, Default::default()).await?;

    let stop = CancellationToken::new();
    let runs_started = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let mut running = Vec::with_capacity(workers);
    for w in 0..workers {
        let store = RedisStore::connect(url, &namespace).await?.with_retention(Some(retention));
        let worker = Worker {
            id: format!("bench-w{w}"),
            store,
            model: Arc::new(InstantModel),
            settings: settings.clone(),
            sandbox: sandbox.clone(),
            manage_notifications: false,
            journals: false,
            runs_started: runs_started.clone(),
        };
        running.push(tokio::spawn(crate::distributed::run_worker(Arc::new(worker), stop.clone())));
    }

    let (commands_0, bytes_0) = traffic(&mut masters).await?;
    let started = Instant::now();
    let ids: Vec<String> = (0..tasks).map(|i| format!("{namespace}-{i}")).collect();
    let mut asked = Vec::with_capacity(tasks);
    for id in &ids {
        let task = serde_json::json!({ "id": id, "prompt": "Write a Python program that prints 1." }).to_string();
        let _: () = conn.set(format!("task:{id}"), task).await?;
        asked.push(started.elapsed());
    }
    let mut answered: Vec<Option<Duration>> = vec![None; tasks];
    let deadline = Instant::now() + Duration::from_secs(60 + tasks as u64);
    let bar = indicatif::ProgressBar::new(tasks as u64);
    while answered.iter().any(Option::is_none) {
        if Instant::now() > deadline {
            stop.cancel();
            bail!(
                "{} of {tasks} tasks unanswered after {} s",
                answered.iter().filter(|a| a.is_none()).count(),
                deadline.duration_since(started).as_secs()
            );
        }
        let open: Vec<usize> = (0..tasks).filter(|&i| answered[i].is_none()).collect();
        for chunk in open.chunks(500) {
            let keys: Vec<String> = chunk.iter().map(|&i| format!("memory:{}", ids[i])).collect();
            let got: Vec<Option<String>> = conn.mget(&keys).await?;
            let now = started.elapsed();
            for (&i, g) in chunk.iter().zip(got) {
                if g.is_some() {
                    answered[i] = Some(now);
                    bar.inc(1);
                }
            }
        }
        // Polling the plain client's way (GET memory:<id>); 10 ms is the latency figures' resolution.
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    let (commands_1, bytes_1) = traffic(&mut masters).await?;
    stop.cancel();
    // Every worker stopped (its index of open tasks tidied) before the count.
    for worker in running {
        match tokio::time::timeout(Duration::from_secs(30), worker).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(e))) => bail!("a worker failed: {e:#}"),
            Ok(Err(e)) => bail!("a worker ended abnormally: {e}"),
            Err(_) => bail!("a worker did not stop within 30 s of being asked to"),
        }
    }
    let memory_end = info_field(&mut masters, "memory", "used_memory").await?;

    // After the retention every key of the finished tasks is gone.
    tokio::time::sleep(retention + Duration::from_secs(2)).await;
    let memory_after = info_field(&mut masters, "memory", "used_memory").await?;
    // Read late, so a duplicate run started after the last answer is counted too.
    let runs = runs_started.load(std::sync::atomic::Ordering::Relaxed);
    let mut keys_left = Vec::new();
    for node in &mut masters {
        let mut iter: redis::AsyncIter<String> = node.scan_match(format!("*{namespace}*")).await?;
        while let Some(k) = iter.next_item().await {
            keys_left.push(k?);
        }
    }
    keys_left.sort();

    let mut latencies: Vec<f64> = answered
        .iter()
        .zip(&asked)
        .map(|(a, s)| (a.unwrap_or_default().saturating_sub(*s)).as_secs_f64() * 1000.0)
        .collect();
    latencies.sort_by(f64::total_cmp);
    let per_task = |x: f64| x / tasks as f64;
    Ok(ScaleReport {
        namespace,
        tasks,
        workers,
        runs_started: runs,
        agents: settings.team.agents,
        rounds: settings.rounds,
        notifications,
        wall_s: wall,
        tasks_per_s: tasks as f64 / wall,
        p50_ms: percentile(&latencies, 0.5),
        p99_ms: percentile(&latencies, 0.99),
        commands_per_task: per_task(commands_1 - commands_0),
        bytes_per_task: per_task(bytes_1 - bytes_0),
        memory_before_mb: memory_before / 1e6,
        memory_end_mb: memory_end / 1e6,
        memory_after_retention_mb: memory_after / 1e6,
        retention_s: retention.as_secs(),
        keys_left,
    })
}

pub fn print(r: &ScaleReport) {
    println!(
        "{} tasks on {} workers (teams of {} agents, {} rounds; notifications {}): {:.1} s, {:.1} tasks/s",
        r.tasks,
        r.workers,
        r.agents,
        r.rounds,
        if r.notifications { "on" } else { "off" },
        r.wall_s,
        r.tasks_per_s
    );
    println!("  runs started: {} for {} tasks", r.runs_started, r.tasks);
    println!("  time to answer: p50 {:.0} ms, p99 {:.0} ms", r.p50_ms, r.p99_ms);
    println!(
        "  per task: {:.0} Redis commands (not counting this bench's polling), {:.1} KB on the wire (counting it)",
        r.commands_per_task,
        r.bytes_per_task / 1e3
    );
    println!(
        "  Redis memory: {:.1} MB before, {:.1} MB at the end, {:.1} MB after the retention ({} s); {} key(s) of the run left: {}",
        r.memory_before_mb,
        r.memory_end_mb,
        r.memory_after_retention_mb,
        r.retention_s,
        r.keys_left.len(),
        r.keys_left.join(", ")
    );
}
