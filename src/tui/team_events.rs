//! Applying the team's events to the state: the panes stream, the memory
//! fills, test verdicts and the consensus arrive.

use super::state::{AgentPane, ConsensusView, PaneStatus, Scroll, State};
use super::highlight::Highlighted;
use crate::domain::TeamEvent;

fn pane(state: &mut State, agent: usize) -> Option<&mut AgentPane> {
    // A journal or a remote team may name more agents than we planned for.
    while state.agents.len() <= agent && agent < 64 {
        let p = AgentPane::new(&state.theme);
        state.agents.push(p);
    }
    state.agents.get_mut(agent)
}

/// A pane moving to a new round starts an empty draft.
fn enter_round(p: &mut AgentPane, round: u32) {
    if p.round != round {
        p.round = round;
        p.draft.clear();
        p.tokens = 0;
        p.first_ms = None;
        p.last_ms = None;
        p.status = PaneStatus::Waiting;
        p.scroll = Scroll::Follow;
    }
}

pub fn apply(state: &mut State, event: TeamEvent) {
    let now = state.now_ms;
    match event {
        TeamEvent::TaskStarted { task, problem, agents, sandbox } => {
            if state.task.as_deref() != Some(task.as_str()) {
                // A new problem: nothing of the last one stays on screen.
                state.memory.clear();
                state.memory_keys.clear();
                state.consensus = None;
                state.accepted = None;
                state.round = 0;
                state.agents.truncate(agents.len().max(1));
            }
            state.task = Some(task);
            state.problem = problem;
            // A task with nothing to run says nothing of the sandbox; keep what is known.
            if sandbox.is_some() {
                state.sandbox = sandbox;
            }
            state.running = true;
            for info in agents {
                if let Some(p) = pane(state, info.agent) {
                    p.info = Some(info);
                }
            }
        }
        TeamEvent::AgentToken { agent, round, text } => {
            state.round = state.round.max(round);
            if let Some(p) = pane(state, agent) {
                enter_round(p, round);
                p.draft.push(&text);
                p.tokens += 1;
                p.first_ms.get_or_insert(now);
                p.last_ms = Some(now);
                p.status = PaneStatus::Streaming;
            }
        }
        TeamEvent::AgentDone { agent, round, draft } => {
            if let Some(p) = pane(state, agent) {
                enter_round(p, round);
                if p.draft.text() != draft.text {
                    p.draft.set_text(&draft.text);
                }
                if draft.usage.completion_tokens > 0 {
                    p.tokens = draft.usage.completion_tokens;
                }
                p.status = PaneStatus::Done(draft.finish);
                p.tests = None;
            }
        }
        TeamEvent::AgentFailed { agent, round, error } => {
            if let Some(p) = pane(state, agent) {
                enter_round(p, round);
                p.status = PaneStatus::Failed(error);
            }
        }
        TeamEvent::AgentRestarted { agent, round } => {
            if let Some(p) = pane(state, agent) {
                p.round = round;
                p.draft.clear();
                p.tokens = 0;
                p.first_ms = None;
                p.status = PaneStatus::Waiting;
            }
        }
        TeamEvent::MemoryEntry(e) => remember(state, e),
        TeamEvent::TestRun { agent, results, .. } => {
            let passed = crate::domain::passed(&results);
            if let Some(p) = pane(state, agent) {
                p.tests = Some((passed, results.len()));
            }
        }
        TeamEvent::RoundFinished { round } => state.round = state.round.max(round),
        TeamEvent::Consensus { answer, decision, cluster, agents, evidence, .. } => {
            let mut code = Highlighted::new(&state.theme);
            code.set_enabled(state.highlight);
            code.set_text(&answer);
            state.consensus =
                Some(ConsensusView { answer, decision, cluster, agents, evidence, code, edited: false, judged: None, scroll: Scroll::At(0) });
        }
        TeamEvent::TaskFinished { .. } => state.running = false,
    }
}

/// Adds a memory entry of the current task once, whether it came from the
/// team's events or from the store (both report the same entries).
pub fn remember(state: &mut State, e: crate::memory::Entry) {
    if state.task.as_deref() == Some(e.task.as_str()) && state.memory_keys.insert(e.key.clone()) {
        state.memory.push(e);
    }
}
