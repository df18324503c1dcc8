//! One way to build and run a session for every entry point (`solve`, the
//! TUI and its re-prompts, a worker coordinating a plain client's task, the
//! bench): `SessionSettings` read from the config in one place, a
//! `SessionSpec` that owns what a run needs, and `drive`, which runs the
//! team and fans its `TeamEvent`s out to sinks; `SessionView`, the one
//! fold of those events that every view renders from. The crate
//! `memdoor-session`, re-exported as `memdoor::session`: it can import only
//! the rooms below it (under the names the rest of memdoor uses).

mod drive;
mod journal;
pub mod replay;
mod spec;
mod view;
pub mod watched;

pub(crate) use memdoor_config as config;
pub(crate) use memdoor_core as domain;
pub(crate) use memdoor_judge as judge;
pub(crate) use memdoor_memory as memory;
pub(crate) use memdoor_model as model;
pub(crate) use memdoor_problem as problem;
pub(crate) use memdoor_repo as repo;
pub(crate) use memdoor_team as team;

pub use drive::{drive, EventSink, Recorder, Step};
pub use journal::{JournalChoice, JournalSink, JournalThread, OnJournalError};
pub use spec::{AgentPlan, SessionSettings, SessionSpec};
pub use view::{AgentStatus, AgentView, Change, SessionView, MAX_AGENTS};

#[cfg(test)]
mod tests;
