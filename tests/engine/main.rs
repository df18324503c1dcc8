//! The local engine and its models: architectures against their references,
//! the batched engine, shared prefixes, tokenizers, model names and files,
//! and the real files of the newer architectures (ignored unless asked).

mod architectures;
mod batch;
mod engine;
mod prefix;
mod real_models;
mod resolve;
mod tokenizer;
mod tokenizer_gguf;
