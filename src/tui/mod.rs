//! The terminal UI: five agent panes, the shared memory and the consensus.
//! Elm-style: `Msg` → `update(&mut State, Msg) -> Vec<Effect>` (pure) →
//! the app loop runs the effects; widgets in `view/` only draw `&State`.

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
