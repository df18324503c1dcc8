//! Telling a majority's programs apart (`Mechanisms::split_majority`, off
//! by default). The vote's copy problem: on the tiered set a cluster passing
//! every public test held a majority of the ballots while its programs
//! differed, and only a minority of them was right — the public tests could
//! not part them, and every other draft sided with the wrong ones. Here each
//! judge is asked for inputs telling the cluster's first program from
//! another of its programs (judge `i` the `i`-th other program, counting
//! round when they are fewer than the judges; a lead judging alone sees the
//! first pair only), in the form of the problem's first example (without it
//! the 1.5B wrote one argument of two, and nothing was told apart: session
//! 38 in docs/benchmarks.md); the cluster's drafts run on them and part into
//! groups by their outputs (alike by the grader's rules); where groups
//! differ, the judges predict the right output of the first such input (one
//! where two groups answered differently before one where only a run
//! failed), and a group that more predictions match than any other leads. A
//! draft count never overturns the majority here: only the predictions do,
//! and without a clear winner the cluster stands.

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent_turn::remember;
use super::distinguish::{
    answer_of, ask_inputs, code_of, holds_majority, output, predictions, promote, same_answer, Settled,
};
use super::draft_runs::run_on;
use super::team_run::TeamRun;
use crate::domain::{Draft, TeamEvent};
use crate::judge::grade::TestResult;
use crate::judge::{Cluster, DraftKey};
use crate::memory::{Entry, EntryKind};
use crate::problem::Mode;

/// Outputs of one draft on the new inputs (`None`: the run failed).
type Outputs = Vec<Option<String>>;

/// The first draft of each distinct program (trimmed code) in `cluster`, in
/// the cluster's order.
fn distinct_programs(cluster: &Cluster, pool: &[(DraftKey, &Draft)]) -> Vec<DraftKey> {
    let mut seen: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for &k in &cluster.drafts {
        if let Some(code) = code_of(pool, k) {
            if !seen.contains(&code) {
                seen.push(code);
                out.push(k);
            }
        }
    }
    out
}

/// Whether two runs answered alike by the grader's rules (two failed runs
/// alike; a failed run and an answer not).
fn alike(mode: &Mode, a: Option<&str>, b: Option<&str>) -> bool {
    let stdin = !matches!(mode, Mode::Functional { .. });
    match (a, b) {
        (Some(a), Some(b)) => a == b || crate::judge::same_output(stdin, a, b),
        (a, b) => a == b,
    }
}

/// The cluster's drafts grouped by their outputs on the new inputs (alike on
/// every input), groups in the order of their first draft; a draft the
/// harness could not run stays with the first group.
fn behaviours(mode: &Mode, cluster: &Cluster, ran: &[(DraftKey, Vec<TestResult>)]) -> Vec<(Outputs, Vec<DraftKey>)> {
    let mut groups: Vec<(Outputs, Vec<DraftKey>)> = Vec::new();
    let mut unrun = Vec::new();
    for &k in &cluster.drafts {
        let Some((_, run)) = ran.iter().find(|(key, _)| *key == k) else {
            unrun.push(k);
            continue;
        };
        let outputs: Outputs = run.iter().map(|r| output(Some(r)).map(str::to_string)).collect();
        let same = |o: &Outputs| {
            o.len() == outputs.len() && o.iter().zip(&outputs).all(|(x, y)| alike(mode, x.as_deref(), y.as_deref()))
        };
        match groups.iter_mut().find(|(o, _)| same(o)) {
            Some((_, drafts)) => drafts.push(k),
            None => groups.push((outputs, vec![k])),
        }
    }
    if let Some((_, first)) = groups.first_mut() {
        first.extend(unrun);
    }
    groups
}

/// Whether the groups' outputs on input `i` are not all alike.
fn tells(mode: &Mode, groups: &[(Outputs, Vec<DraftKey>)], i: usize) -> bool {
    fn at(g: &(Outputs, Vec<DraftKey>), i: usize) -> Option<&str> {
        g.0.get(i).and_then(|o| o.as_deref())
    }
    groups.iter().any(|g| !alike(mode, at(g, i), at(&groups[0], i)))
}

/// Whether two groups gave answers on input `i` that are not alike.
fn answers_differ(mode: &Mode, groups: &[(Outputs, Vec<DraftKey>)], i: usize) -> bool {
    let answers: Vec<&str> = groups.iter().filter_map(|g| g.0.get(i)?.as_deref()).collect();
    answers.iter().any(|a| !alike(mode, Some(a), Some(answers[0])))
}

/// The first input where two groups answered differently; else the first
/// where only a failed run differs (a prediction can match no failed run).
fn telling_input(mode: &Mode, groups: &[(Outputs, Vec<DraftKey>)]) -> Option<usize> {
    let n = groups.first()?.0.len();
    (0..n).find(|&i| answers_differ(mode, groups, i)).or_else(|| (0..n).find(|&i| tells(mode, groups, i)))
}

/// The group that strictly more predictions match than any other (none
/// when no prediction matches, or two groups tie for the most).
fn winner(matches: &[usize]) -> Option<usize> {
    let best = *matches.iter().max()?;
    let mut at = matches.iter().enumerate().filter(|(_, &m)| m == best);
    let (i, _) = at.next()?;
    (best > 0 && at.next().is_none()).then_some(i)
}

/// Runs the step when the leading cluster passes every public test, holds a
/// majority of the ballots, and holds more than one program; puts the group
/// the predictions pick first in `clusters`.
pub(crate) async fn split_majority(
    s: &TeamRun<'_>,
    round: u32,
    clusters: &mut Vec<Cluster>,
    pool: &[(DraftKey, &Draft)],
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Settled> {
    let lead = clusters.first().filter(|c| c.all_public_pass && holds_majority(c, pool))?.clone();
    let programs = distinct_programs(&lead, pool);
    let (first, others) = programs.split_first()?;
    let code_a = code_of(pool, *first)?;
    let pairs: Vec<(&str, &str)> = others.iter().filter_map(|k| Some((code_a, code_of(pool, *k)?))).collect();
    if pairs.is_empty() {
        return None;
    }
    let inputs = ask_inputs(s, round, &pairs, events, cancel.clone()).await;
    if inputs.is_empty() {
        let said = format!("a majority's {} programs: no judge wrote an input in the problem's form", programs.len());
        remember(&*s.store, events, Entry::new(&s.problem.id, round, None, EntryKind::Note, said)).await;
        return None;
    }
    let members: Vec<(DraftKey, &Draft)> = pool.iter().filter(|(k, _)| lead.drafts.contains(k)).copied().collect();
    let ran = run_on(s, &members, &inputs).await;
    let mode = s.problem.run_mode();
    let groups = behaviours(&mode, &lead, &ran);
    let sizes: Vec<usize> = groups.iter().map(|(_, d)| d.len()).collect();
    let mut said = format!(
        "a majority's {} programs told apart: {} inputs; their drafts answer in {} ways ({sizes:?} drafts)",
        programs.len(),
        inputs.len(),
        groups.len()
    );
    let mut settled = None;
    if let Some(i) = telling_input(&mode, &groups) {
        let predicted = predictions(s, &inputs[i].input, cancel).await;
        let matches: Vec<usize> = groups
            .iter()
            .map(|(o, _)| match o.get(i).and_then(|x| x.as_deref()) {
                Some(key) => predicted.iter().filter(|p| same_answer(&mode, p, key)).count(),
                None => 0,
            })
            .collect();
        said += &format!("; the judges' predicted output on the first that tells them apart matches {matches:?}");
        let lead_group = winner(&matches).unwrap_or(0);
        let swapped = lead_group != 0;
        // Side B of the record: the winner when it is not the first group, else the best of the rest.
        let other = if swapped {
            lead_group
        } else {
            (1..groups.len()).max_by_key(|&g| (matches[g], std::cmp::Reverse(g))).unwrap_or(0)
        };
        if swapped {
            let drafts = &groups[lead_group].1;
            let answer = answer_of(pool, drafts[0]).unwrap_or_default().to_string();
            promote(clusters, drafts, &answer);
            let agents: Vec<usize> = drafts.iter().map(|k| k.agent).collect();
            said += &format!("; the drafts of agents {agents:?} now lead");
        } else {
            said += "; the majority stands";
        }
        let telling = (0..inputs.len()).filter(|&j| tells(&mode, &groups, j)).count();
        settled = Some(Settled {
            inputs: telling,
            votes: (sizes[0], sizes[other]),
            predictions: Some((matches[0], matches[other])),
            swapped,
        });
    }
    remember(&*s.store, events, Entry::new(&s.problem.id, round, None, EntryKind::Note, said)).await;
    settled
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::distinguish::tests::{crash, draft, key, out};

    fn cluster(agents: &[usize]) -> Cluster {
        Cluster {
            drafts: agents.iter().map(|&a| key(a)).collect(),
            answer: "a".into(),
            tests_passed: 2,
            all_public_pass: true,
        }
    }

    #[test]
    fn each_program_once_in_the_clusters_order() {
        let drafts = [draft("a"), draft("b"), draft(" a\n"), draft("c")];
        let pool: Vec<(DraftKey, &Draft)> = drafts.iter().enumerate().map(|(i, d)| (key(i), d)).collect();
        assert_eq!(distinct_programs(&cluster(&[0, 1, 2, 3]), &pool), [key(0), key(1), key(3)]);
    }

    #[test]
    fn drafts_group_by_their_outputs_and_the_first_difference_tells() {
        let ran = vec![
            (key(0), vec![out("1"), out("2")]),
            (key(1), vec![out("1"), out("2")]),
            (key(2), vec![out("1"), out("3")]),
        ];
        let groups = behaviours(&Mode::Stdin, &cluster(&[0, 1, 2, 3]), &ran);
        let drafts: Vec<Vec<usize>> = groups.iter().map(|(_, d)| d.iter().map(|k| k.agent).collect()).collect();
        assert_eq!(drafts, [vec![0, 1, 3], vec![2]], "a draft that did not run stays with the first group");
        assert_eq!(telling_input(&Mode::Stdin, &groups), Some(1));
        assert_eq!(telling_input(&Mode::Stdin, &groups[..1]), None);
    }

    #[test]
    fn outputs_the_grader_counts_alike_are_one_behaviour() {
        let ran = vec![(key(0), vec![out("0.5"), out("1")]), (key(1), vec![out("0.50"), out("1.0")])];
        assert_eq!(behaviours(&Mode::Stdin, &cluster(&[0, 1]), &ran).len(), 1, "stdin: numbers as decimals");
        let f = Mode::Functional { fn_name: "f".into() };
        let ran = vec![(key(0), vec![out("1"), out("[1, 2]")]), (key(1), vec![out("1.0"), out("[1,2]")])];
        assert_eq!(behaviours(&f, &cluster(&[0, 1]), &ran).len(), 1, "functional: Python's ==");
        let ran = vec![(key(0), vec![out("1")]), (key(1), vec![out("2")])];
        assert_eq!(behaviours(&f, &cluster(&[0, 1]), &ran).len(), 2);
    }

    #[test]
    fn a_difference_in_answers_tells_before_a_failed_run() {
        let ran = vec![
            (key(0), vec![out("5"), out("1")]),
            (key(1), vec![out("5"), out("2")]),
            (key(2), vec![crash(), out("1")]),
        ];
        let groups = behaviours(&Mode::Stdin, &cluster(&[0, 1, 2]), &ran);
        assert_eq!(groups.len(), 3);
        assert_eq!(telling_input(&Mode::Stdin, &groups), Some(1), "groups 0 and 1 only part on the second input");
        let only_a_crash = vec![(key(0), vec![out("5")]), (key(2), vec![crash()])];
        let groups = behaviours(&Mode::Stdin, &cluster(&[0, 2]), &only_a_crash);
        assert_eq!(telling_input(&Mode::Stdin, &groups), Some(0), "with no other difference a failed run tells");
    }

    #[test]
    fn only_a_clear_prediction_picks_a_group() {
        assert_eq!(winner(&[1, 3]), Some(1));
        assert_eq!(winner(&[2, 2]), None, "a tie leaves the majority");
        assert_eq!(winner(&[0, 0, 0]), None, "no prediction matched");
        assert_eq!(winner(&[4, 1, 0]), Some(0));
    }

    #[test]
    fn the_winning_group_leads_and_the_rest_of_the_cluster_follows() {
        let mut clusters = vec![cluster(&[0, 1, 2, 3]), Cluster { all_public_pass: false, ..cluster(&[4]) }];
        promote(&mut clusters, &[key(2)], "b");
        let firsts: Vec<(Vec<usize>, &str)> =
            clusters.iter().map(|c| (c.drafts.iter().map(|k| k.agent).collect(), c.answer.as_str())).collect();
        assert_eq!(firsts, [(vec![2], "b"), (vec![0, 1, 3], "a"), (vec![4], "a")]);
    }
}
