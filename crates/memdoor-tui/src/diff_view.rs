//! Keeps the diff view's lines current: after each message, while the view
//! is open, the two codes it compares are read from the state and the diff
//! is made again only when they, the layout or the width changed. On a
//! repository an agent's patch is compared, not the edit blocks it wrote:
//! by the trees the two patches make (the files either changes, after
//! each), asked of the session once per pair; until they come, or when a
//! patch is not the session's (an edited consensus), the two patches as
//! texts.

use super::diff;
use super::layout::areas;
use super::msg::Effect;
use super::state::{DiffCache, DiffKey, Mode, State, TreesCache};
use crate::session::AgentStatus;

fn draft_text(state: &State, agent: usize) -> &str {
    state.agents.get(agent).map_or("", |p| p.draft.text())
}

/// An agent's patch, on a repository once its answer is done (the edit
/// blocks it wrote are not what the consensus shows).
fn agent_patch(state: &State, agent: usize) -> Option<String> {
    let done = state.session.agents.get(agent).filter(|a| matches!(a.status, AgentStatus::Done(_)));
    done.filter(|_| state.repo.is_some()).and_then(|a| a.last_draft.as_ref()?.code.clone())
}

/// What of an agent's draft is compared: its patch (`agent_patch`), else
/// its code when it has a fenced block, else its text.
fn agent_code(state: &State, agent: usize) -> String {
    if let Some(patch) = agent_patch(state, agent) {
        return patch;
    }
    let text = draft_text(state, agent);
    crate::team::extract_code(text).unwrap_or_else(|| text.to_string())
}

/// The two codes the open diff view compares: an agent's against the
/// consensus or another agent's.
fn compared(state: &State, agent: usize, against: Option<usize>) -> (String, String) {
    let mine = agent_code(state, agent);
    let other = match against {
        Some(b) => agent_code(state, b),
        None => state.consensus.as_ref().map_or(String::new(), |c| c.answer.clone()),
    };
    (mine, other)
}

/// The two patches compared, on a repository, when both are patches.
fn patches(state: &State, agent: usize, against: Option<usize>) -> Option<(String, String)> {
    let mine = agent_patch(state, agent)?;
    let other = match against {
        Some(b) => agent_patch(state, b)?,
        None => state.consensus.as_ref().map(|c| c.answer.clone()).filter(|a| a.starts_with("diff --git "))?,
    };
    Some((mine, other))
}

/// Brings `state.diff` up to date with the open diff view (or empties it);
/// on a repository, asks once for the trees two patches make.
pub(crate) fn refresh(state: &mut State) -> Option<Effect> {
    let Mode::Diff { agent, against, side_by_side, .. } = state.mode else {
        state.diff = DiffCache::default();
        return None;
    };
    let mut ask = None;
    let (mine, other) = match patches(state, agent, against) {
        Some((mine, other)) => match &state.trees {
            Some(TreesCache { mine: m, other: o, trees }) if *m == mine && *o == other => {
                trees.clone().unwrap_or((mine, other))
            }
            _ => {
                state.trees = Some(TreesCache { mine: mine.clone(), other: other.clone(), trees: None });
                ask = Some(Effect::LoadTrees { mine: mine.clone(), other: other.clone() });
                (mine, other)
            }
        },
        None => compared(state, agent, against),
    };
    let width = areas(state).overlay.width.saturating_sub(2);
    let key = DiffKey { mine, other, side_by_side, width };
    if state.diff.key.as_ref() == Some(&key) {
        return ask;
    }
    let pal = &state.theme.palette;
    let lines = if side_by_side {
        diff::side_by_side(&key.mine, &key.other, width, pal)
    } else {
        diff::unified(&key.mine, &key.other, pal)
    };
    state.diff = DiffCache { key: Some(key), lines };
    ask
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use ratatui::crossterm::event::KeyCode;

    use crate::domain::TeamEvent;
    use crate::fixtures::{code, fresh, judged, key, started};
    use crate::keymap::Keymap;
    use crate::state::Mode;
    use crate::{update, Msg};

    fn text(s: &crate::State) -> String {
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
        assert_eq!(s.diff.key.as_ref().map(|k| k.width), Some(crate::layout::areas(&s).overlay.width - 2));
        update(&mut s, code(KeyCode::Esc));
        assert!(s.diff.key.is_none() && s.diff.lines.is_empty());
    }

    #[test]
    fn on_a_repository_an_agents_patch_is_compared_with_the_consensus_patch() {
        let mut s = crate::fixtures::on_repo(200, 60);
        update(&mut s, code(KeyCode::Tab)); // A1, whose patch differs
        update(&mut s, key('d'));
        assert!(matches!(s.mode, Mode::Diff { agent: 1, against: None, .. }));
        update(&mut s, key('s')); // unified
        assert!(matches!(s.mode, Mode::Diff { side_by_side: false, .. }));
        let shown = text(&s);
        assert!(shown.contains("-+    return b + a") && shown.contains("++    return a + b"), "{shown}");
        assert!(!shown.contains("SEARCH"), "the patches, not the edit blocks: {shown}");
    }

    #[test]
    fn on_a_repository_the_trees_two_patches_make_are_asked_for_once_and_compared() {
        use crate::msg::Effect;
        let mut s = crate::fixtures::on_repo(200, 60);
        update(&mut s, code(KeyCode::Tab)); // A1
        let asked = update(&mut s, key('d'));
        let (mine, other) = match asked.as_slice() {
            [Effect::LoadTrees { mine, other }] => (mine.clone(), other.clone()),
            _ => panic!("{asked:?}"),
        };
        assert!(mine.contains("+    return b + a") && other.contains("+    return a + b"));
        assert!(update(&mut s, key('s')).is_empty(), "asked once for the pair");
        // Until they come, the two patches; then the two trees.
        assert!(text(&s).contains("-+    return b + a"), "{}", text(&s));
        let trees = Some((
            "### calc.py\ndef add(a, b):\n    return b + a\n".to_string(),
            "### calc.py\ndef add(a, b):\n    return a + b\n".to_string(),
        ));
        update(&mut s, Msg::Trees { mine: mine.clone(), other: other.clone(), trees });
        let shown = text(&s);
        assert!(shown.contains("-    return b + a") && shown.contains("+    return a + b"), "{shown}");
        assert!(!shown.contains("-+") && shown.contains("### calc.py"), "the files, not the patches: {shown}");
        // Trees for another pair (a reply to an older ask) change nothing.
        update(&mut s, Msg::Trees { mine: "x".into(), other: other.clone(), trees: Some(("a".into(), "b".into())) });
        assert_eq!(text(&s), shown);
        // A patch not the session's (the reply says so): the patches as texts.
        let mut s = crate::fixtures::on_repo(200, 60);
        update(&mut s, code(KeyCode::Tab));
        update(&mut s, key('d'));
        update(&mut s, key('s'));
        update(&mut s, Msg::Trees { mine, other, trees: None });
        assert!(text(&s).contains("-+    return b + a"), "{}", text(&s));
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
