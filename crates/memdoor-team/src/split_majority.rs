//! Telling a majority's programs apart (`Mechanisms::split_majority`, off
//! by default). The vote's copy problem: on the tiered set a cluster passing
//! every public test held a majority of the ballots while its programs
//! differed, and only a minority of them was right — the public tests could
//! not part them, and every other draft sided with the wrong ones. Here each
//! judge is asked for inputs telling the cluster's first program from
//! another of its programs (a different one per judge, so every program is
//! looked at), in the form of the problem's first example (without it the
//! 1.5B wrote one argument of two, and nothing was told apart: session 38
//! in docs/benchmarks.md); the cluster's drafts run on them and part into groups by
//! their outputs; where groups differ, the judges predict the right output
//! of the first such input, and a group that more predictions match than any
//! other leads. A draft count never overturns the majority here: only the
//! predictions do, and without a clear winner the cluster stands.

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent_turn::remember;
use super::distinguish::{ask_inputs, code_of, holds_majority, output, predictions, promote, same_answer, Settled};
use super::draft_runs::run_on;
use super::team_run::TeamRun;
use crate::domain::{Draft, TeamEvent};
use crate::judge::grade::TestResult;
use crate::judge::{Cluster, DraftKey};
use crate::memory::{Entry, EntryKind};

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

/// The cluster's drafts grouped by their outputs on the new inputs (a
/// failed run is an output of its own, `None`), groups in the order of their
/// first draft; a draft the harness could not run stays with the first group.
fn behaviours(cluster: &Cluster, ran: &[(DraftKey, Vec<TestResult>)]) -> Vec<(Vec<Option<String>>, Vec<DraftKey>)> {
    let mut groups: Vec<(Vec<Option<String>>, Vec<DraftKey>)> = Vec::new();
    let mut unrun = Vec::new();
    for &k in &cluster.drafts {
        let Some((_, run)) = ran.iter().find(|(key, _)| *key == k) else {
            unrun.push(k);
            continue;
        };
        let outputs: Vec<Option<String>> = run.iter().map(|r| output(Some(r)).map(str::to_string)).collect();
        match groups.iter_mut().find(|(o, _)| *o == outputs) {
            Some((_, drafts)) => drafts.push(k),
            None => groups.push((outputs, vec![k])),
        }
    }
    if let Some((_, first)) = groups.first_mut() {
        first.extend(unrun);
    }
    groups
}

/// Whether the groups' outputs on input `i` are not all the same.
fn tells(groups: &[(Vec<Option<String>>, Vec<DraftKey>)], i: usize) -> bool {
    groups.iter().any(|(o, _)| o.get(i) != groups[0].0.get(i))
}

/// The first input on which the groups' outputs are not all the same.
fn telling_input(groups: &[(Vec<Option<String>>, Vec<DraftKey>)]) -> Option<usize> {
    (0..groups.first()?.0.len()).find(|&i| tells(groups, i))
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
    let groups = behaviours(&lead, &ran);
    let sizes: Vec<usize> = groups.iter().map(|(_, d)| d.len()).collect();
    let mut said = format!(
        "a majority's {} programs told apart: {} inputs; their drafts answer in {} ways ({sizes:?} drafts)",
        programs.len(),
        inputs.len(),
        groups.len()
    );
    let mut settled = None;
    if let Some(i) = telling_input(&groups) {
        let predicted = predictions(s, &inputs[i].input, cancel).await;
        let mode = s.problem.run_mode();
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
            let answer = code_of(pool, drafts[0]).unwrap_or_default().to_string();
            promote(clusters, drafts, &answer);
            let agents: Vec<usize> = drafts.iter().map(|k| k.agent).collect();
            said += &format!("; the drafts of agents {agents:?} now lead");
        } else {
            said += "; the majority stands";
        }
        let telling = (0..inputs.len()).filter(|&j| tells(&groups, j)).count();
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
    use crate::distinguish::tests::{draft, key, out};

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
        let groups = behaviours(&cluster(&[0, 1, 2, 3]), &ran);
        let drafts: Vec<Vec<usize>> = groups.iter().map(|(_, d)| d.iter().map(|k| k.agent).collect()).collect();
        assert_eq!(drafts, [vec![0, 1, 3], vec![2]], "a draft that did not run stays with the first group");
        assert_eq!(telling_input(&groups), Some(1));
        assert_eq!(telling_input(&groups[..1]), None);
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
