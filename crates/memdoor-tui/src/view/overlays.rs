//! What opens over the screen: help, the quit question, the inline editor
//! and the diff view.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;

use crate::action::Action;
use crate::keymap::KeyMode;
use crate::layout::{centered, inner_height};
use crate::state::{Mode, State};

pub fn draw(frame: &mut Frame, area: Rect, state: &State) {
    match &state.mode {
        Mode::Help => help(frame, area, state),
        Mode::ConfirmQuit => confirm(frame, area, state),
        Mode::ConfirmOverwrite { path, .. } => confirm_overwrite(frame, area, state, path),
        Mode::Editing(textarea) => {
            let pal = &state.theme.palette;
            frame.render_widget(Clear, area);
            let block = Block::new()
                .borders(Borders::ALL)
                .border_style(Style::new().fg(pal.border_focus))
                .title(Span::styled(editor_title(state), Style::new().fg(pal.title)));
            let inner = block.inner(area);
            frame.render_widget(block, area);
            frame.render_widget(textarea, inner);
        }
        Mode::Diff { agent, against, side_by_side, scroll } => {
            diff_view(frame, area, state, *agent, *against, *side_by_side, *scroll)
        }
        Mode::Normal | Mode::Prompt { .. } => {}
    }
}

fn boxed(title: &str, state: &State) -> Block<'static> {
    let pal = &state.theme.palette;
    Block::new()
        .borders(Borders::ALL)
        .border_style(Style::new().fg(pal.border_focus))
        .title(Span::styled(format!(" {title} "), Style::new().fg(pal.title).add_modifier(Modifier::BOLD)))
        .style(Style::new().bg(pal.background).fg(pal.text))
}

fn help(frame: &mut Frame, area: Rect, state: &State) {
    let pal = &state.theme.palette;
    let mut lines: Vec<Line> = state
        .keymap
        .bindings()
        .into_iter()
        .filter(|(a, _)| state.debug_keys || *a != crate::action::Action::DebugPanic)
        .map(|(a, keys)| {
            Line::from(vec![
                Span::styled(format!(" {:<18}", keys.join(" ")), Style::new().fg(pal.accent)),
                Span::raw(format!("{:<16}", format!("{a:?}"))),
                Span::styled(a.describe(), Style::new().fg(pal.dim)),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    let key = |a: Action| state.keymap.key_for(a).unwrap_or_default();
    let diff_keys = format!(
        " In the diff view: {} next agent · {} unified/side by side · {} close",
        key(Action::Diff),
        key(Action::DiffLayout),
        key(Action::Cancel)
    );
    lines.push(Line::styled(diff_keys, Style::new().fg(pal.dim)));
    lines.push(Line::styled(
        " Keys are set in the config's [keys] table: \"ctrl-s\" = \"Accept\"",
        Style::new().fg(pal.dim),
    ));
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(boxed("keys · any key closes", state)), area);
}

fn editor_title(state: &State) -> String {
    let key = |a: Action| state.keymap.key_in(KeyMode::Editor, a).unwrap_or_else(|| "(unbound)".into());
    format!(" edit the consensus · {} save and judge · {} discard ", key(Action::SaveEdit), key(Action::Cancel))
}

fn confirm(frame: &mut Frame, area: Rect, state: &State) {
    let r = centered(area, 60, 30);
    let r = Rect { height: r.height.clamp(3, 5), ..r };
    let yes = state.keymap.key_in(KeyMode::Quit, Action::Yes).unwrap_or_else(|| "(unbound)".into());
    let text =
        format!("The team's answer is not accepted and will be lost.\nQuit anyway?  {yes} quit · any other key stays");
    frame.render_widget(Clear, r);
    frame.render_widget(Paragraph::new(text).block(boxed("quit?", state)), r);
}

fn confirm_overwrite(frame: &mut Frame, area: Rect, state: &State, path: &std::path::Path) {
    let r = centered(area, 60, 30);
    let r = Rect { height: r.height.clamp(3, 5), ..r };
    let yes = state.keymap.key_in(KeyMode::Overwrite, Action::Yes).unwrap_or_else(|| "(unbound)".into());
    let text = format!(
        "{} exists.\nReplace it with the team's answer?  {yes} replace · any other key keeps it",
        path.display()
    );
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(text).wrap(ratatui::widgets::Wrap { trim: true }).block(boxed("overwrite?", state)),
        r,
    );
}

/// Draws the lines `update` made (`tui/diff_view.rs`); nothing is diffed here.
fn diff_view(
    frame: &mut Frame,
    area: Rect,
    state: &State,
    agent: usize,
    against: Option<usize>,
    side_by_side: bool,
    scroll: usize,
) {
    let name = against.map_or("consensus".to_string(), |b| format!("A{b}"));
    let lines = &state.diff.lines;
    let height = inner_height(area);
    let top = scroll.min(lines.len().saturating_sub(height));
    let shown: Vec<Line> = lines.iter().skip(top).take(height).cloned().collect();
    let layout = if side_by_side { "side by side" } else { "unified" };
    let key = |a: Action| state.keymap.key_for(a).unwrap_or_default();
    let (next, flip, close) = (key(Action::Diff), key(Action::DiffLayout), key(Action::Cancel));
    let title = format!("diff A{agent} → {name} · {layout} · {next} next · {flip} layout · {close} close");
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(shown).block(boxed(&title, state)), area);
}
