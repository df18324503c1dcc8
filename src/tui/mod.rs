//! The terminal UI: ratatui panes over the team's events, drafts
//! highlighted as they stream, diffs between drafts, themes from TOML.
//! See ../shared/DESIGN.md §8.

pub mod diff;
pub mod highlight;
pub mod theme;
