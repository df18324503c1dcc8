//! The spine: everything that happens in a session is a `TeamEvent`. The
//! journal, `solve`'s view and `--json`, the TUI and the bench all read it.

use serde::{Deserialize, Serialize};

use super::decision::Decision;
use super::entry::Entry;
use super::test_result::{TestChange, TestResult};
use super::turn::Turn;
use super::usage::{FinishReason, Usage};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentInfo {
    pub agent: usize,
    pub model: String,
    pub temperature: f64,
    pub seed: u64,
    /// The agent's persona line, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

/// One agent's finished answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    /// The whole answer as the model wrote it.
    pub text: String,
    /// The code extracted from it (last fenced block), if any.
    pub code: Option<String>,
    pub finish: FinishReason,
    pub usage: Usage,
    /// Repairs of form made to `code` before it was judged (none: as written).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub repairs: Vec<Repair>,
    /// Set when this is the agent's second answer of the turn: its first held
    /// no code (why), so it was asked again (`team::placeholder`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasked: Option<NoCode>,
}

/// Why an answer is no draft (its code block holds no code; on a repository, no new change).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoCode {
    /// The block is empty.
    Empty,
    /// The block holds only a placeholder: `# YOUR CODE HERE`, or the stub
    /// of the prompt (headers, docstrings, `pass`) copied back.
    Placeholder,
    /// On a repository: the answer holds no edit in any form (prose alone).
    NoEdit,
    /// On a repository: the answer's code is the files' own, unchanged.
    Unchanged,
    /// On a repository: the answer's patch is one already judged in an earlier round.
    Repeated,
}

/// A repair of a draft's form that leaves its logic alone (`team::form`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Repair {
    /// A top-level `def f(self, …)` made a method of `class Solution`.
    WrappedInSolution,
    /// The starter's function name bound to the one function of that arity.
    RenamedFunction,
    /// Example calls with literal arguments left at the end of a stdin program.
    DroppedDemo,
    /// `input("prompt")`'s text, which would be printed, dropped.
    DroppedPromptText,
    /// A stdin program's demo call on a sample's input, written as a literal, made to read stdin.
    ReadsInput,
}

/// How one draft fared in the vote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DraftEvidence {
    pub agent: usize,
    /// The round the draft was written in (journals from before rounds were kept read as 0).
    #[serde(default)]
    pub round: u32,
    /// Index of the draft's cluster; `None` when it had no code to vote with.
    pub cluster: Option<usize>,
    /// Public tests passed, and run, when the draft was run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tests: Option<(usize, usize)>,
}

/// The answer the team stands behind, and why: chosen by the judge,
/// carried by `TeamEvent::Consensus`, kept by every view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Consensus {
    pub answer: String,
    /// How it was chosen (journals from before this was typed call it `strategy`).
    #[serde(alias = "strategy")]
    pub decision: Decision,
    pub cluster: usize,
    /// Drafts in the winning cluster (an agent's drafts of several rounds each count).
    pub votes: usize,
    /// Agents whose drafts are in the winning cluster.
    pub agents: Vec<usize>,
    pub evidence: Vec<DraftEvidence>,
    /// On a repository, the tests that tell the answer's patch apart —
    /// those it fixes, those failing with it, those it adds or removes —
    /// failures first, at most `MAX_TESTS_SHOWN` (what passes as before is
    /// counted in `evidence`). Empty for a problem.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tests: Vec<TestChange>,
    /// On a repository, other patches that stand — they break no test that
    /// passed — and change other definitions than the answer does, best
    /// first, at most `MAX_ALTERNATIVES`: a review's further findings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Alternative>,
}

/// Another patch beside a repository's answer (`Consensus::alternatives`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Alternative {
    pub patch: String,
    /// Its standing by the repository's tests (a `Decision::RepoTests`).
    pub decision: Decision,
    /// Agents who wrote this patch.
    pub agents: Vec<usize>,
    /// The tests that tell it apart, as `Consensus::tests`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tests: Vec<TestChange>,
}

/// Alternatives a consensus carries at most.
pub const MAX_ALTERNATIVES: usize = 4;

/// Tests a consensus lists at most (a run may name ten thousand).
pub const MAX_TESTS_SHOWN: usize = 200;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event")]
pub enum TeamEvent {
    TaskStarted {
        task: String,
        problem: String,
        agents: Vec<AgentInfo>,
        /// How drafts are run: "strong sandbox (bubblewrap)", "weak sandbox: …", or absent when nothing is run.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sandbox: Option<String>,
    },
    /// The agent begins its turn of `round` (its tokens follow).
    TurnStarted {
        agent: usize,
        round: u32,
        turn: Turn,
    },
    AgentToken {
        agent: usize,
        round: u32,
        text: String,
    },
    AgentDone {
        agent: usize,
        round: u32,
        draft: Draft,
    },
    AgentFailed {
        agent: usize,
        round: u32,
        error: String,
    },
    /// The agent's answer started over (its worker was lost); earlier tokens of this round are void.
    AgentRestarted {
        agent: usize,
        round: u32,
    },
    /// Something written into the shared memory (a draft, note, decision…).
    MemoryEntry(Entry),
    /// A draft was run on the problem's public tests.
    TestRun {
        agent: usize,
        round: u32,
        results: Vec<TestResult>,
    },
    /// Every agent has finished `round`.
    RoundFinished {
        round: u32,
    },
    /// The answer the team stands behind, and why (on the wire its fields
    /// sit beside `"event"`, as when they were the variant's own).
    Consensus(Consensus),
    TaskFinished {
        task: String,
        answer: Option<String>,
        elapsed_secs: f64,
    },
    /// Items read from the shared Redis (memory entries, workers' replies)
    /// and dropped this session because they were not the team's: forged,
    /// of another task, or malformed. `total` so far; sent when it grows.
    Rejected {
        total: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_tagged_json_lines() {
        let e = TeamEvent::AgentToken { agent: 2, round: 1, text: "def".into() };
        let line = serde_json::to_string(&e).unwrap();
        assert_eq!(line, r#"{"event":"AgentToken","agent":2,"round":1,"text":"def"}"#);
        assert_eq!(serde_json::from_str::<TeamEvent>(&line).unwrap(), e);
    }

    #[test]
    fn the_consensus_fields_sit_beside_the_tag_as_when_they_were_the_variants_own() {
        let c = Consensus {
            answer: "x".into(),
            decision: Decision::SelfConsistency,
            cluster: 0,
            votes: 2,
            agents: vec![0, 1],
            evidence: Vec::new(),
            tests: Vec::new(),
            alternatives: Vec::new(),
        };
        let line = serde_json::to_string(&TeamEvent::Consensus(c.clone())).unwrap();
        assert!(line.starts_with(r#"{"event":"Consensus","answer":"x","decision":"#), "{line}");
        assert!(line.ends_with(r#","cluster":0,"votes":2,"agents":[0,1],"evidence":[]}"#), "{line}");
        assert_eq!(serde_json::from_str::<TeamEvent>(&line).unwrap(), TeamEvent::Consensus(c));
    }
}
