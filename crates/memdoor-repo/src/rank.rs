//! Which candidate patch the team stands behind, by the repository's tests
//! (#30 item 4): each candidate's run is read against the untouched tree's;
//! a candidate that breaks a test that passed before is ruled out; the rest
//! are ranked by the failing tests they fix (a candidate passing everything
//! first), clustered by their outcomes as the execution vote clusters
//! behaviours, and the cluster scoring drafts × (fixes + 1) wins, ties to
//! the earliest draft. A test the candidate adds is evidence, never a fix:
//! one that fails on the tree with the candidate's test files alone and
//! passes with the whole candidate reproduces the task (`reproductions`;
//! `team::patch_check` runs each on the teammates' code too). Among
//! candidates the repository's tests rank alike, the one passing the most
//! reproductions goes first. The answer carries the patches standing
//! beside it that change other definitions (`alternatives`): a review's
//! further findings.

use super::outcomes::TestOutcome;
use super::patch::FileTouch;
use super::testrun::TestReport;
use crate::domain::event::MAX_TESTS_SHOWN;
use crate::domain::{Alternative, Consensus, MAX_ALTERNATIVES};
use crate::domain::{Decision, DraftEvidence, TestChange};
use crate::judge::{agents_of, DraftKey};

/// One candidate's run read against the tree before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// Tests failing before that pass now.
    pub fixed: usize,
    /// Tests passing before that do not now (gone counts): never the answer.
    pub broken: Vec<String>,
    /// Tests failing now.
    pub failing: usize,
    /// Tests the run names.
    pub total: usize,
    /// The whole command passes: exit 0, no test failing.
    pub complete: bool,
    /// Outcomes were read on both runs.
    pub per_test: bool,
}

/// How `run` stands against `before` (the untouched tree's run).
pub fn standing(before: &TestReport, run: &TestReport) -> Standing {
    let passes = |o: &TestOutcome| matches!(o, TestOutcome::Pass);
    match (&before.outcomes, &run.outcomes) {
        (Some(b), Some(r)) => {
            let broken = b
                .iter()
                .filter(|(name, o)| passes(o) && !r.get(*name).is_some_and(passes))
                .map(|(name, _)| name.clone())
                .collect();
            let fixed = b.iter().filter(|(name, o)| o.failed() && r.get(*name).is_some_and(passes)).count();
            let failing = r.values().filter(|o| o.failed()).count();
            Standing { fixed, broken, failing, total: r.len(), complete: run.passed(), per_test: true }
        }
        (Some(b), None) => {
            // Nothing read: the run did not get as far as its tests (or hid them).
            let broken: Vec<String> = b.iter().filter(|(_, o)| passes(o)).map(|(n, _)| n.clone()).collect();
            let broken = if broken.is_empty() && before.passed() && !run.passed() {
                vec!["the test command".to_string()]
            } else {
                broken
            };
            Standing { fixed: 0, broken, failing: 1, total: 1, complete: false, per_test: false }
        }
        (None, _) => {
            let (was, is) = (before.passed(), run.passed());
            Standing {
                fixed: usize::from(!was && is),
                broken: if was && !is { vec!["the test command".to_string()] } else { Vec::new() },
                failing: usize::from(!is),
                total: 1,
                complete: is,
                per_test: false,
            }
        }
    }
}

/// A candidate for the vote: its key, its patch, its run.
pub struct Ballot<'a> {
    pub key: DraftKey,
    pub patch: &'a str,
    pub run: &'a TestReport,
    /// Reproductions that pass on it (tests agents added that fail without
    /// a change: its own, and its teammates' run on its code).
    pub reproductions: usize,
    /// What it changes (`patch::touches`): candidates changing other
    /// definitions than the answer are its alternatives.
    pub touched: &'a [FileTouch],
}

/// The tests a candidate adds that reproduce its task: absent from the
/// untouched tree's run (`before`), failing on the tree with its test files
/// alone (`alone`) — or missing there when that run failed as a whole (a
/// test file that cannot import what the change adds) — and passing with
/// the whole candidate (`run`). Evidence the change does what its author's
/// test says, never a fix of the repository's tests.
pub fn reproductions(before: &TestReport, alone: &TestReport, run: &TestReport) -> Vec<String> {
    let (Some(b), Some(r)) = (&before.outcomes, &run.outcomes) else { return Vec::new() };
    let failed_alone = |name: &str| match alone.outcomes.as_ref().and_then(|a| a.get(name)) {
        Some(o) => o.failed(),
        // Not read, or not reached: only a run that failed where the tree alone passes tells.
        None => !alone.passed() && before.passed(),
    };
    r.iter()
        .filter(|(name, o)| matches!(o, TestOutcome::Pass) && !b.contains_key(*name) && failed_alone(name))
        .map(|(name, _)| name.clone())
        .collect()
}

/// The answer by the repository's tests; `None` when every candidate broke
/// something that passed (or there is none).
pub fn decide(before: &TestReport, ballots: &[Ballot<'_>]) -> Option<Consensus> {
    let mut ballots: Vec<(&Ballot<'_>, Standing, usize)> =
        ballots.iter().map(|b| (b, standing(before, b.run), b.reproductions)).collect();
    ballots.sort_by_key(|(b, ..)| b.key);
    let eligible: Vec<&(&Ballot<'_>, Standing, usize)> =
        ballots.iter().filter(|(_, s, _)| s.broken.is_empty()).collect();
    let best = eligible.iter().map(|(_, s, r)| rank(s, *r)).max()?;
    // Clusters of alike outcomes among the best, in order of their earliest draft.
    let mut clusters: Vec<(String, Vec<DraftKey>, &Ballot<'_>, &Standing, usize)> = Vec::new();
    for (ballot, s, reproduced) in eligible.iter().filter(|(_, s, r)| rank(s, *r) == best) {
        let sig = signature(before, ballot.run);
        match clusters.iter_mut().find(|(other, ..)| *other == sig) {
            Some((_, keys, ..)) => keys.push(ballot.key),
            None => clusters.push((sig, vec![ballot.key], ballot, s, *reproduced)),
        }
    }
    let (index, (_, keys, winner, s, reproduced)) = clusters.iter().enumerate().max_by(|(ia, a), (ib, b)| {
        (a.1.len() * (a.3.fixed + 1)).cmp(&(b.1.len() * (b.3.fixed + 1))).then(ib.cmp(ia))
    })?;
    let failing_before = match &before.outcomes {
        Some(o) => o.values().filter(|o| o.failed()).count(),
        None => usize::from(!before.passed()),
    };
    let standing_of = |s: &Standing, reproduced: usize| Decision::RepoTests {
        fixed: s.fixed,
        failing_before,
        failing_after: s.failing,
        per_test: s.per_test,
        reproduced,
    };
    let alternatives =
        alternatives(&eligible, winner).into_iter().map(|(ballot, s, reproduced, writers)| Alternative {
            patch: ballot.patch.to_string(),
            decision: standing_of(s, reproduced),
            agents: agents_of(&writers),
            tests: test_changes(before, ballot.run),
        });
    let alternatives = alternatives.collect();
    let evidence = ballots
        .iter()
        .map(|(b, st, _)| DraftEvidence {
            agent: b.key.agent,
            round: b.key.round,
            cluster: clusters.iter().position(|(_, keys, ..)| keys.contains(&b.key)),
            tests: Some((st.total - st.failing.min(st.total), st.total)),
        })
        .collect();
    Some(Consensus {
        answer: winner.patch.to_string(),
        decision: standing_of(s, *reproduced),
        cluster: index,
        agents: agents_of(keys),
        votes: keys.len(),
        evidence,
        tests: test_changes(before, winner.run),
        alternatives,
    })
}

/// How a candidate ranks: the repository's tests first (the whole command
/// passing, then fixes); reproductions only among those they rank alike.
fn rank(s: &Standing, reproduced: usize) -> (bool, usize, usize) {
    (s.complete, s.fixed, reproduced)
}

/// The candidates standing beside the answer (`winner`) that change other
/// definitions than it does: per set of definitions changed (`Ballot::touched`)
/// the best there by the tests, then the patch most drafts wrote, then the
/// earliest; best first, at most `MAX_ALTERNATIVES`. Each with its standing,
/// reproductions, and the drafts that wrote its patch.
fn alternatives<'b>(
    eligible: &[&'b (&'b Ballot<'b>, Standing, usize)],
    winner: &Ballot<'_>,
) -> Vec<(&'b Ballot<'b>, &'b Standing, usize, Vec<DraftKey>)> {
    let place = |b: &Ballot<'_>| -> Vec<(String, Vec<String>)> {
        b.touched.iter().map(|t| (t.path.clone(), t.definitions.clone())).collect()
    };
    let writers = |patch: &str| -> Vec<DraftKey> {
        eligible.iter().filter(|(b, ..)| b.patch == patch).map(|(b, ..)| b.key).collect()
    };
    let answer_place = place(winner);
    // Per place: (place, rank, drafts writing it, the candidate).
    type Slot<'b> = (Vec<(String, Vec<String>)>, (bool, usize, usize), usize, &'b (&'b Ballot<'b>, Standing, usize));
    let mut elsewhere: Vec<Slot<'b>> = Vec::new();
    for &e in eligible {
        let (ballot, s, reproduced) = (e.0, &e.1, e.2);
        let here = place(ballot);
        if ballot.patch == winner.patch || here == answer_place {
            continue;
        }
        let (rank, votes) = (rank(s, reproduced), writers(ballot.patch).len());
        match elsewhere.iter_mut().find(|(p, ..)| *p == here) {
            Some(slot) if (rank, votes) > (slot.1, slot.2) => *slot = (here, rank, votes, e),
            Some(_) => {}
            None => elsewhere.push((here, rank, votes, e)),
        }
    }
    elsewhere.sort_by(|a, b| (b.1, b.2).cmp(&(a.1, a.2)).then(a.3 .0.key.cmp(&b.3 .0.key)));
    elsewhere
        .into_iter()
        .take(MAX_ALTERNATIVES)
        .map(|(.., (ballot, s, reproduced))| (*ballot, s, *reproduced, writers(ballot.patch)))
        .collect()
}

/// The tests that tell `run` apart from `before`: failing with the patch
/// first, then those it fixes, then the rest that changed (added, gone,
/// skipped); at most `MAX_TESTS_SHOWN`. None when either run's outcomes
/// were not read.
pub fn test_changes(before: &TestReport, run: &TestReport) -> Vec<TestChange> {
    let (Some(b), Some(r)) = (&before.outcomes, &run.outcomes) else { return Vec::new() };
    let added = r.keys().filter(|name| !b.contains_key(*name));
    let mut changes: Vec<TestChange> = b
        .keys()
        .chain(added)
        .map(|name| TestChange { name: name.clone(), before: b.get(name).copied(), after: r.get(name).copied() })
        .filter(|t| t.before != t.after || t.after.is_some_and(TestOutcome::failed))
        .collect();
    changes.sort_by_key(|t| match t.after {
        Some(o) if o.failed() => 0,
        None => 0,
        _ if t.fixed() => 1,
        _ => 2,
    });
    changes.truncate(MAX_TESTS_SHOWN);
    changes
}

/// A run's outcomes of the tests the untouched tree has, as one comparable
/// string (the exit status when none were read): tests a candidate adds
/// are its own, named as it likes, and would make every cluster one patch.
fn signature(before: &TestReport, run: &TestReport) -> String {
    match (&before.outcomes, &run.outcomes) {
        (Some(b), Some(o)) => {
            o.iter().filter(|(n, _)| b.contains_key(*n)).map(|(n, o)| format!("{n}={o:?}\n")).collect()
        }
        (None, Some(o)) => o.iter().map(|(n, o)| format!("{n}={o:?}\n")).collect(),
        (_, None) => format!("{:?}", run.status),
    }
}

#[cfg(test)]
#[path = "rank_tests.rs"]
mod tests;
