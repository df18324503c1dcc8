//! The team: N agents on one problem over rounds (propose, then refine from
//! the shared memory), every step a `TeamEvent` and a memory `Entry`; the
//! judge's `Strategy` picks the answer.

mod agent_tests;
mod checks;
mod coordinate;
mod discover;
mod extract;
mod prompt;
pub mod remote;
mod run;
mod spec;
pub mod worker;

pub use coordinate::error_object;
pub use extract::extract_code;
pub use prompt::{messages_for, note_of};
pub use run::{continue_team, run_team, Agent, Continuation, Session};
pub use spec::{agent_sampling, TeamConfig};
