//! The team: N agents on one problem over rounds (propose; then rest,
//! repair or draw fresh by each agent's standing — `plan`), every step a
//! `TeamEvent` and a memory `Entry`; the judge's vote picks the answer.
//! The crate `memdoor-team`, re-exported as `memdoor::team`: it can import
//! only the rooms below it (under the names the rest of memdoor uses).

mod agent;
mod agent_turn;
mod aggregate;
mod decide;
mod distinguish;
mod draft_runs;
mod extract;
pub mod form;
mod patch_check;
mod patch_prompt;
mod patch_read;
mod patch_run;
mod placeholder;
mod plan;
mod pool;
mod prompt;
mod run;
mod solo_prompt;
mod spec;
mod split_majority;
mod team_run;
mod test_inputs;

pub(crate) use memdoor_core as domain;
pub(crate) use memdoor_judge as judge;
pub(crate) use memdoor_memory as memory;
pub(crate) use memdoor_model as model;
pub(crate) use memdoor_problem as problem;
pub(crate) use memdoor_repo as repo;

pub use agent::Agent;
pub use extract::{draft_code, extract_code};
pub use form::{repair_for_problem, repair_form};
pub use patch_check::unapplied_note;
pub use placeholder::no_code;
pub use prompt::{messages_for, note_of};
pub use run::{continue_team, run_team};
pub use spec::{agent_sampling, Ablation, Mechanisms, TeamConfig};
pub use team_run::{Continuation, TeamRun};
