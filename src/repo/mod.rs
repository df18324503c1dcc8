//! The team on the user's repository (#30): which of its files the agents
//! see (`context`). Patches, their isolation and the user's tests as the
//! judge are still to come (docs/repo.md).

pub mod context;

pub use context::{estimate_tokens, gather, Context, ContextFile, LeftOut, Picked};
