//! The judge decides which answer the team stands behind: by running the
//! drafts on the problem's tests in a sandbox (`grade`, `vote`) when it has
//! tests, by self-consistency when it has none. What it stands behind is a
//! `domain::Consensus`, the one type every layer and view keeps. The crate
//! `memdoor-judge`, re-exported as `memdoor::judge`: it can import only the
//! problem room, the core and the bottom layer (under the names the rest of
//! memdoor uses).

mod compare;
pub mod grade;
pub mod sandbox;
mod self_consistency;
mod vote;

pub(crate) use memdoor_base::backoff;
pub(crate) use memdoor_core as domain;
pub(crate) use memdoor_problem as problem;

pub use compare::same_output;
pub use self_consistency::self_consistency;
pub use vote::{agents_of, ranked_clusters, Cluster, DraftKey, DraftRun, ExecutionVote};
