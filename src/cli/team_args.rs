//! The flags of the commands that run a team: `solve` and the TUI share
//! `SessionArgs` (problem, journal) and `TeamFlags` (applied to the config in
//! one place) and `ModelArgs`.

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args;

use crate::judge::sandbox::SandboxMode;
use crate::problem::Problem;

/// What a session needs, for `solve` and the TUI alike: the problem, the
/// team's flags, the journal.
#[derive(Args)]
pub struct SessionArgs {
    /// The problem, as text. Or use --problem FILE.
    pub text: Option<String>,
    /// A problem file: plain text, or a LiveCodeBench JSON object (`question_content`, `starter_code`).
    #[arg(long, value_name = "FILE")]
    pub problem: Option<PathBuf>,
    /// Work on this git repository: the task (as text) goes to the agents with the files it
    /// names, then the tracked files sharing most of its words, within --context-tokens.
    /// Only files git tracks are read. The answer is a patch judged by the repository's tests:
    /// `solve` prints it (`--apply` writes it), the TUI shows it and `a` writes it (docs/repo.md).
    #[arg(long, value_name = "DIR")]
    pub repo: Option<PathBuf>,
    /// With --repo: show the agents this file (repeatable; from the current directory);
    /// then these are all they see.
    #[arg(long = "file", value_name = "PATH", requires = "repo")]
    pub files: Vec<PathBuf>,
    /// With --repo: the most the files shown may take, in tokens (≈ 4 bytes each).
    #[arg(long, value_name = "N", default_value_t = 6000, value_parser = clap::value_parser!(u32).range(1..=12_000))]
    pub(crate) context_tokens: u32,
    #[command(flatten)]
    pub team: TeamFlags,
    /// Journal the session's events here (default: a new file under the log dir's journal/).
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
    /// Do not journal the session.
    #[arg(long, conflicts_with = "journal")]
    pub(crate) no_journal: bool,
}

impl SessionArgs {
    /// The problem given as text or as a file; `None` when neither is.
    pub(crate) fn read_problem(&self) -> Result<Option<Problem>> {
        if let Some(dir) = &self.repo {
            return self.read_repo_task(dir).map(Some);
        }
        match (&self.text, &self.problem) {
            (Some(t), None) => Problem::from_text(t).map(Some),
            (None, Some(f)) => Problem::from_file(f).map(Some),
            (Some(_), Some(_)) => bail!("give the problem as text or as --problem FILE, not both"),
            (None, None) => Ok(None),
        }
    }

    /// The task with the repository's files it concerns (`--repo`); what was
    /// shown and left out is said on stderr.
    fn read_repo_task(&self, dir: &std::path::Path) -> Result<Problem> {
        self.read_repo_context(dir).map(|(problem, _)| problem)
    }

    /// As `read_repo_task`, with the context it shows.
    pub(crate) fn read_repo_context(&self, dir: &std::path::Path) -> Result<(Problem, crate::repo::Context)> {
        let (Some(task), None) = (&self.text, &self.problem) else {
            bail!("with --repo, give the task as text: memdoor solve --repo DIR \"what to change\"");
        };
        // --file paths as the user typed them: from the current directory.
        let here = std::env::current_dir()?;
        let files: Vec<PathBuf> = self.files.iter().map(|f| here.join(f)).collect();
        let context = crate::repo::gather(dir, task, &files, self.context_tokens as usize)?;
        eprintln!("memdoor: {}", context.summary());
        let problem = Problem::from_text_with_context(task, &context.as_prompt())?;
        Ok((problem, context))
    }
}

/// The terminal UI's options (`memdoor` with no command); without a problem,
/// type one in the app (n).
#[derive(Args)]
pub struct TuiArgs {
    #[command(flatten)]
    pub session: SessionArgs,
    /// Colour theme: dark, light, or a theme file (default: the config's [tui] theme).
    #[arg(long)]
    pub(crate) theme: Option<String>,
    /// After the UI closes, print the accepted answer on stdout.
    #[arg(long)]
    pub print: bool,
    /// Where accepting saves the answer by default (default: from the problem's name).
    #[arg(long, value_name = "FILE")]
    pub(crate) save_as: Option<PathBuf>,
    /// Accepting may replace an existing file without asking (for scripts; it never writes through a symlink).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub tests: RepoTestFlags,
}

impl TuiArgs {
    /// Whether any TUI option was given (they mean nothing before a command).
    pub(crate) fn any_given(&self) -> bool {
        let s = &self.session;
        let t = &s.team;
        let m = &t.model;
        s.text.is_some()
            || s.problem.is_some()
            || s.repo.is_some()
            || self.tests.test.is_some()
            || s.journal.is_some()
            || s.no_journal
            || self.theme.is_some()
            || self.print
            || self.save_as.is_some()
            || self.force
            || t.agents.is_some()
            || t.max_tokens.is_some()
            || t.temperature.is_some()
            || t.seed.is_some()
            || t.rounds.is_some()
            || t.redis.is_some()
            || t.namespace.is_some()
            || t.no_agent_tests
            || t.sandbox.is_some()
            || m.model.is_some()
            || m.device.is_some()
            || m.quant.is_some()
    }
}

/// The team's flags, shared by `solve` and the TUI. The config file can set
/// each of them, so they are `Option`s: a flag left out keeps the file's
/// value (defaults live in `Config`).
#[derive(Args)]
pub struct TeamFlags {
    /// How many agents work on the problem [default: 5].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub agents: Option<u16>,
    /// Most tokens each agent may write [default: 512].
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1 << 20))]
    pub max_tokens: Option<usize>,
    /// One sampling temperature for every agent (default: 0.0 for agent 0, then 0.2, 0.3, 0.4, 0.3).
    #[arg(long)]
    pub temperature: Option<f64>,
    /// Base random seed; agent i uses seed + i [default: 42].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Rounds: 1 = every agent proposes; each further round runs only while no draft passes
    /// the tests, every agent drawing a fresh draft under another framing (with no tests,
    /// every agent refines from the others' drafts) [default: 2]. The rounds stop once any
    /// draft passes every public test. In the TUI a re-prompt adds one.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10))]
    pub rounds: Option<u32>,
    /// Keep the shared memory in this Redis (redis://, rediss://, unix sockets) instead of
    /// in-process. Default: $MEMDOOR_REDIS, else the config's [store] redis.
    #[arg(long, value_name = "URL")]
    pub redis: Option<String>,
    /// The Redis key namespace shared with `memdoor agent` workers [default: default]. Old name: --session.
    #[arg(long, alias = "session")]
    pub namespace: Option<String>,
    /// Skip the step where agents write test inputs for a problem that has no tests of its own
    /// (its drafts then run on nothing, and the answer is the drafts' textual consensus).
    #[arg(long)]
    pub(crate) no_agent_tests: bool,
    /// Run drafts only in bubblewrap (`strong`, the default: without it memdoor refuses and says how to fix it),
    /// or without it (`weak`: drafts run as you, with your files and network in reach). Default: the config's [sandbox] mode.
    #[arg(long, value_enum, value_name = "MODE")]
    pub sandbox: Option<SandboxMode>,
    #[command(flatten)]
    pub model: ModelArgs,
}

#[derive(Args, Clone)]
pub struct ModelArgs {
    /// A named model (`coder-0.5b`, `coder-1.5b`, `smollm2-135m`; `default` is coder-0.5b; see
    /// `memdoor models`), a GGUF file path, or Hugging Face `owner/repo[:FILE.gguf|:QUANT]`.
    /// Default: $MEMDOOR_MODEL, else the config's [team] model, else `default`.
    #[arg(long)]
    pub model: Option<String>,
    /// Where to run the model: cpu, cuda or cuda:N (CUDA needs a `--features cuda` build). Default: the config's, else cpu.
    #[arg(long)]
    pub device: Option<String>,
    /// Requantise a local model's weights at load: `q8_0` (~1.7x Q4_1's weight memory;
    /// faster only on CPUs without AVX-512 VNNI, where candle's kernels run) or `none`.
    /// Default: the config's, else none.
    #[arg(long, value_name = "Q")]
    pub quant: Option<String>,
    /// MB of finished prompts' KV cache the local engine keeps, so the next round's prompts
    /// (which begin like this round's) copy their shared prefix instead of computing it; 0 keeps none.
    /// Default: the config's, else 256.
    #[arg(long, value_name = "MB")]
    pub keep_prefix_mb: Option<usize>,
    /// Tokens of context a local model serves: its RoPE tables and each stream's KV cache are
    /// sized to it (the memory is printed at load). Default: the config's, else the model's
    /// trained context up to 32768.
    #[arg(long, value_name = "TOKENS")]
    pub context: Option<usize>,
}

impl ModelArgs {
    /// Fills what the flags left out from the config (which holds MEMDOOR_MODEL).
    pub(crate) fn or_config(mut self, cfg: &crate::config::Config) -> Self {
        self.model.get_or_insert_with(|| cfg.team.model.clone());
        self.device.get_or_insert_with(|| cfg.team.device.clone());
        self.quant.get_or_insert_with(|| cfg.team.quant.clone());
        self.keep_prefix_mb.get_or_insert(cfg.team.keep_prefix_mb);
        self.context = self.context.or(cfg.team.context);
        self
    }

    /// How to load a local model: device, requantisation, kept prefixes.
    pub(crate) fn load_options(&self) -> anyhow::Result<crate::model::local::LoadOptions> {
        crate::cli::setup::load_options(
            self.device(),
            self.quant(),
            self.keep_prefix_mb.unwrap_or(crate::model::local::KEEP_PREFIX_MB),
            self.context,
        )
    }
    pub fn quant(&self) -> &str {
        self.quant.as_deref().unwrap_or("none")
    }
    pub fn spec(&self) -> &str {
        self.model.as_deref().unwrap_or("default")
    }
    pub fn device(&self) -> &str {
        self.device.as_deref().unwrap_or("cpu")
    }
}

/// How a repository session runs the repository's tests (`solve --repo`, the TUI's `--repo`).
#[derive(Args, Clone)]
pub struct RepoTestFlags {
    /// With --repo: the command that runs the repository's tests, from its root: the judge of every
    /// candidate patch, run in the sandbox without network [default: detected: cargo test, go test,
    /// npm test, node --test, pytest or unittest].
    #[arg(long, value_name = "CMD", requires = "repo")]
    pub test: Option<String>,
    /// With --repo: the most one run of the tests may take, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = crate::repo::testrun::TEST_TIMEOUT_SECS,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub(crate) test_timeout: u64,
}

#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub session: SessionArgs,
    /// Agents are `memdoor agent` workers on the same Redis (needs one); no model is loaded here.
    #[arg(long)]
    pub remote: bool,
    /// Print the TeamEvent stream as JSON lines on stdout instead of the live view.
    #[arg(long)]
    pub json: bool,
    /// Also print every agent's whole answer before the team's code.
    #[arg(long)]
    pub(crate) show_drafts: bool,
    #[command(flatten)]
    pub tests: RepoTestFlags,
    /// With --repo: write the team's patch into the repository's files, only if none of them
    /// changed since the session read them (the patch is printed on stdout either way).
    #[arg(long, requires = "repo")]
    pub apply: bool,
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::super::{Cli, Command};

    fn solve(argv: &[&str]) -> Result<super::SolveArgs, clap::Error> {
        match Cli::try_parse_from(["memdoor", "solve"].iter().chain(argv).copied())?.command {
            Some(Command::Solve(a)) => Ok(a),
            _ => unreachable!("parsed solve"),
        }
    }

    #[test]
    fn repo_puts_the_named_files_after_the_task_and_reads_examples_from_the_task_alone() {
        let dir = tempfile::tempdir().unwrap();
        let git = |args: &[&str]| {
            assert!(std::process::Command::new("git").arg("-C").arg(dir.path()).args(args).status().unwrap().success())
        };
        git(&["init", "-q"]);
        // A file that states an "example": data, not a test of the answer.
        std::fs::write(dir.path().join("calc.py"), "def double(x):\n    return x * 2\n# double(2) == 5\n").unwrap();
        git(&["add", "calc.py"]);
        let root = dir.path().to_str().unwrap();
        let args = solve(&["--repo", root, "Make double in calc.py work on strings."]).unwrap();
        let p = args.session.read_problem().unwrap().unwrap();
        assert!(p.statement.starts_with("Make double in calc.py work on strings."), "{}", p.statement);
        assert!(p.statement.contains("### calc.py\n```python\ndef double(x):"), "{}", p.statement);
        assert!(p.public_tests.is_empty(), "no test from a file's text: {:?}", p.public_tests);
        assert_eq!(p.id, crate::problem::Problem::from_text("Make double in calc.py work on strings.").unwrap().id);
        // --file needs --repo; the budget has bounds; the task must be text.
        assert!(solve(&["--file", "calc.py", "task"]).is_err());
        assert!(solve(&["--repo", root, "--context-tokens", "0", "task"]).is_err());
        assert!(solve(&["--repo", root, "--context-tokens", "99999", "task"]).is_err());
        let no_text = solve(&["--repo", root]).unwrap().session.read_problem().unwrap_err().to_string();
        assert!(no_text.contains("give the task as text"), "{no_text}");
        let outside = tempfile::tempdir().unwrap();
        let e = solve(&["--repo", outside.path().to_str().unwrap(), "fix"])
            .unwrap()
            .session
            .read_problem()
            .unwrap_err()
            .to_string();
        assert!(e.contains("not inside a git work tree"), "{e}");
    }
}
