//! What the batched engine has done (`EngineStats`), published after each
//! step for `bench engine`, the step profile and tests that wait on it.

use std::collections::BTreeMap;

use super::step_times::StepTimes;

/// What the engine has done, for callers that want to tell computed prompt
/// tokens from reused ones (and tests that wait on its state).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EngineStats {
    /// Prompt positions computed by forward passes.
    pub prompt_computed: usize,
    /// Prompt positions copied from another sequence's KV instead.
    pub prompt_reused: usize,
    /// Sequences waiting for another to compute the prefix they share.
    pub waiting: usize,
    /// Sequences in the engine (0 once the last one's `Done` went out).
    pub live: usize,
    /// Finished prompts kept for reuse, and the bytes of their KV.
    pub kept: usize,
    pub(crate) kept_bytes: usize,
    /// Tokens sampled, and the nanoseconds `Sampler::sample` took over them
    /// (`bench engine` reports the time per token).
    pub sampled: u64,
    pub sample_nanos: u64,
    /// Steps run, and their nanoseconds from the forward pass through the
    /// sampling (what a token's sampling is measured against).
    pub steps: u64,
    pub step_nanos: u64,
    /// Steps whose attention ran over the KV pool, every stream at once.
    pub pooled_steps: u64,
    /// Of those, steps run with inputs of fixed shape (`decode_graph`); of
    /// these, the ones captured as a CUDA graph and the ones replayed.
    pub fixed_steps: u64,
    pub graph_captures: u64,
    pub graph_replays: u64,
    /// Rows sampled by the pass over the vocabulary on the device
    /// (`device_sampling`); of these, the ones the host then read whole (too
    /// many candidates to send).
    pub device_sampled: u64,
    pub rows_read_whole: u64,
    /// Decode steps (every sequence in them one token) by the number of
    /// sequences in them: where a step's time goes (`StepTimes`).
    pub decode_steps: BTreeMap<usize, StepTimes>,
}
