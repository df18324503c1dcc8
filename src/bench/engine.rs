//! `memdoor bench engine`: load time, prompt and generation speed of one
//! stream and of a team, sampling time, the decode steps' split, peak
//! memory — measured on the local engine and, with `--vs-openai`, on a
//! server with the same prompts in the same run. The table is `engine_table`.

use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Result};
use futures::StreamExt;
use tokio_util::sync::CancellationToken;

pub use super::engine_report::EngineReport;
use super::engine_report::{
    DecodeStepFigures, GraphFigures, SamplingFigures, ServerFigures, StreamFigures, TeamFigures,
};
use super::BENCH_PROMPT;
use crate::model::local::{EngineStats, LoadOptions, LocalModel};
use crate::model::{ChatRequest, Chunk, Message, ModelBackend, Sampling, Usage};
use crate::team::{agent_sampling, TeamConfig};

/// The engine's figures once its streams are done: they are published
/// after the step that sent the last `Done`, so they are waited for.
async fn stats_when_idle(model: &LocalModel) -> EngineStats {
    let mut stats = model.engine_stats();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), stats.wait_for(|s| s.live == 0)).await;
    let now = stats.borrow().clone();
    now
}

/// Peak resident memory of this process so far (Linux `VmHWM`), in MB.
pub(crate) fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// The one stream samples as the team's agent 1 does; the team's streams as
/// its agents 0, 1, … (agent 0 greedy; the others at their temperatures, top-p).
const ONE_STREAM_AGENT: usize = 1;

fn bench_team(streams: usize) -> TeamConfig {
    TeamConfig { agents: streams, ..TeamConfig::default() }
}

fn describe_sampling(streams: usize) -> String {
    let cfg = bench_team(streams);
    let show = |s: &Sampling| match (s.temperature, s.top_p, s.top_k) {
        (t, _, _) if t <= 0.0 => "greedy".to_string(),
        (t, p, k) => format!(
            "T {t}{}{}",
            p.map(|p| format!(" top-p {p}")).unwrap_or_default(),
            k.map(|k| format!(" top-k {k}")).unwrap_or_default()
        ),
    };
    let team: Vec<String> = (0..streams).map(|i| show(&agent_sampling(&cfg, i))).collect();
    format!(
        "one stream as agent {ONE_STREAM_AGENT} ({}); the team's as agents 0.. ({})",
        show(&agent_sampling(&cfg, ONE_STREAM_AGENT)),
        team.join(", ")
    )
}

async fn one_stream(model: &dyn ModelBackend, prompt: &str, sampling: Sampling, max_tokens: usize) -> Result<Usage> {
    let req = ChatRequest {
        messages: vec![Message::user(prompt)],
        sampling,
        max_tokens,
        ignore_stop: true, // every stream generates exactly max_tokens
    };
    let mut stream = model.stream(req, CancellationToken::new()).await?;
    while let Some(chunk) = stream.next().await {
        if let Chunk::Done { usage, .. } = chunk? {
            return Ok(usage);
        }
    }
    bail!("the stream ended without finishing")
}

/// The greedy answer's first `max_tokens` tokens, as text.
async fn greedy_start(model: &dyn ModelBackend, max_tokens: usize) -> Result<String> {
    let req = ChatRequest {
        messages: vec![Message::user(BENCH_PROMPT)],
        sampling: Sampling { temperature: 0.0, ..Sampling::default() },
        max_tokens,
        ignore_stop: false,
    };
    let mut stream = model.stream(req, CancellationToken::new()).await?;
    let mut text = String::new();
    while let Some(chunk) = stream.next().await {
        match chunk? {
            Chunk::Text(t) => text.push_str(&t),
            Chunk::Done { .. } => return Ok(text),
            Chunk::Restart => text.clear(),
        }
    }
    bail!("the stream ended without finishing")
}

/// One stream alone, on any backend.
async fn measure_one(model: &dyn ModelBackend, prompt: &str, max_tokens: usize) -> Result<StreamFigures> {
    let u = one_stream(model, prompt, agent_sampling(&bench_team(1), ONE_STREAM_AGENT), max_tokens).await?;
    let ttft = u.prompt_secs.unwrap_or(f64::NAN);
    let one = StreamFigures {
        prompt_tokens: u.prompt_tokens,
        prompt_reused: u.prompt_reused,
        prompt_tok_s: (u.prompt_tokens - u.prompt_reused) as f64 / ttft,
        time_to_first_token_s: ttft,
        generated_tokens: u.completion_tokens,
        generate_tok_s: (u.completion_tokens.saturating_sub(1)) as f64 / u.generate_secs.unwrap_or(f64::NAN),
    };
    Ok(one)
}

/// `streams` at once, on any backend.
async fn measure_team(
    model: &dyn ModelBackend,
    prompt: &str,
    streams: usize,
    max_tokens: usize,
) -> Result<TeamFigures> {
    let t = Instant::now();
    let cfg = bench_team(streams);
    let runs = (0..streams).map(|i| one_stream(model, prompt, agent_sampling(&cfg, i), max_tokens));
    let usages = futures::future::try_join_all(runs).await?;
    let wall_s = t.elapsed().as_secs_f64();
    let generated: usize = usages.iter().map(|u| u.completion_tokens).sum();
    let per_stream = usages
        .iter()
        .map(|u| u.completion_tokens.saturating_sub(1) as f64 / u.generate_secs.unwrap_or(f64::NAN))
        .sum::<f64>()
        / streams as f64;
    let ttfts: Vec<f64> = usages.iter().map(|u| u.prompt_secs.unwrap_or(f64::NAN)).collect();
    let max_ttft = ttfts.iter().cloned().fold(0.0, f64::max);
    let prompt_tokens: usize = usages.iter().map(|u| u.prompt_tokens).sum();
    let prompt_reused: usize = usages.iter().map(|u| u.prompt_reused).sum();
    let team = TeamFigures {
        streams,
        prompt_tokens,
        prompt_reused,
        prompt_tok_s: (prompt_tokens - prompt_reused) as f64 / max_ttft,
        mean_time_to_first_token_s: ttfts.iter().sum::<f64>() / streams as f64,
        max_time_to_first_token_s: max_ttft,
        generated_tokens: generated,
        wall_s,
        aggregate_tok_s: generated as f64 / wall_s,
        per_stream_tok_s: per_stream,
    };
    Ok(team)
}

/// The bench prompt after a listing of small Python functions, so that the
/// model reads at least `tokens` prompt tokens: the fewest functions that
/// reach it (found by halving; each function is a dozen tokens or more).
fn long_prompt(model: &LocalModel, tokens: usize) -> Result<String> {
    let text = |functions: usize| {
        let mut t = String::from("This module is where the function will go:\n```python\n");
        for i in 0..functions {
            t += &format!("def f{i}(x):\n    return x * {i} + {}\n\n", i * i);
        }
        t + "```\n" + BENCH_PROMPT
    };
    let len = |functions: usize| model.encode_prompt(&[Message::user(text(functions))]).map(|ids| ids.len());
    let (mut lo, mut hi) = (0, tokens);
    if len(lo)? >= tokens {
        return Ok(text(0));
    }
    // len(lo) < tokens <= len(hi): each function adds at least one token.
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if len(mid)? >= tokens {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(text(hi))
}

/// Measures the local engine; with `vs` also an OpenAI-compatible server
/// (e.g. llama-server on the same GGUF) with the same prompts, in the same
/// run. With `prompt_tokens`, every stream's prompt is that long (the bench
/// prompt after a code listing), so the prompt figures measure prefill.
pub async fn engine(
    path: &std::path::Path,
    opts: &LoadOptions,
    streams: usize,
    max_tokens: usize,
    prompt_tokens: Option<usize>,
    vs: Option<crate::model::openai::OpenAiConfig>,
) -> Result<EngineReport> {
    let started = Instant::now();
    let p = path.to_path_buf();
    let o = opts.clone();
    let model = Arc::new(tokio::task::spawn_blocking(move || LocalModel::load(&p, &o)).await??);
    let load_s = started.elapsed().as_secs_f64();
    let too_long = |n: usize| {
        anyhow::anyhow!(
            "--prompt-tokens {n} and --max-tokens {max_tokens} do not fit the {}-token context (--context to change)",
            model.context_len()
        )
    };
    let prompt = match prompt_tokens.filter(|n| *n > 0) {
        Some(n) if n.saturating_add(max_tokens) > model.context_len() => return Err(too_long(n)),
        Some(n) => {
            // At least n tokens: a function's worth more at most, checked again.
            let prompt = long_prompt(&model, n)?;
            let len = model.encode_prompt(&[Message::user(prompt.as_str())])?.len();
            if len + max_tokens > model.context_len() {
                return Err(too_long(len));
            }
            prompt
        }
        None => BENCH_PROMPT.to_string(),
    };
    let greedy_start = greedy_start(&*model, 24).await?;
    let before = stats_when_idle(&model).await;
    let one = measure_one(&*model, &prompt, max_tokens).await?;
    let peak_rss_one_mb = peak_rss_mb();
    let after_one = stats_when_idle(&model).await;
    let team = measure_team(&*model, &prompt, streams, max_tokens).await?;
    let peak_rss_team_mb = peak_rss_mb();
    let after_team = stats_when_idle(&model).await;
    let weights_mb = Some(model.weight_bytes() as f64 / 1e6);
    let (kv_pool, prefill_chunk, decode_graphs) = (model.kv_pool(), model.prefill_chunk(), model.decode_graphs());
    let (fused, device_sampling) = (model.fused(), model.device_sampling());
    drop(model); // the server gets the machine to itself
    let vs_openai = match vs {
        None => None,
        Some(cfg) => {
            let url = crate::hygiene::redact_url(&cfg.base_url);
            let server = crate::model::openai::OpenAiBackend::new(cfg)?;
            let one =
                measure_one(&server, &prompt, max_tokens).await.map_err(|e| e.context(format!("measuring {url}")))?;
            let team = measure_team(&server, &prompt, streams, max_tokens)
                .await
                .map_err(|e| e.context(format!("measuring {url}")))?;
            Some(ServerFigures { url, one, team })
        }
    };
    Ok(EngineReport {
        model: path.display().to_string(),
        quant: opts.requantize.map_or_else(|| "as stored".into(), |q| format!("{q:?}")),
        weights_mb,
        compute_threads: std::env::var("CANDLE_NUM_THREADS").unwrap_or_else(|_| "default".into()),
        kv_pool,
        prefill_chunk,
        decode_graphs,
        graph_steps: GraphFigures::between(&before, &after_team),
        fused,
        device_sampling,
        load_s,
        one,
        peak_rss_one_mb,
        team,
        peak_rss_team_mb,
        sampling: describe_sampling(streams),
        sampling_one: SamplingFigures::between(&before, &after_one),
        sampling_team: SamplingFigures::between(&after_one, &after_team),
        decode_steps: DecodeStepFigures::between(&before, &after_team),
        greedy_start,
        vs_openai,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::local::StepTimes;

    fn times(steps: u64, ms: [u64; 4]) -> StepTimes {
        let [forward, readback, sample, wall] = ms.map(|m| m * 1_000_000);
        StepTimes { steps, forward_nanos: forward, readback_nanos: readback, sample_nanos: sample, wall_nanos: wall }
    }

    #[test]
    fn decode_steps_between_two_readings_are_the_difference_per_step() {
        let mut a = EngineStats::default();
        a.decode_steps.insert(1, times(10, [40, 2, 1, 45]));
        let mut b = a.clone();
        b.decode_steps.insert(1, times(30, [80, 6, 3, 95]));
        b.decode_steps.insert(5, times(4, [40, 8, 4, 56]));
        let rows = DecodeStepFigures::between(&a, &b);
        assert_eq!(rows.len(), 2);
        let one = &rows[0];
        assert_eq!((one.streams, one.steps), (1, 20));
        assert_eq!([one.forward_ms, one.readback_ms, one.sample_ms, one.wall_ms], [2.0, 0.2, 0.1, 2.5]);
        let five = &rows[1];
        assert_eq!((five.streams, five.steps), (5, 4));
        assert_eq!([five.forward_ms, five.readback_ms, five.sample_ms, five.wall_ms], [10.0, 2.0, 1.0, 14.0]);
        // A stream count with no new steps between the readings is left out.
        assert!(DecodeStepFigures::between(&b, &b).is_empty());
    }
}
