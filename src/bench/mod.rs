//! Benchmarks — measured, printed, never asserted. `memdoor bench engine`
//! is in `engine` (its table in `engine_table`); `bench team`'s coordination overhead is in
//! `overhead` and `coordination`, the problem set bench in `problems`, the
//! sampler against candle's in `sampling`.

mod arms;
pub mod coordination;
mod engine;
mod engine_report;
mod engine_table;
mod overhead;
mod problem_figures;
pub mod problems;
mod problems_table;
mod sample_select;
pub use problems_table::print_set;
pub mod prompts;
mod repo_set;
pub mod repos;
pub mod sampling;
pub mod serve;
pub mod spend;
pub mod tui;

pub use engine::{engine, EngineReport};
pub use engine_table::print_table;
pub use overhead::{team_overhead, OverheadFigures};

pub(crate) const BENCH_PROMPT: &str =
    "Write a Python function is_palindrome(s: str) -> bool that ignores case and non-alphanumeric characters.";
