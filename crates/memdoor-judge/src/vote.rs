//! Consensus by running the code: every draft of every round runs on the
//! public tests and on the inputs agents wrote; drafts that fail a public
//! test are ruled out; the rest are clustered by identical behaviour (their
//! outputs on every test) and each cluster is scored CodeT-style, drafts in
//! it × (tests it passes + 1), public and agent-written. Ties go to the
//! cluster of the earliest draft. A draft is a ballot whatever its round, so
//! a repair that breaks a passing draft does not lose it.
//! When every draft fails, the drafts passing the most tests stand, and the
//! verdict says that none passed.

use std::collections::BTreeMap;

use super::grade::TestResult;
use crate::domain::Consensus;
use crate::domain::{passed, Checked, Decision, Draft, DraftEvidence};

/// One draft of the session: the round it was written in and its agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DraftKey {
    pub round: u32,
    pub agent: usize,
}

/// A draft's behaviour on the tests: what it printed or returned, or how it failed.
fn behaviour(results: &[TestResult]) -> Vec<String> {
    results
        .iter()
        .map(|r| match (&r.key, r.verdict) {
            (Some(k), _) => format!("={k}"),
            (None, v) => format!("!{v:?}"),
        })
        .collect()
}

/// One draft's runs: on the public tests (with expected outputs), and on
/// the inputs agents proposed (outputs only, for telling behaviours apart).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DraftRun {
    pub public: Vec<TestResult>,
    pub extra: Vec<TestResult>,
}

impl DraftRun {
    /// Every public test passed (and there was at least one).
    pub fn all_public_pass(&self) -> bool {
        !self.public.is_empty() && passed(&self.public) == self.public.len()
    }
}

/// Drafts that behave the same on every test.
#[derive(Debug, Clone, PartialEq)]
pub struct Cluster {
    /// Its drafts, earliest first.
    pub drafts: Vec<DraftKey>,
    /// The code of its earliest draft: the cluster's answer.
    pub answer: String,
    /// Tests (public and agent-written) its drafts pass.
    pub tests_passed: usize,
    /// Its drafts pass every public test.
    pub all_public_pass: bool,
}

impl Cluster {
    /// CodeT's dual agreement: drafts × (tests passed + 1).
    pub fn score(&self) -> usize {
        self.drafts.len() * (self.tests_passed + 1)
    }
}

pub struct ExecutionVote;

/// The eligible drafts' clusters, best first (ties to the earliest draft).
/// Eligible: every public test passed; or, when no draft did, the drafts
/// that passed the most. Drafts without code or runs are not ballots.
pub fn ranked_clusters(drafts: &[(DraftKey, &Draft)], runs: &BTreeMap<DraftKey, DraftRun>) -> Vec<Cluster> {
    let mut with_code: Vec<(DraftKey, &Draft, &DraftRun)> =
        drafts.iter().filter(|(_, d)| d.code.is_some()).filter_map(|(k, d)| runs.get(k).map(|r| (*k, *d, r))).collect();
    with_code.sort_by_key(|(k, ..)| *k);
    let Some(best_passed) = with_code.iter().map(|(_, _, r)| passed(&r.public)).max() else { return Vec::new() };
    let any_all_pass = with_code.iter().any(|(_, _, r)| r.all_public_pass());
    let eligible = |r: &DraftRun| if any_all_pass { r.all_public_pass() } else { passed(&r.public) == best_passed };
    let mut clusters: Vec<(Vec<String>, Cluster)> = Vec::new();
    for (key, draft, run) in with_code.iter().filter(|(_, _, r)| eligible(r)) {
        let mut sig = behaviour(&run.public);
        sig.extend(behaviour(&run.extra));
        match clusters.iter_mut().find(|(s, _)| *s == sig) {
            Some((_, c)) => c.drafts.push(*key),
            None => {
                let c = Cluster {
                    drafts: vec![*key],
                    answer: draft.code.clone().unwrap_or_default(),
                    tests_passed: passed(&run.public) + passed(&run.extra),
                    all_public_pass: run.all_public_pass(),
                };
                clusters.push((sig, c));
            }
        }
    }
    let mut clusters: Vec<Cluster> = clusters.into_iter().map(|(_, c)| c).collect();
    // Stable: equal scores keep the order of their earliest drafts.
    clusters.sort_by_key(|c| std::cmp::Reverse(c.score()));
    clusters
}

/// Distinct agents of `drafts`, in order.
pub fn agents_of(drafts: &[DraftKey]) -> Vec<usize> {
    let mut agents: Vec<usize> = drafts.iter().map(|k| k.agent).collect();
    agents.sort_unstable();
    agents.dedup();
    agents
}

impl ExecutionVote {
    /// The verdict for `clusters` (from `ranked_clusters`), the first winning.
    pub fn verdict(
        clusters: &[Cluster],
        drafts: &[(DraftKey, &Draft)],
        runs: &BTreeMap<DraftKey, DraftRun>,
    ) -> Option<Consensus> {
        let best = clusters.first()?;
        let evidence = drafts
            .iter()
            .map(|(key, _)| DraftEvidence {
                agent: key.agent,
                round: key.round,
                cluster: clusters.iter().position(|c| c.drafts.contains(key)),
                tests: runs.get(key).map(|r| (passed(&r.public), r.public.len())),
            })
            .collect();
        let checked = if best.all_public_pass { Checked::PublicTests } else { Checked::NoDraftPassed };
        Some(Consensus {
            answer: best.answer.clone(),
            decision: Decision::ExecutionVote { checked, settled: None },
            cluster: 0,
            agents: agents_of(&best.drafts),
            votes: best.drafts.len(),
            evidence,
            tests: Vec::new(),
            alternatives: Vec::new(),
        })
    }

    /// Ranks the clusters and returns the best one's verdict.
    pub fn decide(&self, drafts: &[(DraftKey, &Draft)], runs: &BTreeMap<DraftKey, DraftRun>) -> Option<Consensus> {
        Self::verdict(&ranked_clusters(drafts, runs), drafts, runs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{FinishReason, Usage};

    fn draft(code: &str) -> Draft {
        Draft {
            text: String::new(),
            code: Some(code.into()),
            finish: FinishReason::Stop,
            usage: Usage::default(),
            repairs: Vec::new(),
            reasked: None,
        }
    }
    fn r(v: crate::domain::TestVerdict, key: &str) -> TestResult {
        TestResult { verdict: v, got: None, key: Some(key.into()), error: None }
    }
    use crate::domain::TestVerdict::{Pass, Ran, WrongAnswer};

    fn run(public: Vec<TestResult>) -> DraftRun {
        DraftRun { public, extra: Vec::new() }
    }
    fn k(agent: usize) -> DraftKey {
        DraftKey { round: 1, agent }
    }
    /// Round-1 drafts `v0`, `v1`, … for `n` agents.
    fn drafts(n: usize) -> Vec<(DraftKey, Draft)> {
        (0..n).map(|a| (k(a), draft(&format!("v{a}")))).collect()
    }
    fn decide(drafts: &[(DraftKey, Draft)], runs: &BTreeMap<DraftKey, DraftRun>) -> Option<Consensus> {
        let refs: Vec<(DraftKey, &Draft)> = drafts.iter().map(|(k, d)| (*k, d)).collect();
        ExecutionVote.decide(&refs, runs)
    }

    #[test]
    fn a_public_failure_rules_a_draft_out_even_in_a_majority() {
        let runs = BTreeMap::from([
            (k(0), run(vec![r(WrongAnswer, "1"), r(Pass, "2")])),
            (k(1), run(vec![r(WrongAnswer, "1"), r(Pass, "2")])),
            (k(2), run(vec![r(WrongAnswer, "1"), r(Pass, "2")])),
            (k(3), run(vec![r(Pass, "0"), r(Pass, "2")])),
        ]);
        let v = decide(&drafts(4), &runs).unwrap();
        assert_eq!((v.answer.as_str(), v.agents.clone(), v.votes), ("v3", vec![3], 1));
        assert_eq!(v.decision, Decision::ExecutionVote { checked: Checked::PublicTests, settled: None });
        assert_eq!(v.evidence[0].tests, Some((1, 2)));
        assert_eq!(v.evidence[0].cluster, None);
    }

    #[test]
    fn passing_drafts_cluster_by_behaviour_and_the_bigger_cluster_wins() {
        let runs = BTreeMap::from([
            (k(0), run(vec![r(Pass, "a")])),
            (k(1), run(vec![r(Pass, "b")])),
            (k(2), run(vec![r(Pass, "b")])),
        ]);
        let v = decide(&drafts(3), &runs).unwrap();
        assert_eq!(v.agents, vec![1, 2]);
        assert_eq!(v.answer, "v1");
    }

    #[test]
    fn agent_inputs_split_drafts_that_agree_on_the_public_tests() {
        let with = |extra: &str| DraftRun { public: vec![r(Pass, "p")], extra: vec![r(Ran, extra)] };
        let runs = BTreeMap::from([(k(0), with("x")), (k(1), with("y")), (k(2), with("y"))]);
        assert_eq!(decide(&drafts(3), &runs).unwrap().agents, vec![1, 2]);
    }

    #[test]
    fn agreeing_with_agent_written_tests_outweighs_a_bigger_cluster() {
        let with = |extra: Vec<TestResult>| DraftRun { public: vec![r(Pass, "p")], extra };
        let runs = BTreeMap::from([
            (k(0), with(vec![r(Pass, "1"), r(Pass, "2"), r(Pass, "3")])),
            (k(1), with(vec![r(WrongAnswer, "9"), r(WrongAnswer, "9"), r(WrongAnswer, "9")])),
            (k(2), with(vec![r(WrongAnswer, "9"), r(WrongAnswer, "9"), r(WrongAnswer, "9")])),
        ]);
        // Agent 0 alone: 1 × (1 + 3 + 1) = 5 beats agents 1–2: 2 × (1 + 0 + 1) = 4.
        assert_eq!(decide(&drafts(3), &runs).unwrap().agents, vec![0]);
    }

    #[test]
    fn when_nothing_passes_the_best_stand_and_the_verdict_says_so() {
        let drafts = vec![(k(0), draft("a")), (k(1), draft("b"))];
        let runs = BTreeMap::from([
            (k(0), run(vec![r(WrongAnswer, "x"), r(WrongAnswer, "y")])),
            (k(1), run(vec![r(Pass, "x"), r(WrongAnswer, "z")])),
        ]);
        let v = decide(&drafts, &runs).unwrap();
        assert_eq!(v.agents, vec![1]);
        assert_eq!(v.decision, Decision::ExecutionVote { checked: Checked::NoDraftPassed, settled: None });
    }

    #[test]
    fn a_repair_that_breaks_a_passing_draft_does_not_lose_it() {
        // Agent 0 passed in round 1, then "repaired" its draft into a failing one.
        let r2 = DraftKey { round: 2, agent: 0 };
        let drafts = vec![(k(0), draft("good")), (k(1), draft("bad")), (r2, draft("broken"))];
        let runs = BTreeMap::from([
            (k(0), run(vec![r(Pass, "1")])),
            (k(1), run(vec![r(WrongAnswer, "2")])),
            (r2, run(vec![r(WrongAnswer, "3")])),
        ]);
        let v = decide(&drafts, &runs).unwrap();
        assert_eq!((v.answer.as_str(), v.decision.to_string().as_str()), ("good", "execution vote"));
        assert_eq!(
            v.evidence.iter().map(|e| (e.round, e.agent, e.cluster)).collect::<Vec<_>>(),
            vec![(1, 0, Some(0)), (1, 1, None), (2, 0, None)]
        );
    }

    #[test]
    fn drafts_of_every_round_are_ballots() {
        // Two round-2 drafts join agent 1's round-1 behaviour: three ballots beat two.
        let d = |round, agent| DraftKey { round, agent };
        let drafts = vec![
            (d(1, 0), draft("a")),
            (d(1, 1), draft("b")),
            (d(1, 2), draft("a2")),
            (d(2, 3), draft("b2")),
            (d(2, 4), draft("b3")),
        ];
        let runs = BTreeMap::from([
            (d(1, 0), run(vec![r(Pass, "x")])),
            (d(1, 2), run(vec![r(Pass, "x")])),
            (d(1, 1), run(vec![r(Pass, "y")])),
            (d(2, 3), run(vec![r(Pass, "y")])),
            (d(2, 4), run(vec![r(Pass, "y")])),
        ]);
        let v = decide(&drafts, &runs).unwrap();
        assert_eq!((v.answer.as_str(), v.votes, v.agents.clone()), ("b", 3, vec![1, 3, 4]));
    }
}
