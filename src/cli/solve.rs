//! `memdoor solve`: load the model, run the team, show and journal the events.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Result};

use super::setup::{self, AgentChoice, StoreChoice};
use super::{RepoTestFlags, SolveArgs};
use crate::config::Config;
use crate::hygiene::terminal_safe;
use crate::judge::sandbox::Sandbox;
use crate::repo::findings::findings_text;
use crate::repo::patch::{touches, touches_line};
use crate::repo::{RepoTask, TestCommand, Workbench};
use crate::session::{drive, EventSink, JournalChoice, JournalThread, OnJournalError, Step};
use crate::solve_view::SolveView;

pub async fn solve(args: SolveArgs, file: Config) -> Result<ExitCode> {
    let (problem, context) = match &args.session.repo {
        Some(dir) => {
            if args.remote {
                bail!("--repo runs where the files are: its patches and tests stay on this machine (run without --remote)");
            }
            let (problem, context) = args.session.read_repo_context(dir)?;
            (problem, Some(context))
        }
        None => match args.session.read_problem()? {
            Some(problem) => (problem, None),
            None => bail!("no problem given: memdoor solve \"TEXT\" or memdoor solve --problem FILE"),
        },
    };
    solve_problem(args, file, problem, context, Output::Answer).await
}

/// What a run prints on stdout at its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// The team's answer: code, or with `--repo` a patch `git apply` takes
    /// (other patches that stand are named on stderr).
    Answer,
    /// A review's findings (`repo::findings`): the answer and every other
    /// patch that stands, each with what it changes and what the tests said.
    Findings,
}

/// Runs the team on a problem already read (with its repository context for
/// `--repo`): what `solve` does after reading its input, and `review` after
/// reading the branch's change.
pub(crate) async fn solve_problem(
    args: SolveArgs,
    file: Config,
    problem: crate::problem::Problem,
    context: Option<crate::repo::Context>,
    output: Output,
) -> Result<ExitCode> {
    let cfg = setup::apply_team_flags(&args.session.team, file);
    let agents = if args.remote { AgentChoice::Remote } else { AgentChoice::Config };
    let opened = setup::open_session(&cfg, "drafts run", StoreChoice::Config, agents).await?;
    let repo = match &context {
        Some(context) => Some(Arc::new(repo_task(&args.tests, context, &opened.sandbox)?)),
        None => None,
    };
    let mut spec = opened.spec();
    spec.repo = repo.clone();
    let mut problem = problem;
    problem.id = spec.task_id(&problem.id);

    let choice = JournalChoice::from_flags(args.session.journal.as_deref(), args.session.no_journal);
    let journal = choice.start(&problem.id, OnJournalError::Stop)?;
    // Ctrl-C or SIGTERM: the team stops, the journal is closed whole.
    let cancel = setup::stop_on_signal();
    let mut view = SolveView::new(args.json, args.show_drafts, spec.longest_answer());
    if output == Output::Findings {
        view = view.without_answer();
    }
    let mut journal_sink = journal.as_ref().map(JournalThread::sink);
    let mut sinks: Vec<&mut dyn EventSink> = Vec::new();
    if let Some(j) = journal_sink.as_mut() {
        sinks.push(j);
    }
    sinks.push(&mut view);
    let verdict = drive(&spec, &problem, Step::Start, &mut sinks, cancel).await;
    if let Some(j) = journal {
        let path = j.finish().await;
        match (&verdict, path) {
            (_, Ok(path)) => eprintln!("memdoor: session journal: {}", path.display()),
            // A journal asked for must be whole; the default one's failure is only told.
            (Ok(_), Err(e)) if choice.asked() => return Err(e),
            (Ok(_), Err(e)) => {
                eprintln!("memdoor: warning: the session's journal is not whole: {e:#}");
                tracing::warn!("journal: {e:#}");
            }
            (Err(_), Err(e)) => tracing::warn!("journal: {e:#}"),
        }
    }
    let verdict = verdict?;
    if let (Some(work), Some(v)) = (&repo, &verdict) {
        if v.decision.unverified() {
            eprintln!("memdoor: the patch is unverified: {}", v.decision);
        }
        let touched = |patch: &str| work.candidate(patch).map(|c| touches(&c)).unwrap_or_default();
        match output {
            Output::Findings if !args.json => {
                let judged_by = work.test.as_ref().map(|t| t.line.as_str());
                print_stdout(&findings_text(v, touched, judged_by));
            }
            Output::Findings => {}
            Output::Answer => {
                for a in &v.alternatives {
                    let who: Vec<String> = a.agents.iter().map(|a| format!("A{a}")).collect();
                    let what = touches_line(&touched(&a.patch));
                    let line = format!("memdoor: also standing ({}): changes {what} · {}", who.join(", "), a.decision);
                    eprintln!("{}", terminal_safe(&line));
                }
            }
        }
        if args.apply {
            return apply(work, &v.answer);
        }
    }
    Ok(if verdict.is_some() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The repository session's work: the copy of the tree and the test command
/// (`solve --repo`, `review`, the TUI's `--repo`).
pub(super) fn repo_task(args: &RepoTestFlags, context: &crate::repo::Context, sandbox: &Sandbox) -> Result<RepoTask> {
    let bench = Workbench::snapshot(&context.root)?;
    let test = match &args.test {
        Some(line) => Some(TestCommand::given(line)),
        None => TestCommand::detect(&bench, &sandbox.python().exe),
    };
    match &test {
        Some(t) => eprintln!(
            "memdoor: candidates are judged by `{}`{} in the sandbox, without network, {} s at most a run",
            t.line,
            if t.detected { " (detected; --test CMD to choose)" } else { "" },
            args.test_timeout
        ),
        None => eprintln!(
            "memdoor: warning: no test command found in {} (give --test CMD): the patch will be unverified",
            context.root.display()
        ),
    }
    Ok(RepoTask::new(bench, test, context, Duration::from_secs(args.test_timeout)))
}

/// Writes the team's patch into the repository (`--apply`), after every check.
fn apply(work: &RepoTask, patch: &str) -> Result<ExitCode> {
    match work.apply(patch) {
        Ok(files) => {
            eprintln!("memdoor: applied the patch: {}", files.join(", "));
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("memdoor: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// `text` on stdout: on a terminal without its escape sequences (it quotes
/// model output and the repository's test names); redirected, byte-exact.
fn print_stdout(text: &str) {
    use std::io::IsTerminal;
    if std::io::stdout().is_terminal() {
        print!("{}", terminal_safe(text));
    } else {
        print!("{text}");
    }
}
