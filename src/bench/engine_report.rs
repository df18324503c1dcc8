//! What `memdoor bench engine` reports (`engine` measures it, `engine_table`
//! prints it): the figures of one stream, of a team and of a server, the
//! sampling's share and the decode steps' split.

use serde::Serialize;

use crate::model::local::EngineStats;

#[derive(Debug, Serialize)]
pub struct StreamFigures {
    pub prompt_tokens: usize,
    /// Of `prompt_tokens`, those copied from a kept prefix, not computed.
    pub prompt_reused: usize,
    /// Prompt tokens computed (reused ones left out) over the time to first token.
    pub(crate) prompt_tok_s: f64,
    pub(crate) time_to_first_token_s: f64,
    pub generated_tokens: usize,
    pub(crate) generate_tok_s: f64,
}

#[derive(Debug, Serialize)]
pub struct TeamFigures {
    pub streams: usize,
    pub prompt_tokens: usize,
    /// Of `prompt_tokens`, those whose KV was copied from another prompt with
    /// the same beginning (the same stream's earlier run, or each other's).
    pub prompt_reused: usize,
    /// Prompt tokens computed (reused ones left out) over the slowest first
    /// token: the engine's speed, not its savings.
    pub(crate) prompt_tok_s: f64,
    pub(crate) mean_time_to_first_token_s: f64,
    pub(crate) max_time_to_first_token_s: f64,
    pub generated_tokens: usize,
    pub wall_s: f64,
    pub aggregate_tok_s: f64,
    pub(crate) per_stream_tok_s: f64,
}

/// Pooled decode steps run fixed, captured as a CUDA graph, replayed from one.
#[derive(Debug, Serialize)]
pub(crate) struct GraphFigures {
    pub(crate) fixed: u64,
    pub(crate) captured: u64,
    pub(crate) replayed: u64,
}

impl GraphFigures {
    pub(crate) fn between(before: &EngineStats, after: &EngineStats) -> Self {
        Self {
            fixed: after.fixed_steps - before.fixed_steps,
            captured: after.graph_captures - before.graph_captures,
            replayed: after.graph_replays - before.graph_replays,
        }
    }
}

#[derive(Debug, Serialize)]
pub struct EngineReport {
    pub model: String,
    pub quant: String,
    /// MB of weight matrices.
    pub(crate) weights_mb: Option<f64>,
    pub(crate) compute_threads: String,
    /// Whether every stream's KV cache was a slot of one pool, attended at
    /// once (`LoadOptions::kv_pool`; `MEMDOOR_KV_POOL`).
    pub(crate) kv_pool: bool,
    /// Prompt tokens a stream computed in a step (`LoadOptions::prefill_chunk`;
    /// `MEMDOOR_PREFILL_CHUNK`).
    pub(crate) prefill_chunk: usize,
    /// Whether pooled decode steps ran with inputs of fixed shape, captured
    /// as CUDA graphs on a GPU (`LoadOptions::decode_graphs`;
    /// `MEMDOOR_CUDA_GRAPHS`), and what they did over the run.
    pub(crate) decode_graphs: bool,
    pub(crate) graph_steps: GraphFigures,
    /// Whether a layer's small operations ran as fused kernels
    /// (`LoadOptions::fused`; `MEMDOOR_FUSED`).
    pub(crate) fused: bool,
    /// Whether sampling's pass over the vocabulary ran where the logits
    /// were (`LoadOptions::device_sampling`; `MEMDOOR_DEVICE_SAMPLING`).
    pub(crate) device_sampling: bool,
    pub(crate) load_s: f64,
    pub one: StreamFigures,
    pub(crate) peak_rss_one_mb: f64,
    pub team: TeamFigures,
    pub(crate) peak_rss_team_mb: f64,
    /// How the streams sample: as the team's agents do (`team::agent_sampling`).
    pub sampling: String,
    /// The local engine's sampling time in the one-stream and the team runs.
    pub(crate) sampling_one: SamplingFigures,
    pub(crate) sampling_team: SamplingFigures,
    /// The engine's decode steps in the one-stream and team runs, by the
    /// number of streams in them: forward pass (on a GPU, issuing kernels)
    /// against the logits' readback (on a GPU, waiting for them).
    pub decode_steps: Vec<DecodeStepFigures>,
    /// The first tokens of the greedy answer to the bench prompt: a glance
    /// that the engine computes the model (on a new device, say), not only fast.
    pub greedy_start: String,
    /// The same prompts against an OpenAI-compatible server (`--vs-openai`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vs_openai: Option<ServerFigures>,
}

/// The time `Sampler::sample` took in the engine, against its steps' time.
#[derive(Debug, Serialize)]
pub(crate) struct SamplingFigures {
    pub tokens: u64,
    pub(crate) us_per_token: f64,
    pub steps: u64,
    /// An engine step's mean time, forward pass and sampling.
    pub(crate) ms_per_step: f64,
    /// Of the steps' time, the part spent sampling.
    pub(crate) share_of_steps: f64,
    /// Tokens whose vocabulary pass ran on the device, and of those the
    /// ones whose row the host then read whole.
    pub(crate) on_device: u64,
    pub(crate) read_whole: u64,
}

/// Decode steps of one stream count: milliseconds a step, by part.
#[derive(Debug, Serialize)]
pub struct DecodeStepFigures {
    pub streams: usize,
    pub steps: u64,
    pub(crate) forward_ms: f64,
    pub(crate) readback_ms: f64,
    pub(crate) sample_ms: f64,
    pub(crate) wall_ms: f64,
}

impl DecodeStepFigures {
    pub(super) fn between(a: &EngineStats, b: &EngineStats) -> Vec<Self> {
        b.decode_steps
            .iter()
            .filter_map(|(&streams, after)| {
                let before = a.decode_steps.get(&streams).copied().unwrap_or_default();
                let steps = after.steps - before.steps;
                let ms = |x: u64, y: u64| (x - y) as f64 / 1e6 / steps as f64;
                (steps > 0).then(|| Self {
                    streams,
                    steps,
                    forward_ms: ms(after.forward_nanos, before.forward_nanos),
                    readback_ms: ms(after.readback_nanos, before.readback_nanos),
                    sample_ms: ms(after.sample_nanos, before.sample_nanos),
                    wall_ms: ms(after.wall_nanos, before.wall_nanos),
                })
            })
            .collect()
    }
}

impl SamplingFigures {
    pub(super) fn between(a: &EngineStats, b: &EngineStats) -> Self {
        let (tokens, steps) = (b.sampled - a.sampled, b.steps - a.steps);
        let (sample_ns, step_ns) = ((b.sample_nanos - a.sample_nanos) as f64, (b.step_nanos - a.step_nanos) as f64);
        Self {
            tokens,
            us_per_token: sample_ns / 1e3 / tokens as f64,
            steps,
            ms_per_step: step_ns / 1e6 / steps as f64,
            share_of_steps: sample_ns / step_ns,
            on_device: b.device_sampled - a.device_sampled,
            read_whole: b.rows_read_whole - a.rows_read_whole,
        }
    }
}

#[derive(Debug, Serialize)]
pub struct ServerFigures {
    pub url: String,
    pub one: StreamFigures,
    pub team: TeamFigures,
}
