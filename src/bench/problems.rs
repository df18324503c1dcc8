//! `memdoor bench --problems FILE`: on the same problems in one run, pass@1
//! with tokens and wall time of the single agent (agent 0's greedy first
//! draft), sample-and-select at the team's tokens, the team, and the
//! oracles (any team draft passes; any of five independent samples
//! passes); `--ablate` adds the team with each mechanism flipped in turn
//! (off, or on where it is off by default).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;

use super::arms::{greedy, team_run};
use super::problem_figures::{MixedRun, ProblemFigures, VsRun, VsSampling};
use super::problems_table::{progress_line, rows, so_far, SetReport};
use super::sample_select::{sample_and_select, sample_and_select_at, Budget};
use super::spend::{spend_rows, ProblemSpend};
use crate::judge::sandbox::Sandbox;
use crate::model::ModelBackend;
use crate::problem::Problem;
use crate::team::{Ablation, Mechanisms, TeamConfig};

/// What is compared, and how.
pub struct SetBench {
    pub cfg: TeamConfig,
    pub rounds: u32,
    pub mechanisms: Mechanisms,
    /// Mechanisms to flip one at a time, each in a team run of its own.
    pub ablate: Vec<Ablation>,
    /// `--vs`: a model alone, greedy and sampling for the team's wall time
    /// (and for the mixed team's, when there is one).
    pub vs: Option<Arc<dyn ModelBackend>>,
    /// The agent that leads (the config's `lead = true`), if one does.
    pub lead: Option<usize>,
    /// `--mixed`: a second team run on every problem beside the first.
    pub mixed: Option<OtherTeam>,
}

/// A second team (e.g. four small agents and one bigger one), with the first's rounds and mechanisms.
pub struct OtherTeam {
    /// What the rows call it (its agents' models).
    pub name: String,
    /// Agent i's backend.
    pub models: Vec<Arc<dyn ModelBackend>>,
    pub lead: Option<usize>,
}

/// One problem: the team, sample-and-select at the team's tokens, the mixed
/// team, the `--vs` model alone (its sampling for either team's wall time),
/// then the ablations.
/// `models`: agent i's backend (one for all, or a mixed team's).
pub async fn run_problem(
    problem: &Problem,
    models: &[Arc<dyn ModelBackend>],
    b: &SetBench,
    sandbox: &Sandbox,
) -> Result<ProblemFigures> {
    let team = team_run(problem, models, b.lead, &b.cfg, b.rounds, b.mechanisms, sandbox).await?;
    let sampled =
        sample_and_select(problem, models, &b.cfg, Budget::Tokens(team.team.tokens), b.mechanisms.form_repair, sandbox)
            .await?;
    let mixed = match &b.mixed {
        Some(other) => {
            let cfg = TeamConfig { agents: other.models.len(), ..b.cfg.clone() };
            let run = team_run(problem, &other.models, other.lead, &cfg, b.rounds, b.mechanisms, sandbox).await?;
            Some(MixedRun { name: other.name.clone(), team: run.team, oracle: run.oracle, drafts: run.records })
        }
        None => None,
    };
    let vs = match &b.vs {
        Some(model) => {
            let greedy = greedy(problem, model, &b.cfg, b.mechanisms.form_repair, sandbox).await?;
            // Sampling for the team's wall time and, beside a mixed team, for
            // its: one sequence of samples, each arm read off where it stops.
            let mut walls = vec![Budget::WallSeconds(team.team.wall_s)];
            walls.extend(mixed.as_ref().map(|m| Budget::WallSeconds(m.team.wall_s)));
            let mut sampled = sample_and_select_at(
                problem,
                std::slice::from_ref(model),
                &b.cfg,
                &walls,
                b.mechanisms.form_repair,
                sandbox,
            )
            .await?
            .into_iter();
            let at_team = sampled.next().expect("one run a budget");
            Some(VsRun {
                model: model.name().to_string(),
                greedy,
                sample_select: at_team.select,
                samples: at_team.samples,
                at_mixed_wall: sampled.next().map(|r| VsSampling { select: r.select, samples: r.samples }),
            })
        }
        None => None,
    };
    let mut ablations = Vec::new();
    for &a in &b.ablate {
        let (m, rounds) = a.apply(b.mechanisms, b.rounds);
        if (m, rounds) == (b.mechanisms, b.rounds) {
            continue;
        }
        ablations.push((a, team_run(problem, models, b.lead, &b.cfg, rounds, m, sandbox).await?.team));
    }
    Ok(ProblemFigures {
        id: problem.id.clone(),
        single: team.single,
        sample_select: sampled.select,
        samples: sampled.samples,
        team: team.team,
        decision: team.decision,
        oracle: team.oracle,
        oracle5: sampled.oracle5,
        repairs_saved: team.repairs_saved,
        team_drafts: team.records,
        side_tokens: team.side_tokens,
        samples_passing: sampled.passing,
        samples_placeholder: sampled.placeholders,
        ablations,
        vs,
        mixed,
    })
}

pub(crate) async fn run_set(
    problems: &[Problem],
    models: &[Arc<dyn ModelBackend>],
    b: &SetBench,
    sandbox: &Sandbox,
) -> Result<SetReport> {
    let started = Instant::now();
    let bar = indicatif::ProgressBar::new(problems.len() as u64).with_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} problems · {elapsed} · {msg}")
            .expect("static template"),
    );
    let mut figures: Vec<ProblemFigures> = Vec::new();
    for p in problems {
        bar.set_message(p.id.clone());
        let f = run_problem(p, models, b, sandbox).await?;
        tracing::info!(?f, "bench problem done");
        figures.push(f);
        bar.set_message(so_far(&figures));
        if bar.is_hidden() {
            // Not a terminal (a run sent to a file): a line a problem, so a long run is never silent.
            eprintln!("memdoor bench: {}", progress_line(&figures, problems.len(), started.elapsed().as_secs_f64()));
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let mut repairs_saved = BTreeMap::new();
    for (r, n) in figures.iter().flat_map(|f| &f.repairs_saved) {
        *repairs_saved.entry(r.clone()).or_insert(0) += n;
    }
    let spend = spend_rows(figures.iter().map(|f| ProblemSpend {
        drafts: &f.team_drafts,
        side_tokens: f.side_tokens,
        samples: f.samples,
        samples_passing: f.samples_passing,
        sample_tokens: f.sample_select.tokens,
    }));
    Ok(SetReport {
        rows: rows(&figures),
        spend,
        problems: figures,
        repairs_saved,
        wall_s: started.elapsed().as_secs_f64(),
    })
}
