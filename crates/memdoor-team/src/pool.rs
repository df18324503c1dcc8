//! Every draft a session has written, with its runs on tests, and each
//! agent's latest: what a round plans from and the judge votes over.

use std::collections::BTreeMap;

use crate::domain::Draft;
use crate::judge::{DraftKey, DraftRun};

/// Every draft of the session, their runs, and each agent's latest.
#[derive(Default)]
pub(crate) struct Pool {
    pub drafts: Vec<(DraftKey, Draft)>,
    pub runs: BTreeMap<DraftKey, DraftRun>,
    pub(crate) latest: BTreeMap<usize, DraftKey>,
}

impl Pool {
    pub fn refs(&self) -> Vec<(DraftKey, &Draft)> {
        self.drafts.iter().map(|(k, d)| (*k, d)).collect()
    }

    /// The earlier draft of `agent` with this very code: not a new ballot.
    pub(crate) fn repeat_of(&self, agent: usize, code: Option<&String>) -> Option<DraftKey> {
        let code = code?.trim();
        self.drafts
            .iter()
            .find(|(k, d)| k.agent == agent && d.code.as_deref().map(str::trim) == Some(code))
            .map(|(k, _)| *k)
    }

    /// The run of `agent`'s latest draft, if it ran.
    pub(crate) fn latest_run(&self, agent: usize) -> Option<&DraftRun> {
        self.latest.get(&agent).and_then(|k| self.runs.get(k))
    }

    pub(crate) fn any_passed(&self) -> bool {
        self.drafts.iter().any(|(k, _)| self.runs.get(k).is_some_and(DraftRun::all_public_pass))
    }

    /// The draft with code that passes the most public tests (ties: the
    /// latest round, then the lowest agent), for the lead to repair; `None`
    /// when no draft ran on public tests.
    pub fn closest(&self) -> Option<DraftKey> {
        let passed =
            |k: &DraftKey| self.runs.get(k).filter(|r| !r.public.is_empty()).map(|r| crate::domain::passed(&r.public));
        self.drafts
            .iter()
            .filter(|(_, d)| d.code.is_some())
            .filter_map(|(k, _)| Some((passed(k)?, *k)))
            .max_by(|(pa, a), (pb, b)| pa.cmp(pb).then(a.round.cmp(&b.round)).then(b.agent.cmp(&a.agent)))
            .map(|(_, k)| k)
    }

    /// The latest draft of every agent (for strategies that read one each).
    pub(crate) fn latest_drafts(&self) -> Vec<(DraftKey, Draft)> {
        self.latest.values().filter_map(|k| self.drafts.iter().find(|(d, _)| d == k).cloned()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::grade::{TestResult, TestVerdict};

    fn draft(code: Option<&str>) -> Draft {
        Draft {
            text: String::new(),
            code: code.map(str::to_string),
            finish: crate::model::FinishReason::Stop,
            usage: Default::default(),
            repairs: Vec::new(),
            reasked: None,
        }
    }

    fn run(verdicts: &[TestVerdict]) -> DraftRun {
        DraftRun {
            public: verdicts.iter().map(|v| TestResult { verdict: *v, got: None, key: None, error: None }).collect(),
            extra: Vec::new(),
        }
    }

    #[test]
    fn the_closest_draft_passes_the_most_public_tests_and_has_code() {
        use TestVerdict::{Pass, WrongAnswer as Wrong};
        let key = |round, agent| DraftKey { round, agent };
        let mut pool = Pool::default();
        assert_eq!(pool.closest(), None);
        pool.drafts = vec![
            (key(1, 0), draft(Some("a"))),
            (key(1, 1), draft(Some("b"))),
            (key(1, 2), draft(None)),
            (key(2, 3), draft(Some("d"))),
        ];
        pool.runs.insert(key(1, 0), run(&[Wrong, Wrong]));
        pool.runs.insert(key(1, 1), run(&[Pass, Wrong]));
        pool.runs.insert(key(1, 2), run(&[Pass, Pass]));
        assert_eq!(pool.closest(), Some(key(1, 1)), "a draft with no code is none to repair");
        pool.runs.insert(key(2, 3), run(&[Wrong, Pass]));
        assert_eq!(pool.closest(), Some(key(2, 3)), "a tie goes to the later round");
        let mut unrun = Pool { drafts: vec![(key(1, 0), draft(Some("a")))], ..Pool::default() };
        unrun.runs.insert(key(1, 0), run(&[]));
        assert_eq!(unrun.closest(), None, "no public test ran");
    }
}
