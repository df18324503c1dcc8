//! The TUI end to end in a real terminal: the real binary and the real
//! default model under tmux, driven by keys, read from the screen.

use memdoor_testkit::openai_server;
use memdoor_testkit::tmux;
use memdoor_testkit::tui_app;

use std::path::Path;

use memdoor::domain::TeamEvent;
use tmux::{wait_for_file, Tmux};
use tui_app::{assert_terminal_restored, env, pane_command, quit, MODEL_WAIT, UI_WAIT};

/// Whether the pane titled `agent` names `model` in its title (after the
/// marks, round and temperature that come first).
fn titled(screen: &str, agent: &str, model: &str) -> bool {
    screen
        .match_indices(&format!(" {agent} "))
        .any(|(i, _)| screen[i..].chars().take(70).collect::<String>().contains(model))
}

fn last_consensus(journal: &Path) -> String {
    let records = memdoor::memory::journal::read(journal).expect("the journal");
    records
        .iter()
        .rev()
        .find_map(|r| match &r.event {
            TeamEvent::Consensus(memdoor::domain::Consensus { answer, .. }) => Some(answer.clone()),
            _ => None,
        })
        .expect("a consensus in the journal")
}

#[test]
fn five_panes_accept_edit_reprompt_quit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let editor = d.join("editor.sh");
    std::fs::write(&editor, "#!/bin/sh\nprintf '# edited by the test\\n' >> \"$1\"\n").unwrap();
    std::fs::set_permissions(&editor, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let journal = d.join("session.jsonl");
    let args = format!(
        "--model {} --max-tokens 40 --rounds 1 --no-agent-tests --print --journal {} 'Write a Python function is_even(n) that returns True for even n.' > {}",
        memdoor_testkit::model_path().display(),
        journal.display(),
        d.join("stdout").display()
    );
    let mut vars = env(d);
    vars.push(("EDITOR", editor.display().to_string()));
    let t = Tmux::start(&pane_command(d, &args), 200, 50, &vars).with_log(&d.join("stderr"));

    // Five panes fill, and the team settles on an answer.
    let s = t.wait_for("five streamed drafts and a consensus", MODEL_WAIT, |s| {
        s.matches(" tok · ").count() >= 5 && s.contains("votes") && !s.contains("tok/s")
    });
    for a in 0..5 {
        assert!(titled(&s, &format!("A{a}"), "smollm2-135m"), "pane A{a} missing:\n{s}");
    }

    // Accept: save to a file of our choosing.
    let saved = d.join("answer.py");
    t.keys(&["a"]);
    t.wait_for("the save prompt", UI_WAIT, |s| s.contains("save to>"));
    t.keys(&["C-u"]);
    t.text(&saved.display().to_string());
    t.keys(&["Enter"]);
    t.wait_for("the save message", UI_WAIT, |s| s.contains("accepted: saved to"));
    let accepted = std::fs::read_to_string(&saved).unwrap();
    // Accepting also copied it: with no system clipboard here, by OSC 52.
    t.wait_for("the copy message", UI_WAIT, |s| s.contains("copied (OSC 52)"));
    assert_eq!(t.paste_buffer(), accepted, "the terminal's clipboard holds the accepted answer");

    // Accepting onto an existing file asks first; "n" keeps it as it was.
    std::fs::write(&saved, "# the user's own file\n").unwrap();
    t.keys(&["a"]);
    t.wait_for("the save prompt", UI_WAIT, |s| s.contains("save to>"));
    t.keys(&["C-u"]);
    t.text(&saved.display().to_string());
    t.keys(&["Enter"]);
    t.wait_for("the overwrite question", UI_WAIT, |s| s.contains("overwrite?"));
    t.keys(&["n"]);
    t.wait_for("the file kept", UI_WAIT, |s| s.contains("not saved:"));
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), "# the user's own file\n");
    std::fs::write(&saved, &accepted).unwrap();

    // Edit in $EDITOR (the script appends a line); the judge runs the edit.
    t.keys(&["E"]);
    t.wait_for("the edited consensus", UI_WAIT, |s| s.contains("# edited by the test") && s.contains("edited"));

    // The edit is not accepted: quitting now asks first; "n" stays.
    t.keys(&["q"]);
    t.wait_for("the quit question", UI_WAIT, |s| s.contains("Quit anyway?"));
    t.keys(&["n"]);
    t.wait_for("the question to close", UI_WAIT, |s| !s.contains("Quit anyway?"));

    // Re-prompt the team: a new round runs and a new consensus arrives.
    t.keys(&["r"]);
    t.wait_for("the feedback prompt", UI_WAIT, |s| s.contains("feedback (all)>"));
    t.text("use the modulo operator");
    t.keys(&["Enter"]);
    // Round 3 is the re-prompt; with no tests to run, agent 0 then aggregates
    // (run as round 4, titled as such). The new consensus replaces the edited one.
    t.wait_for("the re-prompted round to finish", MODEL_WAIT, |s| {
        s.contains("round 3/3 · aggregated") && s.contains("votes") && !s.contains("· edited") && !s.contains("tok/s")
    });

    // Quit (the new answer may equal the accepted one; if not, confirm).
    quit(&t, d);
    assert_terminal_restored(d);
    // --print: the accepted answer on stdout once the UI is gone (the UI itself drew on the tty).
    let printed = std::fs::read_to_string(d.join("stdout")).unwrap();
    assert_eq!(printed.trim_end(), accepted.trim_end(), "--print prints the accepted answer");

    // The accepted file held the consensus of its moment: the first round's.
    let records = memdoor::memory::journal::read(&journal).unwrap();
    let first = records.iter().find_map(|r| match &r.event {
        TeamEvent::Consensus(memdoor::domain::Consensus { answer, .. }) => Some(answer.clone()),
        _ => None,
    });
    assert_eq!(Some(accepted), first, "the saved file is the consensus shown when accepted");
    let rounds: Vec<u32> = records
        .iter()
        .filter_map(|r| match &r.event {
            TeamEvent::AgentDone { round, .. } => Some(*round),
            _ => None,
        })
        .collect();
    assert!(rounds.contains(&3), "the re-prompt ran a third round: {rounds:?}");
    assert!(!last_consensus(&journal).is_empty());
}

#[test]
fn a_panic_restores_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = format!("--model {} --no-journal", memdoor_testkit::model_path().display());
    let mut vars = env(d);
    vars.push(("MEMDOOR_TEST_PANIC", "1".into()));
    let t = Tmux::start(&pane_command(d, &args), 100, 30, &vars);
    t.wait_for("the app", MODEL_WAIT, |s| s.contains("press n to type a problem"));
    t.keys(&["F12"]);
    let code = wait_for_file(&d.join("exit"), UI_WAIT);
    assert_ne!(code.trim(), "0", "a panic is a failure exit");
    assert_terminal_restored(d);
    let stderr = std::fs::read_to_string(d.join("stderr")).unwrap();
    assert!(stderr.contains("panic on purpose"), "the panic message reaches stderr:\n{stderr}");
}

#[test]
fn sigterm_restores_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = format!("--model {} --no-journal", memdoor_testkit::model_path().display());
    let vars = env(d);
    let t = Tmux::start(&pane_command(d, &args), 80, 24, &vars);
    t.wait_for("the app", MODEL_WAIT, |s| s.contains("press n to type a problem"));
    let shell = t.pane_pid();
    let child = std::process::Command::new("pgrep").args(["-P", &shell.to_string()]).output().unwrap();
    let pid = String::from_utf8_lossy(&child.stdout).lines().next().expect("the app's pid").trim().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    wait_for_file(&d.join("exit"), UI_WAIT);
    assert_terminal_restored(d);
}

/// A journal to replay: drafts stream at once, the answer comes a minute later.
fn write_journal(path: &Path) {
    use memdoor::domain::AgentInfo;
    use memdoor::memory::journal::Record;
    let agents = (0..5)
        .map(|agent| AgentInfo { agent, model: "recorded-model".into(), temperature: 0.0, seed: 1, role: None })
        .collect();
    let mut events = vec![(
        0,
        TeamEvent::TaskStarted { task: "recorded".into(), problem: "Write first().".into(), agents, sandbox: None },
    )];
    for agent in 0..5 {
        events.push((
            10,
            TeamEvent::AgentToken {
                agent,
                round: 1,
                text: format!("```python\ndef first_{agent}(xs):\n    return xs[0]\n```\n"),
            },
        ));
    }
    events.push((20, TeamEvent::RoundFinished { round: 1 }));
    let answer = "def first(xs):\n    return xs[0]\n".to_string();
    events.push((
        60_000,
        TeamEvent::Consensus(memdoor::domain::Consensus {
            answer: answer.clone(),
            decision: memdoor::domain::Decision::Recorded("recorded vote".into()),
            cluster: 0,
            votes: 5,
            agents: vec![0, 1, 2, 3, 4],
            evidence: vec![],
            tests: Vec::new(),
            alternatives: Vec::new(),
        }),
    ));
    events
        .push((61_000, TeamEvent::TaskFinished { task: "recorded".into(), answer: Some(answer), elapsed_secs: 61.0 }));
    let lines: Vec<String> =
        events.into_iter().map(|(at_ms, event)| serde_json::to_string(&Record { at_ms, event }).unwrap()).collect();
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

#[test]
fn replay_plays_in_the_tui_with_speed_pause_and_step() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let journal = d.join("recorded.jsonl");
    write_journal(&journal);
    let vars = env(d);
    let t = Tmux::start(&pane_command(d, &format!("replay {}", journal.display())), 130, 40, &vars);
    let s = t.wait_for("the recorded drafts", UI_WAIT, |s| s.contains("replay 1×") && s.contains("def first_4"));
    assert!(!s.contains("votes"), "the answer is a minute away at 1×:\n{s}");
    t.keys(&["+"]);
    t.wait_for("2×", UI_WAIT, |s| s.contains("replay 2×"));
    t.keys(&["Space"]);
    t.wait_for("paused", UI_WAIT, |s| s.contains("replay paused"));
    t.keys(&["Right"]);
    t.wait_for("one step: the consensus", UI_WAIT, |s| s.contains("votes") && s.contains("recorded vote"));
    t.keys(&["Right"]);
    t.wait_for("the end", UI_WAIT, |s| s.contains("replay ended"));
    // A live resize to 80×24: the agent panes become tabs, nothing overlaps.
    t.resize(80, 24);
    let s = t.wait_for("the tabbed layout", UI_WAIT, |s| s.contains(" A0  A1  A2  A3  A4 "));
    assert!(s.lines().all(|l| l.chars().count() <= 80), "{s}");
    t.keys(&["q"]);
    assert_eq!(wait_for_file(&d.join("exit"), UI_WAIT).trim(), "0");
    assert_terminal_restored(d);
}

#[test]
fn esc_stops_the_round_and_the_app_stays_responsive() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let journal = d.join("cancelled.jsonl");
    let args = format!(
        "--model {} --max-tokens 400 --rounds 3 --no-agent-tests --journal {} 'Write a Python class for a bank account with deposit, withdraw and a history of transactions.'",
        memdoor_testkit::model_path().display(),
        journal.display()
    );
    let vars = env(d);
    let t = Tmux::start(&pane_command(d, &args), 200, 50, &vars).with_log(&d.join("stderr"));
    t.wait_for("the agents writing", MODEL_WAIT, |s| s.matches("writing · ").count() >= 5);
    t.keys(&["Escape"]);
    t.wait_for("the round to stop", UI_WAIT, |s| !s.contains("tok/s") && !s.contains("writing · "));
    // Still responsive: help opens and closes.
    t.keys(&["?"]);
    t.wait_for("help", UI_WAIT, |s| s.contains("keys · any key closes"));
    // Any key closes help ("?" again: esc followed at once by q would read as alt-q).
    t.keys(&["?"]);
    t.wait_for("help to close", UI_WAIT, |s| !s.contains("keys · any key closes"));
    quit(&t, d);
    let records = memdoor::memory::journal::read(&journal).unwrap();
    assert!(
        !records.iter().any(|r| matches!(&r.event, TeamEvent::AgentToken { round, .. } if *round >= 2)),
        "no later round started after esc"
    );
}

#[test]
fn a_mixed_team_of_local_and_openai_agents_in_the_tui() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let server = rt.block_on(openai_server::serve(memdoor_testkit::model(), None));
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let model = memdoor_testkit::model_path();
    let config = d.join("memdoor.toml");
    let base = &server.base;
    std::fs::write(
        &config,
        format!(
            "[team]\nagents = 5\nrounds = 1\nmax_tokens = 32\nagent_tests = false\nmodel = {model:?}\n\
             [[agents]]\n[[agents]]\n[[agents]]\n\
             [[agents]]\nbackend = \"openai\"\nbase_url = {base:?}\nmodel = \"served-a\"\nfirst_token_timeout_secs = 120\n\
             [[agents]]\nbackend = \"openai\"\nbase_url = {base:?}\nmodel = \"served-b\"\nfirst_token_timeout_secs = 120\n"
        ),
    )
    .unwrap();
    let args = format!("--config {} --no-journal 'Write a Python function is_even(n).'", config.display());
    let vars = env(d);
    let t = Tmux::start(&pane_command(d, &args), 200, 50, &vars).with_log(&d.join("stderr"));
    let s = t.wait_for("five finished drafts", MODEL_WAIT, |s| {
        s.matches(" tok · ").count() >= 5 && !s.contains("writing · ")
    });
    assert!(
        titled(&s, "A3", "served-a") && titled(&s, "A4", "served-b"),
        "the OpenAI agents are named by their model:\n{s}"
    );
    assert!(titled(&s, "A0", "smollm2-135m"), "{s}");
    let served: std::collections::BTreeSet<String> = server.models.lock().unwrap().iter().cloned().collect();
    assert_eq!(served, ["served-a".to_string(), "served-b".to_string()].into());
    quit(&t, d);
    drop(rt);
}
