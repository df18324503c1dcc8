//! Sample-and-select, the baseline every team figure stands beside:
//! independent samples of the problem's own prompt until a budget (the
//! team's tokens, or a wall time) is spent, filtered by the public tests,
//! the largest behaviour cluster kept — at one budget or at several from
//! one sequence of samples.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;

use super::arms::{cpu_seconds, every_test, passes, sample, Arm};
use crate::domain::Draft;
use crate::judge::grade::{all_pass, grade};
use crate::judge::sandbox::Sandbox;
use crate::judge::{DraftKey, DraftRun, ExecutionVote};
use crate::model::ModelBackend;
use crate::problem::Problem;
use crate::team::{draft_code, no_code, TeamConfig};

/// What sample-and-select may spend: the team's tokens, or a wall time.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Budget {
    Tokens(usize),
    /// Seconds of generation: batches are drawn while the next one, at the
    /// mean batch time so far, would end nearer the budget than not.
    WallSeconds(f64),
}

/// How sample-and-select did.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SampleRun {
    pub select: Arm,
    pub samples: usize,
    /// Any of the first five samples passes: the best-of-5 oracle.
    pub(crate) oracle5: bool,
    /// Samples passing every test, public and private.
    pub passing: usize,
    /// Samples whose code block held only a placeholder (no code, not asked again).
    pub(crate) placeholders: usize,
}

/// Samples one problem may draw at most, whatever the budget: short answers
/// at a large budget would otherwise mean hundreds of samples.
const MAX_SAMPLES: usize = 64;

/// Sample-and-select within `budget` (at least one batch of the team's size, at most `MAX_SAMPLES`).
pub(crate) async fn sample_and_select(
    problem: &Problem,
    models: &[Arc<dyn ModelBackend>],
    cfg: &TeamConfig,
    budget: Budget,
    form_repair: bool,
    sandbox: &Sandbox,
) -> Result<SampleRun> {
    let mut runs = sample_and_select_at(problem, models, cfg, &[budget], form_repair, sandbox).await?;
    Ok(runs.remove(0))
}

/// Where sampling stopped for one budget: what had been drawn and spent by then.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Stop {
    samples: usize,
    tokens: usize,
    wall_s: f64,
    cpu_s: f64,
}

/// Which budgets sampling has met, and when. A run at several budgets is
/// the run at its largest, with each smaller one read off where a run at
/// that budget alone would have stopped: samples are drawn in one fixed
/// order (each sample's seed is its index), and the smallest budget still
/// open sizes each batch. For wall budgets the batches are the same as
/// alone; for token budgets the larger ones' last batches may split
/// differently (same samples, a stop a few samples apart at most).
struct Stops {
    budgets: Vec<Budget>,
    stops: Vec<Option<Stop>>,
    per_batch: usize,
}

impl Stops {
    fn new(budgets: &[Budget], per_batch: usize) -> Self {
        Stops { budgets: budgets.to_vec(), stops: vec![None; budgets.len()], per_batch }
    }

    /// Closes every open budget that would draw no more, given what is drawn
    /// so far (in `batches` batches); true when none is open.
    fn close_met(&mut self, drawn: Stop, batches: usize) -> bool {
        for (budget, stop) in self.budgets.iter().zip(&mut self.stops) {
            if stop.is_some() {
                continue;
            }
            let more = match *budget {
                Budget::Tokens(budget) => drawn.tokens < budget,
                Budget::WallSeconds(budget) => drawn.wall_s + drawn.wall_s / batches.max(1) as f64 / 2.0 < budget,
            };
            if drawn.samples >= self.per_batch && !(more && drawn.samples < MAX_SAMPLES) {
                *stop = Some(drawn);
            }
        }
        self.stops.iter().all(Option::is_some)
    }

    /// The next batch's size: what the smallest open budget still buys, at the mean cost so far.
    fn next_batch(&self, drawn: usize, tokens: usize) -> usize {
        let mean = tokens.checked_div(drawn).unwrap_or(1).max(1);
        let want = |b: &Budget| match *b {
            _ if drawn < self.per_batch => self.per_batch,
            Budget::Tokens(budget) => budget.saturating_sub(tokens).div_ceil(mean).clamp(1, self.per_batch),
            Budget::WallSeconds(_) => self.per_batch,
        };
        let open = self.budgets.iter().zip(&self.stops).filter(|(_, s)| s.is_none()).map(|(b, _)| b);
        let smallest = open.min_by(|a, b| a.size().total_cmp(&b.size()));
        smallest.map_or(self.per_batch, want).min(MAX_SAMPLES.saturating_sub(drawn)).max(1)
    }
}

impl Budget {
    /// Its size in its own unit, to order budgets of one kind.
    fn size(&self) -> f64 {
        match *self {
            Budget::Tokens(t) => t as f64,
            Budget::WallSeconds(s) => s,
        }
    }
}

/// Sample-and-select at each of `budgets` (at least one batch of the
/// team's size, at most `MAX_SAMPLES`), from one sequence of samples drawn to the largest: each
/// budget's arm is the run that would have stopped there (see `Stops`) —
/// its samples, its tokens, its wall and CPU time (drawing them, then
/// running its samples on the public tests and voting).
pub(crate) async fn sample_and_select_at(
    problem: &Problem,
    models: &[Arc<dyn ModelBackend>],
    cfg: &TeamConfig,
    budgets: &[Budget],
    form_repair: bool,
    sandbox: &Sandbox,
) -> Result<Vec<SampleRun>> {
    anyhow::ensure!(!budgets.is_empty(), "sample-and-select needs a budget");
    let started = Instant::now();
    let cpu = cpu_seconds();
    let per_batch = cfg.agents.max(1);
    let mut stops = Stops::new(budgets, per_batch);
    let mut drafts: Vec<(DraftKey, Draft)> = Vec::new();
    let mut tokens = 0;
    let mut batches = 0;
    let drawn = |drafts: &Vec<_>, tokens| Stop {
        samples: drafts.len(),
        tokens,
        wall_s: started.elapsed().as_secs_f64(),
        cpu_s: cpu_seconds() - cpu,
    };
    while !stops.close_met(drawn(&drafts, tokens), batches) {
        let want = stops.next_batch(drafts.len(), tokens);
        batches += 1;
        let batch = (drafts.len()..drafts.len() + want).map(|n| sample(models, problem, cfg, n, form_repair));
        let before = tokens;
        for d in futures::future::try_join_all(batch).await? {
            tokens += d.usage.completion_tokens;
            drafts.push((DraftKey { round: 1, agent: drafts.len() }, d));
        }
        tracing::debug!(problem = %problem.id, samples = drafts.len(), tokens, ?budgets, "sample-and-select batch");
        if tokens == before && drafts.len() >= per_batch {
            // Answers that cost nothing (an immediate end of text) would never reach the budget.
            tracing::warn!(problem = %problem.id, samples = drafts.len(), "a batch of samples wrote no tokens; sampling stops short of the budget");
            let now = drawn(&drafts, tokens);
            stops.stops.iter_mut().filter(|s| s.is_none()).for_each(|s| *s = Some(now));
            break;
        }
    }
    // The filter runs the public tests as the team does (a HumanEval task's
    // docstring examples, never its private `check`), each sample once, its
    // cost kept so each budget's arm pays for its own samples only.
    let mut runs = BTreeMap::new();
    let mut filter_cost = vec![(0.0, 0.0); drafts.len()];
    for ((key, d), cost) in drafts.iter().zip(&mut filter_cost) {
        let (t0, c0) = (Instant::now(), cpu_seconds());
        if let Some(code) = &d.code {
            if let Ok(public) =
                grade(sandbox, &problem.run_mode(), &problem.run_code(code), &problem.public_tests).await
            {
                runs.insert(*key, DraftRun { public, extra: Vec::new() });
            }
        }
        *cost = (t0.elapsed().as_secs_f64(), cpu_seconds() - c0);
    }
    let all = every_test(problem);
    let mut oracle5 = false;
    for (_, d) in drafts.iter().take(per_batch) {
        if passes(sandbox, problem, &all, d.code.as_deref()).await {
            oracle5 = true;
            break;
        }
    }
    // Only a sample passing the public tests can pass them all.
    let mut passing = vec![false; drafts.len()];
    for ((key, d), p) in drafts.iter().zip(&mut passing) {
        *p = runs.get(key).is_some_and(|r| all_pass(&r.public))
            && passes(sandbox, problem, &problem.private_tests, d.code.as_deref()).await;
    }
    let mut out = Vec::new();
    for stop in stops.stops.into_iter().flatten() {
        let n = stop.samples;
        let (t0, c0) = (Instant::now(), cpu_seconds());
        let refs: Vec<(DraftKey, &Draft)> = drafts[..n].iter().map(|(k, d)| (*k, d)).collect();
        let chosen = ExecutionVote.decide(&refs, &runs);
        let vote = (t0.elapsed().as_secs_f64(), cpu_seconds() - c0);
        let pass = passes(sandbox, problem, &all, chosen.as_ref().map(|v| v.answer.as_str())).await;
        let placeholders = drafts[..n]
            .iter()
            .filter(|(_, d)| draft_code(&d.text, d.finish).is_some_and(|c| no_code(&c).is_some()))
            .count();
        let (filter_wall, filter_cpu) = filter_cost[..n].iter().fold((0.0, 0.0), |(w, c), (dw, dc)| (w + dw, c + dc));
        let select = Arm {
            pass,
            tokens: stop.tokens,
            wall_s: stop.wall_s + filter_wall + vote.0,
            cpu_s: stop.cpu_s + filter_cpu + vote.1,
        };
        let passing = passing[..n].iter().filter(|p| **p).count();
        out.push(SampleRun { select, samples: n, oracle5, passing, placeholders });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(samples: usize, wall_s: f64) -> Stop {
        Stop { samples, tokens: samples * 100, wall_s, cpu_s: 0.0 }
    }

    #[test]
    fn each_wall_budget_stops_where_a_run_at_it_alone_would() {
        // Batches of five taking 4 s each: a run alone at 10 s stops after two
        // (8 s + half a batch reaches 10), one at 30 s after seven (28 + 2).
        let budgets = [Budget::WallSeconds(10.0), Budget::WallSeconds(30.0)];
        let mut both = Stops::new(&budgets, 5);
        let mut alone: Vec<Stops> = budgets.iter().map(|b| Stops::new(std::slice::from_ref(b), 5)).collect();
        let mut batch = 0;
        loop {
            let now = drawn(batch * 5, batch as f64 * 4.0);
            for a in &mut alone {
                a.close_met(now, batch);
            }
            if both.close_met(now, batch) {
                break;
            }
            assert_eq!(both.next_batch(now.samples, now.tokens), 5);
            batch += 1;
        }
        assert_eq!(both.stops[0].map(|s| s.samples), Some(10));
        assert_eq!(both.stops[1].map(|s| s.samples), Some(35));
        for (i, a) in alone.iter().enumerate() {
            assert_eq!(a.stops[0], both.stops[i], "budget {i} alone");
        }
        assert_eq!(both.stops[1].map(|s| s.wall_s), Some(28.0));
    }

    #[test]
    fn the_smallest_open_token_budget_sizes_the_batch_and_sixty_four_samples_close_every_budget() {
        let mut stops = Stops::new(&[Budget::Tokens(1_000), Budget::Tokens(700)], 5);
        assert_eq!(stops.next_batch(0, 0), 5, "the first batch is always whole");
        // Five samples of 100 tokens: 700 buys two more, 1,000 five.
        assert!(!stops.close_met(drawn(5, 1.0), 1));
        assert_eq!(stops.next_batch(5, 500), 2);
        assert!(!stops.close_met(drawn(7, 2.0), 2));
        assert_eq!(stops.stops[1].map(|s| s.samples), Some(7));
        assert_eq!(stops.next_batch(7, 700), 3);
        let mut wall = Stops::new(&[Budget::WallSeconds(1e9)], 5);
        assert!(!wall.close_met(drawn(60, 1.0), 12));
        assert_eq!(wall.next_batch(60, 6_000), 4, "never past MAX_SAMPLES");
        assert!(wall.close_met(drawn(MAX_SAMPLES, 1.0), 13));
    }
}
