//! The messages `update` takes (from the terminal, the clock, the team and the
//! effects' results) and the effects it asks the app loop to run.

use std::path::PathBuf;

use ratatui::crossterm::event::{KeyEvent, MouseEvent};

use crate::domain::TeamEvent;

#[derive(Debug, Clone)]
pub enum Msg {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Paste(String),
    Resize(u16, u16),
    /// The app clock (milliseconds since start), for rates.
    Tick(u64),
    Team(TeamEvent),
    /// The team task ended (after its last event, or cancelled).
    TeamStopped,
    /// The new problem the user gave could not be read (why): no task starts.
    StartFailed(String),
    /// The shared memory's connection state ("connected", "reconnecting"…).
    StoreStatus(String),
    /// An entry read from the store (written by anyone: local agents, workers).
    StoreEntry(crate::memory::Entry),
    /// The answer was written (the text written travels with it: the
    /// consensus may have changed since the save was asked for), or not.
    Saved(Result<SavedAnswer, String>),
    /// The save found a file there and was not told to overwrite it: ask.
    SaveExists {
        path: PathBuf,
        contents: String,
    },
    Copied(Result<&'static str, String>),
    /// The patch was written into the repository's files (`--repo`), or why not.
    Applied(Result<AppliedPatch, String>),
    /// `$EDITOR` returned (or could not be run).
    Edited(Result<Edited, String>),
    Judged(super::state::JudgeOutcome),
    /// The trees two patches make (`Effect::LoadTrees`): the files each
    /// changes, after each; `None` when either is not one the session made.
    Trees {
        mine: String,
        other: String,
        trees: Option<(String, String)>,
    },
    /// Replay: the journal has no more events.
    ReplayEnded,
}

/// An answer written to the user's file.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedAnswer {
    pub path: PathBuf,
    pub contents: String,
}

/// A patch written into the user's repository: the patch (what is now
/// accepted) and the files it wrote, new ones marked.
#[derive(Debug, Clone, PartialEq)]
pub struct AppliedPatch {
    pub patch: String,
    pub files: Vec<String>,
}

/// What `$EDITOR` left in its file.
#[derive(Debug, Clone, PartialEq)]
pub enum Edited {
    /// It exited 0: the edit.
    Saved(String),
    /// It exited non-zero (`status` says how): the text it left, which the
    /// user may still want.
    Failed { text: String, status: String },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Start the team on a new problem.
    Start {
        problem: String,
    },
    /// A new round for `agents` (all when `None`) with the user's feedback.
    Reprompt {
        feedback: String,
        agents: Option<Vec<usize>>,
        round: u32,
    },
    /// Stop the running round.
    CancelRound,
    /// Write the answer to `path`; over an existing file only with `overwrite`.
    Save {
        path: PathBuf,
        contents: String,
        overwrite: bool,
    },
    Copy(String),
    /// Apply the team's patch to the repository (`--repo`), after every check.
    ApplyPatch(String),
    /// Suspend the terminal and edit `text` in `$EDITOR`.
    ExternalEdit(String),
    /// Run the (edited) answer on the problem's tests.
    Judge(String),
    /// The trees two of the session's patches make, for the diff view.
    LoadTrees {
        mine: String,
        other: String,
    },
    ReplaySpeed(f64),
    ReplayPause(bool),
    ReplayStep,
    Quit,
    /// Test builds: panic on purpose.
    Panic,
}
