//! memdoor: a team of LLM agents solving one programming problem together.
//! See docs/architecture.md for the plan; `domain::TeamEvent` is the spine.

pub mod backoff;
pub mod bench;
pub mod cli;
pub mod config;
pub mod distributed;
/// The core of plain types (crates/memdoor-core): it imports nothing of the rest.
pub use memdoor_core as domain;
#[doc(hidden)]
pub mod fuzzing;
pub mod hygiene;
pub mod judge;
pub mod logging;
pub mod memory;
pub mod model;
pub mod problem;
pub mod replay;
pub mod repo;
pub mod serve;
pub mod session;
pub mod solve_view;
pub mod team;
pub mod tls;
pub mod tui;
