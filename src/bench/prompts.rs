//! `memdoor bench prompts` (hidden): how a LiveCodeBench stdin problem's
//! prompt asks for the program — LiveCodeBench's own block holding
//! `# YOUR CODE HERE`, or the same said in words — measured on the same
//! problems, model and samplings in one run: how many answers pass every
//! test, and how many hand back no code (the placeholder as it stands, an
//! empty block, no block at all). Agent n's sampling draws sample n, as in
//! the team's first round (sample 0 greedy), with the team's rule for what
//! counts as code and no re-ask.

use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use futures::StreamExt;
use serde::Serialize;

use super::arms::{answer, every_test, passes};
use crate::domain::NoCode;
use crate::judge::sandbox::Sandbox;
use crate::model::{ChatRequest, ModelBackend};
use crate::problem::{Mode, Problem, StdinFormat};
use crate::team::{agent_sampling, draft_code, no_code, TeamConfig};

/// What one answer came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Passes,
    Fails,
    /// Its block held only a placeholder (`# YOUR CODE HERE`, `pass`, `...`).
    Placeholder,
    /// Its block was empty.
    Empty,
    /// No fenced block, or one cut off before any complete statement.
    NoBlock,
}

#[derive(Debug, Serialize)]
pub struct AnswerRecord {
    pub problem: String,
    pub format: StdinFormat,
    pub sample: usize,
    pub tokens: usize,
    pub outcome: Outcome,
}

/// One format's answers over the set.
#[derive(Debug, Serialize)]
pub struct FormatRow {
    pub format: StdinFormat,
    pub answers: usize,
    pub passes: usize,
    pub placeholder: usize,
    pub empty: usize,
    pub(crate) no_block: usize,
    pub tokens: usize,
}

#[derive(Debug, Serialize)]
pub struct Report {
    pub model: String,
    /// The stdin problems asked (the others' prompts do not depend on the format).
    pub problems: usize,
    pub samples: usize,
    pub max_tokens: usize,
    pub rows: Vec<FormatRow>,
    pub answers: Vec<AnswerRecord>,
    pub wall_s: f64,
}

/// The problems whose prompt the format changes.
pub(crate) fn stdin_problems(problems: Vec<Problem>) -> Vec<Problem> {
    problems
        .into_iter()
        .filter(|p| p.livecodebench && p.starter_code.trim().is_empty() && p.mode == Mode::Stdin)
        .collect()
}

fn outcome_of(text: &str, finish: crate::domain::FinishReason) -> Result<String, Outcome> {
    let code = draft_code(text, finish).ok_or(Outcome::NoBlock)?;
    match no_code(&code) {
        None => Ok(code),
        Some(NoCode::Placeholder) => Err(Outcome::Placeholder),
        // A problem's block is empty or a placeholder; the rest are a repository's kinds.
        Some(NoCode::Empty | NoCode::NoEdit | NoCode::Unchanged | NoCode::Repeated) => Err(Outcome::Empty),
    }
}

/// Every problem × format × sample, `cfg.agents` answers at a time (the
/// engine batches them as it does a team's).
pub async fn run(
    problems: &[Problem],
    model: Arc<dyn ModelBackend>,
    cfg: &TeamConfig,
    samples: usize,
    sandbox: &Sandbox,
) -> Result<Report> {
    anyhow::ensure!(
        !problems.is_empty(),
        "no LiveCodeBench stdin problem in the set (problems with starter code get the same prompt in every format)"
    );
    let started = Instant::now();
    let samples = samples.max(1);
    let jobs = problems
        .iter()
        .flat_map(|p| StdinFormat::ALL.into_iter().flat_map(move |f| (0..samples).map(move |n| (p, f, n))));
    let model = &model;
    let mut answers: Vec<AnswerRecord> = futures::stream::iter(jobs)
        .map(|(problem, format, sample)| async move {
            let req = ChatRequest {
                messages: problem.messages_in(format),
                sampling: agent_sampling(cfg, sample),
                max_tokens: cfg.max_tokens,
                ignore_stop: false,
            };
            let (text, finish, usage) = answer(model, req).await?;
            let outcome = match outcome_of(&text, finish) {
                Ok(code) if passes(sandbox, problem, &every_test(problem), Some(&code)).await => Outcome::Passes,
                Ok(_) => Outcome::Fails,
                Err(no) => no,
            };
            tracing::debug!(problem = %problem.id, ?format, sample, ?outcome, "bench prompts answer");
            anyhow::Ok(AnswerRecord {
                problem: problem.id.clone(),
                format,
                sample,
                tokens: usage.completion_tokens,
                outcome,
            })
        })
        .buffer_unordered(cfg.agents.max(1))
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<Result<_>>()?;
    answers.sort_by(|a, b| (&a.problem, a.format as u8, a.sample).cmp(&(&b.problem, b.format as u8, b.sample)));
    let rows = StdinFormat::ALL.into_iter().map(|format| row(format, &answers)).collect();
    Ok(Report {
        model: model.name().to_string(),
        problems: problems.len(),
        samples,
        max_tokens: cfg.max_tokens,
        rows,
        answers,
        wall_s: started.elapsed().as_secs_f64(),
    })
}

fn row(format: StdinFormat, answers: &[AnswerRecord]) -> FormatRow {
    let mine: Vec<&AnswerRecord> = answers.iter().filter(|a| a.format == format).collect();
    let count = |o: Outcome| mine.iter().filter(|a| a.outcome == o).count();
    FormatRow {
        format,
        answers: mine.len(),
        passes: count(Outcome::Passes),
        placeholder: count(Outcome::Placeholder),
        empty: count(Outcome::Empty),
        no_block: count(Outcome::NoBlock),
        tokens: mine.iter().map(|a| a.tokens).sum(),
    }
}

pub fn print_table(r: &Report) {
    println!(
        "{}: {} stdin problems × {} samples, max {} tokens, {:.0} s",
        r.model, r.problems, r.samples, r.max_tokens, r.wall_s
    );
    println!(
        "{:<12} {:>8} {:>8} {:>12} {:>6} {:>9} {:>8}",
        "format", "answers", "passes", "placeholder", "empty", "no block", "tokens"
    );
    for row in &r.rows {
        let name =
            serde_json::to_value(row.format).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        println!(
            "{:<12} {:>8} {:>8} {:>12} {:>6} {:>9} {:>8}",
            name, row.answers, row.passes, row.placeholder, row.empty, row.no_block, row.tokens
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::FinishReason;

    #[test]
    fn an_answer_is_classed_by_the_teams_rule_for_code() {
        let fenced = |body: &str| format!("Here:\n```python\n{body}```\n");
        assert_eq!(outcome_of(&fenced("# YOUR CODE HERE\n"), FinishReason::Stop), Err(Outcome::Placeholder));
        assert_eq!(outcome_of(&fenced(""), FinishReason::Stop), Err(Outcome::Empty));
        assert_eq!(outcome_of("print(1)", FinishReason::Stop), Err(Outcome::NoBlock));
        assert_eq!(
            outcome_of(&fenced("print(int(input()) * 2)\n"), FinishReason::Stop).as_deref(),
            Ok("print(int(input()) * 2)")
        );
        // Cut off inside its block: the complete statements count.
        assert_eq!(
            outcome_of("```python\nn = int(input())\nprint(n)\nfor i in", FinishReason::Length).as_deref(),
            Ok("n = int(input())\nprint(n)")
        );
    }

    #[test]
    fn only_livecodebench_stdin_problems_are_asked() {
        let stdin = Problem::parse(r#"{"question_content": "Read n, print 2n."}"#).unwrap();
        let starter = Problem::parse(
            r#"{"question_content": "Add.", "starter_code": "class Solution:\n    def add(self, a, b):\n        "}"#,
        )
        .unwrap();
        let free = Problem::from_text("Write a program that reads n and prints 2n.").unwrap();
        let kept = stdin_problems(vec![stdin.clone(), starter, free]);
        assert_eq!(kept, vec![stdin]);
    }
}
