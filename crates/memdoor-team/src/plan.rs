//! Which turn each agent takes in a round. Round 1 proposes (with framed
//! proposals on, every agent but the greedy agent 0 under a framing). In later
//! rounds, when drafts run on tests, each agent's own standing decides: an
//! agent whose draft passes every public test rests (its draft is already a
//! ballot; redrawing it would spend tokens on a copy); one whose draft fails
//! repairs it from the tests it failed, alone — shown its teammates' drafts,
//! small models copied one word for word, which adds no independent ballot.
//! While nothing passes, every agent draws a fresh draft instead, under
//! another framing and a new seed, each round: on the problems where no
//! first draft passed (Qwen2.5-Coder, both sets), fresh drafts passed 7
//! times in 44 and repairs 3 in 66 — repairs fewer per token than plain
//! samples, fresh drafts more. With early stop on and repairs after a pass
//! off (the defaults), the team stops at the round where a draft first
//! passes, so repairs are drawn only with one of those flipped
//! (`--ablate`), or with fresh drafts off. With nothing to run, or after
//! the user's feedback, every agent refines from the teammates' drafts and
//! notes.
//! A team's lead (in a mixed team, the bigger model) does what small models
//! do badly while nothing passes: it repairs the draft closest to passing,
//! whoever wrote it, while the others draw fresh.

use crate::domain::{Framing, Turn};

/// What the rounds before left for planning this one.
#[derive(Debug, Clone, Copy)]
pub struct Standing {
    /// Some draft so far passed every public test.
    pub(crate) any_passed: bool,
    /// Drafts are run on tests (otherwise nothing says a draft failed).
    pub(crate) runnable: bool,
    /// The user re-prompted: every agent takes the feedback into account.
    pub(crate) reprompted: bool,
    /// Which mechanisms are on.
    pub fresh_drafts: bool,
    pub framed_proposals: bool,
    pub repair_prompts: bool,
    pub early_stop: bool,
    pub lead_roles: bool,
    /// Some draft with code ran on the public tests (one the lead can repair).
    pub closest: bool,
}

/// The agent's own latest draft.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Own {
    /// It passes every public test.
    pub passes: bool,
    /// The agent is the team's lead.
    pub lead: bool,
}

// Neighbours get different framings, and each round moves an agent's on:
// in round 2 agents 0 and 3 spell the form out, 1 and 4 plan first, 2 works
// the examples first; framed proposals (round 1) give 1 and 4 the form, 2
// the plan and 3 the examples.
const FRAMINGS: [Framing; 3] = [Framing::PlanFirst, Framing::ExamplesFirst, Framing::FormSpelledOut];

/// Agent `agent`'s turn in `round`, given its own draft and the team's standing.
pub(crate) fn plan_turn(agent: usize, round: u32, own: Own, standing: Standing) -> Turn {
    if round <= 1 {
        // Agent 0 keeps the plain prompt: its greedy answer is the single
        // agent every team figure is measured beside. Where nothing runs, no
        // later round draws fresh either (a framing's form may not be the task's).
        if standing.framed_proposals && standing.runnable && agent != 0 {
            return Turn::Fresh(framing(agent, round));
        }
        return Turn::Propose;
    }
    if !standing.runnable || standing.reprompted {
        return Turn::Refine;
    }
    if own.passes && standing.early_stop {
        return Turn::Rest;
    }
    // Without repair prompts there is no failing test to show: the teammates' drafts instead.
    let mend = if standing.repair_prompts { Turn::Repair } else { Turn::Refine };
    if !standing.fresh_drafts || standing.any_passed {
        return mend;
    }
    if own.lead && standing.lead_roles && standing.repair_prompts && standing.closest {
        return Turn::RepairClosest;
    }
    Turn::Fresh(framing(agent, round))
}

fn framing(agent: usize, round: u32) -> Framing {
    FRAMINGS[(agent + round as usize) % FRAMINGS.len()]
}

/// A fresh draft's seed: the agent's own, moved by the round, so the same
/// agent never redraws the same sample.
pub(crate) fn fresh_seed(seed: u64, round: u32) -> u64 {
    seed.wrapping_add(1000 * round as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAILING: Standing = Standing {
        any_passed: false,
        runnable: true,
        reprompted: false,
        fresh_drafts: true,
        framed_proposals: false,
        repair_prompts: true,
        early_stop: true,
        lead_roles: true,
        closest: true,
    };
    const FAILS: Own = Own { passes: false, lead: false };
    const PASSES: Own = Own { passes: true, lead: false };
    const LEAD_FAILS: Own = Own { passes: false, lead: true };

    #[test]
    fn round_one_proposes_a_passing_draft_rests_and_a_failing_one_repairs() {
        assert_eq!(plan_turn(3, 1, FAILS, FAILING), Turn::Propose);
        let passed = Standing { any_passed: true, ..FAILING };
        assert_eq!(plan_turn(1, 2, PASSES, passed), Turn::Rest);
        assert!((0..5).all(|a| plan_turn(a, 2, FAILS, passed) == Turn::Repair), "alone, from its failed tests");
        let no_stop = Standing { early_stop: false, ..passed };
        assert_eq!(plan_turn(1, 2, PASSES, no_stop), Turn::Repair, "with early stop off every agent works");
        let no_repair = Standing { repair_prompts: false, ..passed };
        assert_eq!(plan_turn(1, 2, FAILS, no_repair), Turn::Refine);
    }

    #[test]
    fn with_nothing_passing_every_agent_draws_fresh_each_round_under_a_new_framing() {
        let round2: Vec<Turn> = (0..5).map(|a| plan_turn(a, 2, FAILS, FAILING)).collect();
        let framings = [
            Framing::FormSpelledOut,
            Framing::PlanFirst,
            Framing::ExamplesFirst,
            Framing::FormSpelledOut,
            Framing::PlanFirst,
        ];
        assert_eq!(round2, framings.map(Turn::Fresh));
        let round3: Vec<Turn> = (0..5).map(|a| plan_turn(a, 3, FAILS, FAILING)).collect();
        for a in 0..5 {
            assert!(matches!(round3[a], Turn::Fresh(_)) && round3[a] != round2[a], "agent {a}: {round3:?}");
        }
    }

    #[test]
    fn framed_proposals_frame_every_first_draft_but_the_greedy_agents_and_move_on_in_round_two() {
        let framed = Standing { framed_proposals: true, ..FAILING };
        let round1: Vec<Turn> = (0..5).map(|a| plan_turn(a, 1, FAILS, framed)).collect();
        let framings = [Framing::FormSpelledOut, Framing::PlanFirst, Framing::ExamplesFirst, Framing::FormSpelledOut];
        assert_eq!(round1[0], Turn::Propose, "agent 0's greedy draft stays the single agent's");
        assert_eq!(round1[1..], framings.map(Turn::Fresh));
        assert_eq!(plan_turn(0, 1, LEAD_FAILS, framed), Turn::Propose, "the mixed team's lead, agent 0, too");
        for (a, first) in round1.iter().enumerate().skip(1) {
            assert_ne!(plan_turn(a, 2, FAILS, framed), *first, "agent {a}: round 2 moves the framing on");
        }
        assert!((0..5).all(|a| plan_turn(a, 1, FAILS, FAILING) == Turn::Propose), "off: the plain prompt");
        let unrunnable = Standing { runnable: false, ..framed };
        assert!((0..5).all(|a| plan_turn(a, 1, FAILS, unrunnable) == Turn::Propose), "nothing to run: plain");
        let passed = Standing { any_passed: true, ..framed };
        assert_eq!(plan_turn(2, 2, PASSES, passed), Turn::Rest, "later rounds as without");
    }

    #[test]
    fn fresh_framings_differ_between_neighbours_and_nothing_to_run_or_feedback_means_refine() {
        assert_ne!(plan_turn(1, 2, FAILS, FAILING), plan_turn(3, 2, FAILS, FAILING));
        let off = Standing { fresh_drafts: false, ..FAILING };
        assert!((0..5).all(|a| plan_turn(a, 2, FAILS, off) == Turn::Repair));
        let unrunnable = Standing { runnable: false, ..FAILING };
        assert_eq!(plan_turn(1, 2, PASSES, unrunnable), Turn::Refine);
        let reprompted = Standing { reprompted: true, any_passed: true, ..FAILING };
        assert_eq!(plan_turn(1, 2, PASSES, reprompted), Turn::Refine, "the user's feedback reaches every agent");
        assert_ne!(fresh_seed(42, 2), fresh_seed(42, 3));
    }

    #[test]
    fn while_nothing_passes_the_lead_repairs_the_closest_draft_and_otherwise_works_like_the_others() {
        assert_eq!(plan_turn(0, 1, LEAD_FAILS, FAILING), Turn::Propose, "the lead proposes too");
        assert_eq!(plan_turn(0, 2, LEAD_FAILS, FAILING), Turn::RepairClosest);
        assert_eq!(plan_turn(0, 3, LEAD_FAILS, FAILING), Turn::RepairClosest);
        assert!(matches!(plan_turn(1, 2, FAILS, FAILING), Turn::Fresh(_)), "the others draw fresh");
        let passed = Standing { any_passed: true, ..FAILING };
        assert_eq!(plan_turn(0, 2, LEAD_FAILS, passed), Turn::Repair, "once a draft passes, its own");
        assert_eq!(plan_turn(0, 2, Own { passes: true, lead: true }, passed), Turn::Rest);
        let off = Standing { lead_roles: false, ..FAILING };
        assert!(matches!(plan_turn(0, 2, LEAD_FAILS, off), Turn::Fresh(_)), "roles off: a lead drafts like the others");
        let no_repair = Standing { repair_prompts: false, ..FAILING };
        assert!(matches!(plan_turn(0, 2, LEAD_FAILS, no_repair), Turn::Fresh(_)), "no failing tests to show");
        let unrunnable = Standing { runnable: false, ..FAILING };
        assert_eq!(plan_turn(0, 2, LEAD_FAILS, unrunnable), Turn::Refine);
        let nothing_ran = Standing { closest: false, ..FAILING };
        assert!(matches!(plan_turn(0, 2, LEAD_FAILS, nothing_ran), Turn::Fresh(_)), "no draft to repair");
    }
}
