//! The command line: clap definitions here, one file per command's body.

pub(crate) mod agent;
mod bench;
mod bench_args;
mod judge;
mod models;
mod replay;
mod review;
mod serve;
pub mod setup;
mod solve;
mod team_args;
mod tui;
mod watch;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Parser, Subcommand};

use crate::judge::sandbox::SandboxMode;

pub use bench_args::{BenchWhat, SetBenchArgs};
pub use team_args::{ModelArgs, RepoTestFlags, SessionArgs, SolveArgs, TeamFlags, TuiArgs};

#[derive(Parser)]
#[command(
    name = "memdoor",
    version,
    about = "A team of LLM agents solving one programming problem together",
    long_about = "A team of LLM agents solving one programming problem together.\n\n\
        Five agents draft answers in parallel on a local GGUF model (default: Qwen2.5-Coder-0.5B-Instruct, \
        fetched and checked on first use); the team's answer is chosen from their drafts.\n\n\
        With no command, memdoor opens the terminal UI: five live agent panes, the shared memory, \
        and the consensus you accept (a), edit (e) or re-prompt (r); ? lists every key.\n\n\
        Examples:\n  memdoor \"Write a Python function is_palindrome(s: str) -> bool.\"\n  \
        memdoor --problem assets/problems/two_sum_lcb.json\n  \
        memdoor solve \"Write a Python function is_palindrome(s: str) -> bool.\"",
    subcommand_precedence_over_arg = true
)]
pub struct Cli {
    /// The config file (default: ~/.config/memdoor/config.toml; env MEMDOOR_CONFIG).
    /// Flags beat MEMDOOR_MODEL / MEMDOOR_REDIS, which beat the file.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub tui: TuiArgs,
}

#[derive(Subcommand)]
pub enum Command {
    /// Solve a problem with a team of agents: live progress on stderr, the team's code on stdout.
    Solve(SolveArgs),
    /// List the cached models (`memdoor models`), or fetch one (`memdoor models pull`).
    Models {
        #[command(subcommand)]
        action: Option<ModelsAction>,
    },
    /// Run one worker agent: it serves jobs from Redis with its local model, and coordinates
    /// tasks that plain clients SET as `task:<id>` (the answer goes to `memory:<id>`).
    Agent(AgentArgs),
    /// Play a session journal back (headless): the events, the rebuilt memory and its answer.
    Replay(ReplayArgs),
    /// Review the branch's change (`git diff BASE...HEAD`): each agent proposes a fix as a patch, judged by
    /// the repository's tests in the sandbox; the findings on stdout (each a patch `git apply` takes
    /// alone, with what it changes and what the tests said), --apply writes the first.
    Review(review::ReviewArgs),
    /// Measure: `memdoor bench --problems FILE` (pass@1 single vs team), `bench engine`, `bench team`.
    /// Figures are printed, never asserted.
    #[command(args_conflicts_with_subcommands = true)]
    Bench {
        #[command(subcommand)]
        what: Option<BenchWhat>,
        // Boxed: the problem-set bench's flags outweigh every other command's.
        #[command(flatten)]
        set: Box<SetBenchArgs>,
    },
    /// Grade one program on a problem's tests (public and private) and print the verdicts.
    Judge(JudgeArgs),
    /// Serve the team as an OpenAI-compatible model (`POST /v1/chat/completions`, `GET /v1/models`):
    /// ask for model `memdoor-team` for the whole team, or an agent's model for that model alone.
    /// Point any OpenAI client at http://127.0.0.1:8080/v1.
    Serve(serve::ServeArgs),
    /// Watch live sessions run elsewhere (by `memdoor serve`, by workers answering `SET task:<id>`)
    /// in the TUI: the newest task's drafts, shared memory and answer, through Redis.
    Watch(watch::WatchArgs),
}

#[derive(Subcommand)]
pub enum ModelsAction {
    /// List the named models (size, source, whether fetched and verified) and
    /// every other GGUF file in memdoor's and Hugging Face's caches.
    List,
    /// Fetch a model into the cache and check it: a name (`coder-0.5b`,
    /// `coder-1.5b`, `smollm2-135m`; default: the default model), a path or
    /// `owner/repo[:FILE|QUANT]`.
    Pull {
        #[arg(value_name = "MODEL")]
        spec: Option<String>,
    },
}

#[derive(Args)]
pub struct AgentArgs {
    /// The Redis every agent of the team meets in.
    #[arg(long, env = "MEMDOOR_REDIS", hide_env_values = true, value_name = "URL")]
    pub redis: String,
    /// The Redis key namespace; workers and `solve --remote` must agree.
    /// Default: the config's [store] namespace ("default"). Old name: --session.
    #[arg(long, alias = "session")]
    pub namespace: Option<String>,
    /// This worker's id (default: host name and process id).
    #[arg(long)]
    pub id: Option<String>,
    /// Agents per team, for tasks this worker coordinates. The rest of the
    /// team (temperatures, roles, agent tests, sandbox limits) comes from the
    /// config, as for `solve --remote`. Default: the config's (5).
    #[arg(long)]
    pub agents: Option<usize>,
    /// Rounds, for tasks this worker coordinates. Default: the config's (2).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// Most tokens per answer, for tasks this worker coordinates. Default: the config's (512).
    #[arg(long)]
    pub max_tokens: Option<usize>,
    /// Run drafts only in bubblewrap (`strong`, the default: without it memdoor refuses and says how to fix it),
    /// or without it (`weak`: drafts run as you, with your files and network in reach). Default: the config's [sandbox] mode.
    #[arg(long, value_enum, value_name = "MODE")]
    pub sandbox: Option<SandboxMode>,
    #[command(flatten)]
    pub model: ModelArgs,
}

#[derive(Args)]
pub struct JudgeArgs {
    /// The problem (LiveCodeBench JSON object).
    #[arg(long, value_name = "FILE")]
    pub problem: PathBuf,
    /// The Python program to grade.
    #[arg(long, value_name = "FILE")]
    pub code: PathBuf,
    /// Print the verdicts as JSON.
    #[arg(long)]
    pub json: bool,
    /// Run drafts only in bubblewrap (`strong`, the default: without it memdoor refuses and says how to fix it),
    /// or without it (`weak`: drafts run as you, with your files and network in reach). Default: the config's [sandbox] mode.
    #[arg(long, value_enum, value_name = "MODE")]
    pub sandbox: Option<SandboxMode>,
}

#[derive(Args)]
pub struct ReplayArgs {
    /// A journal written by `memdoor solve` (JSON lines).
    pub file: PathBuf,
    /// Playback speed relative to the recording (0.5 = half speed, 10 = ten times faster).
    #[arg(long, default_value_t = 1.0, value_parser = replay::parse_speed)]
    pub speed: f64,
    /// Play everything at once.
    #[arg(long)]
    pub instant: bool,
    /// Print the events as JSON lines instead of the live view.
    #[arg(long)]
    pub json: bool,
    /// The line-by-line view instead of the TUI (the default when stdout is not a terminal).
    #[arg(long)]
    pub headless: bool,
    /// Colour theme for the TUI.
    #[arg(long)]
    pub(crate) theme: Option<String>,
}

/// A Redis URL with a password given as a flag shows in `ps` and the shell's
/// history: say so, and where it belongs.
fn warn_if_password_in_argv(url: Option<&str>) {
    let Some(url) = url else { return };
    let from_env = std::env::var("MEMDOOR_REDIS").is_ok_and(|v| v == url);
    if !from_env && crate::hygiene::redact_url(url) != url {
        eprintln!("memdoor: warning: a password on the command line is visible to other users (ps, shell history); set MEMDOOR_REDIS instead");
    }
}

pub async fn run(cli: Cli) -> Result<ExitCode> {
    // Only the commands that use it read the config: a broken file must not
    // stop `replay` or `models`.
    let config = || crate::config::Config::load(cli.config.as_deref());
    let Some(command) = cli.command else {
        warn_if_password_in_argv(cli.tui.session.team.redis.as_deref());
        return tui::tui(cli.tui, config()?).await;
    };
    if cli.tui.any_given() {
        // clap lets a command follow them (so a global --config may come first).
        anyhow::bail!(
            "options before the command are the TUI's: put them after the command (e.g. `memdoor solve --rounds 1 …`)"
        );
    }
    match &command {
        Command::Solve(a) => warn_if_password_in_argv(a.session.team.redis.as_deref()),
        Command::Review(a) => warn_if_password_in_argv(a.team.redis.as_deref()),
        Command::Agent(a) => warn_if_password_in_argv(Some(&a.redis)),
        Command::Serve(a) => warn_if_password_in_argv(a.team.redis.as_deref()),
        Command::Watch(a) => warn_if_password_in_argv(Some(&a.redis)),
        Command::Bench { what: Some(BenchWhat::Team { redis, .. }), .. } => warn_if_password_in_argv(redis.as_deref()),
        _ => {}
    }
    match command {
        Command::Solve(args) => solve::solve(args, config()?).await,
        Command::Review(args) => review::review(args, config()?).await,
        Command::Serve(args) => serve::serve(args, config()?).await,
        Command::Watch(args) => watch::watch(args, config()?).await,
        Command::Models { action } => tokio::task::spawn_blocking(move || models::models(action)).await?,
        Command::Replay(args) => replay::replay(args).await,
        Command::Agent(args) => {
            let cfg = agent::apply_agent_flags(&args, config()?);
            agent::agent(args, cfg).await
        }
        Command::Bench { what: Some(what), .. } => bench::bench(what, &config()?).await,
        Command::Bench { what: None, mut set } => {
            let cfg = config()?;
            // The config's [[agents]] are the team unless a model is named here.
            let team = (set.model.model.is_none() && !cfg.agents.is_empty()).then(|| cfg.clone());
            set.model = set.model.or_config(&cfg);
            set.sandbox = set.sandbox.or(Some(cfg.sandbox.mode));
            bench::bench_set(*set, team).await
        }
        Command::Judge(mut args) => {
            let cfg = config()?;
            args.sandbox = args.sandbox.or(Some(cfg.sandbox.mode));
            judge::judge(args, cfg.sandbox.limits()).await
        }
    }
}
