//! A `tokenizers::Tokenizer` built from a GGUF file's `tokenizer.ggml.*`
//! metadata, in the manner of mistral.rs `gguf_tokenizer.rs`: only the
//! tokenizer models and pre-tokenizers we know exactly are built; anything
//! else is an error that says how to proceed (a `tokenizer.json` beside the
//! model), never a guess.

use std::collections::{HashMap, HashSet};

use anyhow::{bail, Context, Result};
use candle_core::quantized::gguf_file::Value;
use tokenizers::decoders::byte_level::ByteLevel as ByteLevelDecoder;
use tokenizers::models::bpe::BPE;
use tokenizers::pre_tokenizers::byte_level::ByteLevel;
use tokenizers::pre_tokenizers::digits::Digits;
use tokenizers::pre_tokenizers::sequence::Sequence;
use tokenizers::pre_tokenizers::split::{Split, SplitPattern};
use tokenizers::pre_tokenizers::PreTokenizerWrapper;
use tokenizers::{AddedToken, SplitDelimiterBehavior, Tokenizer};

/// GGUF token types (llama.cpp `llama_token_type`).
const TOKEN_TYPE_CONTROL: i32 = 3;
const TOKEN_TYPE_USER_DEFINED: i32 = 4;

/// Qwen2's split regex (llama.cpp `LLAMA_VOCAB_PRE_TYPE_QWEN2`), used by Qwen2
/// and Qwen3 GGUFs.
const QWEN2_SPLIT: &str =
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";

/// What generation needs besides the tokenizer itself.
#[derive(Debug, Clone)]
pub struct Vocab {
    pub tokenizer: Tokenizer,
    pub(crate) eos: Option<u32>,
    /// Control tokens: generating any of them ends the answer.
    pub control: HashSet<u32>,
}

fn get<'a>(md: &'a HashMap<String, Value>, key: &str) -> Result<&'a Value> {
    md.get(key).with_context(|| format!("GGUF metadata has no `{key}`"))
}

fn strings(md: &HashMap<String, Value>, key: &str) -> Result<Vec<String>> {
    get(md, key)?
        .to_vec()
        .with_context(|| format!("`{key}` is not an array"))?
        .iter()
        .map(|v| v.to_string().cloned().with_context(|| format!("`{key}` holds a non-string")))
        .collect()
}

fn pre_tokenizer(pre: &str) -> Result<PreTokenizerWrapper> {
    let byte_level = |use_regex| ByteLevel::new(false, true, use_regex).into();
    Ok(match pre {
        // SmolLM: every digit alone, then GPT-2's byte-level split, no prefix space.
        "smollm" => Sequence::new(vec![Digits::new(true).into(), byte_level(true)]).into(),
        "gpt-2" => byte_level(true),
        "qwen2" => {
            let split = Split::new(SplitPattern::Regex(QWEN2_SPLIT.into()), SplitDelimiterBehavior::Isolated, false)
                .map_err(|e| anyhow::anyhow!("qwen2 split regex: {e}"))?;
            Sequence::new(vec![split.into(), byte_level(false)]).into()
        }
        other => bail!(
            "unsupported GGUF pre-tokenizer `{other}` (known: smollm, gpt-2, qwen2); \
             put the model's tokenizer.json beside the GGUF file to use it"
        ),
    })
}

/// Byte-level BPE (GPT-2, SmolLM2, Qwen) from the vocabulary and merges.
fn byte_level_bpe(md: &HashMap<String, Value>, tokens: &[String]) -> Result<Tokenizer> {
    let pre = match md.get("tokenizer.ggml.pre") {
        Some(v) => v.to_string()?.clone(),
        None => "gpt-2".to_string(),
    };
    let merges = strings(md, "tokenizer.ggml.merges")?;
    let vocab: ahash::AHashMap<String, u32> = tokens.iter().enumerate().map(|(i, t)| (t.clone(), i as u32)).collect();
    let merges = merges
        .iter()
        .map(|m| {
            let (a, b) = m.split_once(' ').with_context(|| format!("malformed merge `{m}`"))?;
            Ok((a.to_string(), b.to_string()))
        })
        .collect::<Result<Vec<_>>>()?;
    let bpe = BPE::builder()
        .vocab_and_merges(vocab, merges)
        .build()
        .map_err(|e| anyhow::anyhow!("building BPE from GGUF: {e}"))?;
    let mut tokenizer = Tokenizer::new(bpe);
    tokenizer.with_pre_tokenizer(Some(pre_tokenizer(&pre)?));
    tokenizer.with_decoder(Some(ByteLevelDecoder::default()));
    Ok(tokenizer)
}

/// Builds the tokenizer from GGUF metadata: byte-level BPE (`gpt2`) or a
/// SentencePiece-style vocabulary (`llama`, `tokenizer_spm`); anything else
/// needs a `tokenizer.json`.
pub fn tokenizer_from_gguf(md: &HashMap<String, Value>) -> Result<Vocab> {
    let model = get(md, "tokenizer.ggml.model")?.to_string()?.clone();
    let tokens = strings(md, "tokenizer.ggml.tokens")?;
    let types: Vec<i32> = match md.get("tokenizer.ggml.token_type") {
        Some(v) => v.to_vec()?.iter().map(|t| t.to_i32()).collect::<candle_core::Result<_>>()?,
        None => vec![1; tokens.len()],
    };
    if types.len() != tokens.len() {
        bail!("GGUF has {} tokens but {} token types", tokens.len(), types.len());
    }
    let mut tokenizer = match model.as_str() {
        "gpt2" => byte_level_bpe(md, &tokens)?,
        "llama" => super::tokenizer_spm::spm_tokenizer(md, &tokens)?,
        other => bail!(
            "unsupported GGUF tokenizer model `{other}` (built from GGUF metadata: `gpt2` byte-level BPE \
             and `llama` SentencePiece); put the model's tokenizer.json beside the GGUF file"
        ),
    };
    let mut control = HashSet::new();
    let (mut special, mut user) = (Vec::new(), Vec::new());
    for (id, (token, ty)) in tokens.iter().zip(&types).enumerate() {
        match *ty {
            TOKEN_TYPE_CONTROL => {
                control.insert(id as u32);
                special.push(AddedToken::from(token.clone(), true));
            }
            // Matched as written in the text (llama.cpp's special-token
            // partition), not after a SentencePiece normaliser's "▁"s.
            TOKEN_TYPE_USER_DEFINED => user.push(AddedToken::from(token.clone(), false).normalized(false)),
            _ => {}
        }
    }
    tokenizer.add_special_tokens(special).map_err(|e| anyhow::anyhow!("adding control tokens: {e}"))?;
    tokenizer.add_tokens(user).map_err(|e| anyhow::anyhow!("adding user-defined tokens: {e}"))?;

    let eos = match md.get("tokenizer.ggml.eos_token_id") {
        Some(v) => Some(v.to_u32()?),
        None => None,
    };
    Ok(Vocab { tokenizer, eos, control })
}

/// Loads a `tokenizer.json`; its special added tokens count as control tokens.
pub(crate) fn tokenizer_from_json(path: &std::path::Path, eos: Option<u32>) -> Result<Vocab> {
    let tokenizer = Tokenizer::from_file(path).map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))?;
    let control = tokenizer.get_added_tokens_decoder().iter().filter(|(_, t)| t.special).map(|(id, _)| *id).collect();
    Ok(Vocab { tokenizer, eos, control })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokenizers::PreTokenizedString;
    use tokenizers::PreTokenizer;

    fn splits(pre: &str, text: &str) -> Vec<String> {
        let mut s = PreTokenizedString::from(text);
        pre_tokenizer(pre).unwrap().pre_tokenize(&mut s).unwrap();
        s.get_splits(tokenizers::OffsetReferential::Original, tokenizers::OffsetType::Char)
            .into_iter()
            .map(|(piece, _, _)| piece.to_string())
            .collect()
    }

    #[test]
    fn smollm_splits_digits_one_by_one_without_prefix_space() {
        assert_eq!(splits("smollm", "def f12"), ["def", "Ġf", "1", "2"]);
    }

    #[test]
    fn qwen2_splits_digits_and_keeps_leading_punctuation_with_words() {
        assert_eq!(splits("qwen2", "x=42 hi"), ["x", "=", "4", "2", "Ġhi"]);
    }

    #[test]
    fn unknown_pre_tokenizer_is_an_error_not_a_guess() {
        let err = pre_tokenizer("falcon").unwrap_err().to_string();
        assert!(err.contains("unsupported GGUF pre-tokenizer `falcon`"), "{err}");
        assert!(err.contains("tokenizer.json"), "{err}");
    }
}
