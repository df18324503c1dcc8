//! The consensus pane: the answer the team stands behind, and why.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

use super::clip;
use crate::domain::{Consensus, TestChange};
use crate::highlight::display_text;
use crate::layout::inner_height;
use crate::state::{Focus, JudgeOutcome, State};

/// Tests the winning drafts passed, from the vote's evidence.
fn winners_tests(c: &Consensus) -> Option<(usize, usize)> {
    c.evidence.iter().filter(|e| c.agents.contains(&e.agent)).filter_map(|e| e.tests).max()
}

fn verdict_span(tests: Option<(usize, usize)>, unverified: bool, state: &State) -> Span<'static> {
    let pal = &state.theme.palette;
    match tests {
        Some((p, r)) if p == r => {
            Span::styled(format!(" ✓ {p}/{r} "), Style::new().fg(pal.pass).add_modifier(Modifier::BOLD))
        }
        Some((p, r)) => Span::styled(format!(" ✗ {p}/{r} "), Style::new().fg(pal.fail).add_modifier(Modifier::BOLD)),
        None if unverified => Span::styled(" unverified ".to_string(), Style::new().fg(pal.warn)),
        None => Span::raw(""),
    }
}

pub fn consensus(frame: &mut Frame, area: Rect, state: &State) {
    let pal = &state.theme.palette;
    let focused = state.focus == Focus::Consensus;
    let mut block = Block::new().borders(Borders::ALL).border_style(Style::new().fg(if focused {
        pal.border_focus
    } else {
        pal.border
    }));
    let Some(c) = &state.consensus else {
        let msg = if state.running { "the team is working…" } else { "no answer yet" };
        block = block.title(Span::styled(" Consensus ", Style::new().fg(pal.title)));
        frame.render_widget(Paragraph::new(Span::styled(msg, Style::new().fg(pal.dim))).block(block), area);
        return;
    };
    let mut title = vec![Span::styled(" Consensus ", Style::new().fg(pal.title).add_modifier(Modifier::BOLD))];
    if c.edited {
        title.push(Span::styled("· edited ", Style::new().fg(pal.accent)));
        title.push(match &c.judged {
            Some(JudgeOutcome::Tests { passed, run }) => verdict_span(Some((*passed, *run)), false, state),
            Some(JudgeOutcome::Running) => Span::styled(" judging… ".to_string(), Style::new().fg(pal.dim)),
            Some(JudgeOutcome::NoTests) | None => verdict_span(None, true, state),
            Some(JudgeOutcome::Error(e)) => Span::styled(format!(" judge failed: {e} "), Style::new().fg(pal.fail)),
        });
    } else if let Some(team) = &state.session.consensus {
        // The verdict first: on a narrow pane the title is cut from the right.
        title.push(verdict_span(winners_tests(team), team.decision.unverified(), state));
        let agents: Vec<String> = team.agents.iter().map(|a| format!("A{a}")).collect();
        title.push(Span::styled(
            format!("· cluster {} · {} votes ({}) ", team.cluster, team.agents.len(), agents.join(" ")),
            Style::new().fg(pal.dim),
        ));
    }
    if state.accepted.as_deref() == Some(c.answer.as_str()) {
        title.push(Span::styled(" accepted ", Style::new().fg(pal.pass)));
    }
    let how = state.session.consensus.as_ref().map(|team| format!(" {} ", team.decision)).unwrap_or_default();
    let strategy = clip(&how, area.width.saturating_sub(2) as usize);
    block = block.title(Line::from(title)).title_bottom(Span::styled(strategy, Style::new().fg(pal.dim)));
    let height = inner_height(area);
    let top = c.scroll.top(state.consensus_line_count(), height);
    // On a repository the tests the patch changes come first, then the
    // patches standing beside it, then a blank line, then the patch.
    let (tests, standing) = (state.consensus_tests(), state.consensus_standing());
    let head = state.consensus_head_len();
    let mut lines: Vec<Line<'static>> = (top..head.min(top + height))
        .map(|i| match tests.get(i) {
            Some(t) => test_line(t, area.width, state),
            None => standing.get(i - tests.len()).map_or_else(Line::default, |s| standing_line(s, area.width, state)),
        })
        .collect();
    let room = height - lines.len();
    lines.extend(c.code.lines(top.saturating_sub(head), room));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// A patch standing beside the answer, cut to the pane's width first: its
/// paths may come from anyone's Redis.
fn standing_line(s: &str, width: u16, state: &State) -> Line<'static> {
    let shown: String = s.chars().take(usize::from(width)).collect();
    Line::from(Span::styled(format!("≈ {}", display_text(&shown, &mut 0)), Style::new().fg(state.theme.palette.dim)))
}

/// One of the repository's tests: ✓ or ✗ with the patch, its name, and how it stood before.
/// The name is cut to the pane's width first: it may come from anyone's Redis.
fn test_line(t: &TestChange, width: u16, state: &State) -> Line<'static> {
    let name: String = t.name.chars().take(usize::from(width)).collect();
    let pal = &state.theme.palette;
    let colour = match t.mark() {
        '✓' => pal.pass,
        '-' => pal.dim,
        _ => pal.fail,
    };
    Line::from(vec![
        Span::styled(format!("{} ", t.mark()), Style::new().fg(colour).add_modifier(Modifier::BOLD)),
        Span::styled(display_text(&name, &mut 0).into_owned(), Style::new().fg(pal.text)),
        Span::styled(format!("  {}", t.how()), Style::new().fg(pal.dim)),
    ])
}
