//! The team on a real git repository, past the first drafts: where every
//! test passes, a test an agent adds picks the patch; a lead repairs the
//! patch closest to passing, whoever wrote it; a re-prompt continues from
//! the team's patch with the user's feedback. Scripted agents, real pytest
//! in the real sandbox (`repo_team`).

use std::time::Duration;

use memdoor::domain::{Decision, TeamEvent, Turn};
use memdoor::session::Step;
use memdoor::team::Continuation;

use super::repo_fixture::{applies, edit, git, repo, CALC, FIX};
use super::repo_team::{team, team_on};

/// A repository whose tests all pass though `clamp` ignores `hi`: no test of its own can tell a fix.
fn clamp_repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q"]);
    std::fs::create_dir_all(dir.path().join("tests")).unwrap();
    std::fs::write(dir.path().join("calc.py"), "def clamp(x, lo, hi):\n    return max(lo, x)\n").unwrap();
    std::fs::write(
        dir.path().join("tests/test_calc.py"),
        "from calc import clamp\n\n\ndef test_clamp_low():\n    assert clamp(-1, 0, 10) == 0\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("conftest.py"), "").unwrap();
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]);
    dir
}

#[tokio::test]
async fn where_every_test_passes_a_test_an_agent_adds_that_fails_without_its_change_picks_the_patch() {
    let dir = clamp_repo();
    let task = "clamp in calc.py ignores hi: clamp(50, 0, 10) must be 10";
    // Agents 0 and 1 agree on a wrong change; the repository's one test passes with it.
    let wrong = "calc.py\n```python\ndef clamp(x, lo, hi):\n    return max(lo, x) if x < hi else hi + 1\n```\n";
    let right = "calc.py\n```python\ndef clamp(x, lo, hi):\n    return min(hi, max(lo, x))\n```\n";
    // Agent 2 fixes it and adds a test (only a new function: it goes after the file's last).
    let with_test = format!(
        "clamp must also take the min with hi.\n\n{right}\ntests/test_calc.py\n```python\n\
def test_clamp_high():\n    assert clamp(50, 0, 10) == 10\n```\n"
    );
    let pytest = "python3 -m pytest -q";
    let scripts = |n: usize| {
        let answers = [wrong.to_string(), wrong.to_string(), with_test.clone(), right.to_string(), right.to_string()];
        answers.into_iter().take(n).map(|a| vec![a]).collect::<Vec<_>>()
    };
    // Three agents: the one whose test reproduces the task wins over the larger cluster.
    let team = team_on(dir.path(), task, pytest, Duration::from_secs(60), scripts(3), 1).await;
    let (verdict, _, notes) = team.drive(Step::Start).await;
    let v = verdict.expect("a patch stands");
    assert_eq!(v.agents, [2], "the reproduced patch, over the larger cluster the tests cannot tell apart");
    assert_eq!(
        v.decision,
        Decision::RepoTests { fixed: 0, failing_before: 0, failing_after: 0, per_test: true, reproduced: 1 }
    );
    assert!(v.decision.unverified(), "an agent's test is evidence, not the repository's verdict");
    assert!(v.answer.contains("+    return min(hi, max(lo, x))") && v.answer.contains("+def test_clamp_high():"));
    let note = |start: &str| notes.iter().any(|n| n.starts_with(start));
    assert!(note("agent 2's patch: fixes 0, breaks 0, 0 failing; 1 test(s) it adds fail"), "{notes:#?}");
    assert!(
        note(
            "agent 2's reproduction (tests/test_calc.py::test_clamp_high) on teammates' patches: passes with \
agents [], fails with [0, 1]"
        ),
        "{notes:#?}"
    );
    // Every agent was asked for such a test, since nothing failed before.
    let asked = team.backends[0].prompts()[0].clone();
    assert!(asked.contains("also add a new test file beside the repository's tests"), "{asked}");
    applies(dir.path(), &v.answer);

    // Five agents: agent 2's test passes on the code of agents 3 and 4 (the same change, no
    // test) and not on that of 0 and 1; the three backed by it stand together.
    let team = team_on(dir.path(), task, pytest, Duration::from_secs(60), scripts(5), 1).await;
    let (verdict, _, notes) = team.drive(Step::Start).await;
    let v = verdict.expect("a patch stands");
    assert_eq!((v.agents.clone(), v.votes), (vec![2, 3, 4], 3), "{notes:#?}");
    assert!(v.answer.contains("+    return min(hi, max(lo, x))"), "{}", v.answer);
    assert!(notes.iter().any(|n| n.ends_with("passes with agents [3, 4], fails with [0, 1]")), "{notes:#?}");

    // The ablation: no test asked for, none run alone, and outcomes the tests cannot tell apart
    // make one cluster of the wrong and the right change, whose earliest draft (wrong) speaks.
    let mut team = team_on(dir.path(), task, pytest, Duration::from_secs(60), scripts(5), 1).await;
    team.spec.mechanisms.agent_tests = false;
    let (verdict, _, _) = team.drive(Step::Start).await;
    let v = verdict.expect("a patch stands");
    assert_eq!(v.agents, [0, 1, 2, 3, 4]);
    assert!(v.answer.contains("hi + 1") && v.decision.unverified());
    assert!(!team.backends[0].prompts()[0].contains("also add a new test file"));
}

/// A team's lead (a mixed team's bigger model) whose own answer failed
/// repairs the patch closest to passing, a teammate's, shown with what its
/// tests said; the others repair their own.
#[tokio::test]
async fn the_lead_repairs_the_patch_closest_to_passing_whoever_wrote_it() {
    let dir = repo(&[]);
    let fix = "calc.py\n```python\ndef add(a, b):\n    return a + b\n```\n";
    let unchanged_double = "calc.py\n```python\ndef double(x):\n    return x * 2\n```\n";
    let missing = "calc.py\n<<<<<<< SEARCH\n    return a * b\n=======\n    return a + b\n>>>>>>> REPLACE\n";
    // Round 1: the lead's blocks do not apply; agent 1's patch runs and fixes nothing.
    // Agent 1 writes the same patch each time it is asked (a repeat is asked again once).
    let unchanged = || vec![unchanged_double.to_string(); 4];
    let scripts = vec![vec![missing.into(), fix.into()], unchanged()];
    let mut led = team(dir.path(), "python3 -m pytest -q", Duration::from_secs(60), scripts, 2).await;
    led.spec.agents[0].lead = true;
    led.spec.mechanisms.lead_roles = true;
    let (verdict, events, _) = led.drive(Step::Start).await;
    let turn = |agent| {
        events.iter().find_map(|e| match e {
            TeamEvent::TurnStarted { agent: a, round: 2, turn } if *a == agent => Some(*turn),
            _ => None,
        })
    };
    assert_eq!((turn(0), turn(1)), (Some(Turn::RepairClosest), Some(Turn::Repair)));
    let shown = led.backends[0].prompts()[1].clone();
    assert!(
        shown.contains("A teammate's change (not applied to the files above), as a patch:")
            && shown.contains("+    return x * 2")
            && shown.contains("these tests fail: tests/test_calc.py::test_add"),
        "{shown}"
    );
    assert!(!shown.contains("return a * b"), "the lead's own failed blocks are not what it repairs: {shown}");
    let v = verdict.expect("the lead's repair stands");
    assert_eq!(v.agents, [0]);
    assert!(v.answer.contains("+    return a + b\n"), "{}", v.answer);
    // Without lead roles (the default) the lead repairs its own answer like the others.
    let scripts = vec![vec![missing.into(), fix.into()], unchanged()];
    let mut off = team(dir.path(), "python3 -m pytest -q", Duration::from_secs(60), scripts, 2).await;
    off.spec.agents[0].lead = true;
    let (_, events, _) = off.drive(Step::Start).await;
    assert!(events.iter().any(|e| matches!(e, TeamEvent::TurnStarted { agent: 0, round: 2, turn: Turn::Repair })));
    assert!(off.backends[0].prompts()[1].contains("could not be applied"));
}

/// A re-prompt on a repository continues from the team's patch: every agent
/// is shown it with the user's feedback, writes the change again, and only
/// the new patches vote; the untouched tree's tests are not run again.
#[tokio::test]
async fn a_re_prompt_continues_from_the_teams_patch_with_the_feedback() {
    let dir = repo(&[]);
    let first = edit("calc.py", FIX.0, FIX.1);
    let swapped = edit("calc.py", FIX.0, "    return b + a\n");
    let breaks = edit("calc.py", "    return 2 * x\n", "    return x\n");
    let scripts = vec![vec![first.clone(), swapped.clone()], vec![first, swapped], vec![breaks.clone(), breaks]];
    let team = team(dir.path(), "python3 -m pytest -q", Duration::from_secs(60), scripts, 1).await;
    let (v, ..) = team.drive(Step::Start).await;
    let v = v.expect("a patch stands");
    assert!(v.answer.contains("+    return a + b"), "{}", v.answer);
    assert_eq!(team.work.answer().as_deref(), Some(v.answer.as_str()), "kept for a re-prompt");
    let more = Continuation { round: 2, feedback: Some("write it as b + a".into()) };
    let (again, events, notes) = team.drive(Step::Continue { more, only: None }).await;
    let again = again.expect("a continued patch stands");
    assert!(again.answer.contains("+    return b + a"), "the new patches vote, not round 1's: {}", again.answer);
    assert_eq!((again.agents.clone(), again.votes), (vec![0, 1], 2), "agent 2's patch breaks test_double");
    // Each agent was shown the team's patch and the feedback, in a turn of round 2.
    for b in &team.backends {
        let prompt = b.prompts()[1].clone();
        assert!(prompt.contains("```diff\ndiff --git a/calc.py b/calc.py"), "{prompt}");
        assert!(
            prompt.contains("+    return a + b") && prompt.contains("feedback on it: write it as b + a"),
            "{prompt}"
        );
    }
    assert!(events.iter().any(|e| matches!(e, TeamEvent::TurnStarted { round: 2, turn: Turn::Refine, .. })));
    let runs = events.iter().filter(|e| matches!(e, TeamEvent::TestRun { round: 2, .. })).count();
    assert_eq!(runs, 3, "every new patch ran");
    assert_eq!(notes.iter().filter(|n| n.starts_with("before any change")).count(), 1, "the tree ran once: {notes:?}");
    // Accepting writes the continued patch: it is one the session made.
    assert_eq!(team.work.apply(&again.answer).unwrap(), ["calc.py"]);
    assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC.replace("a - b", "b + a"));
}
