//! What an agent is asked to do in a round (`team::plan` decides it): the
//! panes, the journal and the bench say which turn wrote a draft.

use serde::{Deserialize, Serialize};

/// How a fresh draft is asked for: other framings make other programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Framing {
    /// The steps of an approach first, then the code.
    PlanFirst,
    /// The examples worked by hand first, then the code.
    ExamplesFirst,
    /// The program's form spelled out (stdin program or function only).
    FormSpelledOut,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "turn", content = "framing")]
pub enum Turn {
    /// The problem alone (round 1).
    Propose,
    /// The teammates' drafts and notes (and the user's feedback, if any).
    Refine,
    /// The agent's own draft and the tests it failed, nothing else.
    Repair,
    /// The lead's turn while no draft passes: the team's draft that passes
    /// the most public tests (its own or a teammate's) and the tests it failed.
    RepairClosest,
    /// The problem alone again, under another framing and a new seed (in
    /// round 1, with framed proposals on, an agent's first draft so asked).
    Fresh(Framing),
    /// Nothing this round: the agent's draft already passes every public test.
    Rest,
}

impl Turn {
    /// A short name for panes and reports: "propose", "repair", "fresh (plan first)".
    pub fn label(self) -> &'static str {
        match self {
            Turn::Propose => "propose",
            Turn::Refine => "refine",
            Turn::Repair => "repair",
            Turn::RepairClosest => "repair (closest draft)",
            Turn::Rest => "rests (passes)",
            Turn::Fresh(Framing::PlanFirst) => "fresh (plan first)",
            Turn::Fresh(Framing::ExamplesFirst) => "fresh (examples first)",
            Turn::Fresh(Framing::FormSpelledOut) => "fresh (form spelled out)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_tagged_json() {
        let fresh = Turn::Fresh(Framing::ExamplesFirst);
        let json = serde_json::to_string(&fresh).unwrap();
        assert_eq!(json, r#"{"turn":"fresh","framing":"examples_first"}"#);
        assert_eq!(serde_json::from_str::<Turn>(&json).unwrap(), fresh);
        assert_eq!(serde_json::to_string(&Turn::Refine).unwrap(), r#"{"turn":"refine"}"#);
        assert_eq!(serde_json::to_string(&Turn::RepairClosest).unwrap(), r#"{"turn":"repair_closest"}"#);
    }
}
