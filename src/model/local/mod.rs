//! The local engine: GGUF weights through candle, loaded once and shared by
//! every agent (clones share the tensors), one blocking compute thread per
//! live stream.

mod chat_template;
mod engine;
mod generate;
mod sampler;
pub mod tokenizer;
mod utf8_stream;
mod weights;

pub use chat_template::ChatTemplate;
pub use engine::{LocalModel, LoadOptions};
pub use tokenizer::tokenizer_from_gguf;
pub use utf8_stream::Utf8Stream;
pub use engine::parse_device;
pub use generate::active_generations;
