//! Keys in the modes that take text or answer a question: the prompt bar,
//! the inline editor, the quit confirmation, the help and diff overlays.

use ratatui::crossterm::event::KeyEvent;

use super::action::Action;
use super::flash::Flash;
use super::keymap::KeyMode;
use super::modes::{prompt, set_edited};
use super::msg::Effect;
use super::state::{Mode, PromptPurpose, State};

pub fn key(state: &mut State, k: KeyEvent) -> Vec<Effect> {
    let mode = std::mem::replace(&mut state.mode, Mode::Normal);
    // Every mode's keys come from the keymap; what a text mode leaves unbound is text.
    let action = |state: &State, m: KeyMode| state.keymap.action_in(m, &k);
    match mode {
        Mode::Normal => Vec::new(),
        Mode::Help => Vec::new(), // any key closes it
        Mode::ConfirmQuit => match action(state, KeyMode::Quit) {
            Some(Action::Yes) => quit(state),
            _ => Vec::new(),
        },
        Mode::ConfirmOverwrite { path, contents } => match action(state, KeyMode::Overwrite) {
            Some(Action::Yes) => vec![Effect::Save { path, contents, overwrite: true }],
            _ => {
                state.flash = Some(Flash::Note(format!(
                    "not saved: {} exists (accept again to pick another path)",
                    path.display()
                )));
                Vec::new()
            }
        },
        Mode::Prompt { purpose, mut input } => match action(state, KeyMode::Prompt) {
            Some(Action::Cancel) => Vec::new(),
            Some(Action::Submit) => submit(state, purpose, input.lines().join("\n").trim().to_string()),
            Some(Action::ClearLine) => {
                // As in a shell: clear the line.
                prompt(state, purpose, "");
                Vec::new()
            }
            _ => {
                input.input(k);
                state.mode = Mode::Prompt { purpose, input };
                Vec::new()
            }
        },
        Mode::Editing(mut area) => match action(state, KeyMode::Editor) {
            Some(Action::Cancel) => {
                state.flash = Some(Flash::Note("edit discarded".into()));
                Vec::new()
            }
            Some(Action::SaveEdit) => {
                let mut text = area.lines().join("\n");
                if !text.ends_with('\n') && state.consensus.as_ref().is_some_and(|c| c.answer.ends_with('\n')) {
                    text.push('\n');
                }
                set_edited(state, text)
            }
            _ => {
                area.input(k);
                state.mode = Mode::Editing(area);
                Vec::new()
            }
        },
        Mode::Diff { agent, against, side_by_side, scroll } => {
            // The diff view's keys are the keymap's (a remapped `Diff` key
            // steps through the agents here too).
            let n = state.agents.len();
            let (mut against, mut side_by_side, mut scroll) = (against, side_by_side, scroll);
            match state.keymap.action(&k) {
                Some(Action::Cancel | Action::Quit) => return Vec::new(),
                Some(Action::Diff) => against = next_against(agent, against, n, state.consensus.is_some()),
                Some(Action::DiffLayout) => side_by_side = !side_by_side,
                Some(Action::ScrollUp) => scroll = scroll.saturating_sub(1),
                Some(Action::ScrollDown) => scroll += 1,
                Some(Action::PageUp) => scroll = scroll.saturating_sub(10),
                Some(Action::PageDown) => scroll += 10,
                _ => {}
            }
            state.mode = Mode::Diff { agent, against, side_by_side, scroll };
            Vec::new()
        }
    }
}

fn quit(state: &mut State) -> Vec<Effect> {
    state.quit = true;
    vec![Effect::Quit]
}

/// Consensus, then every other agent in turn, then the consensus again.
fn next_against(agent: usize, against: Option<usize>, n: usize, has_consensus: bool) -> Option<usize> {
    let mut next = match against {
        None => 0,
        Some(a) => a + 1,
    };
    if next == agent {
        next += 1;
    }
    if next >= n {
        return if has_consensus { None } else { Some((agent + 1) % n.max(1)) };
    }
    Some(next)
}

fn submit(state: &mut State, purpose: PromptPurpose, text: String) -> Vec<Effect> {
    match purpose {
        PromptPurpose::SavePath => {
            let Some(c) = &state.consensus else { return Vec::new() };
            if text.is_empty() {
                state.flash = Some(Flash::Note("no path given; nothing saved".into()));
                return Vec::new();
            }
            // Accepted once saved (Msg::Saved); a failed save loses nothing.
            let contents = c.answer.clone();
            vec![
                Effect::Save { path: text.into(), contents: contents.clone(), overwrite: state.force_overwrite },
                Effect::Copy(contents),
            ]
        }
        PromptPurpose::Feedback { agent } => {
            if text.is_empty() {
                state.flash = Some(Flash::Note("no feedback given; nothing sent".into()));
                return Vec::new();
            }
            let round = state.session.round + 1;
            state.rounds_planned = state.rounds_planned.max(round);
            state.running = true;
            state.flash = Some(Flash::Note(match agent {
                Some(a) => format!("round {round}: A{a} re-prompted"),
                None => format!("round {round}: team re-prompted"),
            }));
            vec![Effect::Reprompt { feedback: text, agents: agent.map(|a| vec![a]), round }]
        }
        PromptPurpose::NewProblem => {
            if text.is_empty() {
                state.flash = Some(Flash::Note("no problem given".into()));
                return Vec::new();
            }
            state.running = true;
            vec![Effect::Start { problem: text }]
        }
    }
}

pub fn paste(state: &mut State, text: &str) -> Vec<Effect> {
    match &mut state.mode {
        Mode::Prompt { input, .. } => {
            // One line: a pasted newline would submit half a thought.
            input.insert_str(text.replace(['\r', '\n'], " "));
        }
        Mode::Editing(area) => {
            area.insert_str(text.replace("\r\n", "\n"));
        }
        _ => {}
    }
    Vec::new()
}
