//! Test fixtures: a state fed a whole recorded-looking session, for the
//! update tests and the screen snapshots.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::keymap::Keymap;
use super::msg::Msg;
use super::state::State;
use super::theme::Theme;
use super::update::update;
use crate::domain::{AgentInfo, Draft, DraftEvidence, TeamEvent};
use crate::judge::grade::{TestResult, TestVerdict};
use crate::memory::{Entry, EntryKind};
use crate::model::{FinishReason, Usage};

pub fn key(c: char) -> Msg {
    Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

pub fn code(c: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(c, KeyModifiers::NONE))
}

pub(crate) fn ctrl(c: char) -> Msg {
    Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

pub(crate) fn typed(state: &mut State, text: &str) {
    for c in text.chars() {
        update(state, key(c));
    }
}

pub fn fresh(w: u16, h: u16) -> State {
    let mut s = State::new(Theme::default(), Keymap::default(), 5, 2, "embedded store".into());
    update(&mut s, Msg::Resize(w, h));
    s
}

pub(crate) fn draft_text(agent: usize) -> String {
    format!(
        "```python\ndef is_palindrome(s: str) -> bool:\n    # agent {agent}\n    s = ''.join(c.lower() for c in s if c.isalnum())\n    return s == s[::-1]\n```\nThis keeps letters and digits only."
    )
}

fn results(passed: usize, run: usize) -> Vec<TestResult> {
    (0..run)
        .map(|i| TestResult {
            verdict: if i < passed { TestVerdict::Pass } else { TestVerdict::WrongAnswer },
            got: None,
            key: None,
            error: None,
        })
        .collect()
}

pub fn started() -> TeamEvent {
    let agents = (0..5)
        .map(|i| AgentInfo {
            agent: i,
            model: "SmolLM2-135M-Instruct.Q4_1.gguf".into(),
            temperature: [0.0, 0.2, 0.3, 0.4, 0.3][i],
            seed: 42 + i as u64,
            role: None,
        })
        .collect();
    TeamEvent::TaskStarted {
        task: "is-palindrome".into(),
        problem: "Write a Python function is_palindrome(s: str) -> bool.".into(),
        agents,
        sandbox: Some("strong sandbox (bubblewrap)".into()),
    }
}

/// Round 1 half streamed: every agent has written part of its draft.
pub fn streaming(w: u16, h: u16) -> State {
    let mut s = fresh(w, h);
    update(&mut s, Msg::Team(started()));
    for (t, chunk) in ["```python\n", "def is_palindrome(s: str) -> bool:\n", "    s = s.lower()\n", "    return s"]
        .iter()
        .enumerate()
    {
        for agent in 0..5 {
            update(&mut s, Msg::Tick(1000 + 100 * t as u64 + agent as u64));
            update(&mut s, Msg::Team(TeamEvent::AgentToken { agent, round: 1, text: chunk.to_string() }));
        }
    }
    s
}

/// A whole session: drafts done, judged (A3 fails 2 of 5), memory, consensus.
pub fn judged(w: u16, h: u16) -> State {
    let mut s = fresh(w, h);
    update(&mut s, Msg::Team(started()));
    for agent in 0..5 {
        let text = draft_text(agent);
        update(&mut s, Msg::Team(TeamEvent::AgentToken { agent, round: 1, text: text.clone() }));
        let usage = Usage { prompt_tokens: 60, completion_tokens: 40 + agent, ..Usage::default() };
        let draft = Draft {
            code: crate::team::extract_code(&text),
            text,
            finish: FinishReason::Stop,
            usage,
            repairs: Vec::new(),
            reasked: None,
        };
        update(&mut s, Msg::Team(TeamEvent::AgentDone { agent, round: 1, draft }));
    }
    for agent in 0..5 {
        let (p, r) = if agent == 3 { (3, 5) } else { (5, 5) };
        update(&mut s, Msg::Team(TeamEvent::TestRun { agent, round: 1, results: results(p, r) }));
        let e = Entry::new(
            "is-palindrome",
            1,
            Some(agent),
            EntryKind::Draft,
            crate::team::extract_code(&draft_text(agent)).unwrap(),
        );
        update(&mut s, Msg::Team(TeamEvent::MemoryEntry(e)));
    }
    let note = Entry::new("is-palindrome", 1, Some(2), EntryKind::Note, "Note: A3 fails on mixed case.");
    update(&mut s, Msg::Team(TeamEvent::MemoryEntry(note)));
    update(&mut s, Msg::Team(TeamEvent::RoundFinished { round: 1 }));
    let evidence = (0..5)
        .map(|a| DraftEvidence {
            agent: a,
            round: 1,
            cluster: Some(if a == 3 { 1 } else { 0 }),
            tests: Some(if a == 3 { (3, 5) } else { (5, 5) }),
        })
        .collect();
    let answer = crate::team::extract_code(&draft_text(0)).unwrap();
    update(
        &mut s,
        Msg::Team(TeamEvent::Consensus(crate::domain::Consensus {
            answer: answer.clone(),
            decision: crate::domain::Decision::ExecutionVote {
                checked: crate::domain::Checked::PublicTests,
                settled: None,
            },
            cluster: 0,
            votes: 4,
            agents: vec![0, 1, 2, 4],
            evidence,
            tests: Vec::new(),
            alternatives: Vec::new(),
        })),
    );
    update(
        &mut s,
        Msg::Team(TeamEvent::TaskFinished { task: "is-palindrome".into(), answer: Some(answer), elapsed_secs: 12.0 }),
    );
    update(&mut s, Msg::TeamStopped);
    s
}

const PATCH_SUM: &str = "diff --git a/calc.py b/calc.py\n--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n";

/// A session on a repository (`--repo`): agents 0 and 2 wrote one patch,
/// agent 1 another; the consensus is the first, with the two tests it
/// changes (one fixed, one still failing), and a patch to another file
/// stands beside it (agent 3's).
pub(crate) fn on_repo(w: u16, h: u16) -> State {
    use crate::domain::{Consensus, Decision, TestChange, TestOutcome};
    let mut s = fresh(w, h);
    s.repo = Some("/work/proj".into());
    update(&mut s, Msg::Team(started()));
    for agent in 0..3 {
        let replace = if agent == 1 { "b + a" } else { "a + b" };
        let text =
            format!("calc.py\n<<<<<<< SEARCH\n    return a - b\n=======\n    return {replace}\n>>>>>>> REPLACE\n");
        let draft = Draft {
            code: Some(PATCH_SUM.replace("a + b", replace)),
            text,
            finish: FinishReason::Stop,
            usage: Usage { completion_tokens: 30, ..Usage::default() },
            repairs: Vec::new(),
            reasked: None,
        };
        update(&mut s, Msg::Team(TeamEvent::AgentDone { agent, round: 1, draft }));
    }
    update(&mut s, Msg::Team(TeamEvent::RoundFinished { round: 1 }));
    let test = |name: &str, before, after| TestChange { name: name.into(), before: Some(before), after: Some(after) };
    let consensus = Consensus {
        answer: PATCH_SUM.to_string(),
        decision: Decision::RepoTests { fixed: 1, failing_before: 2, failing_after: 1, per_test: true, reproduced: 0 },
        cluster: 0,
        votes: 3,
        agents: vec![0, 1, 2],
        evidence: (0..3).map(|a| DraftEvidence { agent: a, round: 1, cluster: Some(0), tests: Some((2, 3)) }).collect(),
        tests: vec![
            test("tests/test_calc.py::test_sub", TestOutcome::Fail, TestOutcome::Fail),
            test("tests/test_calc.py::test_add", TestOutcome::Fail, TestOutcome::Pass),
        ],
        alternatives: vec![crate::domain::Alternative {
            patch: "diff --git a/util.py b/util.py\n--- a/util.py\n+++ b/util.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n".into(),
            decision: Decision::RepoTests {
                fixed: 0,
                failing_before: 2,
                failing_after: 2,
                per_test: true,
                reproduced: 0,
            },
            agents: vec![3],
            tests: Vec::new(),
        }],
    };
    update(&mut s, Msg::Team(TeamEvent::Consensus(consensus)));
    update(&mut s, Msg::TeamStopped);
    s
}
