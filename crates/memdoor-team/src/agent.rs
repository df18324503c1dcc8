//! One agent of the team: its model, its sampling, and what its config
//! entry gives it (a role, an answer length, the lead).

use std::sync::Arc;

use super::spec::{agent_sampling, TeamConfig};
use crate::model::{ModelBackend, Sampling};

#[derive(Clone)]
pub struct Agent {
    pub id: usize,
    pub backend: Arc<dyn ModelBackend>,
    pub sampling: Sampling,
    /// A persona line for this agent's system prompt.
    pub role: Option<String>,
    /// This agent's answer length, instead of the session's.
    pub max_tokens: Option<usize>,
    /// The team's lead (in a mixed team, the bigger model): while no draft
    /// passes it repairs the closest one, and it alone writes and judges
    /// distinguishing inputs (`Mechanisms::lead_roles`).
    pub lead: bool,
}

impl Agent {
    /// `cfg.agents` agents on one backend (the weights are shared by cloning).
    pub fn team_on(backend: Arc<dyn ModelBackend>, cfg: &TeamConfig) -> Vec<Agent> {
        (0..cfg.agents).map(|id| Agent::new(id, backend.clone(), agent_sampling(cfg, id))).collect()
    }

    /// An agent with no role of its own and the session's answer length.
    pub fn new(id: usize, backend: Arc<dyn ModelBackend>, sampling: Sampling) -> Agent {
        Agent { id, backend, sampling, role: None, max_tokens: None, lead: false }
    }
}
