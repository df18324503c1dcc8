//! The exactness of shared-prefix prefill on the real model: KV rows copied
//! from another prompt's whole chunks, then the rest prefilled on top, give
//! bitwise the rows and logits the prompt computes alone. The chunking is
//! what makes it so: copying 200 or 150 positions instead (cut mid-chunk, so
//! the rest is prefilled in other shapes) changed the K rows of 15 and 22 of
//! the 30 layers and the logits by up to 0.28 (measured once, by hand).

use anyhow::Result;
use candle_core::{Device, Tensor};

use super::decoder::Decoder;
use super::forward::{forward, KvCache, Piece};
use super::prefix::{common_prefix, PrefillChunk};
use crate::resolve::{resolve, ModelSpec};

/// The default model on the CPU (the pooled test loads it the same way).
pub(super) fn llama() -> Decoder {
    load(None)
}

fn load(requantize: Option<candle_core::quantized::GgmlDType>) -> Decoder {
    let path = resolve(&ModelSpec::parse("default")).expect("the default model (run `memdoor models pull`)");
    let mut file = std::fs::File::open(&path).unwrap();
    let content = candle_core::quantized::gguf_file::Content::read(&mut file).unwrap();
    let cfg = super::arch::ModelConfig::from_gguf(&content, None).unwrap();
    Decoder::from_gguf(cfg, &content, &mut file, &Device::Cpu, requantize).unwrap()
}

/// Prefills `tokens` from the cache's end in `size`-token chunks, as the
/// engine does; the last position's logits.
fn prefill(model: &Decoder, tokens: &[u32], cache: &mut KvCache, size: PrefillChunk) -> Result<Tensor> {
    let mut logits = None;
    for chunk in tokens[cache.filled()..].chunks(size.size()) {
        let last = cache.filled() + chunk.len() == tokens.len();
        logits = forward(model, &mut [Piece { tokens: chunk, cache: &mut *cache, logits: last }])?;
    }
    Ok(logits.expect("at least one chunk"))
}

fn bits(t: &Tensor) -> Vec<u32> {
    t.flatten_all().unwrap().to_vec1::<f32>().unwrap().into_iter().map(f32::to_bits).collect()
}

#[test]
fn a_prompt_on_a_copied_prefix_computes_the_same_bits_as_alone() {
    let model = llama();
    // The CPU's chunk, and a larger one: the argument holds for any size.
    for chunk in [PrefillChunk::CPU, PrefillChunk::new(128).unwrap()] {
        let c = chunk.size();
        // Two prompts of ordinary token ids sharing their first 3c + 8 tokens.
        let prompt: Vec<u32> = (0..4 * c as u32 + 44).map(|i| 100 + i * 37 % 5000).collect();
        let donor: Vec<u32> = prompt[..3 * c + 8].iter().copied().chain((0..90u32).map(|i| 7000 + i)).collect();
        let n = chunk.whole(common_prefix(&prompt, &donor)).min(chunk.reuse_limit(prompt.len()));
        assert_eq!(n, 3 * c);

        let mut alone = KvCache::default();
        let logits_alone = prefill(&model, &prompt, &mut alone, chunk).unwrap();
        let mut theirs = KvCache::default();
        prefill(&model, &donor, &mut theirs, chunk).unwrap();
        let mut copied = theirs.copy_prefix(n, &model.cfg, &model.device).unwrap();
        let logits_copied = prefill(&model, &prompt, &mut copied, chunk).unwrap();

        assert_eq!(copied.filled(), prompt.len());
        for l in 0..model.cfg.n_layer {
            for (a, b) in [(&alone.k[l], &copied.k[l]), (&alone.v[l], &copied.v[l])] {
                let (a, b) = (a.narrow(1, 0, prompt.len()).unwrap(), b.narrow(1, 0, prompt.len()).unwrap());
                assert!(bits(&a) == bits(&b), "chunk {}, layer {l}: the KV rows differ", chunk.size());
            }
        }
        assert!(bits(&logits_alone) == bits(&logits_copied), "chunk {}: the logits differ", chunk.size());
    }
}

/// The fused kernels (`fused`: q/k/v's bias, RoPE and scale in one, SiLU ×
/// up in one, residual additions with the norms after them) on the real model: a prompt's KV rows and logits, and decode
/// steps after it, are the bits of candle's operations — as stored (q, k
/// and v products of their own: Q4_K_M's v is Q6_K in some layers) and
/// requantised to Q8_0 (every projection one stacked product, SiLU × up
/// fused too), as a GPU stacks them.
#[test]
fn fused_kernels_give_the_bits_of_candles_operations_on_the_real_model() {
    use super::decoder::Stacked;
    let stacked = |s: &Stacked| matches!(s, Stacked::One { .. });
    let prompt: Vec<u32> = (0..150u32).map(|i| 100 + i * 37 % 5000).collect();
    let run = |model: &Decoder| -> (Vec<u32>, KvCache) {
        let mut cache = KvCache::default();
        let mut got = bits(&prefill(model, &prompt, &mut cache, PrefillChunk::CPU).unwrap());
        for token in [7000, 7001, 7002] {
            let logits = forward(model, &mut [Piece { tokens: &[token], cache: &mut cache, logits: true }]).unwrap();
            got.extend(bits(&logits.unwrap()));
        }
        (got, cache)
    };
    let mut forms = Vec::new();
    for requantize in [None, Some(candle_core::quantized::GgmlDType::Q8_0)] {
        let mut model = load(requantize);
        assert!(model.layers[0].qkv_bias.is_some(), "Qwen2's biases go through it");
        forms.extend(model.layers.iter().map(|l| (stacked(&l.qkv), stacked(&l.gate_up))));
        let (plain, plain_cache) = run(&model);
        model.fused = true;
        let (fused, fused_cache) = run(&model);
        assert!(plain == fused, "{requantize:?}: fused kernels moved the logits");
        for l in 0..model.cfg.n_layer {
            assert!(bits(&plain_cache.k[l]) == bits(&fused_cache.k[l]), "{requantize:?}, layer {l}: K rows differ");
            assert!(bits(&plain_cache.v[l]) == bits(&fused_cache.v[l]), "{requantize:?}, layer {l}: V rows differ");
        }
    }
    assert!(forms.contains(&(false, false)) || forms.contains(&(false, true)), "q/k/v apart somewhere");
    assert!(forms.contains(&(true, true)), "q/k/v and gate/up stacked somewhere");
}
