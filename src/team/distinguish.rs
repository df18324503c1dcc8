//! Distinguishing inputs (as in S*): when two or more behaviour clusters pass
//! every public test, the agents write inputs meant to tell the top two
//! apart; every draft runs on them, and on the inputs where the two differ,
//! the cluster whose output more drafts share wins; with no majority, the
//! one whose output the agents predict. Inputs only: no output an agent
//! writes beside an input is trusted.

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent_tests::parse_tests;
use super::agent_turn::{remember, side_question};
use super::checks::run_on;
use super::extract::extract_code;
use super::session::Session;
use crate::domain::{Draft, TeamEvent};
use crate::judge::grade::TestResult;
use crate::judge::{Cluster, DraftKey};
use crate::memory::{Entry, EntryKind};
use crate::problem::{Mode, Problem, TestCase};

const MAX_TOKENS: usize = 192;
const MAX_INPUTS: usize = 10;

/// What the step found: inputs where the two differ, and the drafts that
/// sided with each.
#[derive(Debug, Clone, PartialEq)]
pub struct Settled {
    pub inputs: usize,
    pub votes: (usize, usize),
    /// With no majority of drafts: agents whose predicted output matched each side.
    pub predictions: Option<(usize, usize)>,
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

/// Whether a predicted output names the same answer as a run's output key
/// (stdin: the same stripped lines; functional: the same value).
pub fn same_answer(mode: &Mode, predicted: &str, key: &str) -> bool {
    match mode {
        Mode::Functional { .. } => {
            let value = |t: &str| serde_json::from_str::<serde_json::Value>(t.trim()).ok().or_else(|| crate::problem::literal::literal(t.trim()));
            matches!((value(predicted), value(key)), (Some(p), Some(k)) if p == k)
        }
        _ => {
            predicted.trim().lines().map(str::trim).eq(key.trim().lines().map(str::trim))
        }
    }
}

/// With no majority of drafts, the agents predict the right output for the
/// first input that tells the two apart; the side more predictions match.
async fn predicted_votes(s: &Session<'_>, input: &str, a: &str, b: &str, cancel: CancellationToken) -> (usize, usize) {
    let text = format!(
        "For this input:\n```input\n{}\n```\nWhat exactly is the correct output? Work it out briefly, then give only the output in one ```output code block.",
        input.trim_end()
    );
    let asks = s.agents.iter().map(|agent| async {
        let answer = side_question(agent, s.problem, &text, MAX_TOKENS, cancel.clone()).await?;
        // The predicted output is the answer's last fenced block.
        extract_code(&answer)
    });
    let predictions = futures::future::join_all(asks).await;
    let count = |key: &str| predictions.iter().flatten().filter(|p| same_answer(&s.problem.mode, p, key)).count();
    (count(a), count(b))
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
    let asked = futures::future::join_all(s.agents.iter().map(|ag| side_question(ag, s.problem, &text, MAX_TOKENS, cancel.clone()))).await;
    let mut inputs: Vec<TestCase> = Vec::new();
    for (agent, answer) in s.agents.iter().zip(asked) {
        for t in answer.map(|a| parse_tests(s.problem, &a)).unwrap_or_default() {
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
    let mut said = format!("distinguishing inputs: {n} of {} tell the top two clusters apart; drafts agreeing A {va} : B {vb}", inputs.len());
    let mut predictions = None;
    if n > 0 && va == vb {
        // No majority: the first telling input, and what the agents say its output is.
        let first = (0..ra.len().min(rb.len())).find(|&i| output(ra.get(i)) != output(rb.get(i)));
        if let Some((i, (ka, kb))) = first.and_then(|i| Some((i, (output(ra.get(i))?, output(rb.get(i))?)))) {
            let (pa, pb) = predicted_votes(s, &inputs[i].input, ka, kb, cancel).await;
            said += &format!("; no majority, so the agents predicted the output: A {pa} : B {pb}");
            predictions = Some((pa, pb));
        }
    }
    let (wa, wb) = predictions.unwrap_or((va, vb));
    let swapped = wb > wa;
    if swapped {
        clusters.swap(0, 1);
    }
    remember(&*s.store, events, Entry::new(&s.problem.id, round, None, EntryKind::Note, said)).await;
    (n > 0).then_some(Settled { inputs: n, votes: (va, vb), predictions, swapped })
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
    fn predictions_match_answers_by_value_not_by_spelling() {
        let f = Mode::Functional { fn_name: "f".into() };
        assert!(same_answer(&f, "[1, 2]", "[1,2]"));
        assert!(same_answer(&f, "True", "true"));
        assert!(!same_answer(&f, "[2, 1]", "[1, 2]"));
        assert!(same_answer(&Mode::Stdin, "  3\n 4 \n", "3\n4"));
        assert!(!same_answer(&Mode::Stdin, "3", "3\n4"));
    }

    #[test]
    fn a_crash_of_one_side_is_a_difference() {
        let a = vec![out("3")];
        let b = vec![crash()];
        let all = vec![a.clone(), b.clone(), vec![out("3")]];
        assert_eq!(side_votes(&a, &b, &all), (1, 2, 0));
    }
}
