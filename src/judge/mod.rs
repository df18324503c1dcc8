//! The judge decides which answer the team stands behind. Today: a
//! `Strategy` over the drafts (self-consistency); the sandbox, grading and
//! execution-based vote arrive with tests to run.

pub mod grade;
pub mod sandbox;
mod self_consistency;

pub use self_consistency::SelfConsistency;

use crate::event::{Draft, DraftEvidence, TeamEvent};

#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub answer: String,
    pub strategy: String,
    pub cluster: usize,
    /// Agents whose drafts are in the winning cluster.
    pub agents: Vec<usize>,
    pub evidence: Vec<DraftEvidence>,
}

impl Verdict {
    pub fn to_event(&self) -> TeamEvent {
        TeamEvent::Consensus {
            answer: self.answer.clone(),
            strategy: self.strategy.clone(),
            cluster: self.cluster,
            votes: self.agents.len(),
            agents: self.agents.clone(),
            evidence: self.evidence.clone(),
        }
    }
}

pub trait Strategy: Send + Sync {
    /// Picks the answer from `(agent, draft)` pairs; `None` when no draft has code.
    fn decide(&self, drafts: &[(usize, Draft)]) -> Option<Verdict>;
}
