//! `memdoor bench`'s flags: the problem-set bench and the subcommands.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::ModelArgs;
use crate::judge::sandbox::SandboxMode;
use crate::team::Ablation;

#[derive(Subcommand)]
pub enum BenchWhat {
    /// `memdoor serve` under load: N clients at once send streamed requests for the team;
    /// requests/s, time to first byte and to the answer, 429s and failures.
    Serve(super::serve::ServeBenchArgs),
    /// The local engine: load time, prompt and generation tok/s for one stream and for a team, peak RSS.
    Engine {
        /// Streams in the team measurement.
        #[arg(long, default_value_t = 5)]
        agents: usize,
        /// Tokens each stream generates.
        #[arg(long, default_value_t = 128)]
        max_tokens: usize,
        /// Make every stream's prompt at least this many tokens (the bench prompt after a code
        /// listing), so the prompt figures measure prefill; with --keep-prefix-mb 0 the one
        /// stream computes all of it. Default: the bench prompt alone (a few dozen tokens)
        #[arg(long, value_name = "N")]
        prompt_tokens: Option<usize>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// Also run the same prompts against this OpenAI-compatible server (e.g.
        /// `llama-server -np 5` on the same GGUF) and print memdoor ÷ server.
        #[arg(long, value_name = "URL")]
        vs_openai: Option<String>,
        /// The `model` name the server is asked for.
        #[arg(long, default_value = "default", requires = "vs_openai")]
        openai_model: String,
        #[command(flatten)]
        model: ModelArgs,
    },
    /// The engine's sampler against candle's LogitsProcessor (which it replaced) on the same
    /// rows of 151,936 and 49,152 scores, temperature 0.3, top-p 0.95: µs per token.
    #[command(hide = true)]
    Sampling {
        /// Tokens each sampler draws per case.
        #[arg(long, default_value_t = 100)]
        tokens: usize,
        /// Also this model's own rows (a GGUF path, a name or a hub spec): its scores along an
        /// answer to the bench prompt.
        #[arg(long, value_name = "SPEC")]
        model: Option<String>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// memdoor's own kernels (the fused layer kernels, the decode attention, sampling's pass)
    /// on a device against their CPU references, on the same seeded inputs: the largest
    /// difference per case against its tolerance; exits 1 if any case is past it. The first
    /// thing a GPU window runs (on the CPU both sides are the same code).
    #[command(hide = true)]
    Kernels {
        /// Where the kernels run: cpu, cuda or cuda:N.
        #[arg(long, default_value = "cuda")]
        device: String,
        /// Print the checks as JSON.
        #[arg(long)]
        json: bool,
    },
    /// How a LiveCodeBench stdin problem's prompt asks for the program (LiveCodeBench's block
    /// holding `# YOUR CODE HERE`, or the same in words), on the same problems and samplings:
    /// answers passing every test, and answers holding no code.
    #[command(hide = true)]
    Prompts {
        /// A problem set (JSONL); give it again for more. Only its stdin problems are asked.
        #[arg(long, required = true, value_name = "FILE")]
        problems: Vec<PathBuf>,
        /// Answers per problem and format: agent n's sampling draws answer n (0: greedy).
        #[arg(long, default_value_t = 1)]
        samples: usize,
        /// Answers generated at once (the engine batches them).
        #[arg(long, default_value_t = 5)]
        agents: usize,
        #[arg(long, default_value_t = 256)]
        max_tokens: usize,
        /// Print the report (with every answer's outcome) as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        model: ModelArgs,
    },
    /// Drawing cost: frame time and CPU for five panes of 2,000 lines while five agents
    /// stream at 50 tok/s, with and without syntax highlighting.
    Tui {
        /// Simulated seconds of streaming.
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
        #[arg(long, default_value_t = 200)]
        width: u16,
        #[arg(long, default_value_t = 60)]
        height: u16,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Coordination overhead: a team solve's wall time minus the model's own compute,
    /// with the embedded store and (with --redis) with Redis. With --tasks: coordination
    /// at scale — W workers on an instant model (no model at all) answer N plain-client
    /// tasks through the Redis; tasks/s, commands and bytes per task, p50/p99, memory.
    Team {
        /// Also measure with the shared memory in this Redis.
        #[arg(long, env = "MEMDOOR_REDIS", hide_env_values = true, value_name = "URL")]
        redis: Option<String>,
        /// Scale mode: this many `task:<id>` keys, answered by --workers workers (needs --redis).
        #[arg(long)]
        tasks: Option<usize>,
        /// Scale mode: workers (in this process).
        #[arg(long, default_value_t = 5)]
        workers: usize,
        /// Scale mode: seconds the finished tasks' keys are kept (then the memory is measured again).
        #[arg(long, default_value_t = 5)]
        retention_secs: u64,
        #[arg(long, default_value_t = 5)]
        agents: usize,
        #[arg(long, default_value_t = 2)]
        rounds: u32,
        #[arg(long, default_value_t = 96)]
        max_tokens: usize,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        model: ModelArgs,
    },
}

#[derive(Args)]
pub struct SetBenchArgs {
    /// A problem set: LiveCodeBench JSON Lines / JSON array, or HumanEval JSONL (.gz too).
    #[arg(long, value_name = "FILE")]
    pub problems: Option<PathBuf>,
    /// A set of repositories (e.g. assets/repos: each a folder with task.md, repo/, hidden/,
    /// meta.toml): the repository mode's patches, graded by private tests — single,
    /// sample-and-select at equal tokens, team, oracle.
    #[arg(long, value_name = "DIR", conflicts_with = "problems")]
    pub repos: Option<PathBuf>,
    #[arg(long, default_value_t = 5)]
    pub agents: usize,
    #[arg(long, default_value_t = 2)]
    pub rounds: u32,
    /// Only the first N problems.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Skip the step where agents write test inputs (asked for only on problems with no public
    /// tests); with --repos, the agents' reproduction tests.
    #[arg(long)]
    pub(crate) no_agent_tests: bool,
    /// With --repos: take each repository's failing visible tests out first (top-level test
    /// functions: pytest's, cargo's integration tests), so every visible test passes, as for a
    /// bug report no test shows; a repository whose failing tests cannot be taken out is left
    /// out, and said. The private tests grade as before.
    #[arg(long, requires = "repos")]
    pub hide_failing: bool,
    /// Also run the team with one mechanism flipped at a time and print a row
    /// for each: every mechanism with a bare `--ablate` (about thirteen times as
    /// long), or those named, as in `--ablate=fresh-drafts,early-stop`.
    /// Flipped off: a second round, agent tests, repair prompts, aggregation,
    /// early stop, fresh drafts, form repair, public tests (the stated examples
    /// not run), a lead's roles; on: repairs after a pass, framed proposals,
    /// distinguishing inputs, a passing majority's programs told apart.
    #[arg(
        long,
        value_enum,
        num_args = 0..,
        value_delimiter = ',',
        require_equals = true,
        value_name = "MECHANISM",
        conflicts_with = "repos"
    )]
    pub ablate: Option<Vec<Ablation>>,
    #[arg(long, default_value_t = 512)]
    pub max_tokens: usize,
    /// Also run this model alone (a name such as `coder-1.5b`, a GGUF path or a hub spec), on the
    /// same device: rows for its greedy answer and for sample-and-select for as long as the team
    /// took on each problem (wall time on this machine), beside the team's; with --mixed, also for
    /// as long as the mixed team took (one sequence of samples, each arm read off where it stops).
    #[arg(long, value_name = "MODEL", conflicts_with = "repos")]
    pub vs: Option<String>,
    /// Also run the team this config file's `[[agents]]` describe (e.g. assets/teams/mixed-1.5b.toml:
    /// four Qwen2.5-Coder-0.5B agents and one 1.5B lead) on each problem, with the same rounds and
    /// mechanisms: a row of its own beside the first team's. Its models load with this bench's
    /// device and options; each file loads once, shared with the first team and --vs.
    #[arg(long, value_name = "CONFIG", conflicts_with = "repos")]
    pub mixed: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Run drafts only in bubblewrap (`strong`, the default: without it memdoor refuses and says how to fix it),
    /// or without it (`weak`: drafts run as you, with your files and network in reach). Default: the config's [sandbox] mode.
    #[arg(long, value_enum, value_name = "MODE")]
    pub sandbox: Option<SandboxMode>,
    #[command(flatten)]
    pub model: ModelArgs,
}

impl SetBenchArgs {
    /// The mechanisms to flip, each once, in the order given (a bare `--ablate`: all).
    pub(crate) fn ablations(&self) -> Vec<Ablation> {
        match self.ablate.as_deref() {
            None => Vec::new(),
            Some([]) => Ablation::ALL.to_vec(),
            Some(named) => {
                let mut kept = Vec::new();
                for &a in named {
                    if !kept.contains(&a) {
                        kept.push(a);
                    }
                }
                kept
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::super::{Cli, Command};
    use crate::team::Ablation;

    fn ablations(flags: &[&str]) -> Result<Vec<Ablation>, clap::Error> {
        let argv = ["memdoor", "bench", "--problems", "set.jsonl"].iter().chain(flags).copied();
        match Cli::try_parse_from(argv)?.command {
            Some(Command::Bench { what: None, set }) => Ok(set.ablations()),
            _ => unreachable!("parsed the problem-set bench"),
        }
    }

    #[test]
    fn ablate_alone_flips_every_mechanism_and_a_list_only_those_named() {
        assert_eq!(ablations(&[]).unwrap(), []);
        assert_eq!(ablations(&["--ablate", "--json"]).unwrap(), Ablation::ALL);
        assert_eq!(
            ablations(&["--ablate=fresh-drafts,early-stop,fresh-drafts"]).unwrap(),
            [Ablation::FreshDrafts, Ablation::EarlyStop]
        );
        assert_eq!(ablations(&["--ablate=distinguish"]).unwrap(), [Ablation::Distinguish]);
        assert_eq!(ablations(&["--ablate=framed-proposals"]).unwrap(), [Ablation::FramedProposals]);
        assert_eq!(ablations(&["--ablate=repairs-after-pass"]).unwrap(), [Ablation::RepairsAfterPass]);
        assert_eq!(ablations(&["--ablate=split-majority"]).unwrap(), [Ablation::SplitMajority]);
        assert!(ablations(&["--ablate=no-such-thing"]).is_err());
    }
}
