//! `memdoor bench --problems FILE`: the team on a problem set, graded on
//! every test (public and private — private ones are never shown to agents):
//! single-agent pass@1 (agent 0's first draft), team pass@1 (the consensus),
//! the best-of-N oracle (any draft passes), tokens and wall time.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::event::TeamEvent;
use crate::judge::grade::{all_pass, grade};
use crate::judge::sandbox::Sandbox;
use crate::judge::SelfConsistency;
use crate::memory::embedded::EmbeddedStore;
use crate::problem::{Problem, TestCase};
use crate::team::{run_team, Agent, Session};

#[derive(Debug, Serialize)]
pub struct ProblemFigures {
    pub id: String,
    pub single: bool,
    pub team: bool,
    pub oracle: bool,
    pub strategy: Option<String>,
    pub tokens: usize,
    pub wall_s: f64,
}

#[derive(Debug, Serialize)]
pub struct SetReport {
    pub problems: Vec<ProblemFigures>,
    pub single_pass_at_1: f64,
    pub team_pass_at_1: f64,
    pub oracle: f64,
    pub tokens: usize,
    pub wall_s: f64,
}

async fn passes(sandbox: &Sandbox, problem: &Problem, tests: &[TestCase], code: Option<&String>) -> bool {
    match code {
        Some(code) => grade(sandbox, &problem.mode, code, tests).await.map(|r| all_pass(&r)).unwrap_or(false),
        None => false,
    }
}

/// One problem: the team runs, then its drafts and answer are graded.
pub async fn run_problem(problem: &Problem, agents: &[Agent], max_tokens: usize, rounds: u32, agent_tests: bool, sandbox: &Sandbox) -> Result<ProblemFigures> {
    let started = Instant::now();
    let (tx, mut rx) = mpsc::channel(8192);
    let team = async {
        let session = Session {
            problem,
            agents,
            max_tokens,
            rounds,
            strategy: &SelfConsistency,
            store: Arc::new(EmbeddedStore::new()),
            sandbox: Some(sandbox.clone()),
            agent_tests, aggregate: true,
        };
        run_team(session, tx, CancellationToken::new()).await
    };
    let collect = async {
        let mut drafts: BTreeMap<(u32, usize), Option<String>> = BTreeMap::new();
        let mut tokens = 0;
        while let Some(e) = rx.recv().await {
            if let TeamEvent::AgentDone { agent, round, draft } = e {
                tokens += draft.usage.completion_tokens;
                drafts.insert((round, agent), draft.code);
            }
        }
        (drafts, tokens)
    };
    let (verdict, (drafts, tokens)) = tokio::join!(team, collect);
    let all: Vec<TestCase> = problem.public_tests.iter().chain(&problem.private_tests).cloned().collect();
    let single = passes(sandbox, problem, &all, drafts.get(&(1, 0)).and_then(|c| c.as_ref())).await;
    let team_pass = passes(sandbox, problem, &all, verdict.as_ref().map(|v| &v.answer)).await;
    let mut oracle = false;
    for code in drafts.values().flatten() {
        if passes(sandbox, problem, &all, Some(code)).await {
            oracle = true;
            break;
        }
    }
    Ok(ProblemFigures {
        id: problem.id.clone(),
        single,
        team: team_pass,
        oracle,
        strategy: verdict.map(|v| v.strategy),
        tokens,
        wall_s: started.elapsed().as_secs_f64(),
    })
}

pub async fn run_set(problems: &[Problem], agents: &[Agent], max_tokens: usize, rounds: u32, agent_tests: bool, sandbox: &Sandbox) -> Result<SetReport> {
    let started = Instant::now();
    let bar = indicatif::ProgressBar::new(problems.len() as u64).with_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} problems · {elapsed} · {msg}").expect("static template"),
    );
    let mut figures = Vec::new();
    for p in problems {
        bar.set_message(p.id.clone());
        let f = run_problem(p, agents, max_tokens, rounds, agent_tests, sandbox).await?;
        tracing::info!(?f, "bench problem done");
        figures.push(f);
        let n = figures.len() as f64;
        let team = figures.iter().filter(|f| f.team).count() as f64;
        bar.set_message(format!("team {:.0}% so far", 100.0 * team / n));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let n = figures.len().max(1) as f64;
    let rate = |f: fn(&ProblemFigures) -> bool| figures.iter().filter(|p| f(p)).count() as f64 / n;
    Ok(SetReport {
        single_pass_at_1: rate(|p| p.single),
        team_pass_at_1: rate(|p| p.team),
        oracle: rate(|p| p.oracle),
        tokens: figures.iter().map(|p| p.tokens).sum(),
        wall_s: started.elapsed().as_secs_f64(),
        problems: figures,
    })
}

pub fn print_set(r: &SetReport) {
    let yes = |b: bool| if b { "✓" } else { "·" };
    println!("{:<28} {:>6} {:>5} {:>6} {:>7} {:>7}", "problem", "single", "team", "oracle", "tokens", "wall s");
    for p in &r.problems {
        println!("{:<28} {:>6} {:>5} {:>6} {:>7} {:>7.1}", p.id, yes(p.single), yes(p.team), yes(p.oracle), p.tokens, p.wall_s);
    }
    println!(
        "pass@1: single agent {:.1}% · team {:.1}% · best-of-N oracle {:.1}% · {} problems, {} tokens, {:.0} s",
        100.0 * r.single_pass_at_1,
        100.0 * r.team_pass_at_1,
        100.0 * r.oracle,
        r.problems.len(),
        r.tokens,
        r.wall_s
    );
}
