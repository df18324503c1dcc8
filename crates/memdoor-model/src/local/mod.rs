//! The local engine: GGUF weights through candle, loaded once and shared by
//! every agent, run batched (`batch`: one engine thread, one forward per
//! step over every live sequence) for every supported architecture
//! (`arch`).

pub mod arch;
mod batch;
mod chat_template;
mod decode_attention;
mod decode_graph;
mod decoder;
mod device_sampling;
mod engine;
mod engine_stats;
mod fixed_step;
mod forward;
mod fused;
mod inline_rayon;
mod kernel_check;
mod kv_cache;
mod kv_pool;
mod layers;
mod load_options;
#[cfg(feature = "cuda")]
mod nvrtc;
mod pooled_attention;
#[cfg(test)]
mod pooled_exact;
mod prefix;
#[cfg(test)]
mod prefix_exact;
/// The quantized matrix product, in its own crate so debug builds optimise it.
pub use memdoor_qmatmul as qmatmul;
pub mod sampler;
mod seating;
mod sequence;
mod step_times;
pub mod tokenizer;
mod tokenizer_spm;
mod utf8_stream;

pub use batch::{EngineStats, StepTimes};
pub use chat_template::ChatTemplate;
pub use engine::LocalModel;
pub use kernel_check::{check_kernels, KernelCheck};
pub use load_options::{parse_device, parse_quant, LoadOptions, KEEP_PREFIX_MB};
pub use prefix::{CPU_PREFILL_CHUNK, GPU_PREFILL_CHUNK, PREFILL_CHUNK_RANGE};
pub use sequence::active_generations;
pub use tokenizer::tokenizer_from_gguf;
pub use utf8_stream::Utf8Stream;
