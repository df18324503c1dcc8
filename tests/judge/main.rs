//! The judge: grading in the real sandbox, its caps and limits, hostile
//! problems, the shipped problem sets, the fuzz corpus.

mod fuzz_corpus;
mod grade;
mod grade_caps;
mod hostile_problems;
mod problem_sets;
mod sandbox;
mod sandbox_limits;
mod sandbox_prefix;
