//! What `memdoor bench --problems` measures on one problem: each arm's
//! pass, tokens, wall and CPU time, and what the team did to get there.

use std::collections::BTreeMap;

use serde::Serialize;

use super::arms::Arm;
use super::spend::DraftRecord;
use crate::domain::Decision;
use crate::team::Ablation;

/// The second team on one problem.
#[derive(Debug, Clone, Serialize)]
pub struct MixedRun {
    pub name: String,
    pub team: Arm,
    /// Any of its drafts passes every test.
    pub oracle: bool,
    /// Every draft it wrote: turn, tokens, verdicts (as the first team's `team_drafts`).
    pub(crate) drafts: Vec<DraftRecord>,
}

/// The `--vs` model alone on one problem.
#[derive(Debug, Clone, Serialize)]
pub struct VsRun {
    pub model: String,
    /// One greedy answer.
    pub greedy: Arm,
    /// Sample-and-select for the team's wall time on this problem.
    pub sample_select: Arm,
    pub samples: usize,
    /// Beside a mixed team, sample-and-select for the mixed team's wall time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_mixed_wall: Option<VsSampling>,
}

/// The `--vs` model's sample-and-select at one more budget.
#[derive(Debug, Clone, Serialize)]
pub struct VsSampling {
    pub select: Arm,
    pub samples: usize,
}

#[derive(Debug, Serialize)]
pub struct ProblemFigures {
    pub id: String,
    pub single: Arm,
    pub sample_select: Arm,
    pub samples: usize,
    pub team: Arm,
    /// How the team chose its answer (`None`: no draft had code).
    pub decision: Option<Decision>,
    pub oracle: bool,
    pub(crate) oracle5: bool,
    pub(crate) repairs_saved: BTreeMap<String, usize>,
    /// Every team draft: its turn, tokens, and whether it passes every test.
    pub(crate) team_drafts: Vec<DraftRecord>,
    /// Team tokens beside its drafts (test inputs, distinguishing inputs, predictions).
    pub(crate) side_tokens: usize,
    /// Sample-and-select's samples that pass every test.
    pub(crate) samples_passing: usize,
    /// Sample-and-select's samples whose code block held only a placeholder.
    pub(crate) samples_placeholder: usize,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) ablations: Vec<(Ablation, Arm)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vs: Option<VsRun>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mixed: Option<MixedRun>,
}
