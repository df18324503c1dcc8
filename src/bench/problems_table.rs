//! The report `memdoor bench --problems` prints: per problem, the rows, where
//! the tokens went, and how the team's answers were decided.

use super::problems::{ProblemFigures, SetReport};
use crate::domain::{Checked, Decision};

pub fn print_set(r: &SetReport) {
    let yes = |b: bool| if b { "✓" } else { "·" };
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
pub fn decided_line(problems: &[ProblemFigures]) -> String {
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
