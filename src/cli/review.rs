//! `memdoor review`: the team on a branch's change (#30 item 6). The change
//! (`git diff BASE...HEAD`) and the files it touches are the context; each
//! agent proposes a fix as a patch, judged by the repository's tests like
//! `solve --repo`'s, and the run goes through the same `solve_problem`. It
//! prints its findings: the team's answer and each other patch that breaks
//! nothing and changes other definitions (`repo::findings`).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use super::team_args::{RepoTestFlags, SessionArgs, SolveArgs, TeamFlags};
use crate::config::Config;
use crate::problem::Problem;
use crate::repo::review::branch_diff;

#[derive(Args)]
pub struct ReviewArgs {
    /// What to look at first (optional), added to the task: "the error handling of parse_date".
    pub(crate) focus: Option<String>,
    /// The repository (any directory inside its work tree).
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub repo: PathBuf,
    /// The branch is compared with this: the change is `git diff REF...HEAD`, what HEAD did since
    /// it left REF [default: origin/HEAD, else main, else master].
    #[arg(long, value_name = "REF")]
    pub base: Option<String>,
    /// The most the changed files shown may take, in tokens (≈ 4 bytes each); the diff has its own 16 KB.
    #[arg(long, value_name = "N", default_value_t = 6000, value_parser = clap::value_parser!(u32).range(1..=12_000))]
    pub(crate) context_tokens: u32,
    #[command(flatten)]
    pub team: TeamFlags,
    /// The command that runs the repository's tests, from its root: the judge of every candidate
    /// patch, run in the sandbox without network [default: detected, as for solve --repo].
    #[arg(long, value_name = "CMD")]
    pub test: Option<String>,
    /// The most one run of the tests may take, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = crate::repo::testrun::TEST_TIMEOUT_SECS,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub(crate) test_timeout: u64,
    /// Write the team's patch (finding 1) into the repository's files, only if none of them changed
    /// since the session read them (the findings are printed on stdout either way).
    #[arg(long)]
    pub apply: bool,
    /// Print the TeamEvent stream as JSON lines on stdout instead of the live view.
    #[arg(long)]
    pub json: bool,
    /// Also print every agent's whole answer before the team's patch.
    #[arg(long)]
    pub(crate) show_drafts: bool,
    /// Journal the session's events here (default: a new file under the log dir's journal/).
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
    /// Do not journal the session.
    #[arg(long, conflicts_with = "journal")]
    pub(crate) no_journal: bool,
}

pub async fn review(args: ReviewArgs, file: Config) -> Result<ExitCode> {
    let change = branch_diff(&args.repo, args.base.as_deref())?;
    eprintln!("memdoor: {}", change.summary());
    let task = change.task(args.focus.as_deref());
    // Relative to the top level, wherever in the tree --repo points.
    let files: Vec<PathBuf> = change.files.iter().map(|f| change.root.join(f)).collect();
    let context = if files.is_empty() {
        // The change only deletes: the files that share the most words with its diff (their callers).
        crate::repo::gather(&args.repo, &format!("{task}\n{}", change.diff), &[], args.context_tokens as usize)?
    } else {
        crate::repo::gather(&args.repo, &task, &files, args.context_tokens as usize)?
    };
    eprintln!("memdoor: {}", context.summary());
    // The diff and the files after the task, where nothing is read as an example.
    let problem = Problem::from_text_with_context(&task, &format!("{}\n{}", change.as_prompt(), context.as_prompt()))?;
    let solve_args = SolveArgs {
        session: SessionArgs {
            text: Some(task),
            problem: None,
            repo: Some(args.repo),
            files: Vec::new(),
            context_tokens: args.context_tokens,
            team: args.team,
            journal: args.journal,
            no_journal: args.no_journal,
        },
        remote: false,
        json: args.json,
        show_drafts: args.show_drafts,
        tests: RepoTestFlags { test: args.test, test_timeout: args.test_timeout },
        apply: args.apply,
    };
    super::solve::solve_problem(solve_args, file, problem, Some(context), super::solve::Output::Findings).await
}
