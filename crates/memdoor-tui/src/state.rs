//! Everything the screen shows, and nothing it does: widgets draw from
//! `&State`; `update` (update.rs) is the only place it changes.

use std::path::PathBuf;

use ratatui_textarea::TextArea;

use super::highlight::Highlighted;
use super::keymap::Keymap;
use super::theme::Theme;
use crate::domain::TestChange;
use crate::memory::{Entry, EntryKind};
use crate::session::{AgentStatus, SessionView};

/// One agent's pane: what the screen keeps beside the agent's model
/// (`state.session.agents[i]`): its highlighted draft, when its tokens came
/// (for the rate) and where it is scrolled.
pub struct AgentPane {
    /// The model's text of this round, highlighted (kept in step by `team_events`).
    pub draft: Highlighted,
    /// App-clock milliseconds of this round's first and latest token.
    pub(crate) first_ms: Option<u64>,
    pub(crate) last_ms: Option<u64>,
    pub(crate) scroll: Scroll,
}

impl AgentPane {
    pub fn new(theme: &Theme) -> Self {
        AgentPane { draft: Highlighted::new(theme), first_ms: None, last_ms: None, scroll: Scroll::Follow }
    }

    /// Tokens per second over this round's stream so far, given its tokens.
    pub(crate) fn rate(&self, tokens: usize) -> Option<f64> {
        let (a, b) = (self.first_ms?, self.last_ms?);
        (b > a && tokens > 1).then(|| (tokens - 1) as f64 * 1000.0 / (b - a) as f64)
    }
}

/// Where a scrollable view stands: following the end, or at a top line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scroll {
    Follow,
    At(usize),
}

impl Scroll {
    /// The first line to show of `total` in a view `height` lines tall.
    pub fn top(self, total: usize, height: usize) -> usize {
        let last_top = total.saturating_sub(height);
        match self {
            Scroll::Follow => last_top,
            Scroll::At(t) => t.min(last_top),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Focus {
    Agent(usize),
    Memory,
    Consensus,
}

/// What the screen adds to the team's answer (`session.consensus`, which
/// says how it was chosen): its text as shown and as the user changed it,
/// highlighted, judged again after an edit, scrolled.
pub struct ConsensusView {
    pub answer: String,
    pub code: Highlighted,
    /// The user edited it; `judged` is the edit's own verdict.
    pub edited: bool,
    pub judged: Option<JudgeOutcome>,
    pub(crate) scroll: Scroll,
    /// The patches that stand beside the answer (a review's further
    /// findings), one line each, made when the consensus arrives.
    pub(crate) standing: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum JudgeOutcome {
    Running,
    Tests { passed: usize, run: usize },
    NoTests,
    Error(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptPurpose {
    NewProblem,
    /// Feedback for every agent, or one.
    Feedback {
        agent: Option<usize>,
    },
    SavePath,
}

pub enum Mode {
    Normal,
    Help,
    Prompt {
        purpose: PromptPurpose,
        input: TextArea<'static>,
    },
    Editing(TextArea<'static>),
    ConfirmQuit,
    /// The answer's file exists: overwrite it?
    ConfirmOverwrite {
        path: std::path::PathBuf,
        contents: String,
    },
    Diff {
        agent: usize,
        against: Option<usize>,
        side_by_side: bool,
        scroll: usize,
    },
}

/// What the diff view shows: the codes compared, the layout and the width.
#[derive(Debug, Clone, PartialEq)]
pub struct DiffKey {
    pub mine: String,
    pub other: String,
    pub(crate) side_by_side: bool,
    pub width: u16,
}

/// The trees two patches make, for the diff view on a repository: asked
/// for once per pair (`trees` is `None` until they come, and stays `None`
/// when a patch is not the session's, e.g. an edited consensus).
#[derive(Debug, Clone, PartialEq)]
pub struct TreesCache {
    pub mine: String,
    pub other: String,
    pub trees: Option<(String, String)>,
}

/// The diff view's lines for `key` (diffing is quadratic at worst: done once
/// per change of what is shown, never per frame).
#[derive(Debug, Clone, Default)]
pub struct DiffCache {
    pub key: Option<DiffKey>,
    pub lines: Vec<ratatui::text::Line<'static>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ReplayState {
    pub speed: f64,
    pub paused: bool,
    pub done: bool,
}

pub struct State {
    pub(crate) theme: Theme,
    pub(crate) keymap: Keymap,
    /// The session as the team's events made it: tasks, agents, memory,
    /// rounds (shared with `solve`'s plain view).
    pub session: SessionView,
    /// A team task (or a replay) is in flight: from the user's start or
    /// re-prompt, or a task's `TaskStarted`, until it stops.
    pub running: bool,
    /// One pane per agent of `session.agents`.
    pub agents: Vec<AgentPane>,
    pub(crate) memory_filter: (Option<usize>, Option<EntryKind>),
    pub(crate) memory_scroll: Scroll,
    pub consensus: Option<ConsensusView>,
    /// The rounds planned so far (the latest started is `session.round`).
    pub(crate) rounds_planned: u32,
    pub store: String,
    pub(crate) focus: Focus,
    /// The agent last focused (shown in tab mode while another pane has focus).
    pub(crate) last_agent_focus: usize,
    pub(crate) zoom: Option<usize>,
    pub mode: Mode,
    pub size: (u16, u16),
    pub(crate) highlight: bool,
    pub accepted: Option<String>,
    pub default_save: PathBuf,
    /// The diff view's lines, made by `update` when what it shows changes.
    pub diff: DiffCache,
    /// The trees the compared patches make, once loaded (on a repository).
    pub trees: Option<TreesCache>,
    /// A one-line message in the status bar (results of actions, errors).
    pub(crate) flash: Option<super::flash::Flash>,
    pub replay: Option<ReplayState>,
    pub(crate) now_ms: u64,
    pub quit: bool,
    pub debug_keys: bool,
    /// Accept writes over an existing file without asking (`--force`).
    pub force_overwrite: bool,
    /// A session on this repository (`--repo`): the answer is a patch, and
    /// accepting applies it to the repository's files.
    pub repo: Option<PathBuf>,
}

impl State {
    pub fn new(theme: Theme, keymap: Keymap, agents: usize, rounds: u32, store: String) -> Self {
        let panes = (0..agents).map(|_| AgentPane::new(&theme)).collect();
        State {
            theme,
            keymap,
            session: SessionView::with_agents(agents),
            running: false,
            agents: panes,
            memory_filter: (None, None),
            memory_scroll: Scroll::Follow,
            consensus: None,
            rounds_planned: rounds,
            store,
            focus: Focus::Agent(0),
            last_agent_focus: 0,
            zoom: None,
            mode: Mode::Normal,
            size: (80, 24),
            highlight: true,
            accepted: None,
            default_save: PathBuf::from("solution.py"),
            diff: DiffCache::default(),
            trees: None,
            flash: None,
            replay: None,
            now_ms: 0,
            quit: false,
            debug_keys: false,
            force_overwrite: false,
            repo: None,
        }
    }

    /// The repository's tests listed above the team's patch in the
    /// consensus pane (none for a problem, or once the user edited it).
    pub(crate) fn consensus_tests(&self) -> &[TestChange] {
        match (&self.consensus, &self.session.consensus) {
            (Some(shown), Some(team)) if !shown.edited => &team.tests,
            _ => &[],
        }
    }

    /// The patches that stand beside the team's, one line each, listed
    /// under its tests (none for a problem, or once the user edited it).
    pub(crate) fn consensus_standing(&self) -> &[String] {
        match &self.consensus {
            Some(shown) if !shown.edited => &shown.standing,
            _ => &[],
        }
    }

    /// Lines of the consensus pane above the answer: the tests, the patches
    /// standing beside it, and a blank line after them (none when both are empty).
    pub(crate) fn consensus_head_len(&self) -> usize {
        let listed = self.consensus_tests().len() + self.consensus_standing().len();
        if listed == 0 {
            0
        } else {
            listed + 1
        }
    }

    /// Lines of the consensus pane: its head, then the answer.
    pub(crate) fn consensus_line_count(&self) -> usize {
        self.consensus_head_len() + self.consensus.as_ref().map_or(0, |c| c.code.line_count())
    }

    /// Memory entries passing the current filter.
    pub(crate) fn visible_memory(&self) -> impl Iterator<Item = &Entry> {
        let (agent, kind) = self.memory_filter;
        self.session
            .memory
            .iter()
            .filter(move |e| agent.is_none_or(|a| e.agent == Some(a)) && kind.is_none_or(|k| e.kind == k))
    }

    /// Sum of the streaming agents' rates.
    pub(crate) fn team_rate(&self) -> f64 {
        let streaming =
            self.session.agents.iter().zip(&self.agents).filter(|(a, _)| a.status == AgentStatus::Streaming);
        let sum: f64 = streaming.filter_map(|(a, p)| p.rate(a.tokens)).sum();
        sum.max(0.0)
    }

    /// An answer exists that the user has neither accepted nor seen saved.
    pub(crate) fn unaccepted_answer(&self) -> bool {
        self.replay.is_none()
            && self.consensus.as_ref().is_some_and(|c| self.accepted.as_deref() != Some(c.answer.as_str()))
    }
}
