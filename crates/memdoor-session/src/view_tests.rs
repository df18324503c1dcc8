use super::*;
use crate::domain::{Decision, EntryKind, TestResult, TestVerdict, Usage};

fn started(task: &str, agents: usize) -> TeamEvent {
    let agents = (0..agents)
        .map(|agent| AgentInfo { agent, model: "m".into(), temperature: 0.3, seed: 1, role: None })
        .collect();
    TeamEvent::TaskStarted { task: task.into(), problem: format!("problem of {task}"), agents, sandbox: None }
}

fn token(agent: usize, round: u32, text: &str) -> TeamEvent {
    TeamEvent::AgentToken { agent, round, text: text.into() }
}

fn done(agent: usize, round: u32, text: &str, tokens: usize) -> TeamEvent {
    let usage = Usage { completion_tokens: tokens, ..Default::default() };
    let draft =
        Draft { text: text.into(), code: None, finish: FinishReason::Stop, usage, repairs: Vec::new(), reasked: None };
    TeamEvent::AgentDone { agent, round, draft }
}

fn tests(agent: usize, verdicts: &[TestVerdict]) -> TeamEvent {
    let results = verdicts.iter().map(|&verdict| TestResult { verdict, got: None, key: None, error: None }).collect();
    TeamEvent::TestRun { agent, round: 1, results }
}

#[test]
fn tokens_stream_into_a_draft_that_a_new_round_empties() {
    let mut m = SessionView::with_agents(2);
    m.apply(&started("t", 2));
    assert_eq!(m.apply(&token(1, 1, "ab")), Change::Agent { agent: 1, fresh: true });
    assert_eq!(m.apply(&token(1, 1, "c")), Change::Agent { agent: 1, fresh: false });
    assert_eq!((m.agents[1].text.as_str(), m.agents[1].tokens, m.round), ("abc", 2, 1));
    assert_eq!(m.agents[1].status, AgentStatus::Streaming);
    m.apply(&done(1, 1, "abc!", 7));
    m.apply(&tests(1, &[TestVerdict::Pass, TestVerdict::WrongAnswer]));
    assert_eq!((m.agents[1].tokens, m.agents[1].tests), (7, Some((1, 2))));
    assert_eq!(m.agents[1].status, AgentStatus::Done(FinishReason::Stop));

    assert_eq!(m.apply(&token(1, 2, "x")), Change::Agent { agent: 1, fresh: true });
    let a = &m.agents[1];
    assert_eq!((a.text.as_str(), a.tokens, a.tests, a.round), ("x", 1, None, 2));
    assert_eq!(a.last_draft.as_ref().map(|d| d.text.as_str()), Some("abc!"), "the finished draft of round 1 is kept");
}

#[test]
fn a_restart_voids_the_rounds_tokens() {
    let mut m = SessionView::default();
    m.apply(&started("t", 1));
    m.apply(&token(0, 1, "lost"));
    assert_eq!(m.apply(&TeamEvent::AgentRestarted { agent: 0, round: 1 }), Change::Agent { agent: 0, fresh: true });
    m.apply(&token(0, 1, "new"));
    assert_eq!((m.agents[0].text.as_str(), m.agents[0].tokens), ("new", 1));
}

#[test]
fn a_new_task_forgets_the_last_one_and_the_same_task_keeps_it() {
    let mut m = SessionView::with_agents(5);
    m.apply(&started("a", 5));
    m.apply(&token(3, 1, "old"));
    m.apply(&TeamEvent::MemoryEntry(Entry::new("a", 1, Some(3), EntryKind::Note, "n")));
    assert_eq!(m.memory.len(), 1);
    assert_eq!(m.apply(&started("a", 5)), Change::SameTask);
    assert_eq!((m.memory.len(), m.agents[3].text.as_str()), (1, "old"));

    assert_eq!(m.apply(&started("b", 2)), Change::NewTask);
    assert_eq!((m.agents.len(), m.memory.len(), m.round), (2, 0, 0));
    assert!(m.agents.iter().all(|a| a.text.is_empty() && a.info.is_some()));
    assert_eq!(m.problem, "problem of b");
}

#[test]
fn memory_keeps_each_entry_of_the_current_task_once() {
    let mut m = SessionView::default();
    m.apply(&started("t", 1));
    let e = Entry::new("t", 1, Some(0), EntryKind::Note, "hello");
    assert_eq!(m.apply(&TeamEvent::MemoryEntry(e.clone())), Change::Memory);
    assert_eq!(m.apply(&TeamEvent::MemoryEntry(e.clone())), Change::Nothing);
    assert!(!m.remember(e), "the store reports the same entry again");
    assert!(!m.remember(Entry::new("other", 1, Some(0), EntryKind::Note, "x")), "another task's entry");
    assert_eq!(m.memory.len(), 1);
}

#[test]
fn agents_past_the_bound_are_ignored_and_unplanned_ones_are_added() {
    let mut m = SessionView::with_agents(1);
    assert_eq!(m.apply(&token(MAX_AGENTS, 1, "x")), Change::Nothing);
    m.apply(&token(6, 1, "y"));
    assert_eq!(m.agents.len(), 7);
}

#[test]
fn the_consensus_and_the_finish_are_kept() {
    let mut m = SessionView::default();
    m.apply(&started("t", 1));
    let consensus = TeamEvent::Consensus(crate::domain::Consensus {
        answer: "print(1)".into(),
        decision: Decision::SelfConsistency,
        cluster: 0,
        votes: 1,
        agents: vec![0],
        evidence: Vec::new(),
        tests: Vec::new(),
        alternatives: Vec::new(),
    });
    assert_eq!(m.apply(&consensus), Change::Consensus);
    assert_eq!(m.consensus.as_ref().map(|c| c.answer.as_str()), Some("print(1)"));
    assert_eq!(m.elapsed_secs, None, "not finished yet");
    m.apply(&TeamEvent::TaskFinished { task: "t".into(), answer: Some("print(1)".into()), elapsed_secs: 2.0 });
    assert_eq!((m.answer.as_deref(), m.elapsed_secs), (Some("print(1)"), Some(2.0)));
}

#[test]
fn a_turn_starts_the_round_and_stays_with_its_draft_until_the_next() {
    use crate::domain::Framing;
    let mut m = SessionView::with_agents(2);
    m.apply(&started("t", 2));
    let fresh = Turn::Fresh(Framing::PlanFirst);
    assert_eq!(
        m.apply(&TeamEvent::TurnStarted { agent: 1, round: 2, turn: fresh }),
        Change::Agent { agent: 1, fresh: true }
    );
    m.apply(&token(1, 2, "steps"));
    m.apply(&done(1, 2, "steps", 3));
    assert_eq!((m.agents[1].turn, m.agents[1].text.as_str(), m.round), (Some(fresh), "steps", 2));
    // Resting, the agent keeps its draft on the pane.
    assert_eq!(
        m.apply(&TeamEvent::TurnStarted { agent: 1, round: 3, turn: Turn::Rest }),
        Change::Agent { agent: 1, fresh: false }
    );
    assert_eq!((m.agents[1].turn, m.agents[1].text.as_str(), m.agents[1].round), (Some(Turn::Rest), "steps", 2));
    // A journal from before turns were told: the next round has no turn, not the old one.
    m.apply(&token(1, 4, "x"));
    assert_eq!(m.agents[1].turn, None);
}
