//! The team: N agents on one problem in parallel, each with its own sampling
//! settings, every step reported as a `TeamEvent`; the judge's `Strategy`
//! picks the answer.

mod extract;
mod run;
mod spec;

pub use extract::extract_code;
pub use run::{run_team, Agent};
pub use spec::{agent_sampling, TeamConfig};
