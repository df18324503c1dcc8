//! Steps shared by the key handler (`update`) and the text-input handler
//! (`input`): opening a prompt, and taking the user's edit of the answer.

use super::flash::Flash;
use super::msg::Effect;
use super::state::{JudgeOutcome, Mode, PromptPurpose, State};

pub fn prompt(state: &mut State, purpose: PromptPurpose, initial: &str) {
    let mut input = ratatui_textarea::TextArea::new(vec![initial.to_string()]);
    input.move_cursor(ratatui_textarea::CursorMove::End);
    state.mode = Mode::Prompt { purpose, input };
}

pub(crate) fn set_edited(state: &mut State, text: String) -> Vec<Effect> {
    let Some(c) = state.consensus.as_mut() else { return Vec::new() };
    if c.answer.trim_end() == text.trim_end() {
        state.flash = Some(Flash::Note("no change".into()));
        return Vec::new();
    }
    c.answer = text.clone();
    c.code.set_text(&text);
    c.edited = true;
    c.judged = Some(JudgeOutcome::Running);
    state.flash = Some(Flash::Note("edited; judging".into()));
    vec![Effect::Judge(text)]
}
