//! The core: plain types every layer shares — the event spine
//! (`TeamEvent`), drafts, decisions, memory entries, usage and finish reasons, test
//! results. A crate of its own (`memdoor::domain` re-exports it), so it can
//! import nothing else of memdoor: any layer may use it and it never drags
//! a layer in.

pub mod decision;
pub mod entry;
pub mod event;
pub mod test_result;
pub mod turn;
pub mod usage;

pub use decision::{Checked, Decision, Settled};
pub use entry::{now_ms, Entry, EntryId, EntryKind};
pub use event::{AgentInfo, Alternative, Consensus, Draft, DraftEvidence, NoCode, Repair, TeamEvent, MAX_ALTERNATIVES};
pub use test_result::{all_pass, passed, TestChange, TestOutcome, TestResult, TestVerdict};
pub use turn::{Framing, Turn};
pub use usage::{FinishReason, Usage};
