//! Entry points for the fuzz targets (fuzz/, docs/fuzzing.md) and for the
//! plain test that runs their corpus (tests/judge/fuzz_corpus.rs): one function
//! per parser of untrusted input, from raw bytes. Each must return whatever
//! the bytes are (an error is a fine answer) and, where it is cheap to say,
//! hold a property of what it returns: a round trip, a limit. A panic here
//! is a finding; libFuzzer keeps the input that caused it.
//!
//! Where the parsing sits inside a function that needs a sandbox, a server
//! or Redis (the judge's reading of harness.py's output, the OpenAI
//! client's stream), the same steps are taken here on the same types,
//! with a pointer to the code they mirror.
//!
//! By area: `problems` (what users and plain clients give), `answers` (what
//! models and test runners write), `wire` (what arrives over a wire or from
//! disk); `input` holds what they share.

mod answers;
mod input;
mod problems;
mod wire;

use answers::{edit_blocks, judge_results, model_answer, test_outcomes};
use problems::{examples, literals, problem_file, problem_set, problem_task, problem_text};
use wire::{distributed_wire, git_output, journal_file, redis_entry, request_headers, serve_body, sse};

/// What the inputs go through. The name is the folder of the target's
/// corpus (`fuzz/corpus/<name>/`) and of its regressions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// `Problem::from_text`: a prompt as the TUI, `solve` and serve take it.
    ProblemText,
    /// `Problem::parse`: a problem file (LiveCodeBench JSON or free text).
    ProblemFile,
    /// `Problem::from_task`: a plain client's `task:<id>` (first line: the id), and its run label.
    ProblemTask,
    /// `problem::load_set`: a problem set (JSON Lines, a JSON array, gzip).
    ProblemSet,
    /// `problem::literal`: Python literals, call arguments.
    Literal,
    /// `problem::stated`: the examples a free text states.
    Examples,
    /// How `judge::grade` reads harness.py's output back and judges it.
    JudgeResults,
    /// A journal file as `memdoor replay` reads and replays it.
    Journal,
    /// A memory entry as read back from a Redis stream (`entries.rs`).
    RedisEntry,
    /// Jobs and reply items between requesters and workers (`distributed/wire.rs`, the fence).
    DistributedWire,
    /// An OpenAI-compatible server's streamed body, as the client reads it.
    Sse,
    /// `POST /v1/chat/completions` bodies, as `memdoor serve` reads them.
    ServeBody,
    /// A model's answer as the team reads its code (`team::draft_code`, `no_code`).
    ModelAnswer,
    /// A test run's output as `repo::outcomes` reads per-test outcomes from it, in every runner's format.
    TestOutcomes,
    /// A model's answer as the repository mode reads its edit blocks, applied to a file (`repo::edit`).
    EditBlocks,
    /// A request's headers as `memdoor serve` checks them first (`Host`, `Origin`, `Content-Type`).
    RequestHeaders,
    /// What git prints of a repository's config and attributes, read for programs to force off (`repo::git`).
    GitOutput,
}

impl Target {
    pub const ALL: [Target; 17] = [
        Target::ProblemText,
        Target::ProblemFile,
        Target::ProblemTask,
        Target::ProblemSet,
        Target::Literal,
        Target::Examples,
        Target::JudgeResults,
        Target::Journal,
        Target::RedisEntry,
        Target::DistributedWire,
        Target::Sse,
        Target::ServeBody,
        Target::ModelAnswer,
        Target::TestOutcomes,
        Target::EditBlocks,
        Target::RequestHeaders,
        Target::GitOutput,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::ProblemText => "problem_text",
            Target::ProblemFile => "problem_file",
            Target::ProblemTask => "problem_task",
            Target::ProblemSet => "problem_set",
            Target::Literal => "literal",
            Target::Examples => "examples",
            Target::JudgeResults => "judge_results",
            Target::Journal => "journal",
            Target::RedisEntry => "redis_entry",
            Target::DistributedWire => "distributed_wire",
            Target::Sse => "sse",
            Target::ServeBody => "serve_body",
            Target::ModelAnswer => "model_answer",
            Target::TestOutcomes => "test_outcomes",
            Target::EditBlocks => "edit_blocks",
            Target::RequestHeaders => "request_headers",
            Target::GitOutput => "git_output",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Runs one input; whether the parser accepted it (the corpus test asks
    /// that every target's corpus holds inputs that get past the parser).
    pub fn run(self, data: &[u8]) -> bool {
        match self {
            Target::ProblemText => problem_text(data),
            Target::ProblemFile => problem_file(data),
            Target::ProblemTask => problem_task(data),
            Target::ProblemSet => problem_set(data),
            Target::Literal => literals(data),
            Target::Examples => examples(data),
            Target::JudgeResults => judge_results(data),
            Target::Journal => journal_file(data),
            Target::RedisEntry => redis_entry(data),
            Target::DistributedWire => distributed_wire(data),
            Target::Sse => sse(data),
            Target::ServeBody => serve_body(data),
            Target::ModelAnswer => model_answer(data),
            Target::TestOutcomes => test_outcomes(data),
            Target::EditBlocks => edit_blocks(data),
            Target::RequestHeaders => request_headers(data),
            Target::GitOutput => git_output(data),
        }
    }
}
