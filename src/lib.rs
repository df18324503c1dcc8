//! memdoor: a team of LLM agents solving one programming problem together.
//! See docs/architecture.md for the plan; `domain::TeamEvent` is the spine.

/// The bottom layer (crates/memdoor-base): one backoff, text hygiene, one TLS provider.
pub use memdoor_base::{backoff, hygiene, tls};
pub mod bench;
pub mod cli;
pub mod config;
pub mod distributed;
/// The core of plain types (crates/memdoor-core): it imports nothing of the rest.
pub use memdoor_core as domain;
#[doc(hidden)]
pub mod fuzzing;
pub mod judge;
pub mod logging;
pub mod memory;
/// The model backends (crates/memdoor-model): they import only the core and the bottom layer.
pub use memdoor_model as model;
pub mod problem;
pub mod replay;
pub mod repo;
pub mod serve;
pub mod session;
pub mod solve_view;
pub mod team;
pub mod tui;
