//! Where everything goes, from the terminal size and the state alone (so mouse
//! hits and drawing agree). Wide screens show the five panes side by side;
//! small ones show one agent pane at a time, as tabs.

use ratatui::layout::{Constraint, Direction, Layout, Rect};

use super::state::{Focus, State};

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Areas {
    pub title: Rect,
    /// The agent panes on screen, with their agent index.
    pub agents: Vec<(usize, Rect)>,
    /// One pane at a time (small screens).
    pub tabbed: bool,
    pub memory: Option<Rect>,
    pub consensus: Option<Rect>,
    pub prompt: Rect,
    pub keys: Rect,
    /// Where overlays (help, diff, editor, dialogs) go.
    pub(crate) overlay: Rect,
}

/// Below these sizes the agent panes become tabs.
const SIDE_BY_SIDE_MIN_WIDTH: u16 = 120;
const SIDE_BY_SIDE_MIN_HEIGHT: u16 = 30;

pub(crate) fn areas(state: &State) -> Areas {
    let area = Rect::new(0, 0, state.size.0, state.size.1);
    let rows =
        Layout::vertical([Constraint::Length(1), Constraint::Min(0), Constraint::Length(1), Constraint::Length(1)])
            .split(area);
    let (title, body, prompt, keys) = (rows[0], rows[1], rows[2], rows[3]);
    let overlay = centered(body, 90, 90);
    let n = state.agents.len();
    if let Some(z) = state.zoom.filter(|z| *z < n) {
        return Areas {
            title,
            agents: vec![(z, body)],
            tabbed: false,
            memory: None,
            consensus: None,
            prompt,
            keys,
            overlay,
        };
    }
    let tabbed = area.width < SIDE_BY_SIDE_MIN_WIDTH || area.height < SIDE_BY_SIDE_MIN_HEIGHT;
    let split =
        Layout::vertical([Constraint::Percentage(if tabbed { 50 } else { 55 }), Constraint::Min(0)]).split(body);
    let agents = if n == 0 {
        Vec::new()
    } else if tabbed {
        vec![(shown_agent(state), split[0])]
    } else {
        let cols = Layout::horizontal(vec![Constraint::Ratio(1, n as u32); n]).split(split[0]);
        (0..n).zip(cols.iter().copied()).collect()
    };
    let bottom = split[1];
    let (memory, consensus) = if bottom.width >= 60 {
        let c = Layout::default()
            .direction(Direction::Horizontal)
            .constraints([Constraint::Percentage(42), Constraint::Min(0)])
            .split(bottom);
        (Some(c[0]), Some(c[1]))
    } else if state.focus == Focus::Memory {
        (Some(bottom), None)
    } else {
        (None, Some(bottom))
    };
    Areas { title, agents, tabbed, memory, consensus, prompt, keys, overlay }
}

/// In tab mode: the focused agent, or the last one focused.
fn shown_agent(state: &State) -> usize {
    match state.focus {
        Focus::Agent(i) => i.min(state.agents.len().saturating_sub(1)),
        _ => state.last_agent_focus.min(state.agents.len().saturating_sub(1)),
    }
}

pub(crate) fn centered(area: Rect, pct_w: u16, pct_h: u16) -> Rect {
    let w = (area.width as u32 * pct_w as u32 / 100) as u16;
    let h = (area.height as u32 * pct_h as u32 / 100) as u16;
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

/// Lines of text a bordered box of `r` shows.
pub(crate) fn inner_height(r: Rect) -> usize {
    r.height.saturating_sub(2) as usize
}

pub fn contains(r: Rect, col: u16, row: u16) -> bool {
    col >= r.x && col < r.x + r.width && row >= r.y && row < r.y + r.height
}
