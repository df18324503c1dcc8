//! What counts as a draft, on scripted agents (real sandbox, real python3):
//! a draft repeated word for word is one ballot; a placeholder is no draft
//! and its agent is asked again; a HumanEval task's docstring examples are
//! the public tests its drafts run on.

use memdoor::domain::TeamEvent;
use memdoor::problem::load_set;
use memdoor::team::Mechanisms;
use memdoor_testkit::scripted::fenced;

use super::scripted_team::{run, run_problem, wrong, Run, PLAIN, RIGHT};

#[tokio::test]
async fn a_draft_repeated_word_for_word_is_one_ballot_and_still_shows_its_tests() {
    let mut scripts = vec![vec![fenced(RIGHT), fenced(RIGHT)]];
    scripts.extend((1..5).map(|i| vec![fenced(&wrong(i)), fenced(&wrong(i + 10))]));
    // Early stop off: the passing agent works in round 2 (it would rest).
    let r = run(scripts, 2, Mechanisms { early_stop: false, ..PLAIN }).await;
    assert_eq!((r.verdict.answer.as_str(), r.verdict.votes), (RIGHT.trim_end(), 1));
    let shown =
        r.events.iter().any(|e| matches!(e, TeamEvent::TestRun { agent: 0, round: 2, results } if results.len() == 2));
    assert!(shown, "the repeated draft's pane gets its (earlier) test results");
}

/// A code block that holds only the prompt's placeholder (or the stub
/// copied back) is no draft: the agent is asked again in the same round,
/// its first answer and the reason in the conversation, and the second
/// answer is its draft, marked as re-asked. A second placeholder stays no
/// draft: it never votes or stands as the answer.
#[tokio::test]
async fn a_placeholder_draft_is_asked_again_in_its_round() {
    let placeholder = fenced("# YOUR CODE HERE\n");
    let stub = fenced("def solve(s):\n    \"\"\"Reverse the line.\"\"\"\n    pass\n");
    let scripts = vec![
        vec![placeholder.clone(), fenced(RIGHT)],
        vec![stub, fenced(RIGHT)],
        vec![fenced(RIGHT)],
        vec![placeholder.clone(), placeholder.clone()],
        vec![fenced(&wrong(4))],
    ];
    let r = run(scripts, 1, PLAIN).await;
    assert_eq!((r.verdict.answer.as_str(), r.verdict.votes), (RIGHT.trim_end(), 3));
    let done: Vec<(usize, memdoor::domain::Draft)> = r
        .events
        .iter()
        .filter_map(|e| {
            if let TeamEvent::AgentDone { agent, draft, .. } = e {
                Some((*agent, draft.clone()))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(done.len(), 5, "one draft an agent: {done:?}");
    let of = |a: usize| &done.iter().find(|(agent, _)| *agent == a).unwrap().1;
    use memdoor::domain::NoCode;
    assert_eq!((of(0).reasked, of(0).code.as_deref()), (Some(NoCode::Placeholder), Some(RIGHT.trim_end())));
    assert_eq!(of(1).reasked, Some(NoCode::Placeholder));
    assert_eq!((of(2).reasked, of(3).reasked, of(3).code.as_deref()), (None, Some(NoCode::Placeholder), None));
    // The second request: the first answer, then the reason.
    let asked = r.backends[0].asked.lock().unwrap();
    let second = &asked[1].messages;
    assert_eq!(second[second.len() - 2].content, placeholder);
    assert!(second.last().unwrap().content.contains("only a placeholder"), "{second:?}");
    let restarted = r.events.iter().filter(|e| matches!(e, TeamEvent::AgentRestarted { .. })).count();
    assert_eq!(restarted, 3, "each re-ask clears its pane");
}

/// A HumanEval task's docstring examples are its public tests: drafts run on
/// them (after the prompt, so a whole function without the prompt's imports
/// still runs, as HumanEval's `check` runs it) and execution decides; the
/// private `check` never runs for the team.
#[tokio::test]
async fn a_humaneval_task_is_decided_by_running_its_docstring_examples() {
    let dir = tempfile::tempdir().unwrap();
    let prompt = "from typing import List\n\n\ndef total(xs: List[int]) -> int:\n    \"\"\"Sum of xs.\n    >>> total([1, 2, 3])\n    6\n    >>> total([])\n    0\n    \"\"\"\n";
    // A check the drafts could never pass: were it run for the team, no draft would.
    let task = serde_json::json!({"task_id": "HE/sum", "prompt": prompt, "entry_point": "total", "test": "def check(candidate):\n    assert False\n"});
    let path = dir.path().join("he.jsonl");
    std::fs::write(&path, format!("{task}\n")).unwrap();
    let problem = load_set(&path).unwrap().remove(0);
    assert_eq!(problem.public_tests.len(), 2, "{:?}", problem.public_tests);
    let right = "def total(xs: List[int]) -> int:\n    return sum(xs)\n";
    let off = "def total(xs: List[int]) -> int:\n    return sum(xs) + 1\n";
    let scripts =
        vec![vec![fenced(off)], vec![fenced(right)], vec![fenced(right)], vec![fenced(off)], vec![fenced(right)]];
    let r = run_problem(problem.clone(), scripts.clone(), 1, PLAIN).await;
    assert_eq!((r.verdict.answer.as_str(), r.verdict.votes), (right.trim_end(), 3));
    use memdoor::domain::{Checked, Decision};
    assert!(
        matches!(r.verdict.decision, Decision::ExecutionVote { checked: Checked::PublicTests, .. }),
        "{:?}",
        r.verdict.decision
    );
    let passing = |r: &Run| -> Vec<bool> {
        r.events
            .iter()
            .filter_map(|e| {
                if let TeamEvent::TestRun { results, .. } = e {
                    Some(memdoor::domain::all_pass(results))
                } else {
                    None
                }
            })
            .collect()
    };
    let runs = passing(&r);
    assert_eq!(
        (runs.len(), runs.iter().filter(|p| **p).count()),
        (5, 3),
        "every draft ran on the examples; the three right ones pass: {runs:?}"
    );

    // The public-tests ablation: the same drafts, the examples not run (and, here, no agent
    // inputs): nothing runs, so the most common code stands, marked unverified.
    let r = run_problem(problem, scripts, 1, Mechanisms { public_tests: false, ..PLAIN }).await;
    assert_eq!(r.verdict.decision, Decision::SelfConsistency);
    assert!(r.verdict.decision.unverified());
    assert!(passing(&r).is_empty(), "no example ran");
}
