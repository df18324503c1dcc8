//! GGUF vocabularies built from their metadata against independent
//! references. SentencePiece-style ones (Gemma, Phi-3, Llama 2): the
//! tokenizer memdoor builds from the metadata gives the ids of
//! tests/tools/spm_reference.py — llama.cpp's SPM algorithm written in
//! Python, sharing no code with memdoor or `tokenizers` — on a tiny
//! vocabulary with scores, byte fallback, control and user-defined tokens,
//! with and without `add_space_prefix`. (On the real Gemma 3 270M file the
//! two agree too: docs/engine.md.)

use memdoor_testkit::tiny_gguf;

use memdoor::model::local::{tokenizer_from_gguf, LoadOptions, LocalModel};
use memdoor::model::Message;

const TEXTS: [&str; 8] = [
    "the quick brown fox jumps over the lazy dog",
    "  leading spaces, and trailing   ",
    "héllo 🦀 ünïcödé 日本語\ttabs\r\nand lines\n",
    "<s>a control token</s> in the text",
    "a user token<tool>here",
    "print('hello world') for i in range(10): return it",
    "",
    "THE ANSWER IS 42",
];

fn check(kind: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = tiny_gguf::make_with("llama", "f32", kind, dir.path());
    let mut file = std::fs::File::open(&path).unwrap();
    let content = candle_core::quantized::gguf_file::Content::read(&mut file).unwrap();
    let vocab = tokenizer_from_gguf(&content.metadata).unwrap();
    let want = tiny_gguf::spm_reference(&path, &TEXTS);
    for (text, want) in TEXTS.iter().zip(want) {
        let got = vocab.tokenizer.encode(*text, false).unwrap().get_ids().to_vec();
        assert_eq!(got, want, "{kind}: ids of {text:?}");
        // With a space prefix, llama.cpp puts one after every special token
        // too, and decoding keeps it: only plain texts come back unchanged.
        let special = text.contains("</s>") || text.contains("<tool>");
        if kind != "spm" || !special {
            let back = vocab.tokenizer.decode(&got, false).unwrap();
            assert_eq!(back, *text, "{kind}: round trip of {text:?}");
        }
    }
    // The model loads with it, and its chat template renders through it.
    let model = LocalModel::load(&path, &LoadOptions::default()).unwrap();
    let ids = model.encode_prompt(&[Message::user("the answer")]).unwrap();
    assert_eq!(ids.first(), Some(&1), "the template's <s> is the control token");
    assert_eq!(ids.last(), Some(&2));
}

#[test]
fn a_vocabulary_with_a_space_prefix_matches_llama_cpps_algorithm() {
    check("spm");
}

#[test]
fn a_vocabulary_without_a_space_prefix_matches_llama_cpps_algorithm() {
    check("spm-noprefix");
}

/// Qwen2's byte-level BPE (Qwen2.5, Qwen3) built from a tiny file with its
/// pre-tokenizer gives the ids of tests/tools/bpe_reference.py (GPT-2's
/// BPE in Python with Qwen2's split pattern). (On the real Qwen2.5-Coder
/// file the two agree too: docs/engine.md.)
#[test]
fn a_qwen2_byte_level_vocabulary_matches_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let path = tiny_gguf::make("qwen2", "f32", dir.path());
    let mut file = std::fs::File::open(&path).unwrap();
    let content = candle_core::quantized::gguf_file::Content::read(&mut file).unwrap();
    let vocab = tokenizer_from_gguf(&content.metadata).unwrap();
    let texts = [TEXTS.as_slice(), &["x=42 hi's   THE'LL\n\n\nend", "<|im_start|>user\nhi<|im_end|>"]].concat();
    let want = tiny_gguf::bpe_reference(&path, &texts);
    for (text, want) in texts.iter().zip(want) {
        let got = vocab.tokenizer.encode(*text, false).unwrap().get_ids().to_vec();
        assert_eq!(got, want, "ids of {text:?}");
        assert_eq!(vocab.tokenizer.decode(&got, false).unwrap(), *text, "round trip of {text:?}");
    }
}
