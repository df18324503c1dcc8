//! `update` tests: every user action but the answer's
//! (`update_answer_tests.rs`), on a state fed a scripted session.

use ratatui::crossterm::event::KeyModifiers;
use ratatui::crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};

use super::fixtures::*;
use super::msg::{Effect, Msg};
use super::state::{Focus, Mode, ReplayState, Scroll};
use super::update::update;
use crate::domain::TeamEvent;
use crate::memory::EntryKind;
use crate::session::AgentStatus;

#[test]
fn a_task_runs_from_its_start_to_its_finish_or_stop_whoever_started_it() {
    // A watched task (another process's) starts and ends by its events alone.
    let mut s = fresh(120, 40);
    assert!(!s.running);
    update(&mut s, Msg::Team(started()));
    assert!(s.running);
    update(
        &mut s,
        Msg::Team(TeamEvent::TaskFinished { task: "is-palindrome".into(), answer: None, elapsed_secs: 1.0 }),
    );
    assert!(!s.running);
    // A run of this TUI's own that is cancelled never finishes: it stops.
    update(&mut s, Msg::Team(started()));
    update(&mut s, Msg::TeamStopped);
    assert!(!s.running);
    // A new problem that cannot be read starts nothing, and says why.
    update(&mut s, Msg::StartFailed("the problem is empty".into()));
    assert!(!s.running);
    assert_eq!(s.flash.as_ref().unwrap().to_string(), "the problem is empty");
}

#[test]
fn team_events_fill_the_panes_memory_and_consensus() {
    let s = judged(200, 60);
    assert_eq!(s.agents.len(), 5);
    assert_eq!(s.agents[1].draft.text(), draft_text(1));
    assert_eq!(s.session.agents[1].tokens, 41, "exact token count once done");
    assert_eq!(s.session.agents[3].tests, Some((3, 5)));
    assert!(matches!(s.session.agents[0].status, AgentStatus::Done(_)));
    assert_eq!(s.session.memory.len(), 6);
    assert!(s.consensus.is_some());
    assert_eq!(s.session.consensus.as_ref().unwrap().agents, vec![0, 1, 2, 4]);
    assert!(!s.running);
}

#[test]
fn streaming_counts_tokens_and_rates_and_a_new_round_starts_empty() {
    let mut s = streaming(200, 60);
    assert_eq!(s.session.agents[0].tokens, 4);
    assert!(s.agents[0].rate(4).unwrap() > 0.0);
    assert!(s.team_rate() > 0.0);
    update(&mut s, Msg::Team(TeamEvent::AgentToken { agent: 0, round: 2, text: "x".into() }));
    assert_eq!(s.agents[0].draft.text(), "x");
    assert_eq!(s.session.round, 2);
}

#[test]
fn zoom_toggles_and_esc_leaves_it() {
    let mut s = judged(200, 60);
    update(&mut s, key('3'));
    assert_eq!((s.zoom, s.focus), (Some(2), Focus::Agent(2)));
    update(&mut s, key('3'));
    assert_eq!(s.zoom, None);
    update(&mut s, key('5'));
    update(&mut s, code(KeyCode::Esc));
    assert_eq!(s.zoom, None);
}

#[test]
fn tab_cycles_agents_memory_consensus() {
    let mut s = judged(200, 60);
    let mut seen = Vec::new();
    for _ in 0..7 {
        update(&mut s, code(KeyCode::Tab));
        seen.push(s.focus);
    }
    assert_eq!(seen[3], Focus::Agent(4));
    assert_eq!(seen[4], Focus::Memory);
    assert_eq!(seen[5], Focus::Consensus);
    assert_eq!(seen[6], Focus::Agent(0));
    update(&mut s, code(KeyCode::BackTab));
    assert_eq!(s.focus, Focus::Consensus);
}

#[test]
fn diff_cycles_targets_and_layouts() {
    let mut s = judged(200, 60);
    update(&mut s, code(KeyCode::Tab)); // A1
    update(&mut s, key('d'));
    assert!(matches!(s.mode, Mode::Diff { agent: 1, against: None, side_by_side: true, .. }));
    update(&mut s, key('d'));
    assert!(matches!(s.mode, Mode::Diff { against: Some(0), .. }));
    update(&mut s, key('d'));
    assert!(matches!(s.mode, Mode::Diff { against: Some(2), .. }), "skips itself");
    update(&mut s, key('s'));
    assert!(matches!(s.mode, Mode::Diff { side_by_side: false, .. }));
    update(&mut s, code(KeyCode::Esc));
    assert!(matches!(s.mode, Mode::Normal));
}

#[test]
fn scrolling_leaves_and_end_resumes_following() {
    let mut s = fresh(200, 60);
    update(&mut s, Msg::Team(started()));
    let long: String = (0..200).map(|i| format!("line {i}\n")).collect();
    update(&mut s, Msg::Team(TeamEvent::AgentToken { agent: 0, round: 1, text: long }));
    update(&mut s, key('k'));
    assert!(matches!(s.agents[0].scroll, Scroll::At(_)));
    update(&mut s, code(KeyCode::End));
    assert_eq!(s.agents[0].scroll, Scroll::Follow);
    update(&mut s, code(KeyCode::PageUp));
    update(&mut s, code(KeyCode::PageDown));
    assert_eq!(s.agents[0].scroll, Scroll::Follow, "paging back to the end follows again");
}

#[test]
fn memory_filters_cycle() {
    let mut s = judged(200, 60);
    update(&mut s, key('f'));
    assert_eq!(s.memory_filter.0, Some(0));
    assert_eq!(s.visible_memory().count(), 1);
    update(&mut s, key('f'));
    update(&mut s, key('t'));
    assert_eq!(s.memory_filter, (Some(1), Some(EntryKind::Draft)));
    update(&mut s, key('t'));
    assert_eq!(s.memory_filter.1, Some(EntryKind::Note));
    for _ in 0..4 {
        update(&mut s, key('f'));
    }
    assert_eq!(s.memory_filter.0, None);
}

#[test]
fn help_opens_and_any_key_closes() {
    let mut s = judged(80, 24);
    update(&mut s, key('?'));
    assert!(matches!(s.mode, Mode::Help));
    assert!(update(&mut s, key('q')).is_empty(), "q closes help, it does not quit");
    assert!(matches!(s.mode, Mode::Normal) && !s.quit);
}

#[test]
fn new_problem_from_the_prompt_bar_and_paste() {
    let mut s = fresh(80, 24);
    update(&mut s, key('n'));
    update(&mut s, Msg::Paste("Write fizzbuzz\nin Python".into()));
    assert_eq!(
        update(&mut s, code(KeyCode::Enter)),
        vec![Effect::Start { problem: "Write fizzbuzz in Python".into() }]
    );
    assert!(s.running);
}

#[test]
fn replay_controls() {
    let mut s = judged(200, 60);
    s.replay = Some(ReplayState { speed: 1.0, paused: false, done: false });
    assert_eq!(
        update(&mut s, Msg::Key(ratatui::crossterm::event::KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE))),
        vec![Effect::ReplayPause(true)]
    );
    assert_eq!(update(&mut s, key('+')), vec![Effect::ReplaySpeed(2.0)]);
    assert_eq!(update(&mut s, key('-')), vec![Effect::ReplaySpeed(1.0)]);
    assert_eq!(update(&mut s, key('-')), vec![Effect::ReplaySpeed(0.5)]);
    assert_eq!(update(&mut s, key('-')), vec![Effect::ReplaySpeed(0.5)]);
    assert_eq!(update(&mut s, code(KeyCode::Right)), vec![Effect::ReplayStep]);
    assert!(!s.unaccepted_answer(), "a replay has nothing to lose");
    assert!(update(&mut s, key('r')).is_empty(), "a replay cannot be re-prompted");
}

#[test]
fn mouse_click_focuses_and_wheel_scrolls_the_pane_under_it() {
    let mut s = fresh(200, 60);
    update(&mut s, Msg::Team(started()));
    let long: String = (0..200).map(|i| format!("line {i}\n")).collect();
    update(&mut s, Msg::Team(TeamEvent::AgentToken { agent: 4, round: 1, text: long }));
    let at = |kind| Msg::Mouse(MouseEvent { kind, column: 190, row: 5, modifiers: KeyModifiers::NONE });
    update(&mut s, at(MouseEventKind::ScrollUp));
    assert!(matches!(s.agents[4].scroll, Scroll::At(_)));
    assert_eq!(s.focus, Focus::Agent(0), "the wheel does not move focus");
    update(&mut s, at(MouseEventKind::Down(MouseButton::Left)));
    assert_eq!(s.focus, Focus::Agent(4));
}

#[test]
fn the_debug_panic_key_works_only_when_enabled() {
    let mut s = judged(80, 24);
    s.keymap = super::keymap::Keymap::with_overrides(&[("f12".to_string(), "DebugPanic".into())].into()).unwrap();
    assert!(update(&mut s, code(KeyCode::F(12))).is_empty());
    s.debug_keys = true;
    assert_eq!(update(&mut s, code(KeyCode::F(12))), vec![Effect::Panic]);
}

#[test]
fn store_entries_and_event_entries_are_shown_once_and_only_for_this_task() {
    let mut s = judged(200, 60);
    let n = s.session.memory.len();
    let again = s.session.memory[0].clone();
    update(&mut s, Msg::StoreEntry(again));
    assert_eq!(s.session.memory.len(), n, "an entry seen as an event and from the store shows once");
    let other = crate::memory::Entry::new("another-task", 1, Some(0), EntryKind::Draft, "x");
    update(&mut s, Msg::StoreEntry(other));
    assert_eq!(s.session.memory.len(), n, "a late entry of another task is not shown");
    let worker = crate::memory::Entry::new("is-palindrome", 1, Some(4), EntryKind::Test, "assert f(1)");
    update(&mut s, Msg::StoreEntry(worker));
    assert_eq!(s.session.memory.len(), n + 1, "an entry only the store has (a remote worker's) is shown");
    update(&mut s, Msg::StoreStatus("redis 127.0.0.1:6379 · reconnecting".into()));
    assert!(s.store.contains("reconnecting"));
}
