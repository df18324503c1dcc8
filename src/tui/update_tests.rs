//! `update` tests: every user action, on a state fed a scripted session.

use ratatui::crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};
use ratatui::crossterm::event::KeyModifiers;

use super::fixtures::*;
use super::msg::{Effect, Msg};
use super::state::{Focus, JudgeOutcome, Mode, PromptPurpose, ReplayState, Scroll};
use super::update::update;
use crate::domain::TeamEvent;
use crate::memory::EntryKind;
use crate::session::AgentStatus;

#[test]
fn team_events_fill_the_panes_memory_and_consensus() {
    let s = judged(200, 60);
    assert_eq!(s.agents.len(), 5);
    assert_eq!(s.agents[1].draft.text(), draft_text(1));
    assert_eq!(s.session.agents[1].tokens, 41, "exact token count once done");
    assert_eq!(s.session.agents[3].tests, Some((3, 5)));
    assert!(matches!(s.session.agents[0].status, AgentStatus::Done(_)));
    assert_eq!(s.session.memory.len(), 6);
    let c = s.consensus.as_ref().unwrap();
    assert_eq!(c.agents, vec![0, 1, 2, 4]);
    assert!(!s.session.running);
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
fn accept_asks_for_a_path_then_saves_and_copies() {
    let mut s = judged(200, 60);
    s.default_save = "is_palindrome.py".into();
    update(&mut s, key('a'));
    assert!(matches!(s.mode, Mode::Prompt { purpose: PromptPurpose::SavePath, .. }));
    update(&mut s, ctrl('u'));
    typed(&mut s, "out.py");
    let fx = update(&mut s, code(KeyCode::Enter));
    let answer = s.consensus.as_ref().unwrap().answer.clone();
    assert_eq!(fx, vec![Effect::Save { path: "out.py".into(), contents: answer.clone(), overwrite: false }, Effect::Copy(answer.clone())]);
    assert!(s.unaccepted_answer(), "accepted only once saved");
    update(&mut s, Msg::Saved(Ok("out.py".into())));
    assert_eq!(s.accepted.as_deref(), Some(answer.as_str()));
    assert!(!s.unaccepted_answer());
}

#[test]
fn an_existing_file_is_replaced_only_after_a_yes() {
    let mut s = judged(200, 60);
    let answer = s.consensus.as_ref().unwrap().answer.clone();
    update(&mut s, Msg::SaveExists { path: "out.py".into(), contents: answer.clone() });
    assert!(matches!(s.mode, Mode::ConfirmOverwrite { .. }));
    assert!(s.unaccepted_answer());
    // Any other key keeps the file, and says so.
    assert!(update(&mut s, key('n')).is_empty());
    assert!(matches!(s.mode, Mode::Normal));
    assert!(s.flash.as_ref().unwrap().to_string().contains("not saved"));
    update(&mut s, Msg::SaveExists { path: "out.py".into(), contents: answer.clone() });
    let fx = update(&mut s, key('y'));
    assert_eq!(fx, vec![Effect::Save { path: "out.py".into(), contents: answer.clone(), overwrite: true }]);
    // --force asks nothing.
    let mut forced = judged(200, 60);
    forced.force_overwrite = true;
    update(&mut forced, key('a'));
    let fx = update(&mut forced, code(KeyCode::Enter));
    assert!(matches!(&fx[0], Effect::Save { overwrite: true, .. }));
}

#[test]
fn accept_default_path_and_nothing_without_an_answer() {
    let mut s = judged(200, 60);
    s.default_save = "is_palindrome.py".into();
    update(&mut s, key('a'));
    let fx = update(&mut s, code(KeyCode::Enter));
    assert!(matches!(&fx[0], Effect::Save { path, .. } if path.to_str() == Some("is_palindrome.py")));
    let mut empty = fresh(80, 24);
    assert!(update(&mut empty, key('a')).is_empty());
    assert!(matches!(empty.mode, Mode::Normal));
    assert!(empty.flash.as_ref().unwrap().to_string().contains("no answer"));
}

#[test]
fn inline_edit_becomes_the_consensus_and_is_judged() {
    let mut s = judged(200, 60);
    update(&mut s, key('e'));
    assert!(matches!(s.mode, Mode::Editing(_)));
    typed(&mut s, "# edited\n");
    let fx = update(&mut s, ctrl('s'));
    let c = s.consensus.as_ref().unwrap();
    assert!(c.edited && c.answer.starts_with("# edited\n"), "{:?}", c.answer);
    assert_eq!(fx, vec![Effect::Judge(c.answer.clone())]);
    assert_eq!(c.judged, Some(JudgeOutcome::Running));
    update(&mut s, Msg::Judged(JudgeOutcome::Tests { passed: 5, run: 5 }));
    assert_eq!(s.consensus.as_ref().unwrap().judged, Some(JudgeOutcome::Tests { passed: 5, run: 5 }));
}

#[test]
fn inline_edit_escape_discards() {
    let mut s = judged(200, 60);
    let before = s.consensus.as_ref().unwrap().answer.clone();
    update(&mut s, key('e'));
    typed(&mut s, "junk");
    assert!(update(&mut s, code(KeyCode::Esc)).is_empty());
    assert_eq!(s.consensus.as_ref().unwrap().answer, before);
    assert!(matches!(s.mode, Mode::Normal));
}

#[test]
fn external_edit_asks_the_editor_then_judges() {
    let mut s = judged(200, 60);
    let answer = s.consensus.as_ref().unwrap().answer.clone();
    assert_eq!(update(&mut s, key('E')), vec![Effect::ExternalEdit(answer.clone())]);
    let fx = update(&mut s, Msg::Edited(Ok("print(1)\n".into())));
    assert_eq!(fx, vec![Effect::Judge("print(1)\n".into())]);
    assert!(update(&mut s, Msg::Edited(Ok("print(1)\n".into()))).is_empty(), "no change, no judge");
    update(&mut s, Msg::Edited(Err("vi exited with 1".into())));
    assert!(s.flash.as_ref().unwrap().to_string().contains("vi exited"));
}

#[test]
fn reprompt_all_and_focused() {
    let mut s = judged(200, 60);
    update(&mut s, key('r'));
    typed(&mut s, "handle None");
    let fx = update(&mut s, code(KeyCode::Enter));
    assert_eq!(fx, vec![Effect::Reprompt { feedback: "handle None".into(), agents: None, round: 2 }]);
    assert!(s.session.running);
    // While the round runs, another re-prompt waits.
    assert!(update(&mut s, key('r')).is_empty());
    assert!(matches!(s.mode, Mode::Normal));
    update(&mut s, Msg::TeamStopped);
    update(&mut s, code(KeyCode::Tab)); // A1
    update(&mut s, key('R'));
    typed(&mut s, "shorter");
    let fx = update(&mut s, code(KeyCode::Enter));
    assert!(matches!(&fx[..], [Effect::Reprompt { agents: Some(a), .. }] if a == &vec![1]));
}

#[test]
fn empty_feedback_sends_nothing() {
    let mut s = judged(200, 60);
    update(&mut s, key('r'));
    assert!(update(&mut s, code(KeyCode::Enter)).is_empty());
    assert!(!s.session.running);
}

#[test]
fn esc_cancels_a_running_round() {
    let mut s = streaming(200, 60);
    assert_eq!(update(&mut s, code(KeyCode::Esc)), vec![Effect::CancelRound]);
}

#[test]
fn quit_confirms_when_an_answer_would_be_lost() {
    let mut s = judged(200, 60);
    assert!(update(&mut s, key('q')).is_empty());
    assert!(matches!(s.mode, Mode::ConfirmQuit));
    update(&mut s, key('n'));
    assert!(matches!(s.mode, Mode::Normal) && !s.quit);
    update(&mut s, ctrl('c'));
    assert_eq!(update(&mut s, key('y')), vec![Effect::Quit]);
    assert!(s.quit);
    let mut empty = fresh(80, 24);
    assert_eq!(update(&mut empty, key('q')), vec![Effect::Quit]);
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
    assert_eq!(update(&mut s, code(KeyCode::Enter)), vec![Effect::Start { problem: "Write fizzbuzz in Python".into() }]);
    assert!(s.session.running);
}

#[test]
fn replay_controls() {
    let mut s = judged(200, 60);
    s.replay = Some(ReplayState { speed: 1.0, paused: false, done: false });
    assert_eq!(update(&mut s, Msg::Key(ratatui::crossterm::event::KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE))), vec![Effect::ReplayPause(true)]);
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

#[test]
fn save_and_copy_results_show_together_in_either_order() {
    for copy_first in [false, true] {
        let mut s = judged(200, 60);
        let saved = Msg::Saved(Ok("a.py".into()));
        let copied = Msg::Copied(Ok("OSC 52"));
        let (x, y) = if copy_first { (copied, saved) } else { (saved, copied) };
        update(&mut s, x);
        update(&mut s, y);
        let f = s.flash.clone().unwrap().to_string();
        assert!(f.contains("accepted: saved to a.py") && f.contains("copied (OSC 52)"), "{f}");
    }
}
