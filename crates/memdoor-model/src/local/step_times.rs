//! Where an engine step's time goes, and its logits' one trip to the
//! host: `StepTimes` by stream count (what `bench engine` and
//! `MEMDOOR_STEP_STATS=1` report), `HostLogits` (every sampling row copied
//! in one transfer — on a GPU the step's one wait for its kernels).

use std::collections::BTreeMap;
use std::time::Instant;

use anyhow::{anyhow, Result};

/// Where a kind of step's time went, summed over its steps. On a GPU the
/// forward pass only queues kernels and returns, and the logits' copy to
/// the host waits for them to finish: a forward time near the wall time
/// means the CPU issuing kernels bounds the step, a long readback that the
/// GPU does. On the CPU the forward pass is the whole computation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StepTimes {
    pub steps: u64,
    /// In `forward`: building and issuing the step's operations.
    pub forward_nanos: u64,
    /// The one copy of the step's logits to the host.
    pub readback_nanos: u64,
    /// Sampling every row, on the host.
    pub sample_nanos: u64,
    /// The whole step, from its first piece to its last token sent.
    pub wall_nanos: u64,
}

impl StepTimes {
    pub(super) fn add(&mut self, other: &StepTimes) {
        self.steps += other.steps;
        self.forward_nanos += other.forward_nanos;
        self.readback_nanos += other.readback_nanos;
        self.sample_nanos += other.sample_nanos;
        self.wall_nanos += other.wall_nanos;
    }

    /// Milliseconds a step: forward, readback, sampling, wall.
    pub fn ms_per_step(&self) -> [f64; 4] {
        let per = |n: u64| n as f64 / 1e6 / self.steps.max(1) as f64;
        [per(self.forward_nanos), per(self.readback_nanos), per(self.sample_nanos), per(self.wall_nanos)]
    }
}

/// `MEMDOOR_STEP_STATS=1`: the engine logs its decode steps' times by
/// stream count each time it falls idle.
pub(super) fn step_stats_logged() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("MEMDOOR_STEP_STATS").is_ok_and(|v| v == "1"))
}

pub(super) fn log_step_stats(decode_steps: &BTreeMap<usize, StepTimes>) {
    for (streams, t) in decode_steps {
        let [forward, readback, sample, wall] = t.ms_per_step();
        tracing::info!(
            streams,
            steps = t.steps,
            forward_ms = forward,
            readback_ms = readback,
            sample_ms = sample,
            wall_ms = wall,
            "decode steps so far"
        );
    }
}

pub(super) fn nanos_since(t: Instant) -> u64 {
    t.elapsed().as_nanos() as u64
}

/// A step's `[rows, vocab]` logits, copied to the host.
pub(super) struct HostLogits {
    data: Vec<f32>,
    vocab: usize,
}

impl HostLogits {
    pub(super) fn read(logits: &candle_core::Tensor) -> Result<Self> {
        let (_, vocab) = logits.dims2()?;
        let data = logits.to_dtype(candle_core::DType::F32)?.flatten_all()?.to_vec1::<f32>()?;
        Ok(Self { data, vocab })
    }

    pub(super) fn row_mut(&mut self, row: usize) -> Result<&mut [f32]> {
        let at = row * self.vocab;
        self.data.get_mut(at..at + self.vocab).ok_or_else(|| anyhow!("no logits row {row}"))
    }
}
