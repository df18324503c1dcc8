//! `update(state, msg) -> effects`: every change to the state, and no IO.
//! Team events are applied in team_events.rs; keys in the modes other than
//! Normal in input.rs.

use ratatui::crossterm::event::KeyEventKind;

use super::action::Action;
use super::diff_view;
use super::flash::Flash;
use super::input;
use super::modes::{prompt, set_edited};
use super::msg::{Edited, Effect, Msg};
use super::navigate::{focus_order, focused_scroll, mouse, page, scroll, set_focus};
use super::state::{Focus, Mode, PromptPurpose, Scroll, State};
use super::team_events;

/// A repository session's patches are made for the one task it read the
/// files for (a re-prompt continues from its patch; a new task needs them read again).
const REPO_ONE_TASK: &str = "a --repo session works one task: start memdoor --repo again for another";

pub fn update(state: &mut State, msg: Msg) -> Vec<Effect> {
    let mut effects = apply(state, msg);
    // Whatever the message changed, the diff view shows it, made here, not while drawing.
    effects.extend(diff_view::refresh(state));
    effects
}

fn apply(state: &mut State, msg: Msg) -> Vec<Effect> {
    match msg {
        Msg::Key(k) if k.kind != KeyEventKind::Release => {
            if matches!(state.mode, Mode::Normal) {
                match state.keymap.action(&k) {
                    Some(a) => act(state, a),
                    None => Vec::new(),
                }
            } else {
                input::key(state, k)
            }
        }
        Msg::Key(_) => Vec::new(),
        Msg::Paste(text) => input::paste(state, &text),
        Msg::Mouse(m) => mouse(state, m),
        Msg::Resize(w, h) => {
            state.size = (w, h);
            Vec::new()
        }
        Msg::Tick(ms) => {
            state.now_ms = ms;
            Vec::new()
        }
        Msg::Team(e) => {
            // A task seen starting or finishing (the user's, a replay's, or one watched in Redis).
            match &e {
                crate::domain::TeamEvent::TaskStarted { .. } => state.running = true,
                crate::domain::TeamEvent::TaskFinished { .. } => state.running = false,
                _ => {}
            }
            team_events::apply(state, e);
            Vec::new()
        }
        Msg::TeamStopped => {
            state.running = false;
            Vec::new()
        }
        Msg::StartFailed(why) => {
            state.running = false;
            state.flash = Some(Flash::Note(why));
            Vec::new()
        }
        Msg::StoreEntry(e) => {
            state.session.remember(e);
            Vec::new()
        }
        Msg::StoreStatus(s) => {
            state.store = s;
            Vec::new()
        }
        Msg::Saved(r) => {
            // What was written is accepted — not whatever the consensus is by now.
            let r = r.map(|saved| {
                state.accepted = Some(saved.contents);
                saved.path
            });
            // The copy's result may have come first: the line keeps both.
            state.flash = Some(Flash::with_saved(state.flash.take(), r));
            Vec::new()
        }
        Msg::SaveExists { path, contents } => {
            state.mode = Mode::ConfirmOverwrite { path, contents };
            Vec::new()
        }
        Msg::Applied(Ok(applied)) => {
            // What was written is accepted — not whatever the consensus is by now.
            state.accepted = Some(applied.patch);
            state.flash = Some(Flash::Note(format!("patch applied: {}", applied.files.join(", "))));
            Vec::new()
        }
        Msg::Applied(Err(why)) => {
            state.flash = Some(Flash::Note(format!("not applied: {why}")));
            Vec::new()
        }
        Msg::Copied(r) => {
            state.flash = Some(Flash::with_copied(state.flash.take(), r.map(str::to_string)));
            Vec::new()
        }
        Msg::Edited(Ok(Edited::Saved(text))) => set_edited(state, text),
        Msg::Edited(Ok(Edited::Failed { text, status })) => {
            let unchanged = state.consensus.as_ref().is_none_or(|c| c.answer.trim_end() == text.trim_end());
            if unchanged {
                state.flash = Some(Flash::Note(format!("{status}; nothing was changed")));
            } else {
                // Neither kept nor dropped behind the user's back: the text goes
                // into the inline editor, where they save or discard it.
                state.mode = Mode::Editing(ratatui_textarea::TextArea::new(text.lines().map(str::to_string).collect()));
                state.flash = Some(Flash::Note(format!("{status}; what it left is in the editor")));
            }
            Vec::new()
        }
        Msg::Edited(Err(e)) => {
            state.flash = Some(Flash::Note(format!("editor: {e}")));
            Vec::new()
        }
        Msg::Judged(outcome) => {
            if let Some(c) = state.consensus.as_mut() {
                c.judged = Some(outcome);
            }
            Vec::new()
        }
        Msg::Trees { mine, other, trees } => {
            if let Some(cache) = state.trees.as_mut().filter(|c| c.mine == mine && c.other == other) {
                cache.trees = trees;
            }
            Vec::new()
        }
        Msg::ReplayEnded => {
            if let Some(r) = state.replay.as_mut() {
                r.done = true;
            }
            state.running = false;
            Vec::new()
        }
    }
}

/// The user's edit becomes the consensus; the judge runs it.
fn focused_agent(state: &State) -> Option<usize> {
    match state.focus {
        Focus::Agent(i) => Some(i),
        _ => None,
    }
}

fn act(state: &mut State, a: Action) -> Vec<Effect> {
    state.flash = None;
    if let Some(i) = a.zoom_index() {
        if i < state.agents.len() {
            state.zoom = if state.zoom == Some(i) { None } else { Some(i) };
            set_focus(state, Focus::Agent(i));
        }
        return Vec::new();
    }
    match a {
        Action::Quit => {
            if state.unaccepted_answer() {
                state.mode = Mode::ConfirmQuit;
                return Vec::new();
            }
            state.quit = true;
            return vec![Effect::Quit];
        }
        Action::Cancel => {
            if state.zoom.take().is_some() {
                return Vec::new();
            }
            if state.running && state.replay.is_none() {
                state.flash = Some(Flash::Note("stopping the round…".into()));
                return vec![Effect::CancelRound];
            }
        }
        Action::Accept => match (&state.consensus, &state.repo) {
            // The patch as the team made it; an edit is the user's to copy and apply.
            (Some(c), Some(_)) if c.edited => {
                state.flash = Some(Flash::Note("an edited patch is not applied: copy it (y) and `git apply` it".into()))
            }
            (Some(c), Some(_)) => return vec![Effect::ApplyPatch(c.answer.clone())],
            (Some(_), None) => prompt(state, PromptPurpose::SavePath, &state.default_save.display().to_string()),
            (None, _) => state.flash = Some(Flash::Note("no answer to accept yet".into())),
        },
        Action::Copy => {
            if let Some(c) = &state.consensus {
                return vec![Effect::Copy(c.answer.clone())];
            }
            state.flash = Some(Flash::Note("no answer to copy yet".into()));
        }
        Action::Edit => match &state.consensus {
            Some(c) => {
                let lines: Vec<String> = c.answer.lines().map(str::to_string).collect();
                state.mode = Mode::Editing(ratatui_textarea::TextArea::new(lines));
            }
            None => state.flash = Some(Flash::Note("no answer to edit yet".into())),
        },
        Action::EditExternal => match &state.consensus {
            Some(c) => return vec![Effect::ExternalEdit(c.answer.clone())],
            None => state.flash = Some(Flash::Note("no answer to edit yet".into())),
        },
        Action::Reprompt | Action::RepromptFocused => {
            let agent = if a == Action::RepromptFocused { focused_agent(state) } else { None };
            if a == Action::RepromptFocused && agent.is_none() {
                state.flash = Some(Flash::Note("focus an agent pane first (tab)".into()));
            } else if state.replay.is_some() || state.session.task.is_none() {
                state.flash = Some(Flash::Note("nothing to re-prompt".into()));
            } else if state.running {
                state.flash = Some(Flash::Note("the team is still working (esc stops it)".into()));
            } else {
                prompt(state, PromptPurpose::Feedback { agent }, "");
            }
        }
        Action::NewProblem => {
            if state.replay.is_some() {
                state.flash = Some(Flash::Note("a replay cannot take a new problem".into()));
            } else if state.repo.is_some() {
                state.flash = Some(Flash::Note(REPO_ONE_TASK.into()));
            } else if state.running {
                state.flash = Some(Flash::Note("the team is still working (esc stops it)".into()));
            } else {
                prompt(state, PromptPurpose::NewProblem, "");
            }
        }
        Action::Diff => {
            let agent = focused_agent(state).unwrap_or(state.last_agent_focus);
            if agent < state.agents.len() {
                let against = if state.consensus.is_some() { None } else { Some((agent + 1) % state.agents.len()) };
                state.mode = Mode::Diff { agent, against, side_by_side: state.size.0 >= 100, scroll: 0 };
            }
        }
        Action::FocusNext | Action::FocusPrev => {
            let order = focus_order(state);
            let at = order.iter().position(|f| *f == state.focus).unwrap_or(0);
            let next =
                if a == Action::FocusNext { (at + 1) % order.len() } else { (at + order.len() - 1) % order.len() };
            set_focus(state, order[next]);
            if state.zoom.is_some() {
                state.zoom = focused_agent(state);
            }
        }
        Action::ScrollUp => scroll(state, -1),
        Action::ScrollDown => scroll(state, 1),
        Action::PageUp => scroll(state, -(page(state) as i64)),
        Action::PageDown => scroll(state, page(state) as i64),
        Action::ScrollEnd => *focused_scroll(state) = Scroll::Follow,
        Action::FilterAgent => {
            let n = state.agents.len();
            state.memory_filter.0 = match state.memory_filter.0 {
                None if n > 0 => Some(0),
                Some(a) if a + 1 < n => Some(a + 1),
                _ => None,
            };
        }
        Action::FilterKind => {
            use crate::memory::EntryKind::*;
            let kinds = [Draft, Note, Test, Decision, Error];
            state.memory_filter.1 = match state.memory_filter.1 {
                None => Some(kinds[0]),
                Some(k) => kinds.iter().position(|x| *x == k).and_then(|i| kinds.get(i + 1)).copied(),
            };
        }
        Action::ToggleHighlight => {
            state.highlight = !state.highlight;
            let on = state.highlight;
            state.agents.iter_mut().for_each(|p| p.draft.set_enabled(on));
            if let Some(c) = state.consensus.as_mut() {
                c.code.set_enabled(on);
            }
        }
        Action::Help => state.mode = Mode::Help,
        Action::Pause | Action::Step | Action::Faster | Action::Slower => return replay_control(state, a),
        Action::DebugPanic if state.debug_keys => return vec![Effect::Panic],
        Action::DiffLayout
        | Action::Zoom1
        | Action::Zoom2
        | Action::Zoom3
        | Action::Zoom4
        | Action::Zoom5
        | Action::DebugPanic => {}
        // The other modes' actions, bound to a pane key by the user: nothing to do there.
        Action::Submit | Action::ClearLine | Action::SaveEdit | Action::Yes => {}
    }
    Vec::new()
}

const SPEEDS: &[f64] = &[0.5, 1.0, 2.0, 5.0, 10.0];

fn replay_control(state: &mut State, a: Action) -> Vec<Effect> {
    let Some(r) = state.replay.as_mut() else { return Vec::new() };
    match a {
        Action::Pause => {
            r.paused = !r.paused;
            vec![Effect::ReplayPause(r.paused)]
        }
        Action::Step => vec![Effect::ReplayStep],
        _ => {
            let at = SPEEDS.iter().position(|s| *s >= r.speed).unwrap_or(SPEEDS.len() - 1);
            let next = if a == Action::Faster { (at + 1).min(SPEEDS.len() - 1) } else { at.saturating_sub(1) };
            r.speed = SPEEDS[next];
            vec![Effect::ReplaySpeed(r.speed)]
        }
    }
}
