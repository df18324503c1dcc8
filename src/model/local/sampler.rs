//! Picks the next token: greedy, or temperature with optional top-p, with a
//! repeat penalty over the last tokens; seeded, so runs repeat exactly.

use anyhow::Result;
use candle_core::Tensor;
use candle_transformers::generation::{LogitsProcessor, Sampling as CandleSampling};

use crate::model::Sampling;

pub struct Sampler {
    processor: LogitsProcessor,
    repeat_penalty: f32,
    repeat_last_n: usize,
}

impl Sampler {
    pub fn new(s: &Sampling) -> Self {
        let mode = match (s.temperature, s.top_p) {
            (t, _) if t <= 0.0 => CandleSampling::ArgMax,
            (temperature, Some(p)) if p > 0.0 && p < 1.0 => CandleSampling::TopP { p, temperature },
            (temperature, _) => CandleSampling::All { temperature },
        };
        Self {
            processor: LogitsProcessor::from_sampling(s.seed, mode),
            repeat_penalty: s.repeat_penalty,
            repeat_last_n: s.repeat_last_n,
        }
    }

    /// `logits`: one row of vocabulary scores; `history`: every token so far.
    pub fn sample(&mut self, logits: &Tensor, history: &[u32]) -> Result<u32> {
        let logits = logits.squeeze(0)?.to_dtype(candle_core::DType::F32)?;
        let logits = if self.repeat_penalty == 1.0 || history.is_empty() {
            logits
        } else {
            let start = history.len().saturating_sub(self.repeat_last_n);
            candle_transformers::utils::apply_repeat_penalty(
                &logits,
                self.repeat_penalty,
                &history[start..],
            )?
        };
        Ok(self.processor.sample(&logits)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::Device;

    fn logits(v: &[f32]) -> Tensor {
        Tensor::new(v, &Device::Cpu).unwrap().unsqueeze(0).unwrap()
    }

    #[test]
    fn greedy_takes_the_highest_score() {
        let mut s = Sampler::new(&Sampling::default());
        assert_eq!(s.sample(&logits(&[0.1, 3.0, 2.0]), &[]).unwrap(), 1);
    }

    #[test]
    fn repeat_penalty_can_change_the_greedy_pick() {
        let cfg = Sampling { repeat_penalty: 2.0, ..Sampling::default() };
        let mut s = Sampler::new(&cfg);
        // 3.0 / 2 = 1.5 < 2.0: the repeated token loses.
        assert_eq!(s.sample(&logits(&[0.1, 3.0, 2.0]), &[1]).unwrap(), 2);
    }

    #[test]
    fn the_same_seed_gives_the_same_samples() {
        let cfg = Sampling { temperature: 1.0, seed: 7, ..Sampling::default() };
        let l = logits(&[1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
        let run = || {
            let mut s = Sampler::new(&cfg);
            (0..20).map(|_| s.sample(&l, &[]).unwrap()).collect::<Vec<_>>()
        };
        let first = run();
        assert_eq!(first, run());
        assert!(first.iter().any(|&t| t != first[0]), "temperature 1 over a flat distribution must vary");
    }
}
