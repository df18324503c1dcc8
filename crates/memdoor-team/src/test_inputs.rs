//! The test-writing step: after proposing, every agent writes a few new
//! tests (input, and expected output when it gives one) into the shared
//! memory. They never rule a draft out — a model's expected output may be
//! wrong — but they tell behaviours apart and add to a cluster's CodeT
//! score when its drafts agree with them.

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent_turn::{remember, side_question};
use super::team_run::TeamRun;
use crate::domain::TeamEvent;
use crate::memory::{Entry, EntryKind};
use crate::problem::{Mode, Problem, TestCase};

/// Inputs kept per agent, and for the whole team.
const PER_AGENT: usize = 3;
const PER_TEAM: usize = 10;
const MAX_TOKENS: usize = 192;

fn instructions(problem: &Problem) -> String {
    let form = match problem.run_mode() {
        Mode::Functional { .. } => {
            "the function's arguments one JSON value per line, and its return value as one JSON value"
        }
        _ => "the input exactly as given on standard input, and the exact expected output",
    };
    format!(
        "Do not solve the problem. Write {PER_AGENT} new tests for it that check edge cases: for each, \
         {form}, as an ```input code block followed by an ```output code block."
    )
}

/// Fenced blocks of an answer, with their info strings (`input`, `output`, …).
fn blocks(answer: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = answer.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.trim_start().strip_prefix("```") else { continue };
        let body: Vec<&str> = lines.by_ref().take_while(|l| !l.trim_start().starts_with("```")).collect();
        out.push((info.trim().to_lowercase(), body.join("\n")));
    }
    out
}

fn json_lines(text: &str) -> bool {
    !text.trim().is_empty() && text.lines().all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok())
}

/// The tests in an answer: an input block, optionally followed by an
/// `output` block, each checked for the problem's mode.
pub(crate) fn parse_tests(problem: &Problem, answer: &str) -> Vec<TestCase> {
    let mut tests: Vec<TestCase> = Vec::new();
    let functional = matches!(problem.run_mode(), Mode::Functional { .. });
    for (info, body) in blocks(answer) {
        if info == "output" {
            let valid = if functional {
                serde_json::from_str::<serde_json::Value>(body.trim()).is_ok()
            } else {
                !body.trim().is_empty()
            };
            if let Some(last) = tests.last_mut().filter(|t| t.output.is_none() && valid) {
                last.output = Some(if functional { body.trim().to_string() } else { format!("{}\n", body.trim_end()) });
            }
            continue;
        }
        // A block tagged as code (```python) is a solution, not an input.
        if !(info.is_empty() || info == "input" || info == "text" || info == "json") {
            continue;
        }
        let valid = if functional { json_lines(&body) } else { !body.trim().is_empty() };
        let input = if functional || body.ends_with('\n') { body } else { format!("{body}\n") };
        if valid && input.len() <= 2000 && !tests.iter().any(|t| t.input == input) {
            if tests.len() == PER_AGENT {
                break;
            }
            tests.push(TestCase { input, output: None });
        }
    }
    tests
}

/// Every agent proposes inputs; new ones (not a public test's input) are
/// stored as `test` entries and returned.
pub(crate) async fn write_tests(
    s: &TeamRun<'_>,
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Vec<TestCase> {
    let ask = instructions(s.problem);
    let answers = futures::future::join_all(
        s.agents.iter().map(|a| side_question(a, s.problem, &ask, MAX_TOKENS, cancel.clone())),
    )
    .await;
    let mut inputs: Vec<TestCase> = Vec::new();
    for (agent, answer) in s.agents.iter().zip(answers) {
        let Some(answer) = answer else { continue };
        for test in parse_tests(s.problem, &answer) {
            let known = s.problem.public_tests.iter().chain(&inputs).any(|t| t.input.trim() == test.input.trim());
            if known || inputs.len() >= PER_TEAM {
                continue;
            }
            let shown = format!(
                "input:\n{}\noutput:\n{}",
                test.input.trim_end(),
                test.output.as_deref().unwrap_or("(not given)").trim_end()
            );
            let mut entry = Entry::new(&s.problem.id, 1, Some(agent.id), EntryKind::Test, shown);
            entry.key = format!("{}/{}", entry.key, inputs.len());
            remember(&*s.store, events, entry).await;
            inputs.push(test);
        }
    }
    inputs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(mode: Mode) -> Problem {
        let mut p = Problem::from_text("Add numbers.").unwrap();
        p.mode = mode;
        p
    }

    #[test]
    fn stdin_tests_are_input_blocks_with_optional_outputs() {
        let p = problem(Mode::Stdin);
        let answer = "Here:\n```input\n3\n1 2 3\n```\n```output\n6\n```\nand\n```python\nprint(6)\n```\n```input\n0\n```\n```input\n3\n1 2 3\n```";
        let t = parse_tests(&p, answer);
        assert_eq!(t.len(), 2);
        assert_eq!((t[0].input.as_str(), t[0].output.as_deref()), ("3\n1 2 3\n", Some("6\n")));
        assert_eq!((t[1].input.as_str(), t[1].output.as_deref()), ("0\n", None));
    }

    #[test]
    fn functional_tests_must_be_json() {
        let p = problem(Mode::Functional { fn_name: "f".into() });
        let answer = "```input\n[1, 2]\n3\n```\n```output\n[0, 1]\n```\n```input\nnums = [1]\n```\n```input\n[5]\n0\n```\n```output\nnot json\n```";
        let t = parse_tests(&p, answer);
        assert_eq!(t.len(), 2);
        assert_eq!((t[0].input.as_str(), t[0].output.as_deref()), ("[1, 2]\n3", Some("[0, 1]")));
        assert_eq!((t[1].input.as_str(), t[1].output.as_deref()), ("[5]\n0", None));
    }

    /// A HumanEval task's inputs are its entry point's arguments, as a
    /// functional problem's are.
    #[test]
    fn humaneval_tests_are_the_entry_points_arguments() {
        let p =
            problem(Mode::HumanEval { prompt: "def f(xs):\n".into(), entry_point: "f".into(), test: String::new() });
        assert!(instructions(&p).contains("one JSON value per line"));
        let t = parse_tests(&p, "```input\n[1, 2]\n```\n```output\n3\n```\n```input\nxs = [1]\n```");
        assert_eq!(t.len(), 1);
        assert_eq!((t[0].input.as_str(), t[0].output.as_deref()), ("[1, 2]", Some("3")));
    }
}
