//! What a client sees while the team works: one short line per thing that
//! happened (an agent done, its draft's tests, a round over, the vote),
//! streamed as `reasoning_content` so chat clients show it as thinking and
//! keep the connection alive. (The reply's usage is counted at the
//! backends, `model::counting`, so test inputs and aggregation count too.)

use crate::domain::test_result::{passed, TestVerdict};
use crate::domain::TeamEvent;

#[derive(Debug, Default)]
pub(crate) struct Progress {
    /// Whether any draft stopped at the token limit.
    pub(crate) any_length: bool,
}

impl Progress {
    /// The line for `event`, if it is worth one (token deltas are not).
    pub fn on(&mut self, event: &TeamEvent) -> Option<String> {
        match event {
            TeamEvent::TaskStarted { agents, sandbox, .. } => {
                let sandbox = sandbox.as_deref().map(|s| format!(", drafts run in the {s}")).unwrap_or_default();
                Some(format!("memdoor: {} agents at work{sandbox}\n", agents.len()))
            }
            TeamEvent::AgentDone { agent, round, draft } => {
                self.any_length |= draft.finish == crate::domain::FinishReason::Length;
                let code = if draft.code.is_some() { "a draft" } else { "no code" };
                Some(format!("round {round}: agent {agent} wrote {code} ({} tokens)\n", draft.usage.completion_tokens))
            }
            TeamEvent::AgentFailed { agent, round, error } => {
                let first = error.lines().next().unwrap_or("");
                Some(format!("round {round}: agent {agent} failed: {first}\n"))
            }
            TeamEvent::TestRun { agent, round, results } => {
                let ran = results.iter().filter(|r| r.verdict == TestVerdict::Ran).count();
                let judged = results.len() - ran;
                let mut line = format!("round {round}: agent {agent}'s draft");
                if judged > 0 {
                    line += &format!(" passed {}/{judged} tests", passed(results));
                }
                if ran > 0 {
                    line += &format!("{} ran on {ran} inputs", if judged > 0 { " and" } else { "" });
                }
                Some(line + "\n")
            }
            TeamEvent::RoundFinished { round } => Some(format!("round {round} done\n")),
            TeamEvent::Consensus(crate::domain::Consensus { decision, votes, agents, .. }) => {
                let agents = agents.iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
                Some(format!("consensus: {decision} · {votes} votes (agents {agents})\n"))
            }
            TeamEvent::Rejected { total } => {
                Some(format!("dropped {total} items from the shared memory that were not the team's\n"))
            }
            TeamEvent::TurnStarted { .. }
            | TeamEvent::AgentToken { .. }
            | TeamEvent::AgentRestarted { .. }
            | TeamEvent::MemoryEntry(_)
            | TeamEvent::TaskFinished { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Draft, FinishReason, TestResult, Usage};

    fn draft(tokens: usize, finish: FinishReason) -> Draft {
        let usage = Usage { prompt_tokens: 10, completion_tokens: tokens, ..Usage::default() };
        Draft {
            text: "```python\nx\n```".into(),
            code: Some("x".into()),
            finish,
            usage,
            repairs: Vec::new(),
            reasked: None,
        }
    }

    fn result(verdict: TestVerdict) -> TestResult {
        TestResult { verdict, got: None, key: None, error: None }
    }

    #[test]
    fn lines_say_what_happened_and_a_draft_at_the_limit_is_noted() {
        let mut p = Progress::default();
        assert_eq!(
            p.on(&TeamEvent::AgentDone { agent: 0, round: 1, draft: draft(30, FinishReason::Stop) }).unwrap(),
            "round 1: agent 0 wrote a draft (30 tokens)\n"
        );
        p.on(&TeamEvent::AgentDone { agent: 1, round: 2, draft: draft(12, FinishReason::Length) });
        assert!(p.any_length);
        let tests = vec![result(TestVerdict::Pass), result(TestVerdict::WrongAnswer), result(TestVerdict::Ran)];
        assert_eq!(
            p.on(&TeamEvent::TestRun { agent: 1, round: 2, results: tests }).unwrap(),
            "round 2: agent 1's draft passed 1/2 tests and ran on 1 inputs\n"
        );
        assert_eq!(p.on(&TeamEvent::AgentToken { agent: 0, round: 1, text: "x".into() }), None);
    }
}
