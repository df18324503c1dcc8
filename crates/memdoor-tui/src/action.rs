//! What a key (or a click) asks for. Unit variants only, so a TOML keymap maps
//! a key straight onto a variant's name (`"ctrl-s" = "Accept"`).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) enum Action {
    /// Quit (asks first when an answer would be lost).
    Quit,
    /// Stop the running round, or close an overlay / leave a zoom.
    Cancel,
    /// Save the consensus to a file (asks for the path), copy it, print it on exit.
    Accept,
    /// Copy the consensus to the clipboard.
    Copy,
    /// Edit the consensus inline; the judge re-runs the edit.
    Edit,
    /// Edit the consensus in `$EDITOR`.
    EditExternal,
    /// Type feedback; a new round starts for every agent.
    Reprompt,
    /// Type feedback; a new round starts for the focused agent only.
    RepromptFocused,
    /// Type a new problem.
    NewProblem,
    /// Diff the focused agent's draft against the consensus; again: against the next agent.
    Diff,
    /// Switch the diff between unified and side by side.
    DiffLayout,
    FocusNext,
    FocusPrev,
    Zoom1,
    Zoom2,
    Zoom3,
    Zoom4,
    Zoom5,
    ScrollUp,
    ScrollDown,
    PageUp,
    PageDown,
    /// Jump to the end and follow the stream again.
    ScrollEnd,
    /// Show only one agent's memory entries (cycles through agents, then all).
    FilterAgent,
    /// Show only one kind of memory entry (cycles through kinds, then all).
    FilterKind,
    ToggleHighlight,
    Help,
    /// Replay: pause / resume.
    Pause,
    /// Replay: play the next event while paused.
    Step,
    /// Replay: faster / slower (0.5×–10×).
    Faster,
    Slower,
    /// Test builds only (MEMDOOR_TEST_PANIC=1): panic, to test terminal restore.
    DebugPanic,
    /// Prompt bar: send what was typed.
    Submit,
    /// Prompt bar: clear the line.
    ClearLine,
    /// Inline editor: keep the edit, and judge it.
    SaveEdit,
    /// A question (quit? replace the file?): yes.
    Yes,
}

impl Action {
    /// One line per action for the help overlay.
    pub fn describe(self) -> &'static str {
        use Action::*;
        match self {
            Quit => "quit",
            Cancel => "stop the round / close / unzoom",
            Accept => "accept: save to a file (+ clipboard, --print)",
            Copy => "copy the consensus",
            Edit => "edit the consensus inline",
            EditExternal => "edit the consensus in $EDITOR",
            Reprompt => "re-prompt every agent with feedback",
            RepromptFocused => "re-prompt the focused agent",
            NewProblem => "new problem",
            Diff => "diff focused draft vs consensus / next agent",
            DiffLayout => "diff: unified / side by side",
            FocusNext => "focus next pane",
            FocusPrev => "focus previous pane",
            Zoom1 | Zoom2 | Zoom3 | Zoom4 | Zoom5 => "zoom agent pane N",
            ScrollUp => "scroll up",
            ScrollDown => "scroll down",
            PageUp => "page up",
            PageDown => "page down",
            ScrollEnd => "end: follow the stream",
            FilterAgent => "memory: filter by agent",
            FilterKind => "memory: filter by kind",
            ToggleHighlight => "syntax highlighting on/off",
            Help => "this help",
            Pause => "replay: pause / resume",
            Step => "replay: next event",
            Faster => "replay: faster",
            Slower => "replay: slower",
            DebugPanic => "(test builds) panic on purpose",
            Submit => "prompt: send",
            ClearLine => "prompt: clear the line",
            SaveEdit => "editor: keep the edit and judge it",
            Yes => "question: yes",
        }
    }

    pub(crate) fn zoom_index(self) -> Option<usize> {
        match self {
            Action::Zoom1 => Some(0),
            Action::Zoom2 => Some(1),
            Action::Zoom3 => Some(2),
            Action::Zoom4 => Some(3),
            Action::Zoom5 => Some(4),
            _ => None,
        }
    }
}
