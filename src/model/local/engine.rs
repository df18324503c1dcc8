//! `LocalModel`: a GGUF model loaded once. Llama-family models run on the
//! batched engine (one thread, every stream a sequence in its batch); other
//! architectures fall back to a thread per stream over shared weights.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use candle_core::quantized::{gguf_file, GgmlDType};
use candle_core::Device;
use futures::stream::BoxStream;
use futures::StreamExt;
use tokenizers::Tokenizer;
use tokio::sync::mpsc;
use tokio_stream::wrappers::{ReceiverStream, UnboundedReceiverStream};
use tokio_util::sync::CancellationToken;

use super::batch::{Engine, EngineStats};
use super::sequence::Submit;
use super::chat_template::ChatTemplate;
use super::generate::{self, Job};
use super::llama::Llama;
use super::tokenizer::{tokenizer_from_gguf, tokenizer_from_json};
use super::weights::{self, Weights};
use crate::model::{ChatRequest, Chunk, Message, ModelBackend};

/// Text deltas buffered per stream before the compute thread waits for the reader.
const STREAM_BUFFER: usize = 256;

#[derive(Debug, Clone)]
pub struct LoadOptions {
    pub device: Device,
    /// Requantise the weight matrices at load (e.g. Q4_1 to Q8_0: where our
    /// AVX-512 VNNI product does not run, candle's Q8_0 kernels are SIMD and
    /// its Q4_1 ones scalar; costs 8.5 instead of 5 bits a weight).
    pub requantize: Option<GgmlDType>,
    /// MB of finished prompts' KV the batched engine keeps, so later prompts
    /// that begin the same way (the next round on the same problem) copy it;
    /// 0 keeps none.
    pub keep_prefix_mb: usize,
}

/// SmolLM2-135M keeps 46 KB a position: 256 MB holds two prompts of 2,700 tokens.
pub const KEEP_PREFIX_MB: usize = 256;

impl Default for LoadOptions {
    fn default() -> Self {
        Self { device: Device::Cpu, requantize: None, keep_prefix_mb: KEEP_PREFIX_MB }
    }
}

/// `q8_0` (or `none`/`keep`) as given to `--quant`.
pub fn parse_quant(spec: &str) -> Result<Option<GgmlDType>> {
    match spec.to_ascii_lowercase().as_str() {
        "none" | "keep" | "" => Ok(None),
        "q8_0" => Ok(Some(GgmlDType::Q8_0)),
        "f16" => Ok(Some(GgmlDType::F16)),
        other => bail!("unknown quantisation `{other}` (use q8_0, f16 or none)"),
    }
}

/// `cpu`, `cuda` or `cuda:N`.
pub fn parse_device(spec: &str) -> Result<Device> {
    match spec {
        "cpu" => Ok(Device::Cpu),
        s if s == "cuda" || s.starts_with("cuda:") => {
            let ordinal = s.strip_prefix("cuda:").unwrap_or("0");
            let ordinal: usize = ordinal.parse().with_context(|| format!("bad device `{s}`"))?;
            if !candle_core::utils::cuda_is_available() {
                bail!("device `{s}`: this memdoor was built without CUDA; rebuild with `--features cuda`");
            }
            Device::new_cuda(ordinal).with_context(|| format!("opening CUDA device {ordinal} (is the NVIDIA driver loaded and the GPU visible?)"))
        }
        other => bail!("unknown device `{other}` (use cpu, cuda or cuda:N)"),
    }
}

enum Backend {
    Batched(Engine),
    /// Architectures the batched engine does not implement (qwen3's q/k norms).
    Threads(Box<Weights>),
}

pub struct LocalModel {
    name: String,
    path: PathBuf,
    architecture: String,
    /// Bytes of the batched engine's weight matrices (None on the fallback).
    weight_bytes: Option<usize>,
    backend: Backend,
    tokenizer: Arc<Tokenizer>,
    stop: Arc<HashSet<u32>>,
    template: ChatTemplate,
    context_len: usize,
    device: Device,
}

fn token_text(tokens: &[String], md: &std::collections::HashMap<String, gguf_file::Value>, key: &str) -> String {
    md.get(key)
        .and_then(|v| v.to_u32().ok())
        .and_then(|id| tokens.get(id as usize).cloned())
        .unwrap_or_default()
}

impl LocalModel {
    pub fn load(path: &Path, opts: &LoadOptions) -> Result<Self> {
        let mut file = std::fs::File::open(path)
            .with_context(|| format!("opening model file {}", path.display()))?;
        let content = gguf_file::Content::read(&mut file).map_err(|e| {
            anyhow::anyhow!("{} is not a readable GGUF file ({e}); is it truncated or corrupt?", path.display())
        })?;
        let md = &content.metadata;
        let architecture = weights::architecture(&content)?;
        let context_len = weights::context_length(&content, &architecture)?;

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
        let template_src = match md.get("tokenizer.chat_template") {
            Some(v) => v.to_string()?.clone(),
            None => bail!("{} has no chat template (`tokenizer.chat_template`); memdoor needs an instruct/chat model", path.display()),
        };
        let template = ChatTemplate::new(
            &template_src,
            &token_text(&tokens, md, "tokenizer.ggml.bos_token_id"),
            &token_text(&tokens, md, "tokenizer.ggml.eos_token_id"),
        )?;
        let mut stop = vocab.control.clone();
        stop.extend(vocab.eos);

        let corrupt = |e: anyhow::Error| {
            anyhow::anyhow!("reading the weights of {} failed ({e:#}); is the file truncated or corrupt?", path.display())
        };
        let tokenizer = Arc::new(vocab.tokenizer);
        let stop = Arc::new(stop);
        let mut weight_bytes = None;
        let backend = if architecture == "llama" {
            let llama = Llama::from_gguf(&content, &mut file, &opts.device, opts.requantize).map_err(corrupt)?;
            weight_bytes = Some(llama.quantized_bytes);
            let kv_kb_per_token = super::prefix::kv_bytes_per_position(&llama.cfg) / 1000;
            tracing::info!(quantized_mb = llama.quantized_bytes / 1_000_000, kv_kb_per_token, "llama weights for the batched engine");
            let keep_bytes = opts.keep_prefix_mb.saturating_mul(1 << 20);
            Backend::Batched(Engine::start(Arc::new(llama), tokenizer.clone(), stop.clone(), keep_bytes)?)
        } else {
            if opts.requantize.is_some() {
                bail!("requantising is only implemented for llama-family models, not `{architecture}`");
            }
            Backend::Threads(Box::new(Weights::from_gguf(content, &mut file, &opts.device).map_err(corrupt)?))
        };
        let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        tracing::info!(model = %path.display(), %architecture, context_len, "model loaded");
        Ok(Self {
            name,
            path: path.to_path_buf(),
            architecture,
            weight_bytes,
            backend,
            tokenizer,
            stop,
            template,
            context_len,
            device: opts.device.clone(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn architecture(&self) -> &str {
        &self.architecture
    }
    /// Bytes of quantized weight matrices the batched engine holds.
    pub fn weight_bytes(&self) -> Option<usize> {
        self.weight_bytes
    }
    pub fn context_len(&self) -> usize {
        self.context_len
    }
    pub fn tokenizer(&self) -> &Tokenizer {
        &self.tokenizer
    }
    /// The batched engine's running figures (None on the fallback).
    pub fn engine_stats(&self) -> Option<tokio::sync::watch::Receiver<EngineStats>> {
        match &self.backend {
            Backend::Batched(engine) => Some(engine.stats()),
            Backend::Threads(_) => None,
        }
    }

    /// The prompt's token ids, rendered through the model's chat template.
    pub fn encode_prompt(&self, messages: &[Message]) -> Result<Vec<u32>> {
        let text = self.template.render(messages)?;
        let enc = self.tokenizer.encode(text, false).map_err(|e| anyhow::anyhow!("tokenizing the prompt: {e}"))?;
        Ok(enc.get_ids().to_vec())
    }
}

#[async_trait::async_trait]
impl ModelBackend for LocalModel {
    fn name(&self) -> &str {
        &self.name
    }

    fn context_tokens(&self) -> Option<usize> {
        Some(self.context_len)
    }

    async fn stream(&self, req: ChatRequest, cancel: CancellationToken) -> Result<BoxStream<'static, Result<Chunk>>> {
        let prompt = self.encode_prompt(&req.messages)?;
        if prompt.len() >= self.context_len {
            bail!(
                "the prompt is {} tokens but {} holds at most {} tokens of context; shorten the problem or use a model with a longer context",
                prompt.len(),
                self.name,
                self.context_len
            );
        }
        let max_tokens = req.max_tokens.min(self.context_len - prompt.len());
        let cancel = cancel.child_token();
        // Dropping the stream cancels its compute.
        let guard = cancel.clone().drop_guard();
        let chunks = match &self.backend {
            Backend::Batched(engine) => {
                let (tx, rx) = mpsc::unbounded_channel();
                let submitted = std::time::Instant::now();
                let job = Submit { prompt, sampling: req.sampling, max_tokens, ignore_stop: req.ignore_stop, tx, cancel, submitted };
                engine.submit(job).await?;
                UnboundedReceiverStream::new(rx).boxed()
            }
            Backend::Threads(weights) => {
                let (tx, rx) = mpsc::channel(STREAM_BUFFER);
                let job = Job {
                    weights: (**weights).clone(),
                    tokenizer: self.tokenizer.clone(),
                    stop: self.stop.clone(),
                    device: self.device.clone(),
                    prompt,
                    sampling: req.sampling,
                    max_tokens,
                    ignore_stop: req.ignore_stop,
                    tx,
                    cancel,
                };
                std::thread::Builder::new()
                    .name("memdoor-generate".into())
                    .spawn(move || generate::run(job))
                    .context("starting a generation thread")?;
                ReceiverStream::new(rx).boxed()
            }
        };
        Ok(chunks
            .map(move |chunk| {
                let _keep = &guard;
                chunk
            })
            .boxed())
    }
}
