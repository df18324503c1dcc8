//! memdoor: a team of LLM agents solving one programming problem together.
//! See docs/architecture.md for the plan; `domain::TeamEvent` is the spine.

/// The bottom layer (crates/memdoor-base): one backoff, text hygiene, one TLS provider, the log file.
pub use memdoor_base::{backoff, hygiene, logging, tls};
pub mod bench;
pub mod cli;
/// The config (crates/memdoor-config).
pub use memdoor_config as config;
/// The core of plain types (crates/memdoor-core): it imports nothing of the rest.
pub use memdoor_core as domain;
/// The worker protocol (crates/memdoor-distributed).
pub use memdoor_distributed as distributed;
#[doc(hidden)]
pub mod fuzzing;
/// The judge (crates/memdoor-judge): it imports only `problem`, the core and the bottom layer.
pub use memdoor_judge as judge;
/// The shared memory (crates/memdoor-memory): it imports only the core and the bottom layer.
pub use memdoor_memory as memory;
/// The model backends (crates/memdoor-model): they import only the core and the bottom layer.
pub use memdoor_model as model;
/// The problems (crates/memdoor-problem): they import only `model` (messages).
pub use memdoor_problem as problem;
/// The repository mode (crates/memdoor-repo): it imports only `judge`, `problem` and the core.
pub use memdoor_repo as repo;
/// Journal playback, beside the journal it reads (crates/memdoor-session).
pub use memdoor_session::replay;
pub mod serve;
/// The session (crates/memdoor-session).
pub use memdoor_session as session;
pub mod solve_view;
/// The team (crates/memdoor-team): it imports only the rooms below it.
pub use memdoor_team as team;
/// The terminal UI (crates/memdoor-tui).
pub use memdoor_tui as tui;
