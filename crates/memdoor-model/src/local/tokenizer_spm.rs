//! SentencePiece-style GGUF vocabularies (`tokenizer.ggml.model = llama`:
//! Gemma, Phi-3, Llama 2, Mistral v0.1) as a `tokenizers` BPE.
//!
//! llama.cpp's SPM tokenizer starts from the text's characters and keeps
//! joining the adjacent pair whose joined text is the highest-scoring token
//! (leftmost first), falling back to `<0xXX>` byte tokens for what no token
//! covers. A BPE whose merges are every (left, right) split of every token,
//! ranked by that token's score, joins the same pairs in the same order —
//! how Hugging Face converts Llama's own SentencePiece model to a
//! `tokenizer.json`. Spaces become "▁"; where the file says so
//! (`add_space_prefix`, llama.cpp's default) one is put before each piece of
//! text, as llama.cpp does at the start and after every special token.
//! Checked against tests/tools/spm_reference.py, llama.cpp's algorithm in
//! Python.

use std::collections::HashMap;

use anyhow::{bail, Context, Result};
use candle_core::quantized::gguf_file::Value;
use tokenizers::decoders::byte_fallback::ByteFallback;
use tokenizers::decoders::fuse::Fuse;
use tokenizers::decoders::sequence::Sequence as DecoderSequence;
use tokenizers::decoders::strip::Strip;
use tokenizers::models::bpe::BPE;
use tokenizers::normalizers::{Prepend, Replace, Sequence as NormalizerSequence};
use tokenizers::{DecoderWrapper, NormalizerWrapper, Tokenizer};

/// The merges that rebuild every token from two tokens, best-scoring
/// result first (ties: the lower id, then the shorter left). Every token
/// type counts, as in llama.cpp's SPM (special ones score low, and their
/// text is matched whole before merging anyway).
fn merges(tokens: &[String], scores: &[f32]) -> Vec<(String, String)> {
    let ids: HashMap<&str, usize> = tokens.iter().enumerate().map(|(i, t)| (t.as_str(), i)).collect();
    let mut found: Vec<(usize, usize, &str, &str)> = Vec::new();
    for (&piece, &id) in &ids {
        for (at, _) in piece.char_indices().skip(1) {
            let (left, right) = piece.split_at(at);
            if ids.contains_key(left) && ids.contains_key(right) {
                found.push((id, at, left, right));
            }
        }
    }
    found.sort_by(|a, b| scores[b.0].total_cmp(&scores[a.0]).then(a.0.cmp(&b.0)).then(a.1.cmp(&b.1)));
    found.into_iter().map(|(_, _, l, r)| (l.to_string(), r.to_string())).collect()
}

/// The tokenizer of an SPM vocabulary: `tokens`, their scores and flags
/// from `md`. Special tokens are added by the caller.
pub(crate) fn spm_tokenizer(md: &HashMap<String, Value>, tokens: &[String]) -> Result<Tokenizer> {
    let scores: Vec<f32> = match md.get("tokenizer.ggml.scores") {
        Some(v) => v.to_vec()?.iter().map(|s| s.to_f32()).collect::<candle_core::Result<_>>()?,
        None => bail!("GGUF metadata has no `tokenizer.ggml.scores` (a SentencePiece vocabulary needs them)"),
    };
    if scores.len() != tokens.len() {
        bail!("GGUF has {} tokens but {} scores", tokens.len(), scores.len());
    }
    let add_space_prefix = match md.get("tokenizer.ggml.add_space_prefix") {
        Some(v) => v.to_bool().context("`tokenizer.ggml.add_space_prefix`")?,
        None => true,
    };
    let vocab: ahash::AHashMap<String, u32> = tokens.iter().enumerate().map(|(i, t)| (t.clone(), i as u32)).collect();
    let mut bpe = BPE::builder().vocab_and_merges(vocab, merges(tokens, &scores)).byte_fallback(true);
    if let Some(unk) =
        md.get("tokenizer.ggml.unknown_token_id").and_then(|v| v.to_u32().ok()).and_then(|id| tokens.get(id as usize))
    {
        bpe = bpe.unk_token(unk.clone());
    }
    let bpe = bpe.build().map_err(|e| anyhow::anyhow!("building the SentencePiece vocabulary: {e}"))?;
    let mut tokenizer = Tokenizer::new(bpe);
    let mut normalizers: Vec<NormalizerWrapper> = Vec::new();
    if add_space_prefix {
        normalizers.push(Prepend::new("▁".into()).into());
    }
    normalizers.push(Replace::new(" ", "▁").map_err(|e| anyhow::anyhow!("{e}"))?.into());
    tokenizer.with_normalizer(Some(NormalizerSequence::new(normalizers))).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut decoders: Vec<DecoderWrapper> = vec![
        Replace::new("▁", " ").map_err(|e| anyhow::anyhow!("{e}"))?.into(),
        ByteFallback::default().into(),
        Fuse::default().into(),
    ];
    if add_space_prefix {
        decoders.push(Strip::new(' ', 1, 0).into());
    }
    tokenizer.with_decoder(Some(DecoderSequence::new(decoders)));
    Ok(tokenizer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_follow_the_joined_tokens_scores() {
        let tokens: Vec<String> = ["a", "b", "c", "ab", "bc", "abc"].map(String::from).to_vec();
        // "bc" scores above "ab": b+c merges first; "abc" splits two ways.
        let scores = [0.0, 0.0, 0.0, -2.0, -1.0, -3.0];
        let m = merges(&tokens, &scores);
        let pairs: Vec<(&str, &str)> = m.iter().map(|(l, r)| (l.as_str(), r.as_str())).collect();
        assert_eq!(pairs, [("b", "c"), ("a", "b"), ("a", "bc"), ("ab", "c")]);
    }
}
