//! A session seen only through its shared memory (`memdoor watch`): what
//! another process — a server, a worker answering a plain client's task —
//! wrote to Redis, turned into the same `TeamEvent`s the views draw. Drafts
//! arrive whole (tokens stream only inside the process that runs the
//! team), and the answer is what the run wrote to `memory:<id>`.

use crate::domain::{AgentInfo, Decision, Draft, Entry, EntryKind, FinishReason, TeamEvent, Usage};
use crate::team::extract_code;

/// The events that open a watched task: `agents` panes, named as remote.
pub fn task_started(task: &str, problem: &str, agents: usize) -> TeamEvent {
    let agents = (0..agents)
        .map(|agent| AgentInfo { agent, model: "remote".into(), temperature: 0.0, seed: 0, role: None })
        .collect();
    TeamEvent::TaskStarted { task: task.into(), problem: problem.into(), agents, sandbox: None }
}

/// What one entry of the watched task's memory shows: the entry itself, and
/// for an agent's draft, that agent's pane.
pub fn on_entry(entry: &Entry) -> Vec<TeamEvent> {
    let mut events = vec![TeamEvent::MemoryEntry(entry.clone())];
    match (entry.kind, entry.agent) {
        (EntryKind::Draft, Some(agent)) => {
            let code = if entry.prose { None } else { extract_code(&entry.content) };
            let draft = Draft {
                text: entry.content.clone(),
                code,
                finish: FinishReason::Stop,
                usage: Usage::default(),
                repairs: Vec::new(),
                reasked: None,
            };
            events.push(TeamEvent::AgentDone { agent, round: entry.round, draft });
        }
        (EntryKind::Error, Some(agent)) => {
            events.push(TeamEvent::AgentFailed { agent, round: entry.round, error: entry.content.clone() });
        }
        _ => {}
    }
    events
}

/// The run's answer, once it is in `memory:<id>`.
pub fn on_answer(task: &str, answer: &str) -> Vec<TeamEvent> {
    let consensus = TeamEvent::Consensus(crate::domain::Consensus {
        answer: answer.into(),
        decision: Decision::Recorded(format!("the team's answer, as written to memory:{task}")),
        cluster: 0,
        votes: 0,
        agents: Vec::new(),
        evidence: Vec::new(),
        tests: Vec::new(),
        alternatives: Vec::new(),
    });
    vec![consensus, TeamEvent::TaskFinished { task: task.into(), answer: Some(answer.into()), elapsed_secs: 0.0 }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Change, SessionView};

    #[test]
    fn a_watched_tasks_entries_fill_the_panes_and_its_answer_the_consensus() {
        let draft = Entry::new("t1", 1, Some(2), EntryKind::Draft, "Here:\n```python\ndef f():\n    return 1\n```\n");
        let note = Entry::new("t1", 1, None, EntryKind::Decision, "vote: agents 0, 2");
        let mut model = SessionView::with_agents(3);
        assert_eq!(model.apply(&task_started("t1", "Write f.", 3)), Change::NewTask);
        for e in on_entry(&draft).iter().chain(on_entry(&note).iter()) {
            model.apply(e);
        }
        assert!(model.agents[2].text.contains("def f()"), "agent 2's pane holds its draft");
        assert_eq!(model.memory.len(), 2);
        for e in on_answer("t1", "def f():\n    return 1\n") {
            model.apply(&e);
        }
        assert_eq!(model.consensus.as_ref().map(|c| c.answer.as_str()), Some("def f():\n    return 1\n"));
        assert!(model.elapsed_secs.is_some(), "the answer finished the task");
    }
}
