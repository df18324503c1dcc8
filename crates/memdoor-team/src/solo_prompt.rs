//! What an agent working alone is shown: a repair (its own draft and the
//! tests it failed, no teammate's draft to copy) and a fresh draft (the
//! problem alone, under another framing).

use super::prompt::{as_shown, failures_shown, MAX_DRAFT_CHARS};
use crate::domain::Framing;
use crate::judge::grade::TestResult;
use crate::memory::Entry;
use crate::model::Message;
use crate::problem::{Mode, Problem, TestCase};

const REPAIR_INSTRUCTIONS: &str =
    "Find the mistake and write the whole corrected solution as one ```python code block.";

/// Who wrote the draft a repair shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Whose {
    Own,
    /// A teammate's: the lead repairing the draft closest to passing.
    Teammate,
}

/// Messages for a repair: the problem, one draft and the tests it failed —
/// no other draft to copy (self-debugging). The draft is the agent's own,
/// or, for the lead, the team's draft closest to passing.
pub(crate) fn repair_messages(
    problem: &Problem,
    draft: Option<(&Entry, Whose)>,
    failures: &[(TestCase, TestResult)],
) -> Vec<Message> {
    let mut messages = problem.messages();
    let mut shown = match draft {
        Some((draft, Whose::Own)) => format!("Your previous draft:\n{}\n", as_shown(draft, MAX_DRAFT_CHARS)),
        Some((draft, Whose::Teammate)) => {
            format!("A teammate's draft, the closest to passing so far:\n{}\n", as_shown(draft, MAX_DRAFT_CHARS))
        }
        None => String::new(),
    };
    shown += &failures_shown(failures);
    let last = messages.last_mut().expect("a problem has a user message");
    last.content = format!("{}\n\n{shown}{REPAIR_INSTRUCTIONS}", last.content.trim_end());
    messages
}

/// Messages for a fresh draft: the problem alone (no teammate's draft to
/// copy), asked for under `framing`.
pub(crate) fn fresh_messages(problem: &Problem, framing: Framing) -> Vec<Message> {
    let mut messages = problem.messages();
    let ask = match framing {
        Framing::PlanFirst => "Before any code, write the steps of a simple, correct approach in two or three short lines. \
Then write the complete solution as one ```python code block."
            .to_string(),
        Framing::ExamplesFirst => "Before any code, check each example in the problem: say in one line how its output follows from its input. \
Then write the complete solution as one ```python code block."
            .to_string(),
        Framing::FormSpelledOut => format!("{} Write it as one complete ```python code block.", form_rule(problem)),
    };
    let last = messages.last_mut().expect("a problem has a user message");
    last.content = format!("{}\n\n{ask}", last.content.trim_end());
    messages
}

/// The form the judge runs, said plainly.
fn form_rule(problem: &Problem) -> String {
    match &problem.mode {
        Mode::Functional { fn_name } if !problem.starter_code.trim().is_empty() => {
            format!("Write the whole class Solution with its method {fn_name} exactly as in the starter code; the method returns the answer and neither reads input nor prints.")
        }
        Mode::Functional { fn_name } => {
            format!("Write the function {fn_name} with the arguments the problem gives; it returns the answer. Do not read input, print, or call it on examples.")
        }
        Mode::Stdin => "Write a whole program: read the input from standard input with input() (no prompt text), \
compute the answer and print only the answer. Do not run it on the examples."
            .into(),
        Mode::HumanEval { .. } => "Write the whole function, returning the answer.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::EntryKind;

    fn draft(agent: usize, code: &str) -> Entry {
        Entry::new("t", 1, Some(agent), EntryKind::Draft, code)
    }

    #[test]
    fn fresh_drafts_see_the_problem_and_a_framing_but_no_teammate() {
        let p = Problem::parse(r#"{"question_content": "Read n.", "question_id": "q"}"#).unwrap();
        let plan = fresh_messages(&p, Framing::PlanFirst);
        let form = fresh_messages(&p, Framing::FormSpelledOut);
        assert_eq!(plan.len(), p.messages().len());
        assert!(plan.last().unwrap().content.starts_with(p.messages().last().unwrap().content.trim_end()));
        assert!(plan.last().unwrap().content.contains("steps of a simple, correct approach"));
        assert!(form.last().unwrap().content.contains("standard input with input() (no prompt text)"));
        assert!(!plan.last().unwrap().content.contains("Teammate"));
    }

    #[test]
    fn a_repair_sees_its_own_draft_and_failures_and_no_teammate() {
        use crate::judge::grade::TestVerdict;
        let p = Problem::from_text("Write f.").unwrap();
        let memory = [draft(0, "def f(): return 0"), draft(1, "def f(): return 1")];
        let failed = (
            TestCase { input: "3".into(), output: Some("6".into()) },
            TestResult { verdict: TestVerdict::WrongAnswer, got: Some("0".into()), key: Some("0".into()), error: None },
        );
        let probe = (
            TestCase { input: "90".into(), output: None },
            TestResult::failed(TestVerdict::TimeLimit, "time limit".into()),
        );
        let text = repair_messages(&p, Some((&memory[0], Whose::Own)), &[failed.clone(), probe]).pop().unwrap().content;
        assert!(text.starts_with("Write f."));
        assert!(text.contains("Your previous draft:\n```python\ndef f(): return 0"), "{text}");
        assert!(text.contains("Input:\n3\nExpected:\n6\nGot:\n0\n"), "{text}");
        assert!(text.contains("On an input a teammate wrote, your draft ran out of time.\nInput:\n90\n"), "{text}");
        assert!(!text.contains("return 1") && !text.contains("Teammate"), "{text}");
        assert!(text.ends_with(REPAIR_INSTRUCTIONS));
        let lead = repair_messages(&p, Some((&memory[1], Whose::Teammate)), &[failed]).pop().unwrap().content;
        assert!(
            lead.contains("A teammate's draft, the closest to passing so far:\n```python\ndef f(): return 1"),
            "{lead}"
        );
        assert!(!lead.contains("Your previous draft") && !lead.contains("return 0"), "{lead}");
    }
}
