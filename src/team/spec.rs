//! Who is on the team and how each agent samples. Temperatures stay low and
//! varied: measured on SmolLM2, five answers at 0.3 picked by tests beat one
//! greedy answer by ~12 points, while at 0.8 the gain vanished.

use crate::model::Sampling;

/// Agent 0 is greedy (the single-agent baseline); the others explore a little.
const TEMPERATURE_LADDER: [f64; 5] = [0.0, 0.2, 0.3, 0.4, 0.3];

#[derive(Debug, Clone, PartialEq)]
pub struct TeamConfig {
    pub agents: usize,
    pub max_tokens: usize,
    /// One temperature for every agent; `None` = the ladder above.
    pub temperature: Option<f64>,
    pub seed: u64,
    pub top_p: Option<f64>,
    pub repeat_penalty: f32,
}

impl Default for TeamConfig {
    fn default() -> Self {
        Self { agents: 5, max_tokens: 512, temperature: None, seed: 42, top_p: Some(0.95), repeat_penalty: 1.0 }
    }
}

/// Agent `i`'s sampling: its temperature and its own seed.
pub fn agent_sampling(cfg: &TeamConfig, i: usize) -> Sampling {
    let temperature = cfg.temperature.unwrap_or(TEMPERATURE_LADDER[i % TEMPERATURE_LADDER.len()]);
    Sampling {
        temperature,
        top_p: cfg.top_p,
        repeat_penalty: cfg.repeat_penalty,
        repeat_last_n: 64,
        seed: cfg.seed.wrapping_add(i as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_get_distinct_seeds_and_low_varied_temperatures() {
        let cfg = TeamConfig::default();
        let s: Vec<Sampling> = (0..5).map(|i| agent_sampling(&cfg, i)).collect();
        assert_eq!(s[0].temperature, 0.0);
        assert!(s.iter().all(|x| x.temperature <= 0.4));
        let mut seeds: Vec<u64> = s.iter().map(|x| x.seed).collect();
        seeds.dedup();
        assert_eq!(seeds.len(), 5);
        let fixed = TeamConfig { temperature: Some(0.7), ..cfg };
        assert!((0..5).all(|i| agent_sampling(&fixed, i).temperature == 0.7));
    }
}
