//! Applying the team's events to the screen: the session model
//! (`session::SessionView`, shared with `solve`'s plain view) takes each
//! event, and the panes' caches follow what it changed — the highlighted
//! draft, its token clock, the consensus as shown.

use super::highlight::Highlighted;
use super::state::{AgentPane, ConsensusView, Scroll, State};
use crate::domain::{Alternative, TeamEvent};
use crate::repo::patch::paths_changed;
use crate::session::Change;

pub fn apply(state: &mut State, event: TeamEvent) {
    let change = state.session.apply(&event);
    sync_panes(state);
    match change {
        Change::NewTask => {
            // A new problem: nothing of the last one stays on screen.
            state.consensus = None;
            state.accepted = None;
            for p in &mut state.agents {
                p.draft.clear();
                (p.first_ms, p.last_ms, p.scroll) = (None, None, Scroll::Follow);
            }
        }
        Change::Agent { agent, fresh } => {
            let now = state.now_ms;
            let (Some(model), Some(p)) = (state.session.agents.get(agent), state.agents.get_mut(agent)) else { return };
            if fresh {
                p.draft.clear();
                p.first_ms = None;
                p.last_ms = None;
                p.scroll = Scroll::Follow;
            }
            // Streaming appends; a finished draft may differ from its stream.
            match model.text.strip_prefix(p.draft.text()) {
                Some("") => {}
                Some(more) => p.draft.push(more),
                None => p.draft.set_text(&model.text),
            }
            if matches!(event, TeamEvent::AgentToken { .. }) {
                p.first_ms.get_or_insert(now);
                p.last_ms = Some(now);
            }
        }
        Change::Consensus => {
            let Some(c) = &state.session.consensus else { return };
            let mut code = Highlighted::new(&state.theme);
            code.set_enabled(state.highlight);
            code.set_text(&c.answer);
            state.consensus = Some(ConsensusView {
                answer: c.answer.clone(),
                code,
                edited: false,
                judged: None,
                scroll: Scroll::At(0),
                standing: c.alternatives.iter().map(standing_line).collect(),
            });
        }
        Change::Nothing | Change::SameTask | Change::Memory | Change::Round | Change::Finished | Change::Rejected => {}
    }
}

/// A patch standing beside the answer, in one line: who wrote it, the files
/// it changes, how the repository's tests judged it (`memdoor review`
/// prints it as a finding of its own).
fn standing_line(a: &Alternative) -> String {
    let agents: Vec<String> = a.agents.iter().map(|a| format!("A{a}")).collect();
    format!("also standing ({}): {} · {}", agents.join(" "), paths_changed(&a.patch).join(", "), a.decision)
}

/// One pane for each agent the model knows, no more.
fn sync_panes(state: &mut State) {
    let want = state.session.agents.len();
    state.agents.truncate(want);
    while state.agents.len() < want {
        let p = AgentPane::new(&state.theme);
        state.agents.push(p);
    }
}
