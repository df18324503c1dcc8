//! One session as every view sees it: a pure fold of `TeamEvent`s into who
//! is writing what, in which round, how their drafts fared, the shared
//! memory and the team's answer. The plain live view (`solve`) and the TUI
//! both render from it, so they never disagree on rounds, restarts or test
//! counts. No IO, no clock: tested with plain events.

use std::collections::HashSet;

use crate::domain::{AgentInfo, Consensus, Draft, Entry, FinishReason, TeamEvent, Turn};

/// Agents a journal or remote team may name beyond those planned; more is
/// taken as a bad event and ignored rather than allocated.
pub const MAX_AGENTS: usize = 64;

#[derive(Debug, Clone, PartialEq)]
pub enum AgentStatus {
    Waiting,
    Streaming,
    Done(FinishReason),
    Failed(String),
}

/// One agent: its draft of the current round as it streams, and how it fared.
#[derive(Debug, Clone)]
pub struct AgentView {
    pub info: Option<AgentInfo>,
    pub round: u32,
    /// What this round asked of the agent (none before the team says).
    pub turn: Option<Turn>,
    /// This round's text so far (the whole draft once done).
    pub text: String,
    pub status: AgentStatus,
    /// Tokens this round (deltas while streaming; exact once done).
    pub tokens: usize,
    /// Public tests passed, and run, for this round's draft.
    pub tests: Option<(usize, usize)>,
    /// The agent's latest finished draft, of whichever round.
    pub last_draft: Option<Draft>,
}

impl AgentView {
    fn new() -> Self {
        AgentView {
            info: None,
            round: 0,
            turn: None,
            text: String::new(),
            status: AgentStatus::Waiting,
            tokens: 0,
            tests: None,
            last_draft: None,
        }
    }

    /// A new round starts an empty draft; returns whether it was new.
    fn enter_round(&mut self, round: u32) -> bool {
        if self.round == round {
            return false;
        }
        self.round = round;
        self.turn = None;
        self.start_over();
        true
    }

    fn start_over(&mut self) {
        self.text.clear();
        self.tokens = 0;
        self.tests = None;
        self.status = AgentStatus::Waiting;
    }
}

/// What an event changed, for views that keep caches or print as they go.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Nothing,
    /// A different task: everything of the last one is gone.
    NewTask,
    /// The same task started again (a re-prompt, a continuation).
    SameTask,
    /// An agent's draft changed; `fresh` when it was emptied first (a new
    /// round, or its worker was lost and another started over).
    Agent {
        agent: usize,
        fresh: bool,
    },
    /// A memory entry not seen before.
    Memory,
    /// More items from Redis were dropped as not the team's.
    Rejected,
    Round,
    Consensus,
    Finished,
}

#[derive(Debug, Clone, Default)]
pub struct SessionView {
    pub task: Option<String>,
    pub problem: String,
    pub sandbox: Option<String>,
    pub agents: Vec<AgentView>,
    /// The shared memory of the current task, each entry once.
    pub memory: Vec<Entry>,
    memory_keys: HashSet<String>,
    /// The latest round started.
    pub round: u32,
    pub consensus: Option<Consensus>,
    /// The answer the finished task gave (`None` before, or when there was none).
    pub answer: Option<String>,
    pub elapsed_secs: Option<f64>,
    /// Items from the shared Redis dropped as not the team's, this session.
    pub rejected: u64,
}

impl SessionView {
    /// A model with `agents` planned (panes exist before the first event).
    pub fn with_agents(agents: usize) -> Self {
        SessionView { agents: (0..agents).map(|_| AgentView::new()).collect(), ..Default::default() }
    }

    fn agent_mut(&mut self, agent: usize) -> Option<&mut AgentView> {
        if agent >= MAX_AGENTS {
            return None;
        }
        while self.agents.len() <= agent {
            self.agents.push(AgentView::new());
        }
        self.agents.get_mut(agent)
    }

    pub fn apply(&mut self, event: &TeamEvent) -> Change {
        match event {
            TeamEvent::TaskStarted { task, problem, agents, sandbox } => {
                let new = self.task.as_deref() != Some(task.as_str());
                if new {
                    self.memory.clear();
                    self.memory_keys.clear();
                    self.consensus = None;
                    self.round = 0;
                    self.rejected = 0;
                    self.agents.truncate(agents.len().max(1));
                    for a in &mut self.agents {
                        *a = AgentView::new();
                    }
                }
                self.task = Some(task.clone());
                self.problem = problem.clone();
                // A task with nothing to run says nothing of the sandbox; keep what is known.
                if sandbox.is_some() {
                    self.sandbox = sandbox.clone();
                }
                self.answer = None;
                self.elapsed_secs = None;
                for info in agents {
                    if let Some(a) = self.agent_mut(info.agent) {
                        a.info = Some(info.clone());
                    }
                }
                if new {
                    Change::NewTask
                } else {
                    Change::SameTask
                }
            }
            TeamEvent::TurnStarted { agent, round, turn } => {
                self.round = self.round.max(*round);
                let Some(a) = self.agent_mut(*agent) else { return Change::Nothing };
                // A resting agent's draft still stands: its pane keeps it.
                let fresh = *turn != Turn::Rest && a.enter_round(*round);
                a.turn = Some(*turn);
                Change::Agent { agent: *agent, fresh }
            }
            TeamEvent::AgentToken { agent, round, text } => {
                self.round = self.round.max(*round);
                let Some(a) = self.agent_mut(*agent) else { return Change::Nothing };
                let fresh = a.enter_round(*round);
                a.text.push_str(text);
                a.tokens += 1;
                a.status = AgentStatus::Streaming;
                Change::Agent { agent: *agent, fresh }
            }
            TeamEvent::AgentDone { agent, round, draft } => {
                let Some(a) = self.agent_mut(*agent) else { return Change::Nothing };
                let fresh = a.enter_round(*round);
                if a.text != draft.text {
                    a.text = draft.text.clone();
                }
                if draft.usage.completion_tokens > 0 {
                    a.tokens = draft.usage.completion_tokens;
                }
                a.status = AgentStatus::Done(draft.finish);
                a.tests = None;
                a.last_draft = Some(draft.clone());
                Change::Agent { agent: *agent, fresh }
            }
            TeamEvent::AgentFailed { agent, round, error } => {
                let Some(a) = self.agent_mut(*agent) else { return Change::Nothing };
                let fresh = a.enter_round(*round);
                a.status = AgentStatus::Failed(error.clone());
                Change::Agent { agent: *agent, fresh }
            }
            TeamEvent::AgentRestarted { agent, round } => {
                let Some(a) = self.agent_mut(*agent) else { return Change::Nothing };
                a.round = *round;
                a.start_over();
                Change::Agent { agent: *agent, fresh: true }
            }
            TeamEvent::MemoryEntry(e) => {
                if self.remember(e.clone()) {
                    Change::Memory
                } else {
                    Change::Nothing
                }
            }
            TeamEvent::TestRun { agent, results, .. } => {
                let passed = crate::domain::passed(results);
                let Some(a) = self.agent_mut(*agent) else { return Change::Nothing };
                a.tests = Some((passed, results.len()));
                Change::Agent { agent: *agent, fresh: false }
            }
            TeamEvent::RoundFinished { round } => {
                self.round = self.round.max(*round);
                Change::Round
            }
            TeamEvent::Consensus(consensus) => {
                self.consensus = Some(consensus.clone());
                Change::Consensus
            }
            TeamEvent::TaskFinished { answer, elapsed_secs, .. } => {
                self.answer = answer.clone();
                self.elapsed_secs = Some(*elapsed_secs);
                Change::Finished
            }
            TeamEvent::Rejected { total } => {
                self.rejected = self.rejected.max(*total);
                Change::Rejected
            }
        }
    }

    /// Adds a memory entry of the current task once, whether it came from
    /// the team's events or from the store (both report the same entries).
    pub fn remember(&mut self, e: Entry) -> bool {
        let ours = self.task.as_deref() == Some(e.task.as_str());
        if ours && self.memory_keys.insert(e.key.clone()) {
            self.memory.push(e);
            return true;
        }
        false
    }
}

#[cfg(test)]
#[path = "view_tests.rs"]
mod tests;
