//! Which turn each agent takes in a round. Round 1 proposes. Later rounds
//! refine (the others' drafts, the agent's failing tests) — unless no draft
//! has passed the public tests yet: then refining tends to copy one wrong
//! draft, so half the team draws fresh drafts under another framing and a
//! new seed, and an agent whose repair failed draws fresh next time.

/// How a fresh draft is asked for: other framings make other programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// The steps of an approach first, then the code.
    PlanFirst,
    /// The examples worked by hand first, then the code.
    ExamplesFirst,
    /// The program's form spelled out (stdin program or function only).
    FormSpelledOut,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    Propose,
    Refine,
    Fresh(Framing),
}

/// What the round before left for planning this one.
#[derive(Debug, Clone, Copy)]
pub struct Standing {
    /// Some draft so far passed every public test.
    pub any_passed: bool,
    /// Drafts are run on tests (otherwise nothing says a draft failed).
    pub runnable: bool,
    /// Fresh drafts are turned on.
    pub fresh_drafts: bool,
}

const FRAMINGS: [Framing; 3] = [Framing::PlanFirst, Framing::ExamplesFirst, Framing::FormSpelledOut];

/// Agent `agent`'s turn in `round`, given its turn in the round before.
pub fn plan_turn(agent: usize, round: u32, last: Option<Turn>, standing: Standing) -> Turn {
    if round <= 1 {
        return Turn::Propose;
    }
    if !standing.fresh_drafts || !standing.runnable || standing.any_passed {
        return Turn::Refine;
    }
    let fresh = Turn::Fresh(FRAMINGS[(agent + round as usize) % FRAMINGS.len()]);
    match last {
        Some(Turn::Refine) => fresh,
        Some(Turn::Fresh(_)) => Turn::Refine,
        Some(Turn::Propose) | None if agent % 2 == 1 => fresh,
        Some(Turn::Propose) | None => Turn::Refine,
    }
}

/// A fresh draft's seed: the agent's own, moved by the round, so the same
/// agent never redraws the same sample.
pub fn fresh_seed(seed: u64, round: u32) -> u64 {
    seed.wrapping_add(1000 * round as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAILING: Standing = Standing { any_passed: false, runnable: true, fresh_drafts: true };

    #[test]
    fn round_one_proposes_and_a_passing_team_refines() {
        assert_eq!(plan_turn(3, 1, None, FAILING), Turn::Propose);
        let passed = Standing { any_passed: true, ..FAILING };
        assert!((0..5).all(|a| plan_turn(a, 2, Some(Turn::Propose), passed) == Turn::Refine));
    }

    #[test]
    fn with_nothing_passing_half_the_team_draws_fresh_and_failed_repairs_go_fresh() {
        let round2: Vec<Turn> = (0..5).map(|a| plan_turn(a, 2, Some(Turn::Propose), FAILING)).collect();
        assert_eq!(round2.iter().filter(|t| matches!(t, Turn::Fresh(_))).count(), 2);
        assert_eq!(round2[0], Turn::Refine, "agent 0 (greedy) repairs first");
        let round3: Vec<Turn> = (0..5).map(|a| plan_turn(a, 3, Some(round2[a]), FAILING)).collect();
        for a in 0..5 {
            assert_ne!(std::mem::discriminant(&round3[a]), std::mem::discriminant(&round2[a]), "agent {a} alternates");
        }
    }

    #[test]
    fn fresh_framings_differ_between_neighbours_and_off_means_refine() {
        assert_ne!(plan_turn(1, 2, Some(Turn::Propose), FAILING), plan_turn(3, 2, Some(Turn::Propose), FAILING));
        let off = Standing { fresh_drafts: false, ..FAILING };
        assert!((0..5).all(|a| plan_turn(a, 2, Some(Turn::Refine), off) == Turn::Refine));
        let unrunnable = Standing { runnable: false, ..FAILING };
        assert_eq!(plan_turn(1, 2, Some(Turn::Propose), unrunnable), Turn::Refine);
        assert_ne!(fresh_seed(42, 2), fresh_seed(42, 3));
    }
}
