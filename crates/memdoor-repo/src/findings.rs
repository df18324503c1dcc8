//! A review's findings (#30 item 6): the team's answer and each patch that
//! stands beside it changing something else (`Consensus::alternatives`),
//! every one said with what it changes and what the tests said of it, then
//! its patch. The headers are `#` lines, which `git apply` reads past; a
//! finding's patch applies alone (two findings may change one file).

use super::patch::{touches_line, FileTouch};
use crate::domain::{Consensus, Decision};

/// Tests a finding lists at most under its header.
const TESTS_LISTED: usize = 10;

/// The findings of a review, as `memdoor review` prints them: each header,
/// then its patch. `touched` says what a patch changes (none known: only
/// its standing is said); `judged_by` is the test command, when one ran.
pub fn findings_text(v: &Consensus, touched: impl Fn(&str) -> Vec<FileTouch>, judged_by: Option<&str>) -> String {
    let first = (v.answer.as_str(), &v.decision, v.agents.as_slice(), v.tests.as_slice());
    let others =
        v.alternatives.iter().map(|a| (a.patch.as_str(), &a.decision, a.agents.as_slice(), a.tests.as_slice()));
    let all: Vec<_> = std::iter::once(first).chain(others).collect();
    let mut out = String::new();
    for (i, (patch, decision, agents, tests)) in all.iter().enumerate() {
        let who = agents.iter().map(|a| format!("A{a}")).collect::<Vec<_>>().join(", ");
        let whose = if i == 0 { "the team's answer" } else { "another that breaks nothing" };
        let mut header = format!("Finding {} of {}, {whose} ({who})", i + 1, all.len());
        let what = touches_line(&touched(patch));
        if !what.is_empty() {
            header += &format!(": changes {what}");
        }
        if i > 0 {
            out.push('\n');
        }
        out += &comment(&header);
        out += &comment(&judgement(decision, judged_by));
        for t in tests.iter().take(TESTS_LISTED) {
            out += &comment(&format!("  {} {}  {}", t.mark(), t.name, t.how()));
        }
        if tests.len() > TESTS_LISTED {
            out += &comment(&format!("  … and {} more tests it changes", tests.len() - TESTS_LISTED));
        }
        out += patch.trim_end();
        out.push('\n');
    }
    out
}

/// What the tests said of a finding: the command and the decision's words.
fn judgement(decision: &Decision, judged_by: Option<&str>) -> String {
    match judged_by {
        Some(cmd) => format!("judged by `{cmd}`: {decision}"),
        None => format!("{decision}"),
    }
}

/// `text` as one `#` line: a test's name or a command is the repository's
/// text, and a line break in it must not start a line `git apply` reads.
fn comment(text: &str) -> String {
    let flat: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    format!("# {flat}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Alternative, TestChange, TestOutcome};

    /// A finding's header lists `t`.
    fn listed(text: &str, t: &TestChange) -> bool {
        text.lines().any(|l| l.starts_with('#') && l.contains(&t.name) && l.contains(t.how()))
    }

    fn decision(fixed: usize) -> Decision {
        Decision::RepoTests { fixed, failing_before: 1, failing_after: 1 - fixed, per_test: true, reproduced: 0 }
    }

    #[test]
    fn each_finding_says_what_it_changes_and_what_the_tests_said_then_its_patch() {
        let fixed = TestChange {
            name: "t.py::test_add".into(),
            before: Some(TestOutcome::Fail),
            after: Some(TestOutcome::Pass),
        };
        let v = Consensus {
            answer: "diff --git a/calc.py b/calc.py\n+fix\n".into(),
            decision: decision(1),
            cluster: 0,
            votes: 2,
            agents: vec![0, 2],
            evidence: Vec::new(),
            tests: vec![fixed.clone()],
            alternatives: vec![Alternative {
                patch: "diff --git a/calc.py b/calc.py\n+other\n".into(),
                decision: decision(0),
                agents: vec![1],
                tests: Vec::new(),
            }],
        };
        let touched = |patch: &str| {
            let definitions = if patch.contains("+fix") { vec!["add".to_string()] } else { vec!["double".to_string()] };
            vec![FileTouch { path: "calc.py".into(), definitions, added: 1, removed: 1, created: false }]
        };
        let text = findings_text(&v, touched, Some("pytest\n-q"));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "# Finding 1 of 2, the team's answer (A0, A2): changes calc.py: add (+1 −1)");
        assert!(lines[1].starts_with("# judged by `pytest -q`: the repository's tests: fixes 1 of 1"), "{}", lines[1]);
        assert!(listed(&text, &fixed));
        assert_eq!(lines[3], "diff --git a/calc.py b/calc.py");
        let second = lines.iter().position(|l| l.starts_with("# Finding 2 of 2")).unwrap();
        assert_eq!(
            lines[second],
            "# Finding 2 of 2, another that breaks nothing (A1): changes calc.py: double (+1 −1)"
        );
        assert!(lines[second + 1].contains("(unverified: no test shows the change)"), "{}", lines[second + 1]);
        assert_eq!(lines[second + 2..], ["diff --git a/calc.py b/calc.py", "+other"]);
    }
}
