//! What memdoor's integration tests share (the `memdoor-testkit` crate, a
//! dev-dependency; each test binary names what it uses,
//! `use memdoor_testkit::redis_server::RedisServer`): the models they run,
//! each loaded once per test binary (fetched into the cache first if
//! needed), the real binary's path, and the servers, scripted models and
//! waits of the modules below. Where the model is incidental (the test is about the
//! store, the TUI, the workers) it is the small, fast `smollm2-135m` (or
//! `$MEMDOOR_MODEL`); the tests of what the default model writes name
//! `default`.

pub mod eventually;
pub mod hostile;
pub mod inproc_worker;
pub mod openai_server;
pub mod redis_cluster;
pub mod redis_server;
pub mod scripted;
pub mod scripted_sse;
pub mod store_suite;
pub mod tiny_gguf;
pub mod tmux;
pub mod tui_app;
pub mod workers;

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use futures::stream::BoxStream;
use futures::StreamExt;
use memdoor::model::local::{LoadOptions, LocalModel};
use memdoor::model::resolve::{resolve, ModelSpec};
use memdoor::model::{ChatRequest, Chunk, FinishReason, Message, Sampling, Usage};

pub const PALINDROME: &str =
    "Write a Python function is_palindrome(s: str) -> bool that ignores case and non-alphanumeric characters.";

/// SmolLM2's greedy answer to PALINDROME begins exactly so (llama.cpp agrees token for token).
pub const GOLDEN_START: &str =
    "```python\ndef is_palindrome(s: str) -> bool:\n    s = s.lower()\n    return s == s[::-1]\n```";

/// The default model's (Qwen2.5-Coder-0.5B-Instruct Q4_K_M) first 48 greedy
/// tokens for PALINDROME, as llama.cpp writes them on the same file
/// (tests/tools/llama_cpp_greedy.mjs; 51 prompt tokens).
pub const DEFAULT_GOLDEN: &str = "Here's a Python function that checks if a given string is a palindrome, ignoring case and non-alphanumeric characters:\n\n```python\ndef is_palindrome(s: str) -> bool:\n    # Remove non-alphanumeric characters and convert to lowercase";

/// The real `memdoor` binary of this build: cargo builds it beside the test
/// binaries' `deps/` folder before it runs them (as `CARGO_BIN_EXE_memdoor`
/// says at compile time, which a library of the tests is not given).
pub fn memdoor_bin() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let dir = exe.parent().and_then(|deps| deps.parent()).expect("the test binary lies in target/<profile>/deps");
    let bin = dir.join("memdoor");
    assert!(bin.is_file(), "no memdoor binary at {} (cargo builds it for the integration tests)", bin.display());
    bin
}

/// `prompt` alone, greedy (the default sampling), at most `max_tokens`,
/// ending where the model ends; a test that needs every token sets
/// `ignore_stop: true` over it.
pub fn greedy(prompt: &str, max_tokens: usize) -> ChatRequest {
    ChatRequest { messages: vec![Message::user(prompt)], sampling: Sampling::default(), max_tokens, ignore_stop: false }
}

/// `greedy`, every one of the `max_tokens` tokens (the model's end of turn
/// does not stop it): what a comparison token for token needs.
pub fn every_token(prompt: &str, max_tokens: usize) -> ChatRequest {
    ChatRequest { ignore_stop: true, ..greedy(prompt, max_tokens) }
}

/// The model of the tests where it is incidental.
pub fn model_path() -> PathBuf {
    let spec = std::env::var("MEMDOOR_MODEL").unwrap_or_else(|_| "smollm2-135m".into());
    resolve(&ModelSpec::parse(&spec))
        .unwrap_or_else(|e| panic!("the test model {spec} (run `memdoor models pull {spec}`): {e:#}"))
}

/// The default model (`coder-0.5b`), whatever `$MEMDOOR_MODEL` says.
pub fn default_model_path() -> PathBuf {
    resolve(&ModelSpec::parse("default"))
        .unwrap_or_else(|e| panic!("the default model (run `memdoor models pull`): {e:#}"))
}

pub fn model() -> Arc<LocalModel> {
    static MODEL: OnceLock<Arc<LocalModel>> = OnceLock::new();
    MODEL.get_or_init(|| load(&model_path())).clone()
}

pub fn default_model() -> Arc<LocalModel> {
    static MODEL: OnceLock<Arc<LocalModel>> = OnceLock::new();
    MODEL.get_or_init(|| load(&default_model_path())).clone()
}

fn load(path: &std::path::Path) -> Arc<LocalModel> {
    Arc::new(LocalModel::load(path, &LoadOptions::default()).expect("loading the model"))
}

/// A stream read to its end.
#[derive(Debug)]
pub struct Answer {
    pub text: String,
    pub finish: FinishReason,
    pub usage: Usage,
}

/// Reads `stream` to its `Done`, after the `text` already read from it.
pub async fn read_all(mut stream: BoxStream<'static, anyhow::Result<Chunk>>, mut text: String) -> Answer {
    while let Some(chunk) = stream.next().await {
        match chunk.unwrap() {
            Chunk::Text(t) => text.push_str(&t),
            Chunk::Done { finish, usage } => return Answer { text, finish, usage },
            Chunk::Restart => panic!("a local stream never restarts"),
        }
    }
    panic!("the stream ended without Done")
}

/// Says that `test` of `binary` cannot run on this machine, and why: on
/// stderr and in `$MEMDOOR_SKIP_LOG`, which `scripts/test.sh` prints at its
/// end, so a test that cannot run here is never a silent pass.
pub fn skip(binary: &str, test: &str, why: &str) {
    let line = format!("SKIPPED {binary} {test}: {why}\n");
    eprint!("{line}");
    if let Some(path) = std::env::var_os("MEMDOOR_SKIP_LOG") {
        use std::io::Write;
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
        let _ = file.and_then(|mut f| f.write_all(line.as_bytes()));
    }
}
