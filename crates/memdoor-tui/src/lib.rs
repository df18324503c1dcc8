//! The terminal UI: five agent panes, the shared memory and the consensus.
//! Elm-style: `Msg` → `update(&mut State, Msg) -> Vec<Effect>` (pure) →
//! the app loop runs the effects; widgets in `view/` only draw `&State`.
//! The crate `memdoor-tui`, re-exported as `memdoor::tui`: it can import only
//! the rooms below it (under the names the rest of memdoor uses).

pub mod action;
pub mod app;
pub mod diff;
mod diff_view;
mod effects;
mod events;
pub mod flash;
pub mod highlight;
mod input;
pub mod keymap;
pub mod layout;
mod modes;
pub mod msg;
mod navigate;
pub mod replayer;
pub mod runner;
mod save_file;
pub mod state;
mod team_events;
pub mod terminal;
pub mod theme;
pub mod update;
pub mod view;
mod watcher;

pub(crate) use memdoor_base::{backoff, hygiene};
pub(crate) use memdoor_config as config;
pub(crate) use memdoor_core as domain;
pub(crate) use memdoor_distributed as distributed;
pub(crate) use memdoor_judge as judge;
pub(crate) use memdoor_memory as memory;
pub(crate) use memdoor_model as model;
pub(crate) use memdoor_problem as problem;
pub(crate) use memdoor_repo as repo;
pub(crate) use memdoor_session as session;
pub(crate) use memdoor_session::replay;
pub(crate) use memdoor_team as team;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod snapshot_tests;
#[cfg(test)]
mod update_answer_tests;
#[cfg(test)]
mod update_tests;

pub use msg::{Effect, Msg};
pub use state::State;
pub use update::update;
