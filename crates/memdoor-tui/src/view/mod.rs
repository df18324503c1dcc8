//! Widgets: each draws one part of the screen from `&State`, nothing else.

mod bars;
mod consensus;
mod memory;
mod overlays;
mod panes;

use ratatui::style::Style;
use ratatui::widgets::Block;
use ratatui::Frame;

use super::layout::areas;
use super::state::State;

pub fn draw(frame: &mut Frame, state: &State) {
    let a = areas(state);
    let p = &state.theme.palette;
    frame.render_widget(Block::new().style(Style::new().bg(p.background).fg(p.text)), frame.area());
    bars::title(frame, a.title, state);
    for (i, r) in &a.agents {
        panes::agent(frame, *r, state, *i, a.tabbed);
    }
    if let Some(r) = a.memory {
        memory::memory(frame, r, state);
    }
    if let Some(r) = a.consensus {
        consensus::consensus(frame, r, state);
    }
    bars::prompt(frame, a.prompt, state);
    bars::keys(frame, a.keys, state);
    overlays::draw(frame, a.overlay, state);
}

/// Cuts `s` to at most `max` characters, with an ellipsis when cut.
pub(super) fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}
