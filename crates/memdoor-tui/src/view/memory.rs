//! The shared memory panel: what the agents wrote for each other, newest last.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

use super::clip;
use crate::layout::inner_height;
use crate::memory::EntryKind;
use crate::state::{Focus, State};

fn kind_name(k: EntryKind) -> &'static str {
    match k {
        EntryKind::Draft => "draft",
        EntryKind::Note => "note",
        EntryKind::Test => "test",
        EntryKind::Decision => "vote",
        EntryKind::Error => "error",
    }
}

pub fn memory(frame: &mut Frame, area: Rect, state: &State) {
    let pal = &state.theme.palette;
    let focused = state.focus == Focus::Memory;
    let mut title = format!(" Shared memory · {} ", state.store);
    if state.session.rejected > 0 {
        // Said first after the store: what was dropped matters more than the filter.
        title += &format!("· {} dropped, not the team's ", state.session.rejected);
    }
    if let Some(a) = state.memory_filter.0 {
        title += &format!("· A{a} ");
    }
    if let Some(k) = state.memory_filter.1 {
        title += &format!("· {} ", kind_name(k));
    }
    let count = state.visible_memory().count();
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(Style::new().fg(if focused { pal.border_focus } else { pal.border }))
        .title(Span::styled(clip(&title, area.width.saturating_sub(2) as usize), Style::new().fg(pal.title)))
        .title_bottom(Span::styled(format!(" {count} entries "), Style::new().fg(pal.dim)));
    let height = inner_height(area);
    let top = state.memory_scroll.top(count, height);
    let width = area.width.saturating_sub(2) as usize;
    let lines: Vec<Line> = state
        .visible_memory()
        .skip(top)
        .take(height)
        .map(|e| {
            let who = e.agent.map_or("team".to_string(), |a| format!("A{a}"));
            let colour = match e.kind {
                EntryKind::Error => pal.fail,
                EntryKind::Decision => pal.accent,
                EntryKind::Note => pal.warn,
                _ => pal.dim,
            };
            let head = format!("r{} {who:<4} {:<5} ", e.round, kind_name(e.kind));
            let body = e.content.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with("```")).unwrap_or("");
            let room = width.saturating_sub(head.chars().count());
            Line::from(vec![
                Span::styled(head, Style::new().fg(colour)),
                Span::styled(clip(body, room), Style::new().fg(pal.text)),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
