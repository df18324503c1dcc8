//! Whole screens drawn on ratatui's TestBackend and compared with insta
//! snapshots (crates/memdoor-tui/src/snapshots/), at 80×24 and 200×60.

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::Terminal;

use super::fixtures::*;
use super::msg::Msg;
use super::state::State;
use super::update::update;
use super::view::draw;

fn screen(state: &State) -> String {
    let mut t = Terminal::new(TestBackend::new(state.size.0, state.size.1)).unwrap();
    t.draw(|f| draw(f, state)).unwrap();
    format!("{}", t.backend())
}

#[test]
fn streaming_midway() {
    insta::assert_snapshot!("streaming_80x24", screen(&streaming(80, 24)));
    insta::assert_snapshot!("streaming_200x60", screen(&streaming(200, 60)));
}

#[test]
fn judged_session() {
    insta::assert_snapshot!("judged_80x24", screen(&judged(80, 24)));
    insta::assert_snapshot!("judged_200x60", screen(&judged(200, 60)));
}

#[test]
fn a_repository_session_lists_the_tests_and_the_patches_standing_beside_it_above_the_patch() {
    let s = on_repo(200, 60);
    let shown = screen(&s);
    assert!(shown.contains("✗ tests/test_calc.py::test_sub  still failing"), "{shown}");
    assert!(shown.contains("✓ tests/test_calc.py::test_add  fixed: failed before"), "{shown}");
    assert!(shown.contains("≈ also standing (A3): util.py · "), "{shown}");
    assert!(shown.contains("+    return a + b"), "{shown}");
    assert_eq!(s.consensus_head_len(), 4, "two tests, one patch beside, a blank line");
    insta::assert_snapshot!("repo_200x60", shown);
    // The user's edit is not what the tests ran: its lines go.
    let mut s = on_repo(200, 60);
    let edited = format!("{}# mine\n", s.consensus.as_ref().unwrap().answer);
    update(&mut s, Msg::Edited(Ok(super::msg::Edited::Saved(edited))));
    assert!(s.consensus_tests().is_empty() && s.consensus_standing().is_empty());
    let shown = screen(&s);
    assert!(!shown.contains("fixed: failed before") && !shown.contains("also standing"), "{shown}");
}

#[test]
fn a_patch_standing_beside_the_answer_shows_its_paths_as_text_whatever_they_hold() {
    // The patch comes from the memory (anyone's Redis): its path holds an
    // escape sequence and is longer than the pane.
    let mut s = on_repo(80, 24);
    let mut team = s.session.consensus.clone().unwrap();
    let path = format!("\x1b[2J{}.py", "x".repeat(300));
    team.alternatives[0].patch = format!("diff --git a/{path} b/{path}\n+y\n");
    update(&mut s, Msg::Team(crate::domain::TeamEvent::Consensus(team)));
    let shown = screen(&s);
    assert!(shown.contains("≈ also standing (A3): "), "{shown}");
    assert!(!shown.contains('\x1b'), "{shown}");
    assert!(shown.lines().all(|l| l.chars().count() <= 82), "{shown}");
}

#[test]
fn diff_view() {
    for (w, h) in [(80, 24), (200, 60)] {
        let mut s = judged(w, h);
        update(&mut s, code(KeyCode::Tab));
        update(&mut s, code(KeyCode::Tab));
        update(&mut s, code(KeyCode::Tab)); // A3, the one that differs
        update(&mut s, key('d'));
        insta::assert_snapshot!(format!("diff_{w}x{h}"), screen(&s));
    }
}

#[test]
fn help_overlay() {
    for (w, h) in [(80, 24), (200, 60)] {
        let mut s = judged(w, h);
        update(&mut s, key('?'));
        insta::assert_snapshot!(format!("help_{w}x{h}"), screen(&s));
    }
}

#[test]
fn editor_zoom_and_quit_question() {
    let mut s = judged(80, 24);
    update(&mut s, key('e'));
    insta::assert_snapshot!("editor_80x24", screen(&s));
    let mut s = judged(200, 60);
    update(&mut s, key('2'));
    insta::assert_snapshot!("zoom_200x60", screen(&s));
    let mut s = judged(80, 24);
    update(&mut s, key('q'));
    insta::assert_snapshot!("confirm_quit_80x24", screen(&s));
}

#[test]
fn small_terminal() {
    insta::assert_snapshot!("judged_50x12", screen(&judged(50, 12)));
}

/// Every size from nothing up, in every mode: drawing never panics.
#[test]
fn any_size_draws_without_panicking() {
    let setups: [fn(&mut State); 6] = [
        |_| {},
        |s| drop(update(s, key('?'))),
        |s| drop(update(s, key('e'))),
        |s| drop(update(s, key('d'))),
        |s| drop(update(s, key('a'))),
        |s| drop(update(s, key('q'))),
    ];
    // (TestBackend itself cannot show a zero-width buffer.)
    for w in (1..=130).step_by(7) {
        for h in (0..=40).step_by(3) {
            for setup in setups {
                let mut s = judged(w, h);
                setup(&mut s);
                update(&mut s, Msg::Resize(w, h));
                screen(&s);
            }
        }
    }
}

#[test]
fn items_dropped_from_redis_show_in_the_memory_title() {
    let mut s = judged(200, 60);
    assert!(!screen(&s).contains("dropped"));
    update(&mut s, Msg::Team(crate::domain::TeamEvent::Rejected { total: 3 }));
    assert!(screen(&s).contains("3 dropped, not the team's"), "{}", screen(&s));
}
