//! An agent's pane: its draft streaming, who it is, and how it fared.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

use super::clip;
use crate::layout::inner_height;
use crate::session::{AgentStatus, AgentView};
use crate::state::{AgentPane, Focus, State};

/// A model as a pane names it: a named model by its name
/// ("qwen2.5-coder-1.5b-instruct-q4_k_m" → "coder-1.5b"), so a mixed team's
/// panes tell its models apart; another file by its stem without a
/// trailing quantisation ("Foo-7B-Instruct.Q4_1.gguf" → "Foo-7B-Instruct").
fn short_model(model: &str) -> &str {
    let name = model.rsplit('/').next().unwrap_or(model);
    let name = name.strip_suffix(".gguf").unwrap_or(name);
    if let Some(named) = crate::model::catalog::CATALOG.iter().find(|m| m.file.strip_suffix(".gguf") == Some(name)) {
        return named.name;
    }
    match name.rsplit_once('.') {
        Some((stem, quant))
            if quant.starts_with(['Q', 'q', 'F', 'f']) && quant[1..].starts_with(|c: char| c.is_ascii_digit()) =>
        {
            stem
        }
        _ => name,
    }
}

fn status_line(a: &AgentView, p: &AgentPane, state: &State) -> Line<'static> {
    let pal = &state.theme.palette;
    let mut spans = Vec::new();
    let what = match &a.status {
        AgentStatus::Waiting => "waiting".to_string(),
        AgentStatus::Streaming => format!("writing · {} tok", a.tokens),
        AgentStatus::Done(f) => format!(
            "{} tok · {}",
            a.tokens,
            serde_json::to_value(f).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
        ),
        AgentStatus::Failed(e) => format!("failed: {e}"),
    };
    let colour = if matches!(a.status, AgentStatus::Failed(_)) { pal.fail } else { pal.dim };
    spans.push(Span::styled(format!(" {what} "), Style::new().fg(colour)));
    if let Some(rate) = p.rate(a.tokens).filter(|_| a.status == AgentStatus::Streaming) {
        spans.push(Span::styled(format!("{rate:.0} tok/s "), Style::new().fg(pal.dim)));
    }
    Line::from(spans)
}

fn title(a: &AgentView, i: usize, state: &State, tabbed: bool, width: u16) -> Line<'static> {
    let pal = &state.theme.palette;
    let mut spans = Vec::new();
    if tabbed {
        for j in 0..state.agents.len() {
            let style = if j == i {
                Style::new().fg(pal.title).add_modifier(Modifier::REVERSED)
            } else {
                Style::new().fg(pal.dim)
            };
            spans.push(Span::styled(format!(" A{j} "), style));
        }
        spans.push(Span::raw(" "));
    } else {
        spans.push(Span::styled(format!(" A{i} "), Style::new().fg(pal.title).add_modifier(Modifier::BOLD)));
    }
    // The useful part first (a projector cuts titles short): how the draft
    // fared, the round, the temperature; the model's name where room remains.
    if let Some((passed, run)) = a.tests {
        let (mark, colour) = if passed == run { ("✓", pal.pass) } else { ("✗", pal.fail) };
        spans.push(Span::styled(
            format!("{mark} {passed}/{run} "),
            Style::new().fg(colour).add_modifier(Modifier::BOLD),
        ));
    }
    if let Some(info) = &a.info {
        let role = info_role(info);
        let room = (width as usize).saturating_sub(spans.iter().map(|s| s.content.chars().count()).sum::<usize>() + 4);
        // A round-1 proposal needs no word; a refine or fresh draft says which.
        let turn = a
            .turn
            .filter(|t| *t != crate::domain::Turn::Propose)
            .map(|t| format!(" {}", t.label()))
            .unwrap_or_default();
        let text = format!("r{}{turn} · t{} · {}{role}", a.round, info.temperature, short_model(&info.model));
        spans.push(Span::styled(clip(&text, room), Style::new().fg(pal.dim)));
        spans.push(Span::raw(" "));
    }
    Line::from(spans)
}

fn info_role(info: &crate::domain::AgentInfo) -> String {
    info.role
        .as_deref()
        .map(|r| format!(" · {}", r.split_whitespace().take(3).collect::<Vec<_>>().join(" ")))
        .unwrap_or_default()
}

pub fn agent(frame: &mut Frame, area: Rect, state: &State, i: usize, tabbed: bool) {
    let (Some(a), Some(p)) = (state.session.agents.get(i), state.agents.get(i)) else { return };
    let pal = &state.theme.palette;
    let focused = state.focus == Focus::Agent(i);
    let border = if focused { pal.border_focus } else { pal.border };
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(Style::new().fg(border))
        .title(title(a, i, state, tabbed, area.width))
        .title_bottom(status_line(a, p, state));
    let height = inner_height(area);
    let total = p.draft.line_count();
    let top = p.scroll.top(total, height);
    let lines = p.draft.lines(top, height);
    frame.render_widget(Paragraph::new(lines).block(block).style(Style::new().fg(pal.text)), area);
}

#[cfg(test)]
mod tests {
    use super::short_model;

    #[test]
    fn panes_name_named_models_by_name_and_others_by_their_stem() {
        assert_eq!(short_model("qwen2.5-coder-0.5b-instruct-q4_k_m"), "coder-0.5b");
        assert_eq!(short_model("/m/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"), "coder-1.5b");
        assert_eq!(short_model("SmolLM2-135M-Instruct.Q4_1"), "smollm2-135m");
        assert_eq!(short_model("Foo-7B-Instruct.Q4_1.gguf"), "Foo-7B-Instruct");
        assert_eq!(short_model("qwen2.5-7b-instruct-q4_k_m"), "qwen2.5-7b-instruct-q4_k_m");
        assert_eq!(short_model("gpt-4o"), "gpt-4o");
    }
}
