//! Keeps the diff view's lines current: after each message, while the view
//! is open, the two codes it compares are read from the state and the diff
//! is made again only when they, the layout or the width changed.

use super::diff;
use super::layout::areas;
use super::state::{DiffCache, DiffKey, Mode, State};

fn draft_text(state: &State, agent: usize) -> &str {
    state.agents.get(agent).map_or("", |p| p.draft.text())
}

/// The two codes the open diff view compares: an agent's draft (its code
/// when it has a fenced block) against the consensus or another agent's.
fn compared(state: &State, agent: usize, against: Option<usize>) -> (String, String) {
    let code = |text: &str| crate::team::extract_code(text).unwrap_or_else(|| text.to_string());
    let mine = code(draft_text(state, agent));
    let other = match against {
        Some(b) => code(draft_text(state, b)),
        None => state.consensus.as_ref().map_or(String::new(), |c| c.answer.clone()),
    };
    (mine, other)
}

/// Brings `state.diff` up to date with the open diff view (or empties it).
pub fn refresh(state: &mut State) {
    let Mode::Diff { agent, against, side_by_side, .. } = state.mode else {
        state.diff = DiffCache::default();
        return;
    };
    let (mine, other) = compared(state, agent, against);
    let width = areas(state).overlay.width.saturating_sub(2);
    let key = DiffKey { mine, other, side_by_side, width };
    if state.diff.key.as_ref() == Some(&key) {
        return;
    }
    let pal = &state.theme.palette;
    let lines = if side_by_side {
        diff::side_by_side(&key.mine, &key.other, width, pal)
    } else {
        diff::unified(&key.mine, &key.other, pal)
    };
    state.diff = DiffCache { key: Some(key), lines };
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use ratatui::crossterm::event::KeyCode;

    use crate::domain::TeamEvent;
    use crate::tui::fixtures::{code, fresh, judged, key, started};
    use crate::tui::keymap::Keymap;
    use crate::tui::state::Mode;
    use crate::tui::{update, Msg};

    fn text(s: &crate::tui::State) -> String {
        s.diff.lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn the_diff_is_made_when_what_it_shows_changes_and_dropped_on_close() {
        let mut s = fresh(200, 60);
        update(&mut s, Msg::Team(started()));
        update(&mut s, Msg::Team(TeamEvent::AgentToken { agent: 0, round: 1, text: "x = 1\n".into() }));
        update(&mut s, Msg::Team(TeamEvent::AgentToken { agent: 1, round: 1, text: "x = 1\n".into() }));
        update(&mut s, key('d')); // A0 against A1: no consensus yet
        assert!(matches!(s.mode, Mode::Diff { agent: 0, against: Some(1), .. }));
        assert!(text(&s).contains("no differences"), "{}", text(&s));
        let made = s.diff.key.clone();
        update(&mut s, Msg::Tick(5));
        assert_eq!(s.diff.key, made, "nothing it shows changed");
        // A1 writes on: the open view shows it without a key press.
        update(&mut s, Msg::Team(TeamEvent::AgentToken { agent: 1, round: 1, text: "y = 2\n".into() }));
        assert!(text(&s).contains("y = 2"), "{}", text(&s));
        update(&mut s, Msg::Resize(120, 40));
        assert_eq!(s.diff.key.as_ref().map(|k| k.width), Some(crate::tui::layout::areas(&s).overlay.width - 2));
        update(&mut s, code(KeyCode::Esc));
        assert!(s.diff.key.is_none() && s.diff.lines.is_empty());
    }

    #[test]
    fn the_diff_views_keys_are_the_keymaps() {
        let mut s = judged(200, 60);
        let keys = BTreeMap::from([("x".to_string(), "Diff".into()), ("l".to_string(), "DiffLayout".into())]);
        s.keymap = Keymap::with_overrides(&keys).unwrap();
        update(&mut s, key('x'));
        assert!(matches!(s.mode, Mode::Diff { against: None, side_by_side: true, .. }));
        update(&mut s, key('x'));
        assert!(matches!(s.mode, Mode::Diff { against: Some(1), .. }), "the remapped key steps through the agents");
        update(&mut s, key('l'));
        assert!(matches!(s.mode, Mode::Diff { side_by_side: false, .. }));
    }
}
