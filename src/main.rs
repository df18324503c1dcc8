//! The `memdoor` command line.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use memdoor::judge::SelfConsistency;
use memdoor::model::local::{parse_device, LoadOptions, LocalModel};
use memdoor::model::resolve::{self, ModelSpec};
use memdoor::model::ModelBackend;
use memdoor::problem::Problem;
use memdoor::solve_view::SolveView;
use memdoor::team::{run_team, Agent, TeamConfig};

#[derive(Parser)]
#[command(
    name = "memdoor",
    version,
    about = "A team of LLM agents solving one programming problem together",
    long_about = "A team of LLM agents solving one programming problem together.\n\n\
        Five agents draft answers in parallel on a local GGUF model (default: SmolLM2-135M-Instruct, \
        fetched on first use); the team's answer is chosen from their drafts.\n\n\
        Example:\n  memdoor solve \"Write a Python function is_palindrome(s: str) -> bool.\"",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a problem with a team of agents: live progress on stderr, the team's code on stdout.
    Solve(SolveArgs),
    /// List the cached models (`memdoor models`), or fetch one (`memdoor models pull`).
    Models {
        #[command(subcommand)]
        action: Option<ModelsAction>,
    },
    /// Measure speed; figures are printed, never asserted.
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
}

#[derive(Args)]
struct ModelArgs {
    /// GGUF file path, Hugging Face `owner/repo[:FILE.gguf|:QUANT]`, or `default` (SmolLM2-135M-Instruct Q4_1).
    #[arg(long, env = "MEMDOOR_MODEL", default_value = "default")]
    model: String,
    /// Where to run the model: cpu, cuda or cuda:N (CUDA needs a `--features cuda` build).
    #[arg(long, default_value = "cpu")]
    device: String,
}

#[derive(Args)]
struct SolveArgs {
    /// The problem, as text. Or use --problem FILE.
    text: Option<String>,
    /// A problem file: plain text, or a LiveCodeBench JSON object (`question_content`, `starter_code`).
    #[arg(long, value_name = "FILE")]
    problem: Option<PathBuf>,
    /// How many agents work on the problem.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..=64))]
    agents: u16,
    /// Most tokens each agent may write.
    #[arg(long, default_value_t = 512)]
    max_tokens: usize,
    /// One sampling temperature for every agent (default: 0.0 for agent 0, then 0.2, 0.3, 0.4, 0.3).
    #[arg(long)]
    temperature: Option<f64>,
    /// Base random seed; agent i uses seed + i.
    #[arg(long, default_value_t = 42)]
    seed: u64,
    /// Print the TeamEvent stream as JSON lines on stdout instead of the live view.
    #[arg(long)]
    json: bool,
    /// Also print every agent's whole answer before the team's code.
    #[arg(long)]
    show_drafts: bool,
    #[command(flatten)]
    model: ModelArgs,
}

#[derive(Subcommand)]
enum ModelsAction {
    /// List GGUF files in memdoor's and Hugging Face's caches.
    List,
    /// Fetch a model into the cache (default: the default model).
    Pull { spec: Option<String> },
}

#[derive(Subcommand)]
enum BenchWhat {
    /// The local engine: load time, prompt and generation tok/s for one stream and for a team, peak RSS.
    Engine {
        /// Streams in the team measurement.
        #[arg(long, default_value_t = 5)]
        agents: usize,
        /// Tokens each stream generates.
        #[arg(long, default_value_t = 128)]
        max_tokens: usize,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        model: ModelArgs,
    },
}

async fn load(args: &ModelArgs) -> Result<Arc<LocalModel>> {
    let device = parse_device(&args.device)?;
    let spec = ModelSpec::parse(&args.model);
    let path = tokio::task::spawn_blocking(move || resolve::resolve(&spec)).await??;
    eprintln!("memdoor: loading {}", path.display());
    let opts = LoadOptions { device };
    let model = tokio::task::spawn_blocking(move || LocalModel::load(&path, &opts)).await??;
    Ok(Arc::new(model))
}

async fn solve(args: SolveArgs) -> Result<ExitCode> {
    let problem = match (&args.text, &args.problem) {
        (Some(t), None) => Problem::from_text(t)?,
        (None, Some(f)) => Problem::from_file(f)?,
        (Some(_), Some(_)) => bail!("give the problem as text or as --problem FILE, not both"),
        (None, None) => bail!("no problem given: memdoor solve \"TEXT\" or memdoor solve --problem FILE"),
    };
    let cfg = TeamConfig {
        agents: args.agents as usize,
        max_tokens: args.max_tokens,
        temperature: args.temperature,
        seed: args.seed,
        ..TeamConfig::default()
    };
    let backend: Arc<dyn ModelBackend> = load(&args.model).await?;
    let agents = Agent::team_on(backend, &cfg);

    let cancel = CancellationToken::new();
    let on_ctrl_c = cancel.clone();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            on_ctrl_c.cancel();
        }
    });
    let (tx, mut rx) = mpsc::channel(1024);
    let team = tokio::spawn(async move {
        run_team(&problem, &agents, cfg.max_tokens, &SelfConsistency, tx, cancel).await
    });
    let mut view = SolveView::new(args.json, args.show_drafts, args.max_tokens);
    while let Some(event) = rx.recv().await {
        view.handle(&event).context("writing output")?;
    }
    let verdict = team.await.context("the team task failed")?;
    Ok(if verdict.is_some() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn models(action: Option<ModelsAction>) -> Result<ExitCode> {
    match action.unwrap_or(ModelsAction::List) {
        ModelsAction::List => {
            let found = resolve::cached_models();
            if found.is_empty() {
                println!("no cached models in {} (fetch the default with `memdoor models pull`)", resolve::models_dir().display());
            }
            for (path, size) in found {
                println!("{:>8.1} MB  {}", size as f64 / 1e6, path.display());
            }
        }
        ModelsAction::Pull { spec } => {
            let path = resolve::resolve(&ModelSpec::parse(spec.as_deref().unwrap_or("default")))?;
            println!("{}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

async fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve(args).await,
        Command::Models { action } => tokio::task::spawn_blocking(move || models(action)).await?,
        Command::Bench { what: BenchWhat::Engine { agents, max_tokens, json, model } } => {
            let device = parse_device(&model.device)?;
            let spec = ModelSpec::parse(&model.model);
            let path = tokio::task::spawn_blocking(move || resolve::resolve(&spec)).await??;
            let report = memdoor::bench::engine(&path, &LoadOptions { device }, agents.max(1), max_tokens.max(2)).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                memdoor::bench::print_table(&report);
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn main() -> ExitCode {
    // One compute thread per stream: with five streams on few cores, candle's
    // shared pool would serialise them (measured best on 2 cores). Set before
    // any thread starts; a user's own setting wins.
    if std::env::var_os("CANDLE_NUM_THREADS").is_none() {
        std::env::set_var("CANDLE_NUM_THREADS", "1");
    }
    let cli = Cli::parse();
    let _log = memdoor::logging::init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("memdoor: error: starting the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(code) => code,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("memdoor: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
