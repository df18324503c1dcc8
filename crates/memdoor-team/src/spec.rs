//! Who is on the team and how each agent samples. Temperatures stay low and
//! varied: measured on SmolLM2, five answers at 0.3 picked by tests beat one
//! greedy answer by ~12 points, while at 0.8 the gain vanished.

use crate::model::Sampling;

/// Agent 0 is greedy (the single-agent baseline); the others explore a little.
const TEMPERATURE_LADDER: [f64; 5] = [0.0, 0.2, 0.3, 0.4, 0.3];

#[derive(Debug, Clone, PartialEq)]
pub struct TeamConfig {
    pub agents: usize,
    pub max_tokens: usize,
    /// One temperature for every agent; `None` = the ladder above.
    pub temperature: Option<f64>,
    pub seed: u64,
    pub top_p: Option<f64>,
    /// Off by default: top-p 0.95 alone bounds the draw.
    pub top_k: Option<usize>,
    pub repeat_penalty: f32,
}

impl Default for TeamConfig {
    fn default() -> Self {
        Self {
            agents: 5,
            max_tokens: 512,
            temperature: None,
            seed: 42,
            top_p: Some(0.95),
            top_k: None,
            repeat_penalty: 1.0,
        }
    }
}

/// Agent `i`'s sampling: its temperature and its own seed.
pub fn agent_sampling(cfg: &TeamConfig, i: usize) -> Sampling {
    let temperature = cfg.temperature.unwrap_or(TEMPERATURE_LADDER[i % TEMPERATURE_LADDER.len()]);
    Sampling {
        temperature,
        top_p: cfg.top_p,
        top_k: cfg.top_k,
        repeat_penalty: cfg.repeat_penalty,
        repeat_last_n: 64,
        seed: cfg.seed.wrapping_add(i as u64),
    }
}

/// The team's mechanisms, each of which `memdoor bench --ablate` turns off
/// (or, if off by default, on) in turn to measure what it is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mechanisms {
    /// Agents write test inputs after proposing when the problem has no public tests
    /// (never trusted as expected outputs). On a repository: where every test
    /// passes before any change, agents are asked for a test reproducing the
    /// task, and a patch's test files run alone (`repo::rank::reproductions`).
    pub agent_tests: bool,
    /// An agent whose draft failed repairs it from the tests it failed (its own
    /// draft alone); off, it refines from its teammates' drafts instead.
    pub repair_prompts: bool,
    /// With no tests to run, agent 0 synthesises one answer from all drafts.
    pub aggregate: bool,
    /// Stop once a cluster passing every public test holds a majority of the
    /// drafts (after round 2, once any draft passes); a passing agent rests.
    pub early_stop: bool,
    /// When a first draft passes every public test but its cluster holds no
    /// majority, the agents whose drafts failed repair them for one round
    /// more (new ballots for the vote) before the team stops; off, the team
    /// stops at the round where a draft first passes. Off by default: of 33
    /// such repairs measured on both model sizes none passed, most returned
    /// their agent's earlier program word for word, and they cost up to a
    /// quarter of the team's tokens (docs/benchmarks.md, session 37). With
    /// early stop off, nothing changes. A repository's team stops at its
    /// first complete patch either way.
    pub repairs_after_pass: bool,
    /// After a round where no draft passed, every agent draws a fresh draft
    /// under another framing instead of repairing.
    pub fresh_drafts: bool,
    /// In round 1, every agent but agent 0 (the greedy one) proposes under a
    /// framing (plan first, examples first, form spelled out) instead of the
    /// problem's plain prompt: round 2's fresh drafts made every pass the
    /// 0.5B team found on the plain set's odd half (docs/benchmarks.md), so
    /// the same variety is tried from the start. Off until measured.
    pub framed_proposals: bool,
    /// When several clusters pass, agents write inputs that tell the top two apart.
    /// Off by default: on both shipped sets it cost 6–7 % of the team's tokens
    /// and changed no answer (docs/benchmarks.md).
    pub distinguish: bool,
    /// When the cluster passing every public test holds a majority of the
    /// ballots but different programs, the judges write inputs to tell its
    /// programs apart and predict the right output where they differ; a group
    /// of its drafts that more predictions match leads (`split_majority.rs`).
    /// Off until measured: three answers on the tiered set were lost to such
    /// a majority beside one right program (docs/benchmarks.md, session 37).
    pub split_majority: bool,
    /// Repairs of form in the extracted code (class Solution, names, demo lines).
    pub form_repair: bool,
    /// The problem's public tests (its stated examples) are run on the drafts;
    /// off, the team works as on a problem that states none (agents' inputs,
    /// or aggregation where nothing runs) — the ablation that shows what they buy.
    pub public_tests: bool,
    /// A team with a lead (`Agent::lead`): while no draft passes, the lead
    /// repairs the draft closest to passing instead of drawing afresh (on a
    /// repository, the patch closest to passing instead of its own), and
    /// it alone writes and judges distinguishing inputs. Nothing without a
    /// lead. Off by default: the lead's repairs passed nothing on the tiered
    /// set's odd half nor on the repositories (docs/benchmarks.md, sessions
    /// 27 and 39).
    pub lead_roles: bool,
}

impl Default for Mechanisms {
    fn default() -> Self {
        Self {
            agent_tests: true,
            repair_prompts: true,
            aggregate: true,
            early_stop: true,
            repairs_after_pass: false,
            fresh_drafts: true,
            framed_proposals: false,
            distinguish: false,
            split_majority: false,
            form_repair: true,
            public_tests: true,
            lead_roles: false,
        }
    }
}

/// A mechanism `--ablate` flips from its default (and rounds, which are a count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Ablation {
    /// One round only.
    Rounds,
    /// No agent test inputs (asked for only where a problem has no tests);
    /// on a repository, no reproduction test asked for or run alone.
    AgentTests,
    /// Teammates' drafts in place of the failed tests in a repair.
    RepairPrompts,
    /// No aggregation where nothing can run.
    Aggregate,
    /// No early stop, nor resting.
    EarlyStop,
    /// Repairs after a pass on (off by default): the failing drafts are
    /// repaired once more when the passing cluster holds no majority.
    RepairsAfterPass,
    /// Repairs in place of fresh drafts while nothing passes.
    FreshDrafts,
    /// Framed proposals in round 1 on (off by default).
    FramedProposals,
    /// Distinguishing inputs on (off by default).
    Distinguish,
    /// A passing majority's programs told apart, predictions deciding (off by default).
    SplitMajority,
    /// No repairs of form in the extracted code.
    FormRepair,
    /// The public tests (stated examples) not run: what execution on them buys.
    PublicTests,
    /// Lead roles on (off by default; only a team with a lead changes).
    LeadRoles,
}

impl Ablation {
    pub const ALL: [Ablation; 13] = [
        Ablation::Rounds,
        Ablation::AgentTests,
        Ablation::RepairPrompts,
        Ablation::Aggregate,
        Ablation::EarlyStop,
        Ablation::RepairsAfterPass,
        Ablation::FreshDrafts,
        Ablation::FramedProposals,
        Ablation::Distinguish,
        Ablation::SplitMajority,
        Ablation::FormRepair,
        Ablation::PublicTests,
        Ablation::LeadRoles,
    ];

    /// What the row says: the team without this (or with it, if off by default).
    pub fn label(self) -> &'static str {
        match self {
            Ablation::Rounds => "one round only",
            Ablation::AgentTests => "no agent tests",
            Ablation::RepairPrompts => "no repair prompts (teammates' drafts instead)",
            Ablation::Aggregate => "no aggregation",
            Ablation::EarlyStop => "no early stop (nor resting)",
            Ablation::RepairsAfterPass => "with repairs once a draft passes (off by default)",
            Ablation::FreshDrafts => "no fresh drafts",
            Ablation::FramedProposals => "with framed proposals (off by default)",
            Ablation::Distinguish => "with distinguishing inputs (off by default)",
            Ablation::SplitMajority => "with a passing majority's programs told apart (off by default)",
            Ablation::FormRepair => "no form repair",
            Ablation::PublicTests => "no public tests (the stated examples not run)",
            Ablation::LeadRoles => "with lead roles (off by default)",
        }
    }

    /// `mechanisms` and `rounds` with this one flipped: turned off, or turned on
    /// where it is off by default (repairs after a pass, framed proposals,
    /// distinguishing inputs, a majority split, lead roles).
    pub fn apply(self, mut m: Mechanisms, rounds: u32) -> (Mechanisms, u32) {
        match self {
            Ablation::Rounds => return (m, 1),
            Ablation::AgentTests => m.agent_tests = false,
            Ablation::RepairPrompts => m.repair_prompts = false,
            Ablation::Aggregate => m.aggregate = false,
            Ablation::EarlyStop => m.early_stop = false,
            Ablation::RepairsAfterPass => m.repairs_after_pass = true,
            Ablation::FreshDrafts => m.fresh_drafts = false,
            Ablation::FramedProposals => m.framed_proposals = true,
            Ablation::Distinguish => m.distinguish = true,
            Ablation::SplitMajority => m.split_majority = true,
            Ablation::FormRepair => m.form_repair = false,
            Ablation::PublicTests => m.public_tests = false,
            Ablation::LeadRoles => m.lead_roles = true,
        }
        (m, rounds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_get_distinct_seeds_and_low_varied_temperatures() {
        let cfg = TeamConfig::default();
        let s: Vec<Sampling> = (0..5).map(|i| agent_sampling(&cfg, i)).collect();
        assert_eq!(s[0].temperature, 0.0);
        assert!(s.iter().all(|x| x.temperature <= 0.4));
        let mut seeds: Vec<u64> = s.iter().map(|x| x.seed).collect();
        seeds.dedup();
        assert_eq!(seeds.len(), 5);
        let fixed = TeamConfig { temperature: Some(0.7), ..cfg };
        assert!((0..5).all(|i| agent_sampling(&fixed, i).temperature == 0.7));
    }

    #[test]
    fn each_ablation_turns_off_exactly_one_thing() {
        let all = Mechanisms::default();
        for a in Ablation::ALL {
            let (m, rounds) = a.apply(all, 2);
            let changed = [
                m.agent_tests != all.agent_tests,
                m.repair_prompts != all.repair_prompts,
                m.aggregate != all.aggregate,
                m.early_stop != all.early_stop,
                m.repairs_after_pass != all.repairs_after_pass,
                m.fresh_drafts != all.fresh_drafts,
                m.framed_proposals != all.framed_proposals,
                m.distinguish != all.distinguish,
                m.split_majority != all.split_majority,
                m.form_repair != all.form_repair,
                m.public_tests != all.public_tests,
                m.lead_roles != all.lead_roles,
                rounds != 2,
            ];
            assert_eq!(changed.iter().filter(|c| **c).count(), 1, "{a:?}");
        }
    }
}
