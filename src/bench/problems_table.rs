//! The report `memdoor bench --problems` prints: per problem, the rows, where
//! the tokens went, and how the team's answers were decided.

use std::collections::BTreeMap;

use serde::Serialize;

use super::arms::Arm;
use super::problem_figures::ProblemFigures;
use super::spend::SpendRow;
use crate::domain::{Checked, Decision};
use crate::team::Ablation;

/// One row of the summary: a method's pass@1 over the set and its cost.
#[derive(Debug, Serialize)]
pub struct Row {
    pub method: String,
    pub(crate) pass_at_1: f64,
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
    pub(crate) spend: Vec<SpendRow>,
    pub(crate) repairs_saved: BTreeMap<String, usize>,
    pub wall_s: f64,
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

fn mark(pass: bool) -> &'static str {
    if pass {
        "✓"
    } else {
        "·"
    }
}

fn percent(n: usize, of: usize) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

/// The progress bar's message: the team's and sample-and-select's pass rates so far.
pub(crate) fn so_far(figures: &[ProblemFigures]) -> String {
    let team = figures.iter().filter(|f| f.team.pass).count();
    let sel = figures.iter().filter(|f| f.sample_select.pass).count();
    format!("team {:.0}% · sample-and-select {:.0}% so far", percent(team, figures.len()), percent(sel, figures.len()))
}

/// The line a problem when the progress bar is hidden (a run sent to a
/// file): the last problem's arms, the time so far, the rates so far.
pub(crate) fn progress_line(figures: &[ProblemFigures], total: usize, elapsed_s: f64) -> String {
    let Some(f) = figures.last() else { return String::new() };
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
    format!(
        "{}/{total} {} · team {} · sample-and-select {}{others} · {elapsed_s:.0} s · {}",
        figures.len(),
        f.id,
        mark(f.team.pass),
        mark(f.sample_select.pass),
        so_far(figures)
    )
}

pub fn print_set(r: &SetReport) {
    let yes = mark;
    println!(
        "{:<28} {:>6} {:>7} {:>5} {:>6} {:>7} {:>7} {:>7}",
        "problem", "single", "sample", "team", "oracle", "oracle5", "tokens", "wall s"
    );
    for p in &r.problems {
        println!(
            "{:<28} {:>6} {:>7} {:>5} {:>6} {:>7} {:>7} {:>7.1}",
            p.id,
            yes(p.single.pass),
            yes(p.sample_select.pass),
            yes(p.team.pass),
            yes(p.oracle),
            yes(p.oracle5),
            p.team.tokens,
            p.team.wall_s
        );
    }
    println!();
    println!("{:<60} {:>8} {:>9} {:>9} {:>8} {:>8}", "method", "pass@1", "passed", "tokens", "wall s", "CPU s");
    for row in &r.rows {
        let passed = format!("{}/{}", row.passed, r.problems.len());
        let cpu = if row.cpu_s > 0.0 { format!("{:.0}", row.cpu_s) } else { "–".into() };
        println!(
            "{:<60} {:>7.1}% {:>9} {:>9} {:>8.0} {:>8}",
            row.method,
            100.0 * row.pass_at_1,
            passed,
            row.tokens,
            row.wall_s,
            cpu
        );
    }
    println!();
    // "first": problems where one of these drafts passed and no earlier round's draft had.
    println!(
        "{:<50} {:>7} {:>8} {:>9} {:>6} {:>9}",
        "where the tokens went", "drafts", "passing", "problems", "first", "tokens"
    );
    for row in &r.spend {
        println!(
            "{:<50} {:>7} {:>8} {:>9} {:>6} {:>9}",
            row.kind, row.drafts, row.passing, row.problems, row.bought, row.tokens
        );
    }
    let saved: Vec<String> = r.repairs_saved.iter().map(|(k, n)| format!("{k} {n}")).collect();
    println!("drafts saved by form repairs: {}", if saved.is_empty() { "none".into() } else { saved.join(", ") });
    let drafts = r.problems.iter().flat_map(|p| &p.team_drafts);
    let reasked = drafts.clone().filter(|d| d.reasked.is_some()).count();
    let still = drafts.filter(|d| d.reasked.is_some() && d.no_code).count();
    let samples: usize = r.problems.iter().map(|p| p.samples_placeholder).sum();
    println!(
        "placeholder answers: team {reasked} (asked again; {still} still without code), sample-and-select {samples}"
    );
    println!("{}", decided_line(&r.problems));
    println!("{} problems in {:.0} s", r.problems.len(), r.wall_s);
}

/// How the team's answers were chosen: by running drafts (on tests with
/// known outputs, or on inputs only) or, where nothing ran, without.
pub(crate) fn decided_line(problems: &[ProblemFigures]) -> String {
    let count = |f: &dyn Fn(&Decision) -> bool| problems.iter().filter(|p| p.decision.as_ref().is_some_and(f)).count();
    let on = |c: Checked| move |d: &Decision| matches!(d, Decision::ExecutionVote { checked, .. } if *checked == c);
    let executed = count(&|d| matches!(d, Decision::ExecutionVote { .. }));
    format!(
        "decided by execution: {executed} of {} problems (public tests passed {}, none passed {}, inputs only {}); without running: aggregator {}, self-consistency {}; no code {}",
        problems.len(),
        count(&on(Checked::PublicTests)),
        count(&on(Checked::NoDraftPassed)),
        count(&on(Checked::InputsOnly)),
        count(&|d| matches!(d, Decision::Aggregator)),
        count(&|d| matches!(d, Decision::SelfConsistency)),
        problems.iter().filter(|p| p.decision.is_none()).count(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::problem_figures::{MixedRun, VsRun, VsSampling};
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
        let mixed = |pass, oracle| MixedRun {
            name: "4 x small, 1 x big".into(),
            team: arm(pass, 10),
            oracle,
            drafts: Vec::new(),
        };
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
