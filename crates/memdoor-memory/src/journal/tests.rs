use super::*;

#[test]
fn a_journal_is_renamed_into_place_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("s.jsonl");
    let mut j = JournalWriter::create(&dest).unwrap();
    let events = [
        TeamEvent::AgentToken { agent: 0, round: 1, text: "déf 🦀".into() },
        TeamEvent::RoundFinished { round: 1 },
        TeamEvent::TaskFinished { task: "t".into(), answer: Some("x".into()), elapsed_secs: 1.0 },
    ];
    for e in &events {
        j.write(e).unwrap();
    }
    assert!(!dest.exists(), "only the .part file exists until finish");
    assert_eq!(j.finish().unwrap(), dest);
    let back: Vec<TeamEvent> = read(&dest).unwrap().into_iter().map(|r| r.event).collect();
    assert_eq!(back, events);
}

#[test]
fn a_bad_line_names_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.jsonl");
    std::fs::write(&path, "{\"at_ms\":0,\"event\":{\"event\":\"RoundFinished\",\"round\":1}}\nnot json\n").unwrap();
    let err = format!("{:#}", read(&path).unwrap_err());
    assert!(err.contains("bad.jsonl:2"), "{err}");
}

/// Two writers never share one `.part`: the second is refused and the first's file is untouched.
#[test]
fn a_journal_being_written_is_never_opened_twice() {
    let dir = tempfile::tempdir().unwrap();
    let dest = dir.path().join("s.jsonl");
    let mut first = JournalWriter::create(&dest).unwrap();
    first.write(&TeamEvent::RoundFinished { round: 1 }).unwrap();
    let err = format!("{:#}", JournalWriter::create(&dest).err().expect("a second writer is refused"));
    assert!(err.contains("s.jsonl.part already exists"), "{err}");
    first.finish().unwrap();
    assert_eq!(read(&dest).unwrap().len(), 1);
}

/// Default names differ for every session of a process, even in one
/// millisecond with one long id, and stay short.
#[test]
fn default_names_never_collide_and_stay_short() {
    let long = "q".repeat(300) + "é\n\x1b";
    let names: std::collections::HashSet<PathBuf> = (0..50).map(|_| default_path(&long)).collect();
    assert_eq!(names.len(), 50);
    for n in &names {
        let name = n.file_name().unwrap().to_str().unwrap();
        assert!(name.len() + ".part".len() <= 255 && name.len() < 120, "{name}");
        assert!(name.contains(&format!("-{}-", std::process::id())), "{name}");
        assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)), "{name}");
    }
}
