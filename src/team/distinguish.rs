//! Distinguishing inputs (as in S*): when two or more behaviour clusters pass
//! every public test, the agents write inputs meant to tell the top two
//! apart; every draft runs on them, and on the inputs where the two differ,
//! the cluster whose output more drafts share wins. Inputs only: no output
//! an agent asserts is trusted.

use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent_tests::parse_tests;
use super::agent_turn::remember;
use super::checks::run_on;
use super::session::{Agent, Session};
use crate::event::{Draft, TeamEvent};
use crate::judge::grade::TestResult;
use crate::judge::{Cluster, DraftKey};
use crate::memory::{Entry, EntryKind};
use crate::model::{ChatRequest, Chunk};
use crate::problem::{Mode, Problem, TestCase};

const MAX_TOKENS: usize = 192;
const MAX_INPUTS: usize = 10;

/// What the step found: inputs where the two differ, and the drafts that
/// sided with each.
#[derive(Debug, Clone, PartialEq)]
pub struct Settled {
    pub inputs: usize,
    pub votes: (usize, usize),
    /// The second cluster won and now leads.
    pub swapped: bool,
}

fn ask_text(problem: &Problem, a: &str, b: &str) -> String {
    let form = match problem.mode {
        Mode::Functional { .. } => "the function's arguments, one JSON value per line",
        _ => "exactly what the program reads on standard input",
    };
    format!(
        "Two programs for this problem agree on its examples:\n\nProgram A:\n```python\n{a}\n```\n\nProgram B:\n```python\n{b}\n```\n\n\
         Do not solve the problem. Write up to three new, valid inputs for it on which A and B may print different answers \
         (edge cases, ties, empty or largest values): each as {form}, in its own ```input code block."
    )
}

async fn ask(agent: &Agent, problem: &Problem, text: &str, cancel: CancellationToken) -> Vec<TestCase> {
    let mut messages = problem.messages();
    if let Some(last) = messages.last_mut() {
        last.content = format!("{}\n\n{text}", last.content.trim_end());
    }
    let req = ChatRequest { messages, sampling: agent.sampling.clone(), max_tokens: MAX_TOKENS, ignore_stop: false };
    let Ok(mut stream) = agent.backend.stream(req, cancel).await else { return Vec::new() };
    let mut answer = String::new();
    while let Some(Ok(chunk)) = stream.next().await {
        match chunk {
            Chunk::Text(t) => answer.push_str(&t),
            Chunk::Restart => answer.clear(),
            Chunk::Done { .. } => return parse_tests(problem, &answer),
        }
    }
    Vec::new()
}

/// A run's behaviour on one input: its output, or `None` when it failed
/// (a failed run sides with no one).
fn output(r: Option<&TestResult>) -> Option<&str> {
    r.and_then(|r| r.key.as_deref())
}

/// Counts, over inputs where `a` and `b` answer differently, the drafts
/// whose answer equals `a`'s and those whose answer equals `b`'s.
pub fn side_votes(a: &[TestResult], b: &[TestResult], all: &[Vec<TestResult>]) -> (usize, usize, usize) {
    let (mut inputs, mut va, mut vb) = (0, 0, 0);
    for i in 0..a.len().min(b.len()) {
        let (oa, ob) = (output(a.get(i)), output(b.get(i)));
        if oa == ob {
            continue;
        }
        inputs += 1;
        for run in all {
            let o = output(run.get(i));
            va += usize::from(o.is_some() && o == oa);
            vb += usize::from(o.is_some() && o == ob);
        }
    }
    (inputs, va, vb)
}

/// Runs the step when the top two clusters both pass every public test;
/// reorders `clusters` when the second wins.
pub async fn settle(
    s: &Session<'_>,
    round: u32,
    clusters: &mut [Cluster],
    pool: &[(DraftKey, &Draft)],
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Settled> {
    let [a, b, ..] = &*clusters else { return None };
    if !(a.all_public_pass && b.all_public_pass) {
        return None;
    }
    let (rep_a, rep_b) = (a.drafts[0], b.drafts[0]);
    let text = ask_text(s.problem, &a.answer, &b.answer);
    let asked = futures::future::join_all(s.agents.iter().map(|ag| ask(ag, s.problem, &text, cancel.clone()))).await;
    let mut inputs: Vec<TestCase> = Vec::new();
    for (agent, tests) in s.agents.iter().zip(asked) {
        for t in tests {
            let known = s.problem.public_tests.iter().chain(&inputs).any(|k| k.input.trim() == t.input.trim());
            if known || inputs.len() >= MAX_INPUTS {
                continue;
            }
            let mut entry = Entry::new(&s.problem.id, round, Some(agent.id), EntryKind::Test, format!("input (to tell A from B):\n{}", t.input.trim_end()));
            entry.key = format!("{}/distinguish/{}", entry.key, inputs.len());
            remember(&*s.store, events, entry).await;
            inputs.push(TestCase { input: t.input, output: None });
        }
    }
    let ran = run_on(s, pool, &inputs).await;
    let find = |k: DraftKey| ran.iter().find(|(key, _)| *key == k).map(|(_, r)| r.as_slice());
    let (Some(ra), Some(rb)) = (find(rep_a), find(rep_b)) else { return None };
    let all: Vec<Vec<TestResult>> = ran.iter().map(|(_, r)| r.clone()).collect();
    let (n, va, vb) = side_votes(ra, rb, &all);
    let swapped = vb > va;
    if swapped {
        clusters.swap(0, 1);
    }
    let said = format!("distinguishing inputs: {n} of {} tell the top two clusters apart; drafts agreeing A {va} : B {vb}", inputs.len());
    remember(&*s.store, events, Entry::new(&s.problem.id, round, None, EntryKind::Note, said)).await;
    (n > 0).then_some(Settled { inputs: n, votes: (va, vb), swapped })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::grade::Verdict;

    fn out(k: &str) -> TestResult {
        TestResult { verdict: Verdict::Ran, got: None, key: Some(k.into()), error: None }
    }
    fn crash() -> TestResult {
        TestResult { verdict: Verdict::RuntimeError, got: None, key: None, error: Some("x".into()) }
    }

    #[test]
    fn only_inputs_where_the_two_differ_count_and_crashes_side_with_no_one() {
        let a = vec![out("1"), out("5")];
        let b = vec![out("1"), out("6")];
        let all = vec![a.clone(), b.clone(), vec![out("1"), out("6")], vec![crash(), crash()], vec![out("2"), out("7")]];
        assert_eq!(side_votes(&a, &b, &all), (1, 1, 2));
    }

    #[test]
    fn a_crash_of_one_side_is_a_difference() {
        let a = vec![out("3")];
        let b = vec![crash()];
        let all = vec![a.clone(), b.clone(), vec![out("3")]];
        assert_eq!(side_votes(&a, &b, &all), (1, 2, 0));
    }
}
