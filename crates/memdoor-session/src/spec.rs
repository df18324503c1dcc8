//! What a session runs with, built from the config in one place. `solve`,
//! the TUI, `solve --remote` and a worker coordinating a plain client's task
//! all read the same `SessionSettings`, so a setting in the config means the
//! same thing whichever of them runs the team.

use std::sync::Arc;

use crate::config::Config;
use crate::judge::sandbox::Sandbox;
use crate::judge::sandbox::{Limits, SandboxMode};
use crate::memory::MemoryStore;
use crate::model::ModelBackend;
use crate::repo::RepoTask;
use crate::team::{agent_sampling, Agent, Mechanisms, TeamConfig};

/// One agent's own settings from its `[[agents]]` entry.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AgentPlan {
    pub temperature: Option<f64>,
    pub role: Option<String>,
    pub max_tokens: Option<usize>,
    pub lead: bool,
}

/// The config's word on a session, apart from where the agents' models come
/// from (loaded here, OpenAI servers, or `memdoor agent` workers).
#[derive(Debug, Clone, PartialEq)]
pub struct SessionSettings {
    pub team: TeamConfig,
    pub rounds: u32,
    pub mechanisms: Mechanisms,
    /// One per agent, in order.
    pub agents: Vec<AgentPlan>,
    pub sandbox_mode: SandboxMode,
    pub limits: Limits,
}

impl SessionSettings {
    pub fn from_config(cfg: &Config) -> Self {
        let team = cfg.team_config();
        let agents = (0..team.agents)
            .map(|id| {
                let entry = cfg.agent(id);
                AgentPlan {
                    temperature: entry.temperature,
                    role: entry.role,
                    max_tokens: entry.max_tokens,
                    lead: entry.lead,
                }
            })
            .collect();
        SessionSettings {
            team,
            rounds: cfg.team.rounds,
            mechanisms: Mechanisms {
                agent_tests: cfg.team.agent_tests,
                distinguish: cfg.team.distinguish,
                framed_proposals: cfg.team.framed_proposals,
                split_majority: cfg.team.split_majority,
                lead_roles: cfg.team.lead_roles,
                ..Mechanisms::default()
            },
            agents,
            sandbox_mode: cfg.sandbox.mode,
            limits: cfg.sandbox.limits(),
        }
    }

    /// A team of `team.agents` agents with no `[[agents]]` entries — the
    /// ladder's sampling, `lead` leading — and the default sandbox: the
    /// bench's sessions, one a problem, on its own sandbox and models.
    pub fn plain(team: TeamConfig, rounds: u32, mechanisms: Mechanisms, lead: Option<usize>) -> Self {
        let agents = (0..team.agents).map(|id| AgentPlan { lead: lead == Some(id), ..AgentPlan::default() }).collect();
        SessionSettings {
            team,
            rounds,
            mechanisms,
            agents,
            sandbox_mode: SandboxMode::default(),
            limits: Limits::default(),
        }
    }

    /// The team, agent `i` on `backend(i)`: the ladder's temperature unless
    /// its entry sets one, its own seed, role and answer length.
    pub fn agents(&self, mut backend: impl FnMut(usize) -> Arc<dyn ModelBackend>) -> Vec<Agent> {
        self.agents
            .iter()
            .enumerate()
            .map(|(id, plan)| {
                let mut sampling = agent_sampling(&self.team, id);
                sampling.temperature = plan.temperature.unwrap_or(sampling.temperature);
                Agent {
                    role: plan.role.clone(),
                    max_tokens: plan.max_tokens,
                    lead: plan.lead,
                    ..Agent::new(id, backend(id), sampling)
                }
            })
            .collect()
    }

    /// The sandbox these settings ask for (refused when strong is asked for and cannot be had).
    pub async fn open_sandbox(&self) -> anyhow::Result<Sandbox> {
        Sandbox::open(self.sandbox_mode, self.limits.clone()).await
    }
}

/// Everything one session runs with, owned, so that a spawned task or a
/// re-prompt can keep it.
#[derive(Clone)]
pub struct SessionSpec {
    pub agents: Vec<Agent>,
    pub store: Arc<dyn MemoryStore>,
    /// Where drafts run on tests; `None`: nothing runs and the drafts' text decides.
    pub sandbox: Option<Sandbox>,
    pub rounds: u32,
    pub max_tokens: usize,
    pub mechanisms: Mechanisms,
    /// Task ids get a time suffix: in a shared Redis an earlier run's answer
    /// under the same id must not be taken for this one's.
    pub unique_ids: bool,
    /// A session on the user's repository (`--repo`): answers are patches judged by its tests.
    pub repo: Option<Arc<RepoTask>>,
}

impl SessionSpec {
    pub fn new(
        settings: &SessionSettings,
        agents: Vec<Agent>,
        store: Arc<dyn MemoryStore>,
        sandbox: Option<Sandbox>,
    ) -> Self {
        SessionSpec {
            agents,
            store,
            sandbox,
            rounds: settings.rounds,
            max_tokens: settings.team.max_tokens,
            mechanisms: settings.mechanisms,
            unique_ids: false,
            repo: None,
        }
    }

    /// The longest answer any agent may write.
    pub fn longest_answer(&self) -> usize {
        self.agents.iter().map(|a| a.max_tokens.unwrap_or(self.max_tokens)).max().unwrap_or(self.max_tokens)
    }

    /// Gives `id` this run's time suffix when ids must be unique.
    pub fn task_id(&self, id: &str) -> String {
        if self.unique_ids {
            format!("{id}-{}", crate::memory::now_ms())
        } else {
            id.to_string()
        }
    }
}
