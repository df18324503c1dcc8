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
use serde::Serialize;

use super::arms::{greedy, team_run, Arm};
use super::sample_select::{sample_and_select, sample_and_select_at, Budget};
use super::spend::{spend_rows, DraftRecord, ProblemSpend, SpendRow};
use crate::domain::Decision;
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

/// The second team on one problem.
#[derive(Debug, Clone, Serialize)]
pub struct MixedRun {
    pub name: String,
    pub team: Arm,
    /// Any of its drafts passes every test.
    pub oracle: bool,
}

/// The `--vs` model alone on one problem.
#[derive(Debug, Clone, Serialize)]
pub struct VsRun {
    pub model: String,
    /// One greedy answer.
    pub greedy: Arm,
    /// Sample-and-select for the team's wall time on this problem.
    pub sample_select: Arm,
    pub samples: usize,
    /// Beside a mixed team, sample-and-select for the mixed team's wall time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_mixed_wall: Option<VsSampling>,
}

/// The `--vs` model's sample-and-select at one more budget.
#[derive(Debug, Clone, Serialize)]
pub struct VsSampling {
    pub select: Arm,
    pub samples: usize,
}

#[derive(Debug, Serialize)]
pub struct ProblemFigures {
    pub id: String,
    pub single: Arm,
    pub sample_select: Arm,
    pub samples: usize,
    pub team: Arm,
    /// How the team chose its answer (`None`: no draft had code).
    pub decision: Option<Decision>,
    pub oracle: bool,
    pub oracle5: bool,
    pub repairs_saved: BTreeMap<String, usize>,
    /// Every team draft: its turn, tokens, and whether it passes every test.
    pub team_drafts: Vec<DraftRecord>,
    /// Team tokens beside its drafts (test inputs, distinguishing inputs, predictions).
    pub side_tokens: usize,
    /// Sample-and-select's samples that pass every test.
    pub samples_passing: usize,
    /// Sample-and-select's samples whose code block held only a placeholder.
    pub samples_placeholder: usize,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ablations: Vec<(Ablation, Arm)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vs: Option<VsRun>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mixed: Option<MixedRun>,
}

/// One row of the summary: a method's pass@1 over the set and its cost.
#[derive(Debug, Serialize)]
pub struct Row {
    pub method: String,
    pub pass_at_1: f64,
    pub passed: usize,
    pub tokens: usize,
    pub wall_s: f64,
    /// 0 where not measured apart (the single agent, the oracles).
    pub cpu_s: f64,
}

#[derive(Debug, Serialize)]
pub struct SetReport {
    pub problems: Vec<ProblemFigures>,
    pub rows: Vec<Row>,
    /// Where the tokens went: team turns by kind, side questions, samples.
    pub spend: Vec<SpendRow>,
    pub repairs_saved: BTreeMap<String, usize>,
    pub wall_s: f64,
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
            Some(MixedRun { name: other.name.clone(), team: run.team, oracle: run.oracle })
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

fn row(method: &str, figures: &[ProblemFigures], arm: impl Fn(&ProblemFigures) -> Option<Arm>) -> Row {
    let arms: Vec<Arm> = figures.iter().filter_map(&arm).collect();
    let passed = arms.iter().filter(|a| a.pass).count();
    Row {
        method: method.into(),
        pass_at_1: passed as f64 / figures.len().max(1) as f64,
        passed,
        tokens: arms.iter().map(|a| a.tokens).sum(),
        wall_s: arms.iter().map(|a| a.wall_s).sum(),
        cpu_s: arms.iter().map(|a| a.cpu_s).sum(),
    }
}

/// The summary rows: the four methods, then one per ablation run.
pub fn rows(figures: &[ProblemFigures]) -> Vec<Row> {
    let oracle =
        |f: &ProblemFigures| Some(Arm { pass: f.oracle, tokens: f.team.tokens, wall_s: f.team.wall_s, cpu_s: 0.0 });
    let oracle5 = |f: &ProblemFigures| Some(Arm { pass: f.oracle5, ..Arm::default() });
    let mut rows = vec![
        row("single agent (agent 0, greedy)", figures, |f| Some(f.single.clone())),
        row("sample-and-select (equal tokens)", figures, |f| Some(f.sample_select.clone())),
        row("team", figures, |f| Some(f.team.clone())),
        row("oracle: any team draft passes", figures, oracle),
        row("oracle: any of 5 samples passes", figures, oracle5),
    ];
    if let Some(name) = figures.iter().find_map(|f| f.vs.as_ref().map(|v| v.model.clone())) {
        rows.push(row(&format!("{name} alone, greedy"), figures, |f| f.vs.as_ref().map(|v| v.greedy.clone())));
        rows.push(row(&format!("{name} sample-and-select (team's wall time)"), figures, |f| {
            f.vs.as_ref().map(|v| v.sample_select.clone())
        }));
        if figures.iter().any(|f| f.vs.as_ref().is_some_and(|v| v.at_mixed_wall.is_some())) {
            rows.push(row(&format!("{name} sample-and-select (mixed team's wall time)"), figures, |f| {
                f.vs.as_ref().and_then(|v| v.at_mixed_wall.as_ref()).map(|s| s.select.clone())
            }));
        }
    }
    if let Some(name) = figures.iter().find_map(|f| f.mixed.as_ref().map(|m| m.name.clone())) {
        rows.push(row(&format!("mixed team ({name})"), figures, |f| f.mixed.as_ref().map(|m| m.team.clone())));
        let oracle = |f: &ProblemFigures| {
            f.mixed.as_ref().map(|m| Arm { pass: m.oracle, tokens: m.team.tokens, wall_s: m.team.wall_s, cpu_s: 0.0 })
        };
        rows.push(row("oracle: any mixed-team draft passes", figures, oracle));
    }
    for a in Ablation::ALL {
        if figures.iter().any(|f| f.ablations.iter().any(|(x, _)| *x == a)) {
            let label = format!("team, {}", a.label());
            rows.push(row(&label, figures, |f| f.ablations.iter().find(|(x, _)| *x == a).map(|(_, arm)| arm.clone())));
        }
    }
    rows
}

pub async fn run_set(
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
        let (team_passed, sample_passed) = (f.team.pass, f.sample_select.pass);
        let mark = |b: bool| if b { "✓" } else { "·" };
        let mut others = String::new();
        if let Some(v) = &f.vs {
            others +=
                &format!(" · {} greedy {} · its sampling {}", v.model, mark(v.greedy.pass), mark(v.sample_select.pass));
            if let Some(s) = &v.at_mixed_wall {
                others += &format!(" · at the mixed team's time {}", mark(s.select.pass));
            }
        }
        if let Some(m) = &f.mixed {
            others += &format!(" · mixed team {}", mark(m.team.pass));
        }
        figures.push(f);
        let pct = |n: usize| 100.0 * n as f64 / figures.len() as f64;
        let (team, sel) =
            (figures.iter().filter(|f| f.team.pass).count(), figures.iter().filter(|f| f.sample_select.pass).count());
        bar.set_message(format!("team {:.0}% · sample-and-select {:.0}% so far", pct(team), pct(sel)));
        if bar.is_hidden() {
            // Not a terminal (a run sent to a file): a line a problem, so a long run is never silent.
            eprintln!(
                "memdoor bench: {}/{} {} · team {} · sample-and-select {}{others} · {:.0} s · team {:.0}% · sample-and-select {:.0}% so far",
                figures.len(),
                problems.len(),
                p.id,
                mark(team_passed),
                mark(sample_passed),
                started.elapsed().as_secs_f64(),
                pct(team),
                pct(sel)
            );
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

#[cfg(test)]
mod tests {
    use super::super::problems_table::decided_line;
    use super::*;
    use crate::domain::Checked;

    fn decided(decision: Option<Decision>) -> ProblemFigures {
        ProblemFigures {
            id: "p".into(),
            single: Arm::default(),
            sample_select: Arm::default(),
            samples: 0,
            team: Arm::default(),
            decision,
            oracle: false,
            oracle5: false,
            repairs_saved: BTreeMap::new(),
            team_drafts: Vec::new(),
            side_tokens: 0,
            samples_passing: 0,
            samples_placeholder: 0,
            ablations: Vec::new(),
            vs: None,
            mixed: None,
        }
    }

    #[test]
    fn a_mixed_team_gets_its_row_and_its_oracle_beside_the_team() {
        let arm = |pass, tokens| Arm { pass, tokens, wall_s: 2.0, cpu_s: 3.0 };
        let mixed = |pass, oracle| MixedRun { name: "4 x small, 1 x big".into(), team: arm(pass, 10), oracle };
        let problems = [
            ProblemFigures { team: arm(false, 7), mixed: Some(mixed(true, true)), ..decided(None) },
            ProblemFigures { team: arm(true, 5), mixed: Some(mixed(false, true)), ..decided(None) },
            ProblemFigures { mixed: Some(mixed(false, false)), ..decided(None) },
        ];
        let table = rows(&problems);
        let find = |m: &str| table.iter().find(|r| r.method == m).unwrap_or_else(|| panic!("no row {m}"));
        let team = find("mixed team (4 x small, 1 x big)");
        assert_eq!((team.passed, team.tokens, team.wall_s, team.cpu_s), (1, 30, 6.0, 9.0));
        assert_eq!(find("oracle: any mixed-team draft passes").passed, 2);
        assert_eq!(find("team").passed, 1);
        assert!(rows(&problems[..0]).iter().all(|r| !r.method.starts_with("mixed")), "no second team, no row");
    }

    #[test]
    fn the_model_alone_gets_a_sampling_row_at_each_teams_wall_time() {
        let arm = |pass, tokens| Arm { pass, tokens, wall_s: 2.0, cpu_s: 3.0 };
        let vs = |at_mixed: Option<bool>| VsRun {
            model: "big".into(),
            greedy: arm(false, 1),
            sample_select: arm(true, 4),
            samples: 5,
            at_mixed_wall: at_mixed.map(|pass| VsSampling { select: arm(pass, 9), samples: 10 }),
        };
        let problems = [
            ProblemFigures { vs: Some(vs(Some(true))), ..decided(None) },
            ProblemFigures { vs: Some(vs(Some(false))), ..decided(None) },
        ];
        let table = rows(&problems);
        let find = |m: &str| table.iter().find(|r| r.method == m).unwrap_or_else(|| panic!("no row {m}"));
        assert_eq!((find("big sample-and-select (team's wall time)").passed, find("big alone, greedy").passed), (2, 0));
        let at_mixed = find("big sample-and-select (mixed team's wall time)");
        assert_eq!((at_mixed.passed, at_mixed.tokens), (1, 18));
        let alone = [ProblemFigures { vs: Some(vs(None)), ..decided(None) }];
        assert!(rows(&alone).iter().all(|r| !r.method.contains("mixed")), "no mixed team, no row");
    }

    #[test]
    fn the_decided_line_counts_each_way_the_team_chose() {
        let vote = |checked| Some(Decision::ExecutionVote { checked, settled: None });
        let problems = [
            decided(vote(Checked::PublicTests)),
            decided(vote(Checked::PublicTests)),
            decided(vote(Checked::InputsOnly)),
            decided(Some(Decision::Aggregator)),
            decided(None),
        ];
        assert_eq!(
            decided_line(&problems),
            "decided by execution: 3 of 5 problems (public tests passed 2, none passed 0, inputs only 1); without running: aggregator 1, self-consistency 0; no code 1"
        );
    }
}
