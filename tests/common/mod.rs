//! Shared by the integration tests: the real default model, loaded once per
//! test binary (fetched into the cache first if needed).

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use futures::stream::BoxStream;
use futures::StreamExt;
use memdoor::model::local::{LoadOptions, LocalModel};
use memdoor::model::{Chunk, FinishReason, Usage};
use memdoor::model::resolve::{resolve, ModelSpec};

pub const PALINDROME: &str = "Write a Python function is_palindrome(s: str) -> bool that ignores case and non-alphanumeric characters.";

/// SmolLM2's greedy answer to PALINDROME begins exactly so (llama.cpp agrees token for token).
pub const GOLDEN_START: &str = "```python\ndef is_palindrome(s: str) -> bool:\n    s = s.lower()\n    return s == s[::-1]\n```";

pub fn model_path() -> PathBuf {
    let spec = std::env::var("MEMDOOR_MODEL").unwrap_or_else(|_| "default".into());
    resolve(&ModelSpec::parse(&spec)).expect("the default model (run `memdoor models pull`)")
}

pub fn model() -> Arc<LocalModel> {
    static MODEL: OnceLock<Arc<LocalModel>> = OnceLock::new();
    MODEL
        .get_or_init(|| Arc::new(LocalModel::load(&model_path(), &LoadOptions::default()).expect("loading the model")))
        .clone()
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
