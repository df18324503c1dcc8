//! The team's decision when drafts run: the execution vote over every draft
//! of every round, settled by distinguishing inputs when two clusters pass;
//! and the rule that stops the rounds early.

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::distinguish::settle;
use super::pool::Pool;
use super::split_majority::split_majority;
use super::team_run::TeamRun;
use crate::domain::Consensus;
use crate::domain::{Checked, Decision, Settled, TeamEvent};
use crate::judge::{ranked_clusters, ExecutionVote};

/// Why the team may stop after a round: a cluster passing every public
/// test holds a majority of the drafts with code; or, when `searching`
/// (from the first round, or from the second with repairs after a pass
/// on, and with no feedback from the user to work in),
/// any draft passes every public test — later rounds are a search for a
/// passing draft, and the vote already has one. `None`: keep going.
pub fn early_stop(pool: &Pool, searching: bool) -> Option<String> {
    let refs = pool.refs();
    let clusters = ranked_clusters(&refs, &pool.runs);
    let best = clusters.first().filter(|c| c.all_public_pass)?;
    let ballots = refs.iter().filter(|(k, d)| d.code.is_some() && pool.runs.contains_key(k)).count();
    if best.drafts.len() * 2 > ballots {
        return Some(format!(
            "stopping early: {} of {ballots} drafts pass every public test and behave alike",
            best.drafts.len()
        ));
    }
    let passing: usize = clusters.iter().filter(|c| c.all_public_pass).map(|c| c.drafts.len()).sum();
    searching.then(|| format!("stopping: {passing} of {ballots} drafts pass every public test; further rounds only search while none does"))
}

/// The execution vote, with distinguishing inputs, and a passing
/// majority's programs told apart, when they are on.
pub(crate) async fn decide_by_running(
    s: &TeamRun<'_>,
    round: u32,
    pool: &Pool,
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Consensus> {
    let refs = pool.refs();
    let mut clusters = ranked_clusters(&refs, &pool.runs);
    let mut settled = None;
    if s.mechanisms.distinguish && !cancel.is_cancelled() {
        settled = settle(s, round, &mut clusters, &refs, events, cancel.clone()).await;
    }
    if s.mechanisms.split_majority && settled.is_none() && !cancel.is_cancelled() {
        settled = split_majority(s, round, &mut clusters, &refs, events, cancel).await;
    }
    let mut v = ExecutionVote::verdict(&clusters, &refs, &pool.runs)?;
    if let Decision::ExecutionVote { checked, settled: settled_by } = &mut v.decision {
        if s.problem.public_tests.is_empty() {
            *checked = Checked::InputsOnly;
        }
        if let Some(d) = settled {
            let ordered = |(a, b): (usize, usize)| if d.swapped { (b, a) } else { (a, b) };
            *settled_by =
                Some(Settled { inputs: d.inputs, agree: ordered(d.votes), predicted: d.predictions.map(ordered) });
        }
    }
    Some(v)
}
