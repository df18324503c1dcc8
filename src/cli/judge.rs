//! `memdoor judge --problem FILE --code FILE`: users check their own code
//! with the same grading the team gets.

use std::process::ExitCode;

use anyhow::{Context, Result};

use super::JudgeArgs;
use crate::judge::grade::{all_pass, grade, TestVerdict};
use crate::judge::sandbox::{Limits, Sandbox};
use crate::problem::{Mode, Problem};

pub async fn judge(args: JudgeArgs, limits: Limits) -> Result<ExitCode> {
    let problem = Problem::from_file(&args.problem)?;
    let code = std::fs::read_to_string(&args.code).with_context(|| format!("reading {}", args.code.display()))?;
    let tests: Vec<_> = problem.public_tests.iter().chain(&problem.private_tests).cloned().collect();
    if tests.is_empty() && !matches!(problem.mode, Mode::HumanEval { .. }) {
        anyhow::bail!("{} has no tests to run", args.problem.display());
    }
    let sandbox = Sandbox::open(args.sandbox.unwrap_or_default(), limits).await?;
    super::setup::warn_if_weak(&sandbox, "the program runs");
    let results = grade(&sandbox, &problem.mode, &code, &tests).await?;
    let passed = all_pass(&results);
    if args.json {
        let out = serde_json::json!({ "problem": problem.id, "passed": passed, "sandbox": sandbox.describe(), "tests": results });
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        for (i, r) in results.iter().enumerate() {
            let mark = if r.verdict == TestVerdict::Pass { "✓" } else { "✗" };
            let detail = r.error.as_deref().or(r.got.as_deref()).unwrap_or("");
            // The program's own output: no escape sequence of it reaches the terminal.
            let detail = crate::hygiene::terminal_safe(detail);
            let detail: String = detail.chars().take(80).map(|c| if c == '\n' { '⏎' } else { c }).collect();
            println!("{mark} test {:>2}  {:<14} {detail}", i + 1, format!("{:?}", r.verdict));
        }
        let n = crate::domain::passed(&results);
        println!("{n}/{} tests passed", results.len());
    }
    Ok(if passed { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
