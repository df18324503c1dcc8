//! Two rounds on the real model through the real binary, journaled, then
//! replayed: the replay shows the same events and rebuilds the same answer.

use std::process::Command;

use memdoor::domain::TeamEvent;
use memdoor::memory::EntryKind;

fn events(stdout: &[u8]) -> Vec<TeamEvent> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn a_two_round_session_is_journaled_and_replays_to_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("session.jsonl");
    let bin = env!("CARGO_BIN_EXE_memdoor");
    let out = Command::new(bin)
        .args(["solve", "--json", "--rounds", "2", "--max-tokens", "64", "--journal"])
        .arg(&journal)
        .arg(memdoor_testkit::PALINDROME)
        .env("MEMDOOR_MODEL", memdoor_testkit::model_path())
        .env("MEMDOOR_LOG_DIR", dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let live = events(&out.stdout);

    // Both rounds ran, and every agent's drafts went into the shared memory.
    for round in [1, 2] {
        assert!(live.contains(&TeamEvent::RoundFinished { round }), "round {round} finished");
        let drafts = live
            .iter()
            .filter(|e| matches!(e, TeamEvent::MemoryEntry(m) if m.kind == EntryKind::Draft && m.round == round))
            .count();
        assert_eq!(drafts, 5, "round {round} drafts in memory");
    }
    assert!(live.iter().any(|e| matches!(e, TeamEvent::MemoryEntry(m) if m.kind == EntryKind::Decision)));

    // The journal is whole (renamed into place) and holds exactly the live events.
    assert!(journal.exists() && !dir.path().join("session.jsonl.part").exists());
    let recorded: Vec<TeamEvent> =
        memdoor::memory::journal::read(&journal).unwrap().into_iter().map(|r| r.event).collect();
    assert_eq!(recorded, live);

    let replay = Command::new(bin)
        .args(["replay", "--instant", "--json"])
        .arg(&journal)
        .env("MEMDOOR_LOG_DIR", dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&replay.stderr);
    assert!(replay.status.success(), "{stderr}");
    assert!(stderr.contains("the answer matches the recording"), "{stderr}");
    assert_eq!(events(&replay.stdout), live);
}

#[test]
fn a_broken_journal_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.jsonl");
    std::fs::write(&path, "{\"at_ms\": 0, \"event\": {\"event\": \"Nope\"}}\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args(["replay"])
        .arg(&path)
        .env("MEMDOOR_LOG_DIR", dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("broken.jsonl:1: not a memdoor journal record"), "{stderr}");
}

/// A journal is hostile: its text reaches no terminal with an escape sequence
/// in it, while the answer redirected to a file stays byte-exact.
#[test]
fn a_hostile_journal_cannot_drive_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("hostile.jsonl");
    let clipboard = "\x1b]52;c;ZXZpbA==\x07";
    let answer = format!("print(1)  # {clipboard}\x1b[2K");
    let mut w = memdoor::memory::journal::JournalWriter::create(&journal).unwrap();
    for event in [
        TeamEvent::TaskStarted {
            task: format!("t{clipboard}"),
            problem: "p".into(),
            agents: vec![],
            sandbox: Some("strong\x1b[2K".into()),
        },
        TeamEvent::AgentFailed { agent: 0, round: 1, error: format!("boom{clipboard}\x1b[1A") },
        TeamEvent::RoundFinished { round: 1 },
        TeamEvent::TaskFinished { task: "t".into(), answer: Some(answer.clone()), elapsed_secs: 1.0 },
    ] {
        w.write(&event).unwrap();
    }
    w.finish().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args(["replay", "--instant", "--headless"])
        .arg(&journal)
        .env("MEMDOOR_LOG_DIR", dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains('\x1b') && !stderr.contains('\x07'), "{stderr:?}");
    assert!(stderr.contains("A0 failed: boom"), "{stderr}");
    // stdout is a pipe here: the answer as recorded, byte for byte.
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{answer}\n"));
}
