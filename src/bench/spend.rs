//! Where a method's tokens went and what they bought: per round and kind of
//! team turn (propose; round 2's repairs, each fresh framing, …), the team's
//! side questions (test inputs, distinguishing inputs, predicted outputs,
//! aggregation), and sample-and-select's samples — drafts, drafts passing
//! every test, the problems where one did, those where one did and no
//! earlier round's draft had (what the turn bought), and tokens. A mechanism
//! that spends tokens and buys no passing draft shows here before any
//! ablation is run; set against the samples' row, it says whether the same
//! tokens on fresh samples would have bought more.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::domain::{NoCode, Turn};

/// One team draft as graded by the bench.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DraftRecord {
    pub round: u32,
    pub agent: usize,
    /// The turn that wrote it (absent if the team did not say).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub turn: Option<Turn>,
    pub tokens: usize,
    /// Its code is the agent's code of an earlier round, word for word (no new ballot).
    pub repeat: bool,
    /// Its code is a teammate's code of an earlier round, word for word.
    pub copy: bool,
    /// Passed every public test when the team ran it.
    pub(crate) public_pass: bool,
    /// Passes every test, public and private.
    pub pass: bool,
    /// The agent's first answer held no code (a placeholder): it was asked again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reasked: Option<NoCode>,
    /// The draft holds no code (none written, or a placeholder even when asked again).
    pub no_code: bool,
}

/// What one problem's methods spent, for the spend table.
pub(crate) struct ProblemSpend<'a> {
    pub drafts: &'a [DraftRecord],
    pub(crate) side_tokens: usize,
    pub samples: usize,
    pub(crate) samples_passing: usize,
    pub(crate) sample_tokens: usize,
}

#[derive(Debug, Default, Clone, Serialize, PartialEq)]
pub(crate) struct SpendRow {
    pub kind: String,
    pub drafts: usize,
    pub passing: usize,
    /// Problems where at least one of these drafts passed.
    pub problems: usize,
    /// Problems where one of these passed and no draft of an earlier round had.
    pub(crate) bought: usize,
    pub tokens: usize,
}

/// The spend table over a set: team turns by kind, side questions, samples.
pub(crate) fn spend_rows<'a>(problems: impl IntoIterator<Item = ProblemSpend<'a>>) -> Vec<SpendRow> {
    let mut by_turn: BTreeMap<String, SpendRow> = BTreeMap::new();
    let mut side = SpendRow { kind: "team: side questions (inputs, predictions)".into(), ..Default::default() };
    let mut samples = SpendRow { kind: "sample-and-select: samples".into(), ..Default::default() };
    for p in problems {
        // Per kind: whether one of its drafts passed, and the earliest round it did in.
        let mut passed_here: BTreeMap<String, Option<u32>> = BTreeMap::new();
        let first_pass = p.drafts.iter().filter(|d| d.pass).map(|d| d.round).min();
        for d in p.drafts {
            let turn = d.turn.map_or("turn not told", |t| t.label());
            let kind = if d.round <= 1 { format!("team: {turn}") } else { format!("team: round {}, {turn}", d.round) };
            let row =
                by_turn.entry(kind.clone()).or_insert_with(|| SpendRow { kind: kind.clone(), ..Default::default() });
            row.drafts += 1;
            row.passing += d.pass as usize;
            row.tokens += d.tokens;
            let here = passed_here.entry(kind).or_default();
            if d.pass {
                *here = Some(here.map_or(d.round, |r| r.min(d.round)));
            }
        }
        for (kind, round) in passed_here {
            let row = by_turn.get_mut(&kind).expect("counted above");
            row.problems += round.is_some() as usize;
            row.bought += (round.is_some() && round == first_pass) as usize;
        }
        side.tokens += p.side_tokens;
        samples.drafts += p.samples;
        samples.passing += p.samples_passing;
        samples.problems += (p.samples_passing > 0) as usize;
        samples.bought += (p.samples_passing > 0) as usize;
        samples.tokens += p.sample_tokens;
    }
    let mut rows: Vec<SpendRow> = by_turn.into_values().collect();
    rows.push(side);
    rows.push(samples);
    rows
}

/// Whether `code` was written in an earlier round than `round`, by `agent`
/// itself (`same_agent`: a repeat) or by another agent (a copy). Compared up
/// to surrounding whitespace, as the team's own check (`Pool::repeat_of`).
pub(crate) fn written_before(
    drafts: &[(u32, usize, Option<&str>)],
    round: u32,
    agent: usize,
    code: Option<&str>,
    same_agent: bool,
) -> bool {
    let Some(code) = code.map(str::trim) else { return false };
    drafts.iter().any(|(r, a, c)| *r < round && (*a == agent) == same_agent && c.map(str::trim) == Some(code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Framing;

    fn draft(round: u32, turn: Turn, tokens: usize, pass: bool) -> DraftRecord {
        DraftRecord {
            round,
            agent: 0,
            turn: Some(turn),
            tokens,
            repeat: false,
            copy: false,
            public_pass: pass,
            pass,
            reasked: None,
            no_code: false,
        }
    }

    #[test]
    fn a_repeat_or_copy_is_earlier_code_up_to_whitespace() {
        let drafts = [(1, 0, Some("print(1)\n")), (1, 1, Some("print(2)")), (2, 0, Some("print(2)  ")), (2, 1, None)];
        assert!(written_before(&drafts, 2, 0, Some("  print(1)"), true), "its own, trimmed");
        assert!(written_before(&drafts, 2, 0, Some("print(2)  "), false), "a teammate's");
        assert!(!written_before(&drafts, 2, 0, Some("print(2)"), true), "not its own earlier code");
        assert!(!written_before(&drafts, 1, 0, Some("print(1)"), true), "the same round is not earlier");
        assert!(!written_before(&drafts, 2, 1, None, true), "no code is never a repeat");
    }

    #[test]
    fn turns_are_summed_by_kind_and_problems_counted_once() {
        let fresh = Turn::Fresh(Framing::PlanFirst);
        let a = [
            draft(1, Turn::Propose, 100, false),
            draft(1, Turn::Propose, 50, false),
            draft(2, fresh, 80, true),
            draft(2, fresh, 70, true),
        ];
        let b = [draft(1, Turn::Propose, 30, true), draft(2, Turn::Refine, 40, false)];
        let rows = spend_rows([
            ProblemSpend { drafts: &a, side_tokens: 20, samples: 6, samples_passing: 0, sample_tokens: 320 },
            ProblemSpend { drafts: &b, side_tokens: 5, samples: 5, samples_passing: 2, sample_tokens: 75 },
        ]);
        let row = |k: &str| rows.iter().find(|r| r.kind == k).cloned().unwrap();
        let plan = row("team: round 2, fresh (plan first)");
        assert_eq!(
            (plan.drafts, plan.passing, plan.problems, plan.bought, plan.tokens),
            (2, 2, 1, 1, 150),
            "two passing drafts, one problem, none passed before"
        );
        let propose = row("team: propose");
        assert_eq!(
            (propose.drafts, propose.passing, propose.problems, propose.bought, propose.tokens),
            (3, 1, 1, 1, 180)
        );
        assert_eq!((row("team: round 2, refine").drafts, row("team: round 2, refine").problems), (1, 0));
        assert_eq!(row("team: side questions (inputs, predictions)").tokens, 25);
        let s = row("sample-and-select: samples");
        assert_eq!((s.drafts, s.passing, s.problems, s.tokens), (11, 2, 1, 395));
    }

    #[test]
    fn a_later_round_buys_only_problems_no_earlier_draft_passed() {
        let a = [draft(1, Turn::Propose, 10, true), draft(2, Turn::Repair, 10, true), draft(3, Turn::Repair, 10, true)];
        let b = [
            draft(1, Turn::Propose, 10, false),
            draft(2, Turn::Repair, 10, false),
            draft(3, Turn::Repair, 10, true),
            draft(3, Turn::RepairClosest, 10, true),
        ];
        let rows = spend_rows([
            ProblemSpend { drafts: &a, side_tokens: 0, samples: 0, samples_passing: 0, sample_tokens: 0 },
            ProblemSpend { drafts: &b, side_tokens: 0, samples: 0, samples_passing: 0, sample_tokens: 0 },
        ]);
        let row = |k: &str| rows.iter().find(|r| r.kind == k).cloned().unwrap();
        assert_eq!((row("team: propose").problems, row("team: propose").bought), (1, 1));
        assert_eq!(
            (row("team: round 2, repair").problems, row("team: round 2, repair").bought),
            (1, 0),
            "problem a passed in round 1"
        );
        assert_eq!((row("team: round 3, repair").problems, row("team: round 3, repair").bought), (2, 1));
        assert_eq!(row("team: round 3, repair (closest draft)").bought, 1, "two kinds in one round both bought it");
    }

    #[test]
    fn a_record_says_its_turn_in_its_own_fields() {
        let fresh = serde_json::to_value(draft(2, Turn::Fresh(Framing::ExamplesFirst), 9, true)).unwrap();
        assert_eq!(
            fresh,
            serde_json::json!({"round": 2, "agent": 0, "turn": "fresh", "framing": "examples_first", "tokens": 9, "repeat": false, "copy": false, "public_pass": true, "pass": true, "no_code": false})
        );
        let untold = DraftRecord { turn: None, ..draft(1, Turn::Propose, 3, false) };
        assert_eq!(
            serde_json::to_value(untold).unwrap(),
            serde_json::json!({"round": 1, "agent": 0, "tokens": 3, "repeat": false, "copy": false, "public_pass": false, "pass": false, "no_code": false})
        );
        let reasked = DraftRecord { reasked: Some(NoCode::Placeholder), ..draft(1, Turn::Propose, 3, false) };
        assert_eq!(serde_json::to_value(reasked).unwrap()["reasked"], "placeholder");
    }
}
