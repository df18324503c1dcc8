//! `update` tests of the answer: accepting and saving it, editing it,
//! re-prompting the team, and quitting without losing it.

use ratatui::crossterm::event::KeyCode;

use super::fixtures::*;
use super::msg::{AppliedPatch, Edited, Effect, Msg, SavedAnswer};
use super::state::{JudgeOutcome, Mode, PromptPurpose};
use super::update::update;

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
    assert_eq!(
        fx,
        vec![
            Effect::Save { path: "out.py".into(), contents: answer.clone(), overwrite: false },
            Effect::Copy(answer.clone())
        ]
    );
    assert!(s.unaccepted_answer(), "accepted only once saved");
    update(&mut s, saved("out.py", &answer));
    assert_eq!(s.accepted.as_deref(), Some(answer.as_str()));
    assert!(!s.unaccepted_answer());
}

#[test]
fn on_a_repository_accept_applies_the_teams_own_patch_and_what_was_written_is_accepted() {
    let mut s = judged(200, 60);
    s.repo = Some("/work/proj".into());
    let patch = s.consensus.as_ref().unwrap().answer.clone();
    assert_eq!(update(&mut s, key('a')), vec![Effect::ApplyPatch(patch.clone())], "no path to ask for");
    assert!(s.unaccepted_answer(), "accepted only once written");
    let applied =
        |files: &[&str]| AppliedPatch { patch: patch.clone(), files: files.iter().map(|f| f.to_string()).collect() };
    update(&mut s, Msg::Applied(Err("calc.py changed since the session read it".into())));
    assert!(s.accepted.is_none() && s.unaccepted_answer());
    update(&mut s, Msg::Applied(Ok(applied(&["calc.py", "util.py (new)"]))));
    assert_eq!(s.accepted.as_deref(), Some(patch.as_str()));
    assert!(!s.unaccepted_answer());
    // An edited patch is the user's to copy: accept applies nothing.
    update(&mut s, Msg::Edited(Ok(Edited::Saved(format!("{patch}# mine\n")))));
    assert!(update(&mut s, key('a')).iter().all(|e| !matches!(e, Effect::ApplyPatch(_))));
}

#[test]
fn a_repository_session_refuses_a_new_task_and_re_prompts_from_its_patch() {
    let mut s = judged(200, 60);
    s.repo = Some("/work/proj".into());
    assert_eq!(update(&mut s, key('n')), Vec::<Effect>::new());
    assert!(matches!(s.mode, Mode::Normal), "no prompt opened");
    let flash = format!("{:?}", s.flash);
    assert!(flash.contains("works one task"), "{flash}");
    // A re-prompt asks for the feedback; the team continues from its patch (team::patch_run).
    update(&mut s, key('r'));
    assert!(matches!(s.mode, Mode::Prompt { purpose: PromptPurpose::Feedback { agent: None }, .. }));
    typed(&mut s, "keep the old name");
    let fx = update(&mut s, code(KeyCode::Enter));
    assert!(
        matches!(&fx[..], [Effect::Reprompt { feedback, agents: None, .. }] if feedback == "keep the old name"),
        "{fx:?}"
    );
}

fn saved(path: &str, contents: &str) -> Msg {
    Msg::Saved(Ok(SavedAnswer { path: path.into(), contents: contents.into() }))
}

#[test]
fn a_consensus_that_arrives_while_the_overwrite_question_is_open_is_not_marked_accepted() {
    let mut s = judged(200, 60);
    let first = s.consensus.as_ref().unwrap().answer.clone();
    update(&mut s, Msg::SaveExists { path: "out.py".into(), contents: first.clone() });
    // A re-prompted round lands a new consensus before the user answers.
    let newer = "def is_palindrome(s):\n    return s == s[::-1]".to_string();
    update(
        &mut s,
        Msg::Team(crate::domain::TeamEvent::Consensus(crate::domain::Consensus {
            answer: newer.clone(),
            decision: crate::domain::Decision::ExecutionVote {
                checked: crate::domain::Checked::PublicTests,
                settled: None,
            },
            cluster: 0,
            votes: 5,
            agents: vec![0, 1, 2, 3, 4],
            evidence: Vec::new(),
            tests: Vec::new(),
            alternatives: Vec::new(),
        })),
    );
    assert_eq!(s.consensus.as_ref().unwrap().answer, newer);
    let fx = update(&mut s, key('y'));
    assert_eq!(
        fx,
        vec![Effect::Save { path: "out.py".into(), contents: first.clone(), overwrite: true }],
        "the text the user was asked about"
    );
    update(&mut s, saved("out.py", &first));
    assert_eq!(s.accepted.as_deref(), Some(first.as_str()), "what was written is what was accepted");
    assert!(s.unaccepted_answer(), "the newer consensus was never written: quitting warns");
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
    let fx = update(&mut s, Msg::Edited(Ok(Edited::Saved("print(1)\n".into()))));
    assert_eq!(fx, vec![Effect::Judge("print(1)\n".into())]);
    assert!(update(&mut s, Msg::Edited(Ok(Edited::Saved("print(1)\n".into())))).is_empty(), "no change, no judge");
    update(&mut s, Msg::Edited(Err("running vi: not found".into())));
    assert!(s.flash.as_ref().unwrap().to_string().contains("running vi"));
}

/// An editor that exits non-zero loses nothing: what it left is put in the
/// inline editor with its exit status shown, to save or discard there.
#[test]
fn a_failed_editor_keeps_what_it_left() {
    let mut s = judged(200, 60);
    let before = s.consensus.as_ref().unwrap().answer.clone();
    let failed = |text: &str| {
        Msg::Edited(Ok(Edited::Failed { text: text.into(), status: "vi exited with exit status: 1".into() }))
    };
    assert!(update(&mut s, failed(&before)).is_empty());
    assert!(matches!(s.mode, Mode::Normal));
    assert!(s.flash.as_ref().unwrap().to_string().contains("exit status: 1; nothing was changed"));

    assert!(update(&mut s, failed("print(2)\nprint(3)\n")).is_empty(), "nothing judged behind the user's back");
    let Mode::Editing(area) = &s.mode else { panic!("the inline editor holds the text: {:?}", s.flash) };
    assert_eq!(area.lines(), ["print(2)", "print(3)"]);
    assert!(s.flash.as_ref().unwrap().to_string().contains("exit status: 1; what it left is in the editor"));
    assert_eq!(s.consensus.as_ref().unwrap().answer, before, "not taken until saved");
    let fx = update(&mut s, ctrl('s'));
    assert!(matches!(&fx[..], [Effect::Judge(t)] if t.trim_end() == "print(2)\nprint(3)"), "{fx:?}");
    assert_eq!(s.consensus.as_ref().unwrap().answer.trim_end(), "print(2)\nprint(3)");
}

#[test]
fn reprompt_all_and_focused() {
    let mut s = judged(200, 60);
    update(&mut s, key('r'));
    typed(&mut s, "handle None");
    let fx = update(&mut s, code(KeyCode::Enter));
    assert_eq!(fx, vec![Effect::Reprompt { feedback: "handle None".into(), agents: None, round: 2 }]);
    assert!(s.running);
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
    assert!(!s.running);
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
fn save_and_copy_results_show_together_in_either_order() {
    for copy_first in [false, true] {
        let mut s = judged(200, 60);
        let answer = s.consensus.as_ref().unwrap().answer.clone();
        let saved = saved("a.py", &answer);
        let copied = Msg::Copied(Ok("OSC 52"));
        let (x, y) = if copy_first { (copied, saved) } else { (saved, copied) };
        update(&mut s, x);
        update(&mut s, y);
        let f = s.flash.clone().unwrap().to_string();
        assert!(f.contains("accepted: saved to a.py") && f.contains("copied (OSC 52)"), "{f}");
    }
}
