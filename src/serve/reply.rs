//! The team's answer as an assistant message: the consensus as fenced code,
//! then one line that says how it was chosen and how far it was checked —
//! so a client that shows only `content` still sees whether the answer ran.

use crate::domain::Consensus;
use crate::problem::Problem;

use super::wire::WireFinish;

/// The reply's text for the team's verdict (`None`: nothing to stand behind).
pub(crate) fn answer_text(verdict: Option<&Consensus>, problem: &Problem) -> String {
    let Some(v) = verdict else {
        return "memdoor: no agent wrote code the team could stand behind.".into();
    };
    let lang = if problem.livecodebench || !problem.public_tests.is_empty() || looks_like_python(&v.answer) {
        "python"
    } else {
        ""
    };
    let code = v.answer.trim_end();
    format!("```{lang}\n{code}\n```\n\n{}", verdict_line(v))
}

/// `memdoor: execution vote · 3 votes (agents 0, 2, 4) · passed 2/2 public tests`.
pub(crate) fn verdict_line(v: &Consensus) -> String {
    let agents = v.agents.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
    let mut line = format!("memdoor: {} · {} votes (agents {agents})", v.decision, v.votes);
    let tests = v
        .evidence
        .iter()
        .filter(|e| e.cluster == Some(v.cluster))
        .filter_map(|e| e.tests)
        .max_by_key(|&(passed, _)| passed);
    if let Some((passed, run)) = tests.filter(|&(_, run)| run > 0) {
        line += &format!(" · passed {passed}/{run} public tests");
    }
    line
}

/// `length` only when the team has nothing to stand behind and a draft ran
/// out of tokens (the limit, not the team, ended it); `stop` otherwise.
pub fn finish_reason(verdict: Option<&Consensus>, any_draft_hit_length: bool) -> WireFinish {
    match verdict {
        None if any_draft_hit_length => WireFinish::Length,
        _ => WireFinish::Stop,
    }
}

fn looks_like_python(code: &str) -> bool {
    code.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("def ")
            || l.starts_with("class ")
            || l.starts_with("import ")
            || l.starts_with("from ")
            || l.starts_with("print(")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Checked, Decision, DraftEvidence};

    fn verdict() -> Consensus {
        let evidence = vec![
            DraftEvidence { agent: 0, round: 1, cluster: Some(0), tests: Some((1, 2)) },
            DraftEvidence { agent: 2, round: 1, cluster: Some(0), tests: Some((2, 2)) },
            DraftEvidence { agent: 1, round: 1, cluster: Some(1), tests: Some((0, 2)) },
        ];
        let decision = Decision::ExecutionVote { checked: Checked::PublicTests, settled: None };
        Consensus {
            answer: "def f():\n    return 1\n".into(),
            decision,
            cluster: 0,
            agents: vec![0, 2],
            votes: 2,
            evidence,
            tests: Vec::new(),
            alternatives: Vec::new(),
        }
    }

    #[test]
    fn the_answer_is_fenced_code_and_one_line_of_how_it_was_chosen() {
        let problem = Problem::from_text("Write f.").unwrap();
        let text = answer_text(Some(&verdict()), &problem);
        assert_eq!(text, "```python\ndef f():\n    return 1\n```\n\nmemdoor: execution vote · 2 votes (agents 0, 2) · passed 2/2 public tests");
        assert!(answer_text(None, &problem).contains("no agent wrote code"));
    }

    #[test]
    fn length_is_reported_only_when_the_limit_left_nothing() {
        assert_eq!(finish_reason(None, true), WireFinish::Length);
        assert_eq!(finish_reason(None, false), WireFinish::Stop);
        assert_eq!(finish_reason(Some(&verdict()), true), WireFinish::Stop);
    }
}
