//! Self-consistency: the answer most agents wrote. Drafts are grouped by their
//! code after dropping comments and blank lines and folding white space; the
//! biggest group wins, ties going to the group of the lowest agent.

use super::DraftKey;
use crate::domain::Consensus;
use crate::domain::{Decision, Draft, DraftEvidence};

/// Drops a `#` comment, leaving `#` inside string literals alone.
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some(_), _) if escaped => escaped = false,
            (Some(_), '\\') => escaped = true,
            (Some(q), c) if c == q => quote = None,
            (None, '\'' | '"') => quote = Some(c),
            (None, '#') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The grouping key: no comments, no blank lines, white space folded.
pub fn normalise(code: &str) -> String {
    code.lines()
        .map(|l| strip_comment(l).split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Picks the code most agents wrote; `None` when no draft has code.
pub fn self_consistency(drafts: &[(DraftKey, Draft)]) -> Option<Consensus> {
    let mut drafts: Vec<&(DraftKey, Draft)> = drafts.iter().collect();
    drafts.sort_by_key(|(key, _)| key.agent);
    // Clusters in order of their first (lowest) agent.
    let mut clusters: Vec<(String, Vec<usize>, String)> = Vec::new();
    let mut evidence = Vec::new();
    for (key, draft) in drafts {
        let (agent, round) = (&key.agent, key.round);
        let Some(code) = &draft.code else {
            evidence.push(DraftEvidence { agent: *agent, round, cluster: None, tests: None });
            continue;
        };
        let key = normalise(code);
        let idx = match clusters.iter().position(|(k, _, _)| *k == key) {
            Some(i) => i,
            None => {
                clusters.push((key, Vec::new(), code.clone()));
                clusters.len() - 1
            }
        };
        clusters[idx].1.push(*agent);
        evidence.push(DraftEvidence { agent: *agent, round, cluster: Some(idx), tests: None });
    }
    let best = (0..clusters.len()).rev().max_by_key(|&i| clusters[i].1.len())?;
    let (_, agents, answer) = clusters.swap_remove(best);
    Some(Consensus {
        answer,
        decision: Decision::SelfConsistency,
        cluster: best,
        votes: agents.len(),
        agents,
        evidence,
        tests: Vec::new(),
        alternatives: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{FinishReason, Usage};

    fn k(agent: usize) -> DraftKey {
        DraftKey { round: 1, agent }
    }
    fn draft(code: Option<&str>) -> Draft {
        Draft {
            text: String::new(),
            code: code.map(str::to_string),
            finish: FinishReason::Stop,
            usage: Usage::default(),
            repairs: Vec::new(),
            reasked: None,
        }
    }

    #[test]
    fn comments_and_white_space_do_not_split_a_cluster() {
        assert_eq!(normalise("def f(x):  # doc\n\n    return  x"), normalise("def f(x):\n  return x\n"));
        assert_eq!(normalise("s = '#not a comment'"), "s = '#not a comment'");
    }

    #[test]
    fn the_biggest_cluster_wins() {
        let drafts = vec![
            (k(0), draft(Some("a = 1"))),
            (k(1), draft(Some("b = 2"))),
            (k(2), draft(Some("b  = 2 # same"))),
            (k(3), draft(None)),
        ];
        let v = self_consistency(&drafts).unwrap();
        assert_eq!(v.answer, "b = 2");
        assert_eq!(v.agents, vec![1, 2]);
        assert_eq!(v.cluster, 1);
        assert_eq!(v.evidence[3], DraftEvidence { agent: 3, round: 1, cluster: None, tests: None });
    }

    #[test]
    fn ties_go_to_the_lowest_agent_and_no_code_means_no_verdict() {
        let drafts = vec![(k(1), draft(Some("b"))), (k(0), draft(Some("a")))];
        assert_eq!(self_consistency(&drafts).unwrap().agents, vec![0]);
        assert_eq!(self_consistency(&[(k(0), draft(None))]), None);
    }
}
