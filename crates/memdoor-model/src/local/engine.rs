//! `LocalModel`: a GGUF model loaded once. Every stream runs on the batched
//! engine (one thread, every stream a sequence in its batch).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use candle_core::quantized::gguf_file;
use futures::stream::BoxStream;
use futures::StreamExt;
use tokenizers::Tokenizer;
use tokio::sync::mpsc;
use tokio_stream::wrappers::UnboundedReceiverStream;
use tokio_util::sync::CancellationToken;

use super::arch::{architecture_name, ModelConfig};
use super::batch::{Engine, EngineSettings, EngineStats};
use super::chat_template::ChatTemplate;
use super::decoder::Decoder;
use super::forward::{forward, KvCache, Piece};
use super::load_options::LoadOptions;

use super::sequence::Submit;
use super::tokenizer::{tokenizer_from_gguf, tokenizer_from_json};
use crate::{ChatRequest, Chunk, Message, ModelBackend};

pub struct LocalModel {
    name: String,
    path: PathBuf,
    architecture: String,
    engine: Engine,
    decoder: Arc<Decoder>,
    tokenizer: Arc<Tokenizer>,
    /// None for a base model: it loads and continues the messages' text as
    /// written (`encode_prompt`: what `bench engine` and the tests measure),
    /// but the team commands refuse it (`cli::setup`).
    template: Option<ChatTemplate>,
    /// The BOS a base model's text starts with, where the file asks for one.
    bos: Option<u32>,
    /// How the engine runs: its KV pool and prompt chunk.
    settings: EngineSettings,
}

fn token_text(tokens: &[String], md: &std::collections::HashMap<String, gguf_file::Value>, key: &str) -> String {
    md.get(key).and_then(|v| v.to_u32().ok()).and_then(|id| tokens.get(id as usize).cloned()).unwrap_or_default()
}

impl LocalModel {
    pub fn load(path: &Path, opts: &LoadOptions) -> Result<Self> {
        let mut file = std::fs::File::open(path).with_context(|| format!("opening model file {}", path.display()))?;
        let content = gguf_file::Content::read(&mut file).map_err(|e| {
            anyhow::anyhow!("{} is not a readable GGUF file ({e}); is it truncated or corrupt?", path.display())
        })?;
        let md = &content.metadata;
        let architecture = architecture_name(&content)?;
        // An unsupported architecture or context is refused before anything else is read.
        let cfg =
            ModelConfig::from_gguf(&content, opts.context).with_context(|| format!("loading {}", path.display()))?;
        let chunk = opts.chunk()?;

        let eos = md.get("tokenizer.ggml.eos_token_id").and_then(|v| v.to_u32().ok());
        let beside = path.with_file_name("tokenizer.json");
        let vocab = if beside.is_file() {
            tokenizer_from_json(&beside, eos)?
        } else {
            tokenizer_from_gguf(md).with_context(|| format!("building the tokenizer of {}", path.display()))?
        };
        let tokens: Vec<String> = match md.get("tokenizer.ggml.tokens") {
            Some(v) => v.to_vec()?.iter().filter_map(|t| t.to_string().ok().cloned()).collect(),
            None => Vec::new(),
        };
        let template = match md.get("tokenizer.chat_template") {
            Some(v) => Some(ChatTemplate::new(
                v.to_string()?,
                &token_text(&tokens, md, "tokenizer.ggml.bos_token_id"),
                &token_text(&tokens, md, "tokenizer.ggml.eos_token_id"),
            )?),
            None => None,
        };
        let mut stop = vocab.control.clone();
        stop.extend(vocab.eos);

        let corrupt = |e: anyhow::Error| {
            anyhow::anyhow!(
                "reading the weights of {} failed ({e:#}); is the file truncated or corrupt?",
                path.display()
            )
        };
        let tokenizer = Arc::new(vocab.tokenizer);
        let stop = Arc::new(stop);
        let mut decoder =
            Decoder::from_gguf(cfg, &content, &mut file, &opts.device, opts.requantize).map_err(corrupt)?;
        decoder.fused = opts.fuses();
        let decoder = Arc::new(decoder);
        tracing::info!(
            quantized_mb = decoder.quantized_bytes / 1_000_000,
            kv_bytes_per_token = decoder.cfg.kv_bytes_per_position(),
            "weights for the batched engine"
        );
        let settings = EngineSettings {
            keep_bytes: opts.keep_prefix_mb.saturating_mul(1 << 20),
            pooled: opts.pools_kv(),
            chunk,
            graphs: opts.decode_graphs(),
            device_sampling: opts.samples_on_device(),
        };
        let engine = Engine::start(decoder.clone(), tokenizer.clone(), stop, settings)?;
        let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        tracing::info!(model = %path.display(), %architecture, context_len = decoder.cfg.context_len, "model loaded");
        let add_bos = md.get("tokenizer.ggml.add_bos_token").and_then(|v| v.to_bool().ok()).unwrap_or(false);
        let bos = md.get("tokenizer.ggml.bos_token_id").and_then(|v| v.to_u32().ok()).filter(|_| add_bos);
        Ok(Self { name, path: path.to_path_buf(), architecture, engine, decoder, tokenizer, template, bos, settings })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn architecture(&self) -> &str {
        &self.architecture
    }
    /// Bytes of quantized weight matrices the engine holds.
    pub fn weight_bytes(&self) -> usize {
        self.decoder.quantized_bytes
    }
    /// Whether every stream's KV cache is a slot of one pool (`LoadOptions::kv_pool`).
    pub fn kv_pool(&self) -> bool {
        self.settings.pooled
    }
    /// Whether pooled decode steps run fixed, as CUDA graphs on a GPU (`LoadOptions::decode_graphs`).
    pub fn decode_graphs(&self) -> bool {
        self.settings.graphs
    }
    /// Whether sampling's pass over the vocabulary runs on the device (`LoadOptions::device_sampling`).
    pub fn device_sampling(&self) -> bool {
        self.settings.device_sampling
    }
    /// Whether a layer's small operations run as fused kernels (`LoadOptions::fused`).
    pub fn fused(&self) -> bool {
        self.decoder.fused
    }
    /// Prompt tokens a sequence computes in one step (`LoadOptions::prefill_chunk`).
    pub fn prefill_chunk(&self) -> usize {
        self.settings.chunk.size()
    }
    /// Positions served (`LoadOptions::context`).
    pub fn context_len(&self) -> usize {
        self.decoder.cfg.context_len
    }

    /// What loading took and what a stream may take, for the user: the
    /// architecture, the context served of the trained one, the weights',
    /// RoPE tables' and KV cache's memory.
    pub fn memory_summary(&self) -> String {
        let cfg = &self.decoder.cfg;
        let mb = |b: usize| b as f64 / 1e6;
        let kv = cfg.kv_bytes_per_position();
        format!(
            "{}, {} layers; context {} of {} trained tokens (--context to change); weights {:.0} MB, RoPE tables {:.1} MB; KV cache {:.0} KB a token, up to {:.0} MB a stream at the full context",
            self.architecture,
            cfg.n_layer,
            cfg.context_len,
            cfg.trained_context,
            mb(self.decoder.quantized_bytes),
            mb(self.decoder.rope_bytes()),
            kv as f64 / 1e3,
            mb(kv * cfg.context_len),
        )
    }

    /// Logits computed straight on the decoder, outside the engine's batch
    /// (tests compare them with a reference forward pass): the prompt's last
    /// position's, then each of `then`'s fed one at a time. `[1 + then.len(), vocab]`.
    pub fn teacher_forced_logits(&self, prompt: &[u32], then: &[u32]) -> Result<Vec<Vec<f32>>> {
        let mut cache = KvCache::default();
        let mut out = Vec::with_capacity(1 + then.len());
        let feed = |tokens: &[u32], cache: &mut KvCache| -> Result<Vec<f32>> {
            let mut pieces = [Piece { tokens, cache, logits: true }];
            let logits = forward(&self.decoder, &mut pieces)?.context("the step returned no logits")?;
            Ok(logits.squeeze(0)?.to_dtype(candle_core::DType::F32)?.to_vec1()?)
        };
        out.push(feed(prompt, &mut cache)?);
        for t in then {
            out.push(feed(std::slice::from_ref(t), &mut cache)?);
        }
        Ok(out)
    }
    pub fn tokenizer(&self) -> &Tokenizer {
        &self.tokenizer
    }
    /// The batched engine's running figures.
    pub fn engine_stats(&self) -> tokio::sync::watch::Receiver<EngineStats> {
        self.engine.stats()
    }

    /// Whether the file has a chat template (an instruct/chat model).
    pub fn has_chat_template(&self) -> bool {
        self.template.is_some()
    }

    /// The prompt's token ids, rendered through the model's chat template;
    /// a base model's are the messages' text as written, one blank line
    /// apart, after the file's BOS.
    pub fn encode_prompt(&self, messages: &[Message]) -> Result<Vec<u32>> {
        let (text, bos) = match &self.template {
            Some(template) => (template.render(messages)?, None),
            None => (messages.iter().map(|m| m.content.as_str()).collect::<Vec<_>>().join("\n\n"), self.bos),
        };
        let enc = self.tokenizer.encode(text, false).map_err(|e| anyhow::anyhow!("tokenizing the prompt: {e}"))?;
        Ok(bos.into_iter().chain(enc.get_ids().iter().copied()).collect())
    }
}

#[async_trait::async_trait]
impl ModelBackend for LocalModel {
    fn name(&self) -> &str {
        &self.name
    }

    fn context_tokens(&self) -> Option<usize> {
        Some(self.context_len())
    }

    async fn stream(&self, req: ChatRequest, cancel: CancellationToken) -> Result<BoxStream<'static, Result<Chunk>>> {
        let prompt = self.encode_prompt(&req.messages)?;
        let context_len = self.context_len();
        if prompt.len() >= context_len {
            bail!(
                "the prompt is {} tokens but {} serves at most {context_len} tokens of context; shorten the problem, raise --context, or use a model with a longer context",
                prompt.len(),
                self.name,
            );
        }
        let max_tokens = req.max_tokens.min(context_len - prompt.len());
        let cancel = cancel.child_token();
        // Dropping the stream cancels its compute.
        let guard = cancel.clone().drop_guard();
        let (tx, rx) = mpsc::unbounded_channel();
        let submitted = std::time::Instant::now();
        let job =
            Submit { prompt, sampling: req.sampling, max_tokens, ignore_stop: req.ignore_stop, tx, cancel, submitted };
        self.engine.submit(job).await?;
        let chunks = UnboundedReceiverStream::new(rx);
        Ok(chunks
            .map(move |chunk| {
                let _keep = &guard;
                chunk
            })
            .boxed())
    }
}
