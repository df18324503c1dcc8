//! The test-writing step: after proposing, every agent writes a few new test
//! inputs for the problem into the shared memory. Inputs only — small models
//! compute expected outputs badly — so they serve the vote by telling apart
//! drafts that behave differently, never by declaring one right.

use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::run::{remember, Agent, Session};
use crate::event::TeamEvent;
use crate::memory::{Entry, EntryKind};
use crate::model::{ChatRequest, Chunk};
use crate::problem::{Mode, Problem, TestCase};

/// Inputs kept per agent, and for the whole team.
const PER_AGENT: usize = 3;
const PER_TEAM: usize = 10;
const MAX_TOKENS: usize = 192;

fn instructions(problem: &Problem) -> String {
    let form = match problem.mode {
        Mode::Functional { .. } => "each input as the function's arguments, one JSON value per line",
        _ => "each input exactly as it would be given on standard input",
    };
    format!(
        "Do not solve the problem. Write {PER_AGENT} new test inputs for it that check edge cases, \
         {form}, each in its own ```input code block."
    )
}

/// The inputs in an answer: fenced blocks, checked for the problem's mode.
pub fn parse_inputs(problem: &Problem, answer: &str) -> Vec<String> {
    let mut inputs = Vec::new();
    let mut lines = answer.lines();
    while let Some(line) = lines.next() {
        if !line.trim_start().starts_with("```") {
            continue;
        }
        let body: Vec<&str> = lines.by_ref().take_while(|l| !l.trim_start().starts_with("```")).collect();
        let input = body.join("\n");
        let valid = match problem.mode {
            Mode::Functional { .. } => !body.is_empty() && body.iter().all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()),
            Mode::Stdin => !input.trim().is_empty(),
            Mode::HumanEval { .. } => false,
        };
        let input = if matches!(problem.mode, Mode::Stdin) && !input.ends_with('\n') { format!("{input}\n") } else { input };
        if valid && input.len() <= 2000 && !inputs.contains(&input) {
            inputs.push(input);
        }
        if inputs.len() == PER_AGENT {
            break;
        }
    }
    inputs
}

async fn ask(agent: &Agent, problem: &Problem, cancel: CancellationToken) -> Option<String> {
    let mut messages = problem.messages();
    if let Some(last) = messages.last_mut() {
        last.content = format!("{}\n\n{}", last.content.trim_end(), instructions(problem));
    }
    let req = ChatRequest { messages, sampling: agent.sampling.clone(), max_tokens: MAX_TOKENS, ignore_stop: false };
    let mut stream = agent.backend.stream(req, cancel).await.ok()?;
    let mut text = String::new();
    while let Some(chunk) = stream.next().await {
        match chunk.ok()? {
            Chunk::Text(t) => text.push_str(&t),
            Chunk::Restart => text.clear(),
            Chunk::Done { .. } => return Some(text),
        }
    }
    None
}

/// Every agent proposes inputs; new ones (not a public test's input) are
/// stored as `test` entries and returned.
pub async fn write_tests(s: &Session<'_>, events: &mpsc::Sender<TeamEvent>, cancel: CancellationToken) -> Vec<TestCase> {
    let answers = futures::future::join_all(s.agents.iter().map(|a| ask(a, s.problem, cancel.clone()))).await;
    let mut inputs: Vec<TestCase> = Vec::new();
    for (agent, answer) in s.agents.iter().zip(answers) {
        let Some(answer) = answer else { continue };
        for input in parse_inputs(s.problem, &answer) {
            let known = s.problem.public_tests.iter().chain(&inputs).any(|t| t.input.trim() == input.trim());
            if known || inputs.len() >= PER_TEAM {
                continue;
            }
            let mut entry = Entry::new(&s.problem.id, 1, Some(agent.id), EntryKind::Test, input.clone());
            entry.key = format!("{}/{}", entry.key, inputs.len());
            remember(&*s.store, events, entry).await;
            inputs.push(TestCase { input, output: None });
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
    fn stdin_inputs_are_fenced_blocks() {
        let p = problem(Mode::Stdin);
        let answer = "Here:\n```input\n3\n1 2 3\n```\nand\n```\n0\n\n```\n```input\n3\n1 2 3\n```";
        assert_eq!(parse_inputs(&p, answer), ["3\n1 2 3\n", "0\n"]);
    }

    #[test]
    fn functional_inputs_must_be_json_per_line() {
        let p = problem(Mode::Functional { fn_name: "f".into() });
        let answer = "```input\n[1, 2]\n3\n```\n```input\nnums = [1]\n```";
        assert_eq!(parse_inputs(&p, answer), ["[1, 2]\n3"]);
    }
}
