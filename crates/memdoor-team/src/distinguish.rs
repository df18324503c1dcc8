//! Distinguishing inputs (as in S*): when two programs pass every public
//! test — the leaders of the top two behaviour clusters, or, when one
//! cluster passes without a majority of the ballots, two of its drafts with
//! different code (the public tests alone cannot part them) — the agents
//! write inputs meant to tell the two apart; every draft runs on them, and on
//! the inputs where the two differ, the side whose output more drafts share
//! wins; with no majority, the one whose output the agents predict. Inputs
//! only: no output an agent writes beside an input is trusted. A team with a
//! lead (`Agent::lead`, the bigger model of a mixed team) leaves both the
//! inputs and the prediction to it.

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent::Agent;
use super::agent_turn::{remember, side_question};
use super::draft_runs::run_on;
use super::extract::extract_code;
use super::team_run::TeamRun;
use super::test_inputs::parse_tests;
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
pub(crate) struct Settled {
    pub inputs: usize,
    pub votes: (usize, usize),
    /// With no majority of drafts: agents whose predicted output matched each side.
    pub(crate) predictions: Option<(usize, usize)>,
    /// The second cluster won and now leads.
    pub swapped: bool,
}

fn ask_text(problem: &Problem, a: &str, b: &str) -> String {
    let form = match problem.run_mode() {
        Mode::Functional { .. } => "the function's arguments, one JSON value per line",
        _ => "exactly what the program reads on standard input",
    };
    // Small models wrote one argument of two, or several inputs in one
    // block: the problem's own first example shows the form.
    let example = problem
        .public_tests
        .first()
        .map(|t| format!(" exactly in the form of this example input:\n```input\n{}\n```\n", t.input.trim_end()))
        .unwrap_or_default();
    format!(
        "Two programs for this problem agree on its examples:\n\nProgram A:\n```python\n{a}\n```\n\nProgram B:\n```python\n{b}\n```\n\n\
         Do not solve the problem. Write up to three new, valid inputs for it on which A and B may print different answers \
         (edge cases, ties, empty or largest values): each as {form},{example} each in its own ```input code block."
    )
}

/// Whether an input has the form of the problem's examples: a function's
/// inputs the same number of arguments (lines) as its first example's.
fn in_form(problem: &Problem, input: &str) -> bool {
    match (problem.run_mode(), problem.public_tests.first()) {
        (Mode::Functional { .. }, Some(example)) => {
            let args = |t: &str| t.lines().filter(|l| !l.trim().is_empty()).count();
            args(input) == args(&example.input)
        }
        _ => true,
    }
}

/// A run's behaviour on one input: its output, or `None` when it failed
/// (a failed run sides with no one).
pub(crate) fn output(r: Option<&TestResult>) -> Option<&str> {
    r.and_then(|r| r.key.as_deref())
}

/// Counts, over inputs where `a` and `b` answer differently, the drafts
/// whose answer equals `a`'s and those whose answer equals `b`'s.
pub(crate) fn side_votes(a: &[TestResult], b: &[TestResult], all: &[Vec<TestResult>]) -> (usize, usize, usize) {
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

/// Whether a predicted output names the same answer as a run's output key,
/// by the grader's rules (stdin: the same stripped lines, numbers as
/// decimals; functional: the same value, `1 == 1.0`, `True == 1`). A
/// function's prediction may be JSON or a Python literal.
pub(crate) fn same_answer(mode: &Mode, predicted: &str, key: &str) -> bool {
    match mode {
        Mode::Functional { .. } => {
            let json = |t: &str| {
                let t = t.trim();
                match serde_json::from_str::<serde_json::Value>(t) {
                    // The text itself: the grader reads big integers exactly.
                    Ok(_) => Some(t.to_string()),
                    Err(_) => crate::problem::literal::literal(t).map(|v| v.to_string()),
                }
            };
            matches!((json(predicted), json(key)), (Some(p), Some(k)) if crate::judge::same_output(false, &k, &p))
        }
        _ => crate::judge::same_output(true, key, predicted),
    }
}

/// Who writes the inputs and predicts the output: the lead alone where the
/// team has one and its roles are on, else every agent.
fn judges<'a>(s: &'a TeamRun<'_>) -> Vec<&'a Agent> {
    let lead: Vec<&Agent> = s.agents.iter().filter(|a| a.lead && s.mechanisms.lead_roles).collect();
    if lead.is_empty() {
        s.agents.iter().collect()
    } else {
        lead
    }
}

/// What the judges say the right output for `input` is: each answer's last
/// fenced block (an answer with none says nothing).
pub(crate) async fn predictions(s: &TeamRun<'_>, input: &str, cancel: CancellationToken) -> Vec<String> {
    let text = format!(
        "For this input:\n```input\n{}\n```\nWhat exactly is the correct output? Work it out briefly, then give only the output in one ```output code block.",
        input.trim_end()
    );
    let asks = judges(s).into_iter().map(|agent| async {
        let answer = side_question(agent, s.problem, &text, MAX_TOKENS, cancel.clone()).await?;
        extract_code(&answer)
    });
    futures::future::join_all(asks).await.into_iter().flatten().collect()
}

/// With no majority of drafts, the agents predict the right output for the
/// first input that tells the two apart; the side more predictions match.
async fn predicted_votes(s: &TeamRun<'_>, input: &str, a: &str, b: &str, cancel: CancellationToken) -> (usize, usize) {
    let predicted = predictions(s, input, cancel).await;
    let mode = s.problem.run_mode();
    let count = |key: &str| predicted.iter().filter(|p| same_answer(&mode, p, key)).count();
    (count(a), count(b))
}

/// The two programs to tell apart: the leaders of the top two clusters when
/// both pass every public test (`true`); else two drafts of different code
/// in the one passing cluster, when it holds no majority of the ballots.
fn rivals(clusters: &[Cluster], pool: &[(DraftKey, &Draft)]) -> Option<(DraftKey, DraftKey, bool)> {
    match clusters {
        [a, b, ..] if a.all_public_pass && b.all_public_pass => Some((a.drafts[0], b.drafts[0], true)),
        [a, ..] if a.all_public_pass => {
            if holds_majority(a, pool) {
                return None;
            }
            let first = code_of(pool, a.drafts[0]);
            let other = a.drafts.iter().copied().find(|k| code_of(pool, *k) != first)?;
            Some((a.drafts[0], other, false))
        }
        _ => None,
    }
}

/// Whether `cluster` holds more than half the ballots (drafts with code).
pub(crate) fn holds_majority(cluster: &Cluster, pool: &[(DraftKey, &Draft)]) -> bool {
    cluster.drafts.len() * 2 > pool.iter().filter(|(_, d)| d.code.is_some()).count()
}

/// A draft's code as written: the answer a promotion puts first (a
/// HumanEval completion that is only a body keeps its indentation).
pub(crate) fn answer_of<'a>(pool: &[(DraftKey, &'a Draft)], key: DraftKey) -> Option<&'a str> {
    pool.iter().find(|(k, _)| *k == key).and_then(|(_, d)| d.code.as_deref())
}

/// A draft's code trimmed: what programs are told apart by.
pub(crate) fn code_of<'a>(pool: &[(DraftKey, &'a Draft)], key: DraftKey) -> Option<&'a str> {
    answer_of(pool, key).map(str::trim)
}

/// Splits the leading cluster: the drafts that answer as `rb` does on every
/// input where `rb` answered and `ra` differs go first, as their own
/// cluster (`rb`'s own draft always among them: an input it failed on
/// cannot exclude it).
fn split_first(
    clusters: &mut Vec<Cluster>,
    ran: &[(DraftKey, Vec<TestResult>)],
    ra: &[TestResult],
    rb: &[TestResult],
    answer: &str,
) {
    let telling: Vec<usize> = (0..ra.len().min(rb.len()))
        .filter(|&i| output(rb.get(i)).is_some() && output(ra.get(i)) != output(rb.get(i)))
        .collect();
    let like_b = |k: &DraftKey| {
        let run = ran.iter().find(|(key, _)| key == k).map(|(_, r)| r.as_slice()).unwrap_or_default();
        telling.iter().all(|&i| output(run.get(i)) == output(rb.get(i)))
    };
    let b_drafts: Vec<DraftKey> = clusters[0].drafts.iter().copied().filter(|k| like_b(k)).collect();
    promote(clusters, &b_drafts, answer);
}

/// Puts `drafts` (drawn from the leading cluster, `answer` their program)
/// first as a cluster of their own, and the rest of the leading cluster second.
/// With no drafts nothing moves: an empty cluster never leads.
pub(crate) fn promote(clusters: &mut Vec<Cluster>, drafts: &[DraftKey], answer: &str) {
    if drafts.is_empty() || clusters.is_empty() {
        return;
    }
    let mut rest = clusters.remove(0);
    let won = Cluster { drafts: drafts.to_vec(), answer: answer.to_string(), ..rest.clone() };
    rest.drafts.retain(|k| !drafts.contains(k));
    clusters.insert(0, won);
    if !rest.drafts.is_empty() {
        clusters.insert(1, rest);
    }
}

/// Asks each judge for inputs telling a pair of programs apart (judge `i`
/// the pair `pairs[i % pairs.len()]`); keeps up to `MAX_INPUTS` new ones,
/// each remembered as a test entry. Inputs only: no output is kept.
pub(crate) async fn ask_inputs(
    s: &TeamRun<'_>,
    round: u32,
    pairs: &[(&str, &str)],
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Vec<TestCase> {
    let judges = judges(s);
    if pairs.is_empty() {
        return Vec::new();
    }
    let asked = futures::future::join_all(judges.iter().enumerate().map(|(i, ag)| {
        let (a, b) = pairs[i % pairs.len()];
        let text = ask_text(s.problem, a, b);
        let cancel = cancel.clone();
        async move { side_question(ag, s.problem, &text, MAX_TOKENS, cancel).await }
    }))
    .await;
    let mut inputs: Vec<TestCase> = Vec::new();
    for (agent, answer) in judges.iter().zip(asked) {
        for t in answer.map(|a| parse_tests(s.problem, &a)).unwrap_or_default() {
            let known = s.problem.public_tests.iter().chain(&inputs).any(|k| k.input.trim() == t.input.trim());
            if known || !in_form(s.problem, &t.input) || inputs.len() >= MAX_INPUTS {
                continue;
            }
            let mut entry = Entry::new(
                &s.problem.id,
                round,
                Some(agent.id),
                EntryKind::Test,
                format!("input (to tell A from B):\n{}", t.input.trim_end()),
            );
            entry.key = format!("{}/distinguish/{}", entry.key, inputs.len());
            remember(&*s.store, events, entry).await;
            inputs.push(TestCase { input: t.input, output: None });
        }
    }
    inputs
}

/// Runs the step when two programs pass every public test (see `rivals`);
/// puts the winning side first in `clusters`.
pub(crate) async fn settle(
    s: &TeamRun<'_>,
    round: u32,
    clusters: &mut Vec<Cluster>,
    pool: &[(DraftKey, &Draft)],
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Settled> {
    let (rep_a, rep_b, two_clusters) = rivals(clusters, pool)?;
    let (Some(code_a), Some(code_b), Some(answer_b)) =
        (code_of(pool, rep_a), code_of(pool, rep_b), answer_of(pool, rep_b))
    else {
        return None;
    };
    let inputs = ask_inputs(s, round, &[(code_a, code_b)], events, cancel.clone()).await;
    let ran = run_on(s, pool, &inputs).await;
    let find = |k: DraftKey| ran.iter().find(|(key, _)| *key == k).map(|(_, r)| r.as_slice());
    let (Some(ra), Some(rb)) = (find(rep_a), find(rep_b)) else { return None };
    let all: Vec<Vec<TestResult>> = ran.iter().map(|(_, r)| r.clone()).collect();
    let (n, va, vb) = side_votes(ra, rb, &all);
    let what = if two_clusters { "the top two clusters" } else { "two passing programs" };
    let mut said =
        format!("distinguishing inputs: {n} of {} tell {what} apart; drafts agreeing A {va} : B {vb}", inputs.len());
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
    match (swapped, two_clusters) {
        (true, true) => clusters.swap(0, 1),
        (true, false) => split_first(clusters, &ran, ra, rb, answer_b),
        (false, _) => {}
    }
    remember(&*s.store, events, Entry::new(&s.problem.id, round, None, EntryKind::Note, said)).await;
    (n > 0).then_some(Settled { inputs: n, votes: (va, vb), predictions, swapped })
}

#[cfg(test)]
#[path = "distinguish_tests.rs"]
pub(crate) mod tests;
