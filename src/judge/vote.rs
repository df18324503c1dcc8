//! Consensus by running the code: every draft runs on the public tests and
//! on the tests agents wrote; drafts that fail a public test are ruled out;
//! the rest are clustered by identical behaviour (their outputs on every
//! test) and each cluster is scored CodeT-style, drafts in it × tests it
//! passes (public and agent-written). Ties go to the lowest agent.
//! When every draft fails, the drafts passing the most tests stand, and the
//! verdict says that none passed.

use std::collections::BTreeMap;

use super::grade::{TestResult, Verdict as TestVerdict};
use super::Verdict;
use crate::event::{Draft, DraftEvidence};

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

fn passed(results: &[TestResult]) -> usize {
    results.iter().filter(|r| r.verdict == TestVerdict::Pass).count()
}

/// One draft's runs: on the public tests (with expected outputs), and on
/// the inputs agents proposed (outputs only, for telling behaviours apart).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DraftRun {
    pub public: Vec<TestResult>,
    pub extra: Vec<TestResult>,
}

pub struct ExecutionVote;

impl ExecutionVote {
    /// `runs`: each drafted agent's runs.
    pub fn decide(&self, drafts: &[(usize, Draft)], runs: &BTreeMap<usize, DraftRun>) -> Option<Verdict> {
        let none = DraftRun::default();
        let with_code: Vec<(usize, &Draft, &DraftRun)> = drafts
            .iter()
            .filter(|(_, d)| d.code.is_some())
            .map(|(a, d)| (*a, d, runs.get(a).unwrap_or(&none)))
            .collect();
        let best_passed = with_code.iter().map(|(_, _, r)| passed(&r.public)).max()?;
        let all_pass = |r: &DraftRun| !r.public.is_empty() && passed(&r.public) == r.public.len();
        let any_all_pass = with_code.iter().any(|(_, _, r)| all_pass(r));
        // Eligible: every public test passed; or, when none did, the best.
        let eligible = |r: &DraftRun| if any_all_pass { all_pass(r) } else { passed(&r.public) == best_passed };

        let mut clusters: Vec<(Vec<String>, Vec<usize>, String, usize)> = Vec::new();
        let mut cluster_of = BTreeMap::new();
        for (agent, draft, results) in &with_code {
            if !eligible(results) {
                continue;
            }
            let mut sig = behaviour(&results.public);
            sig.extend(behaviour(&results.extra));
            let idx = match clusters.iter().position(|(s, ..)| *s == sig) {
                Some(i) => i,
                None => {
                    clusters.push((sig, Vec::new(), draft.code.clone().unwrap_or_default(), passed(&results.public) + passed(&results.extra)));
                    clusters.len() - 1
                }
            };
            clusters[idx].1.push(*agent);
            cluster_of.insert(*agent, idx);
        }
        let score = |c: &(Vec<String>, Vec<usize>, String, usize)| c.1.len() * (c.3 + 1);
        let best = (0..clusters.len()).rev().max_by_key(|&i| score(&clusters[i]))?;
        let evidence = drafts
            .iter()
            .map(|(agent, _)| DraftEvidence {
                agent: *agent,
                cluster: cluster_of.get(agent).copied(),
                tests: runs.get(agent).map(|r| (passed(&r.public), r.public.len())),
            })
            .collect();
        let (_, agents, answer, _) = clusters.swap_remove(best);
        let strategy = if any_all_pass { "execution vote" } else { "execution vote (no draft passed every public test)" };
        Some(Verdict { answer, strategy: strategy.into(), cluster: best, agents, evidence })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FinishReason, Usage};

    fn draft(code: &str) -> Draft {
        Draft { text: String::new(), code: Some(code.into()), finish: FinishReason::Stop, usage: Usage::default() }
    }
    fn r(v: TestVerdict, key: &str) -> TestResult {
        TestResult { verdict: v, got: None, key: Some(key.into()), error: None }
    }
    use TestVerdict::{Pass, Ran, WrongAnswer};

    fn run(public: Vec<TestResult>) -> DraftRun {
        DraftRun { public, extra: Vec::new() }
    }

    #[test]
    fn a_public_failure_rules_a_draft_out_even_in_a_majority() {
        let drafts: Vec<(usize, Draft)> = (0..4).map(|a| (a, draft(&format!("v{a}")))).collect();
        let runs = BTreeMap::from([
            (0, run(vec![r(WrongAnswer, "1"), r(Pass, "2")])),
            (1, run(vec![r(WrongAnswer, "1"), r(Pass, "2")])),
            (2, run(vec![r(WrongAnswer, "1"), r(Pass, "2")])),
            (3, run(vec![r(Pass, "0"), r(Pass, "2")])),
        ]);
        let v = ExecutionVote.decide(&drafts, &runs).unwrap();
        assert_eq!((v.answer.as_str(), v.agents.clone()), ("v3", vec![3]));
        assert_eq!(v.strategy, "execution vote");
        assert_eq!(v.evidence[0].tests, Some((1, 2)));
        assert_eq!(v.evidence[0].cluster, None);
    }

    #[test]
    fn passing_drafts_cluster_by_behaviour_and_the_bigger_cluster_wins() {
        let drafts: Vec<(usize, Draft)> = (0..3).map(|a| (a, draft(&format!("v{a}")))).collect();
        let runs = BTreeMap::from([(0, run(vec![r(Pass, "a")])), (1, run(vec![r(Pass, "b")])), (2, run(vec![r(Pass, "b")]))]);
        let v = ExecutionVote.decide(&drafts, &runs).unwrap();
        assert_eq!(v.agents, vec![1, 2]);
        assert_eq!(v.answer, "v1");
    }

    #[test]
    fn agent_inputs_split_drafts_that_agree_on_the_public_tests() {
        let drafts: Vec<(usize, Draft)> = (0..3).map(|a| (a, draft(&format!("v{a}")))).collect();
        let with = |extra: &str| DraftRun { public: vec![r(Pass, "p")], extra: vec![r(Ran, extra)] };
        let runs = BTreeMap::from([(0, with("x")), (1, with("y")), (2, with("y"))]);
        let v = ExecutionVote.decide(&drafts, &runs).unwrap();
        assert_eq!(v.agents, vec![1, 2]);
    }

    #[test]
    fn agreeing_with_agent_written_tests_outweighs_a_bigger_cluster() {
        let drafts: Vec<(usize, Draft)> = (0..3).map(|a| (a, draft(&format!("v{a}")))).collect();
        let with = |extra: Vec<TestResult>| DraftRun { public: vec![r(Pass, "p")], extra };
        let runs = BTreeMap::from([
            (0, with(vec![r(Pass, "1"), r(Pass, "2"), r(Pass, "3")])),
            (1, with(vec![r(WrongAnswer, "9"), r(WrongAnswer, "9"), r(WrongAnswer, "9")])),
            (2, with(vec![r(WrongAnswer, "9"), r(WrongAnswer, "9"), r(WrongAnswer, "9")])),
        ]);
        // Agent 0 alone: 1 × (1 + 3 + 1) = 5 beats agents 1–2: 2 × (1 + 0 + 1) = 4.
        assert_eq!(ExecutionVote.decide(&drafts, &runs).unwrap().agents, vec![0]);
    }

    #[test]
    fn when_nothing_passes_the_best_stand_and_the_verdict_says_so() {
        let drafts = vec![(0, draft("a")), (1, draft("b"))];
        let runs = BTreeMap::from([(0, run(vec![r(WrongAnswer, "x"), r(WrongAnswer, "y")])), (1, run(vec![r(Pass, "x"), r(WrongAnswer, "z")]))]);
        let v = ExecutionVote.decide(&drafts, &runs).unwrap();
        assert_eq!(v.agents, vec![1]);
        assert!(v.strategy.contains("no draft passed"));
    }
}
