//! `memdoor bench serve`: N clients at once send M streamed requests for
//! the team to a `memdoor serve` (one started in this process on the
//! config's team, or one at `--url`) and time each: to the first byte of
//! the reply, and to `[DONE]`. Requests the server turns away (429) and
//! failures are counted, not timed.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Result};
use futures::StreamExt;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct ServeReport {
    pub url: String,
    pub model: String,
    pub clients: usize,
    pub requests: usize,
    pub answered: usize,
    pub turned_away: usize,
    pub failed: usize,
    pub wall_s: f64,
    pub(crate) answered_per_s: f64,
    pub first_byte_p50_ms: f64,
    pub(crate) first_byte_p99_ms: f64,
    pub answer_p50_ms: f64,
    pub(crate) answer_p99_ms: f64,
    /// Completion tokens the server reported, over every answered request.
    pub completion_tokens: u64,
}

/// What one request came to.
enum Outcome {
    Answered { first_byte_ms: f64, answer_ms: f64, completion_tokens: u64 },
    TurnedAway,
    Failed(String),
}

async fn one(client: &reqwest::Client, url: &str, key: Option<&str>, body: &serde_json::Value) -> Outcome {
    let started = Instant::now();
    let mut req = client.post(url).json(body);
    if let Some(k) = key {
        req = req.bearer_auth(k);
    }
    let response = match req.send().await {
        Ok(r) => r,
        Err(e) => return Outcome::Failed(e.to_string()),
    };
    match response.status().as_u16() {
        200 => {}
        429 => return Outcome::TurnedAway,
        other => return Outcome::Failed(format!("HTTP {other}")),
    }
    let mut body = response.bytes_stream();
    let (mut first_byte_ms, mut text, mut done) = (None, String::new(), false);
    while let Some(chunk) = body.next().await {
        let Ok(chunk) = chunk else { return Outcome::Failed("the stream broke".into()) };
        first_byte_ms.get_or_insert_with(|| started.elapsed().as_secs_f64() * 1e3);
        text.push_str(&String::from_utf8_lossy(&chunk));
        if text.contains("data: [DONE]") {
            done = true;
            break;
        }
    }
    if !done {
        return Outcome::Failed(text.lines().find(|l| l.contains("\"error\"")).unwrap_or("no [DONE]").to_string());
    }
    let completion_tokens = text
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .filter_map(|d| serde_json::from_str::<serde_json::Value>(d).ok())
        .find_map(|v| v["usage"]["completion_tokens"].as_u64())
        .unwrap_or(0);
    Outcome::Answered {
        first_byte_ms: first_byte_ms.unwrap_or(0.0),
        answer_ms: started.elapsed().as_secs_f64() * 1e3,
        completion_tokens,
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted.get(((sorted.len().saturating_sub(1)) as f64 * p).round() as usize).copied().unwrap_or(0.0)
}

/// Runs the bench against the API at `base` (`http://host:port/v1`).
pub async fn run(
    base: &str,
    key: Option<String>,
    model: &str,
    problem: &str,
    clients: usize,
    requests: usize,
) -> Result<ServeReport> {
    if clients == 0 || requests == 0 {
        bail!("--clients and --requests must be at least 1");
    }
    let url = format!("{}/chat/completions", base.trim_end_matches('/'));
    let body = serde_json::json!({
        "model": model, "stream": true, "stream_options": { "include_usage": true },
        "messages": [{ "role": "user", "content": problem }],
    });
    let client = reqwest::Client::new();
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let bar = indicatif::ProgressBar::new(requests as u64);
    let workers = (0..clients).map(|_| {
        let (client, url, key, body, next, bar) =
            (client.clone(), url.clone(), key.clone(), body.clone(), next.clone(), bar.clone());
        tokio::spawn(async move {
            let mut outcomes = Vec::new();
            while next.fetch_add(1, Ordering::SeqCst) < requests {
                outcomes.push(one(&client, &url, key.as_deref(), &body).await);
                bar.inc(1);
            }
            outcomes
        })
    });
    let mut outcomes = Vec::new();
    for w in futures::future::join_all(workers).await {
        outcomes.extend(w?);
    }
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    let (mut first, mut answer, mut tokens, mut turned_away, mut failed) = (Vec::new(), Vec::new(), 0, 0, 0);
    for o in outcomes {
        match o {
            Outcome::Answered { first_byte_ms, answer_ms, completion_tokens } => {
                first.push(first_byte_ms);
                answer.push(answer_ms);
                tokens += completion_tokens;
            }
            Outcome::TurnedAway => turned_away += 1,
            Outcome::Failed(why) => {
                tracing::warn!("bench serve: a request failed: {why}");
                failed += 1;
            }
        }
    }
    first.sort_by(f64::total_cmp);
    answer.sort_by(f64::total_cmp);
    Ok(ServeReport {
        url: base.to_string(),
        model: model.to_string(),
        clients,
        requests,
        answered: answer.len(),
        turned_away,
        failed,
        wall_s: wall,
        answered_per_s: answer.len() as f64 / wall,
        first_byte_p50_ms: percentile(&first, 0.5),
        first_byte_p99_ms: percentile(&first, 0.99),
        answer_p50_ms: percentile(&answer, 0.5),
        answer_p99_ms: percentile(&answer, 0.99),
        completion_tokens: tokens,
    })
}

pub fn print(r: &ServeReport) {
    println!(
        "{} requests for {} from {} clients at once, to {}: {:.1} s",
        r.requests, r.model, r.clients, r.url, r.wall_s
    );
    println!(
        "  answered {} ({:.2}/s), turned away (429) {}, failed {}",
        r.answered, r.answered_per_s, r.turned_away, r.failed
    );
    println!("  first byte: p50 {:.0} ms, p99 {:.0} ms", r.first_byte_p50_ms, r.first_byte_p99_ms);
    println!(
        "  answer:     p50 {:.0} ms, p99 {:.0} ms ({} completion tokens in all)",
        r.answer_p50_ms, r.answer_p99_ms, r.completion_tokens
    );
}
