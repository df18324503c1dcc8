//! The real binary end to end on the real model.

mod common;

use std::collections::BTreeSet;
use std::process::Command;

use memdoor::event::TeamEvent;

#[test]
fn solve_json_streams_events_from_all_five_agents_and_one_consensus() {
    let log_dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args(["solve", "--json", "--rounds", "1", "--max-tokens", "96", common::PALINDROME])
        .env("MEMDOOR_MODEL", common::model_path())
        .env("MEMDOOR_LOG_DIR", log_dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let events: Vec<TeamEvent> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not an event ({e}): {l}")))
        .collect();

    assert!(matches!(events.first(), Some(TeamEvent::TaskStarted { .. })));
    assert!(matches!(events.last(), Some(TeamEvent::TaskFinished { answer: Some(_), .. })));
    let streaming: BTreeSet<usize> =
        events.iter().filter_map(|e| if let TeamEvent::AgentToken { agent, .. } = e { Some(*agent) } else { None }).collect();
    let done: BTreeSet<usize> =
        events.iter().filter_map(|e| if let TeamEvent::AgentDone { agent, .. } = e { Some(*agent) } else { None }).collect();
    assert_eq!(streaming, (0..5).collect());
    assert_eq!(done, (0..5).collect());
    let consensus: Vec<&TeamEvent> = events.iter().filter(|e| matches!(e, TeamEvent::Consensus { .. })).collect();
    assert_eq!(consensus.len(), 1);
    if let TeamEvent::Consensus { strategy, votes, .. } = consensus[0] {
        assert_eq!(strategy, "self-consistency");
        assert!(*votes >= 1);
    }
    // The log went to its file, not to the screen.
    assert!(log_dir.path().join("memdoor.log").exists());
}

#[test]
fn bad_input_is_a_clear_error_not_a_panic() {
    let log_dir = tempfile::tempdir().unwrap();
    for args in [
        vec!["solve"],
        vec!["solve", "--problem", "/nonexistent/problem.txt"],
        vec!["solve", "--agents", "0", "x"],
        vec!["solve", "--device", "tpu", "x"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_memdoor")).args(&args).env("MEMDOOR_LOG_DIR", log_dir.path()).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.contains("error"), "{args:?}: {stderr}");
    }
}
