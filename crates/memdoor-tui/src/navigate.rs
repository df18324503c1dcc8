//! Moving around: focus, scrolling (keys and wheel), clicks — what the
//! focused view is and how far it can scroll, from the layout alone.

use ratatui::crossterm::event::MouseEventKind;

use super::layout::{self, areas, inner_height};
use super::msg::Effect;
use super::state::{Focus, Mode, Scroll, State};

pub(super) fn focus_order(state: &State) -> Vec<Focus> {
    (0..state.agents.len()).map(Focus::Agent).chain([Focus::Memory, Focus::Consensus]).collect()
}

pub(super) fn set_focus(state: &mut State, f: Focus) {
    state.focus = f;
    if let Focus::Agent(i) = f {
        state.last_agent_focus = i;
    }
}

/// Lines in the focused view, and the view's height.
fn extent(state: &State) -> (usize, usize) {
    let a = areas(state);
    match state.focus {
        Focus::Agent(i) => {
            let h = a.agents.iter().find(|(j, _)| *j == i).map_or(10, |(_, r)| inner_height(*r));
            (state.agents.get(i).map_or(0, |p| p.draft.line_count()), h)
        }
        Focus::Memory => (state.visible_memory().count(), a.memory.map_or(10, inner_height)),
        Focus::Consensus => (state.consensus_line_count(), a.consensus.map_or(10, inner_height)),
    }
}

pub(super) fn page(state: &State) -> usize {
    extent(state).1.saturating_sub(1).max(1)
}

pub(super) fn focused_scroll(state: &mut State) -> &mut Scroll {
    match state.focus {
        Focus::Agent(i) if i < state.agents.len() => &mut state.agents[i].scroll,
        Focus::Consensus if state.consensus.is_some() => &mut state.consensus.as_mut().expect("checked").scroll,
        _ => &mut state.memory_scroll,
    }
}

/// Scrolls the focused view; scrolling to the end follows the stream again.
pub(super) fn scroll(state: &mut State, by: i64) {
    let (total, height) = extent(state);
    let last_top = total.saturating_sub(height);
    let s = focused_scroll(state);
    let top = s.top(total, height) as i64 + by;
    let top = top.clamp(0, last_top as i64) as usize;
    *s = if top >= last_top { Scroll::Follow } else { Scroll::At(top) };
}

pub(super) fn mouse(state: &mut State, m: ratatui::crossterm::event::MouseEvent) -> Vec<Effect> {
    if !matches!(state.mode, Mode::Normal) {
        return Vec::new();
    }
    let a = areas(state);
    let hit = a
        .agents
        .iter()
        .find(|(_, r)| layout::contains(*r, m.column, m.row))
        .map(|(i, _)| Focus::Agent(*i))
        .or_else(|| a.memory.filter(|r| layout::contains(*r, m.column, m.row)).map(|_| Focus::Memory))
        .or_else(|| a.consensus.filter(|r| layout::contains(*r, m.column, m.row)).map(|_| Focus::Consensus));
    let Some(target) = hit else { return Vec::new() };
    match m.kind {
        MouseEventKind::Down(_) => set_focus(state, target),
        MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
            let before = state.focus;
            set_focus(state, target);
            scroll(state, if m.kind == MouseEventKind::ScrollUp { -3 } else { 3 });
            state.focus = before;
        }
        _ => {}
    }
    Vec::new()
}
