//! What one run of the team is given: the problem, the agents (`agent`),
//! the settings, the store and the sandbox. Plain types; the drafts it
//! writes are in `pool`, the rounds in `run`.

use std::sync::Arc;

use super::agent::Agent;
use super::spec::Mechanisms;
use crate::judge::sandbox::Sandbox;
use crate::memory::MemoryStore;
use crate::problem::Problem;
use crate::repo::RepoTask;

/// Everything one run of the team (a start or a re-prompt) runs with: the borrowed parts of one `drive` step.
pub struct TeamRun<'a> {
    pub problem: &'a Problem,
    pub agents: &'a [Agent],
    pub max_tokens: usize,
    /// 1 = propose only; each further round refines or draws fresh.
    pub rounds: u32,
    pub store: Arc<dyn MemoryStore>,
    /// Where drafts are run on tests; `None` = nothing is run and the
    /// strategy decides alone.
    pub sandbox: Option<Sandbox>,
    pub mechanisms: Mechanisms,
    /// A session on the user's repository: answers are patches, judged by its tests.
    pub repo: Option<&'a RepoTask>,
}

/// More rounds of a team already run: the user's feedback (a re-prompt)
/// for `TeamRun::agents`, which may be part of the team; the others' latest
/// drafts are taken from the memory and take part in the vote.
#[derive(Debug, Clone)]
pub struct Continuation {
    /// The first new round's number (one after the last round run).
    pub round: u32,
    pub feedback: Option<String>,
}
