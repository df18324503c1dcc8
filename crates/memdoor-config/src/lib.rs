//! The config room: one `Config` from a TOML file (XDG config dir or
//! `--config FILE`), then the documented environment variables, then flags.
//! `load` finds and reads the file and turns TOML errors into file:line:key;
//! `check` holds the value rules that run while the file is read. The crate
//! `memdoor-config`, re-exported as `memdoor::config`: it can import only the
//! rooms below it (under the names the rest of memdoor uses).

mod check;
mod load;

pub(crate) use memdoor_base::hygiene;
pub(crate) use memdoor_judge as judge;
pub(crate) use memdoor_model as model;
pub(crate) use memdoor_team as team;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

use crate::judge::sandbox::{Limits, SandboxMode};
use crate::model::openai::OpenAiConfig;
use crate::team::{Mechanisms, TeamConfig};

pub use load::{default_path, from_str};

/// Team size when neither the file nor a flag says.
pub(crate) const DEFAULT_AGENTS: usize = 5;

#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub team: TeamSection,
    /// One entry per agent, in order; agents past the list are default local ones.
    pub agents: Vec<AgentEntry>,
    pub store: StoreSection,
    pub sandbox: SandboxSection,
    pub tui: TuiSection,
    /// Key (e.g. `ctrl-s`) → action name; the TUI interprets them.
    pub keys: BTreeMap<String, KeyEntry>,
    /// The file this came from; `None` = no file, all defaults.
    #[serde(skip)]
    pub source: Option<PathBuf>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TeamSection {
    /// `None`: as many as `[[agents]]` entries, at least `DEFAULT_AGENTS`.
    #[serde(deserialize_with = "check::team_size")]
    pub agents: Option<usize>,
    #[serde(deserialize_with = "check::rounds")]
    pub rounds: u32,
    #[serde(deserialize_with = "check::max_tokens")]
    pub max_tokens: usize,
    pub seed: u64,
    /// One temperature for every agent without its own; `None` = the ladder.
    #[serde(deserialize_with = "check::temperature")]
    pub temperature: Option<f64>,
    pub agent_tests: bool,
    /// Agents write inputs that tell two passing programs apart (off: it
    /// changed no answer on the shipped sets, docs/team.md).
    pub distinguish: bool,
    /// Agents 1.. propose under framings in round 1 (off until measured, docs/team.md).
    pub framed_proposals: bool,
    /// A passing majority of different programs is told apart by inputs and
    /// predicted outputs (off: one problem more on the 1.5B, none on the
    /// default 0.5B, for more tokens; docs/team.md).
    pub split_majority: bool,
    /// A team's lead (`lead = true`) repairs the draft closest to passing and
    /// alone judges (off: its repairs passed nothing measured; docs/team.md).
    pub lead_roles: bool,
    /// The local model of agents that name none: path, hub id or `default`.
    pub model: String,
    pub device: String,
    /// Requantise local llama weights at load: `none` or `q8_0` (about 1.7x
    /// the memory of Q4_1 weights; faster only on CPUs without AVX-512 VNNI).
    pub quant: String,
    /// MB of finished prompts' KV the local engine keeps for prompts that
    /// begin the same way (the next round's); 0 keeps none.
    pub keep_prefix_mb: usize,
    /// Tokens of context the local engine serves (RoPE tables and KV sized
    /// to it); `None`: the model's trained context, up to 32,768.
    pub context: Option<usize>,
}

impl Default for TeamSection {
    fn default() -> Self {
        let t = TeamConfig::default();
        Self {
            agents: None,
            rounds: 2,
            max_tokens: t.max_tokens,
            seed: t.seed,
            temperature: None,
            agent_tests: true,
            distinguish: Mechanisms::default().distinguish,
            framed_proposals: Mechanisms::default().framed_proposals,
            split_majority: Mechanisms::default().split_majority,
            lead_roles: Mechanisms::default().lead_roles,
            model: "default".into(),
            device: "cpu".into(),
            quant: "none".into(),
            keep_prefix_mb: crate::model::local::KEEP_PREFIX_MB,
            context: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    #[default]
    Local,
    Openai,
}

/// One `[[agents]]` table. Which keys apply depends on `backend`; `check`
/// rejects the ones that do not, so a misplaced key is not silently ignored.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AgentEntry {
    pub backend: Backend,
    /// local: path / hub id / `default` (`None` = the team's model);
    /// openai: the server's model name (required).
    pub model: Option<String>,
    /// openai: `http://host:port` or `…/v1`.
    pub base_url: Option<String>,
    /// openai: the NAME of the environment variable holding the API key.
    #[serde(deserialize_with = "check::env_name")]
    pub api_key_env: Option<String>,
    /// openai: shown in panes and events instead of the model name.
    pub name: Option<String>,
    #[serde(deserialize_with = "check::seconds")]
    pub(crate) connect_timeout_secs: Option<f64>,
    #[serde(deserialize_with = "check::seconds")]
    pub first_token_timeout_secs: Option<f64>,
    #[serde(deserialize_with = "check::seconds")]
    pub(crate) idle_timeout_secs: Option<f64>,
    /// openai: the most one answer may take (default 900 s).
    #[serde(deserialize_with = "check::seconds")]
    pub(crate) total_timeout_secs: Option<f64>,
    /// openai: the most KiB of one stream event (default 1024) and of one answer's stream (default 16384).
    #[serde(deserialize_with = "check::positive_u64")]
    pub max_event_kb: Option<u64>,
    #[serde(deserialize_with = "check::positive_u64")]
    pub max_answer_kb: Option<u64>,
    pub retries: Option<u32>,
    /// A persona line added to this agent's system prompt.
    pub role: Option<String>,
    #[serde(deserialize_with = "check::temperature")]
    pub temperature: Option<f64>,
    #[serde(deserialize_with = "check::opt_max_tokens")]
    pub max_tokens: Option<usize>,
    /// This agent leads (one at most; in a mixed team, the bigger model):
    /// while no draft passes it repairs the closest one, and it alone writes
    /// and judges distinguishing inputs.
    pub lead: bool,
}

impl AgentEntry {
    /// The client settings of an `openai` entry (`None` for a local one).
    pub fn openai(&self) -> Option<OpenAiConfig> {
        if self.backend != Backend::Openai {
            return None;
        }
        let mut c =
            OpenAiConfig::new(self.base_url.clone().unwrap_or_default(), self.model.clone().unwrap_or_default());
        c.api_key_env = self.api_key_env.clone();
        c.name = self.name.clone().unwrap_or_default();
        let secs = |s: Option<f64>, d: Duration| s.map(Duration::from_secs_f64).unwrap_or(d);
        c.connect_timeout = secs(self.connect_timeout_secs, c.connect_timeout);
        c.first_token_timeout = secs(self.first_token_timeout_secs, c.first_token_timeout);
        c.idle_timeout = secs(self.idle_timeout_secs, c.idle_timeout);
        c.total_timeout = secs(self.total_timeout_secs, c.total_timeout);
        let kb =
            |k: Option<u64>, d: usize| k.map_or(d, |k| usize::try_from(k.saturating_mul(1024)).unwrap_or(usize::MAX));
        c.max_event_bytes = kb(self.max_event_kb, c.max_event_bytes);
        c.max_answer_bytes = kb(self.max_answer_kb, c.max_answer_bytes);
        c.retries = self.retries.unwrap_or(c.retries);
        Some(c)
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StoreSection {
    /// `redis://…`; `None` = the in-process store.
    pub redis: Option<String>,
    /// The Redis key namespace (`{S}` in every key) shared with `memdoor
    /// agent` workers; `session`, its old name, is still read.
    #[serde(alias = "session")]
    pub namespace: String,
    /// The environment variable holding the team secret (default
    /// `MEMDOOR_TEAM_SECRET`): what memdoor writes to Redis is signed with
    /// it, and what is read back unsigned is dropped. Never the secret itself.
    pub secret_env: Option<String>,
    /// Hours a finished task's keys stay in Redis (`task:<id>` and
    /// `memory:<id>` included); 0 keeps them for ever.
    pub(crate) retention_hours: u64,
    /// `memdoor agent` may turn the server's keyspace notifications on
    /// (CONFIG SET) to find plain clients' tasks at once; off, a shared
    /// server's settings are left alone and tasks are found by a slower scan.
    pub manage_notifications: bool,
}

impl Default for StoreSection {
    fn default() -> Self {
        Self {
            redis: None,
            namespace: "default".into(),
            secret_env: None,
            retention_hours: 24,
            manage_notifications: false,
        }
    }
}

impl StoreSection {
    pub fn retention(&self) -> Option<Duration> {
        (self.retention_hours > 0).then(|| Duration::from_secs(self.retention_hours * 3600))
    }
}

/// The sandbox limits worth tuning; unset ones keep `Limits::default()`.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SandboxSection {
    /// `strong` (default): refuse to run drafts without bubblewrap; `weak`: run them anyway, saying so.
    pub mode: SandboxMode,
    /// Seconds per test (LiveCodeBench: 6).
    #[serde(deserialize_with = "check::positive_u64")]
    pub(crate) test_timeout_secs: Option<u64>,
    #[serde(deserialize_with = "check::positive_u64")]
    pub(crate) memory_mb: Option<u64>,
    #[serde(deserialize_with = "check::positive_u64")]
    pub file_mb: Option<u64>,
    /// Of stdout, and separately of stderr; more ends the run.
    #[serde(deserialize_with = "check::positive_u64")]
    pub(crate) output_kb: Option<u64>,
    #[serde(deserialize_with = "check::positive_u64")]
    pub processes: Option<u64>,
    #[serde(deserialize_with = "check::positive_u64")]
    pub(crate) open_files: Option<u64>,
    /// All of one run's processes together, where memdoor can make cgroups (default 2048 MB, 64, 1 core).
    #[serde(deserialize_with = "check::positive_u64")]
    pub(crate) run_memory_mb: Option<u64>,
    #[serde(deserialize_with = "check::positive_u64")]
    pub(crate) run_processes: Option<u64>,
    #[serde(deserialize_with = "check::cpus")]
    pub(crate) run_cpus: Option<f64>,
}

impl SandboxSection {
    pub fn limits(&self) -> Limits {
        let mut l = Limits::default();
        if let Some(s) = self.test_timeout_secs {
            l.wall = Duration::from_secs(s);
            l.cpu_secs = s;
        }
        let mb = |v: u64| v.saturating_mul(1 << 20);
        l.memory_bytes = self.memory_mb.map(mb).unwrap_or(l.memory_bytes);
        l.file_bytes = self.file_mb.map(mb).unwrap_or(l.file_bytes);
        l.output_bytes = self.output_kb.map(|k| k.saturating_mul(1024) as usize).unwrap_or(l.output_bytes);
        l.processes = self.processes.unwrap_or(l.processes);
        l.open_files = self.open_files.unwrap_or(l.open_files);
        l.run_memory_bytes = self.run_memory_mb.map(mb).unwrap_or(l.run_memory_bytes);
        l.run_processes = self.run_processes.unwrap_or(l.run_processes);
        l.run_cpus = self.run_cpus.unwrap_or(l.run_cpus);
        l
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TuiSection {
    /// `dark`, `light`, or a theme file's path; the TUI interprets it.
    pub theme: String,
}

impl Default for TuiSection {
    fn default() -> Self {
        Self { theme: "dark".into() }
    }
}

impl Config {
    /// Reads the file (`explicit`, else `$MEMDOOR_CONFIG`, else the XDG
    /// location, where a missing file means defaults), then applies
    /// `MEMDOOR_MODEL` and `MEMDOOR_REDIS`. Flags go on top of the result.
    pub fn load(explicit: Option<&std::path::Path>) -> anyhow::Result<Config> {
        load::load_with(explicit, &|name| std::env::var(name).ok())
    }

    /// How many agents the team has.
    pub fn team_size(&self) -> usize {
        self.team.agents.unwrap_or(self.agents.len().max(DEFAULT_AGENTS))
    }

    /// The agent whose entry says `lead = true` (at most one: the loader refuses two).
    pub fn lead(&self) -> Option<usize> {
        self.agents.iter().take(self.team_size()).position(|a| a.lead)
    }

    /// Agent `i`'s entry: its own, or a default local one past the list.
    pub fn agent(&self, i: usize) -> AgentEntry {
        self.agents.get(i).cloned().unwrap_or_default()
    }

    /// The team's sampling settings (per-agent overrides come on top).
    pub fn team_config(&self) -> TeamConfig {
        TeamConfig {
            agents: self.team_size(),
            max_tokens: self.team.max_tokens,
            temperature: self.team.temperature,
            seed: self.team.seed,
            ..TeamConfig::default()
        }
    }
}

#[cfg(test)]
mod tests;

/// One entry of `[keys]`: a key bound to an action name (the panes), or a
/// table of them for another mode (`[keys.prompt]`, `[keys.editor]`,
/// `[keys.quit]`, `[keys.overwrite]`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum KeyEntry {
    Action(String),
    Mode(BTreeMap<String, String>),
}

impl From<&str> for KeyEntry {
    fn from(action: &str) -> Self {
        KeyEntry::Action(action.to_string())
    }
}
