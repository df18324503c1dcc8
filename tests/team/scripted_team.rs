//! A team of scripted agents on one problem (real sandbox, real python3),
//! for the mechanism tests (`team_mechanisms`, `team_drafts`): each agent
//! answers from its script; the run returns the verdict, the notes and the
//! events.

use std::sync::Arc;

use memdoor::domain::{Consensus, TeamEvent};
use memdoor::judge::sandbox::{Limits, Sandbox};
use memdoor::memory::embedded::EmbeddedStore;
use memdoor::memory::{EntryKind, MemoryStore};
use memdoor::model::Sampling;
use memdoor::problem::{load_set, Problem};
use memdoor::session::{drive, Recorder, SessionSpec, Step};
use memdoor::team::{Agent, Mechanisms};
use memdoor_testkit::scripted::Scripted;
use tokio_util::sync::CancellationToken;

pub(crate) const RIGHT: &str = "s = input().strip()\nprint(s[::-1])\n";
/// Passes the public tests ("stressed", "a1b2c3") but doubles a one-letter line.
pub(crate) const DOUBLES_ONE: &str = "s = input().strip()\nprint(s[::-1] if len(s) > 1 else s + s)\n";

pub(crate) fn wrong(i: usize) -> String {
    format!("print(input().strip() + '{i}')\n")
}

pub(crate) fn reverse_problem() -> Problem {
    let problems = load_set(std::path::Path::new("assets/problems/easy.jsonl")).unwrap();
    problems.into_iter().find(|p| p.id == "reverse-the-line").expect("the reverse problem")
}

/// A session run to its verdict: the agents' backends, the memory's notes and the events.
pub(crate) struct Run {
    pub verdict: Consensus,
    pub backends: Vec<Arc<Scripted>>,
    pub notes: Vec<String>,
    pub events: Vec<TeamEvent>,
}

/// Runs a team of `scripts.len()` scripted agents, one script each.
pub(crate) async fn run(scripts: Vec<Vec<String>>, rounds: u32, mechanisms: Mechanisms) -> Run {
    run_problem(reverse_problem(), scripts, rounds, mechanisms).await
}

pub(crate) async fn run_problem(
    problem: Problem,
    scripts: Vec<Vec<String>>,
    rounds: u32,
    mechanisms: Mechanisms,
) -> Run {
    run_led(problem, scripts, rounds, mechanisms, None).await
}

/// As `run_problem`, agent `lead` (if any) leading.
pub(crate) async fn run_led(
    problem: Problem,
    scripts: Vec<Vec<String>>,
    rounds: u32,
    mechanisms: Mechanisms,
    lead: Option<usize>,
) -> Run {
    let backends: Vec<Arc<Scripted>> = scripts.into_iter().map(|a| Arc::new(Scripted::new(a))).collect();
    let agents: Vec<Agent> = backends
        .iter()
        .enumerate()
        .map(|(id, b)| Agent {
            lead: lead == Some(id),
            ..Agent::new(id, b.clone(), Sampling { seed: 42 + id as u64, ..Sampling::default() })
        })
        .collect();
    let store = Arc::new(EmbeddedStore::new());
    let sandbox = Sandbox::detect(Limits::default()).await;
    let spec = SessionSpec {
        agents,
        store: store.clone(),
        sandbox: Some(sandbox),
        rounds,
        max_tokens: 64,
        mechanisms,
        unique_ids: false,
        repo: None,
    };
    let mut recorder = Recorder::default();
    let verdict = drive(&spec, &problem, Step::Start, &mut [&mut recorder], CancellationToken::new())
        .await
        .unwrap()
        .expect("a verdict");
    let events = recorder.events;
    let memory = store.read(&problem.id, None).await.unwrap();
    let notes = memory
        .into_iter()
        .filter(|(_, e)| e.kind == EntryKind::Note && e.agent.is_none())
        .map(|(_, e)| e.content)
        .collect();
    Run { verdict, backends, notes, events }
}

/// Every mechanism on, distinguishing inputs and repairs after a pass included (both off by default);
/// agent tests, aggregation and framed proposals off.
pub(crate) const PLAIN: Mechanisms = Mechanisms {
    agent_tests: false,
    repair_prompts: true,
    aggregate: false,
    early_stop: true,
    repairs_after_pass: true,
    fresh_drafts: true,
    framed_proposals: false,
    distinguish: true,
    split_majority: false,
    form_repair: true,
    public_tests: true,
    lead_roles: true,
};
