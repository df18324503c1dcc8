//! The one-line bars: the title (task, round, store, team speed), the prompt
//! bar (feedback, a new problem, a path; or the latest message), the keys.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::clip;
use crate::action::Action;
use crate::keymap::KeyMode;
use crate::state::{Mode, PromptPurpose, State};

pub fn title(frame: &mut Frame, area: Rect, state: &State) {
    let pal = &state.theme.palette;
    let mut parts = vec!["memdoor".to_string()];
    // A weak sandbox leads the bar, in the fail colour, so no width hides it.
    let weak = state.session.sandbox.as_deref().is_some_and(|s| s.starts_with("weak"));
    if weak {
        parts[0] = "⚠ WEAK SANDBOX: drafts run as you, with your files and network".to_string();
    }
    if let Some(r) = &state.replay {
        let how = if r.done {
            "ended".to_string()
        } else if r.paused {
            "paused".to_string()
        } else {
            format!("{}×", r.speed)
        };
        parts.push(format!("replay {how}"));
    }
    if let Some(t) = &state.session.task {
        parts.push(format!("task {t}"));
    }
    if let Some(r) = round_label(state) {
        parts.push(r);
    }
    parts.push(state.store.clone());
    parts.push(format!("{} agents", state.agents.len()));
    if state.running {
        parts.push(format!("{:.0} tok/s", state.team_rate()));
    }
    if let Some(sb) = &state.session.sandbox {
        parts.push(sb.clone());
    }
    let text = clip(&parts.join(" · "), area.width as usize);
    let style = match weak {
        true => Style::new().bg(pal.fail).fg(ratatui::style::Color::White).add_modifier(Modifier::BOLD),
        false => Style::new().bg(pal.status_bg).fg(pal.status_fg).add_modifier(Modifier::BOLD),
    };
    frame.render_widget(Paragraph::new(format!("{text:<width$}", width = area.width as usize)).style(style), area);
}

/// Where the team is: "round 2/3". Past the planned rounds, agent 0 is
/// synthesising the team's answer from the drafts (the aggregation step runs
/// as one more round, which the title used to show as "round 4/4").
fn round_label(state: &State) -> Option<String> {
    let planned = state.rounds_planned;
    Some(match state.session.round {
        0 => return None,
        r if state.replay.is_some() => format!("round {r}"),
        r if r > planned && state.running => format!("aggregating after round {planned}"),
        r if r > planned => format!("round {planned}/{planned} · aggregated"),
        r => format!("round {r}/{planned}"),
    })
}

pub fn prompt(frame: &mut Frame, area: Rect, state: &State) {
    let pal = &state.theme.palette;
    if let Mode::Prompt { purpose, input } = &state.mode {
        let label = match purpose {
            PromptPurpose::NewProblem => " problem> ".to_string(),
            PromptPurpose::Feedback { agent: None } => " feedback (all)> ".to_string(),
            PromptPurpose::Feedback { agent: Some(a) } => format!(" feedback (A{a})> "),
            PromptPurpose::SavePath => " save to> ".to_string(),
        };
        let w = (label.chars().count() as u16).min(area.width);
        frame.render_widget(
            Span::styled(label, Style::new().fg(pal.accent).add_modifier(Modifier::BOLD)),
            Rect { width: w, ..area },
        );
        frame.render_widget(input, Rect { x: area.x + w, width: area.width - w, ..area });
        return;
    }
    let line = match &state.flash {
        Some(f) => Line::from(Span::styled(format!(" {f}"), Style::new().fg(pal.warn))),
        None if state.session.task.is_none() && state.replay.is_none() => {
            let key = state.keymap.key_for(Action::NewProblem).unwrap_or_default();
            Line::from(Span::styled(format!(" press {key} to type a problem"), Style::new().fg(pal.dim)))
        }
        None => Line::from(Span::styled(
            clip(&format!(" > {}", first_line(&state.session.problem)), area.width as usize),
            Style::new().fg(pal.dim),
        )),
    };
    frame.render_widget(Paragraph::new(line), area);
}

fn first_line(s: &str) -> &str {
    s.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("")
}

pub fn keys(frame: &mut Frame, area: Rect, state: &State) {
    let pal = &state.theme.palette;
    let hints: &[(Action, &str)] = match (&state.mode, state.replay.is_some()) {
        (Mode::Editing(_), _) => &[],
        (_, true) => &[
            (Action::Pause, "pause"),
            (Action::Step, "step"),
            (Action::Faster, "faster"),
            (Action::Slower, "slower"),
            (Action::Diff, "diff"),
            (Action::Help, "help"),
            (Action::Quit, "quit"),
        ],
        _ => &[
            (Action::Accept, "accept"),
            (Action::Edit, "edit"),
            (Action::Reprompt, "re-prompt"),
            (Action::Zoom1, "zoom"),
            (Action::Diff, "diff"),
            (Action::FocusNext, "focus"),
            (Action::Cancel, "stop"),
            (Action::Help, "help"),
            (Action::Quit, "quit"),
        ],
    };
    let text = if matches!(state.mode, Mode::Editing(_)) {
        let key = |a: Action| state.keymap.key_in(KeyMode::Editor, a).unwrap_or_else(|| "(unbound)".into());
        format!(" {} save · {} discard", key(Action::SaveEdit), key(Action::Cancel))
    } else {
        let parts: Vec<String> = hints
            .iter()
            .filter_map(|(a, what)| {
                let k = state.keymap.key_for(*a)?;
                Some(if *a == Action::Zoom1 { format!("{k}-5 {what}") } else { format!("{k} {what}") })
            })
            .collect();
        format!(" {}", parts.join(" · "))
    };
    frame.render_widget(Paragraph::new(clip(&text, area.width as usize)).style(Style::new().fg(pal.dim)), area);
}

#[cfg(test)]
mod tests {
    use super::round_label;
    use crate::fixtures::fresh;

    #[test]
    fn the_title_tells_rounds_from_the_aggregation_after_them() {
        let mut s = fresh(80, 24); // two rounds planned
        assert_eq!(round_label(&s), None);
        s.session.round = 2;
        assert_eq!(round_label(&s).as_deref(), Some("round 2/2"));
        s.session.round = 3;
        s.running = true;
        assert_eq!(round_label(&s).as_deref(), Some("aggregating after round 2"));
        s.running = false;
        assert_eq!(round_label(&s).as_deref(), Some("round 2/2 · aggregated"));
    }
}
