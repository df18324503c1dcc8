//! The judge decides which answer the team stands behind: by running the
//! drafts on the problem's tests in a sandbox (`grade`, `vote`) when it has
//! tests, by self-consistency when it has none.

mod compare;
pub mod grade;
pub mod sandbox;
mod self_consistency;
mod vote;

pub use self_consistency::self_consistency;
pub use vote::{agents_of, ranked_clusters, Cluster, DraftKey, DraftRun, ExecutionVote};

use crate::domain::{Decision, DraftEvidence, TeamEvent};

#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub answer: String,
    pub decision: Decision,
    pub cluster: usize,
    /// Agents whose drafts are in the winning cluster.
    pub agents: Vec<usize>,
    /// Drafts in the winning cluster (an agent's drafts of several rounds each count).
    pub votes: usize,
    pub evidence: Vec<DraftEvidence>,
}

impl Verdict {
    pub fn to_event(&self) -> TeamEvent {
        TeamEvent::Consensus {
            answer: self.answer.clone(),
            decision: self.decision.clone(),
            cluster: self.cluster,
            votes: self.votes,
            agents: self.agents.clone(),
            evidence: self.evidence.clone(),
        }
    }
}
