//! The GGUF-built tokenizer on the real SmolLM2 file.

use memdoor::model::local::Utf8Stream;

fn encode(text: &str) -> Vec<u32> {
    memdoor_testkit::model().tokenizer().encode(text, false).unwrap().get_ids().to_vec()
}

fn decode(ids: &[u32]) -> String {
    memdoor_testkit::model().tokenizer().decode(ids, false).unwrap()
}

/// Expected ids come from tests/tools/bpe_reference.py: a from-scratch GPT-2
/// byte-level BPE in Python over the vocabulary and merges read from the same
/// GGUF with the `gguf` package, sharing no code with memdoor or `tokenizers`.
/// Reproduce: `python3 tests/tools/bpe_reference.py MODEL.gguf "TEXT"`.
#[test]
fn ids_match_an_independent_reference() {
    assert_eq!(
        encode("def is_palindrome(s: str) -> bool:"),
        [1604, 314, 79, 22162, 526, 4522, 24, 99, 42, 871, 25, 4722, 10537, 42]
    );
    assert_eq!(
        encode("<|im_start|>user\nWrite 12345 tests, héllo 🦀\ttab  spaces\r\n<|im_end|>"),
        [
            1, 4093, 198, 19161, 216, 33, 34, 35, 36, 37, 3642, 28, 294, 2756, 31394, 15107, 116, 218, 197, 15999, 216,
            5600, 2738, 2
        ]
    );
}

#[test]
fn no_leading_space_is_added() {
    // candle's own GGUF tokenizer gets this wrong ("Ġdef").
    assert_eq!(decode(&encode("def")), "def");
    assert_eq!(encode("def"), [1604]);
}

#[test]
fn round_trips_are_exact() {
    for text in [
        "unicode: ünïcödé 日本語 Ελληνικά",
        "emoji: 🦀🐍👩‍💻 and a flag 🇫🇷",
        "tabs\tand\t\ttabs",
        "crlf\r\nlines\r\n",
        "runs of     spaces   and\n\n\nnewlines",
        "<|im_start|>system\nhi<|im_end|>\n<|im_start|>assistant\n",
        "digits 0123456789 3.14159",
    ] {
        assert_eq!(decode(&encode(text)), text, "round trip of {text:?}");
    }
}

#[test]
fn control_tokens_are_single_ids() {
    assert_eq!(encode("<|im_start|>"), [1]);
    assert_eq!(encode("<|im_end|>"), [2]);
}

#[test]
fn streaming_decode_equals_full_decode_and_never_splits_a_character() {
    let model = memdoor_testkit::model();
    let text = "héllo 🦀🐍 wörld — 日本語\n\tdef f(): return '✓'";
    let ids = encode(text);
    let mut stream = Utf8Stream::new(model.tokenizer());
    let mut streamed = String::new();
    for id in &ids {
        if let Some(delta) = stream.push(*id).unwrap() {
            assert!(!delta.contains('\u{FFFD}'), "a delta held a broken character: {delta:?}");
            streamed.push_str(&delta);
        }
    }
    if let Some(rest) = stream.finish().unwrap() {
        streamed.push_str(&rest);
    }
    assert_eq!(streamed, decode(&ids));
    assert_eq!(streamed, text);
}

#[test]
fn a_tokenizer_json_beside_the_model_wins() {
    use memdoor::model::local::{LoadOptions, LocalModel};
    // A tokenizer.json that differs from the GGUF's in one visible way: it
    // adds a prefix space ("Ġdef", not "def"). Loading must use it.
    let dir = tempfile::tempdir().unwrap();
    let gguf = dir.path().join("model.gguf");
    std::os::unix::fs::symlink(memdoor_testkit::model_path(), &gguf).unwrap();
    let mut tok = memdoor_testkit::model().tokenizer().clone();
    tok.with_pre_tokenizer(Some(tokenizers::pre_tokenizers::byte_level::ByteLevel::new(true, true, true)));
    tok.save(dir.path().join("tokenizer.json"), false).unwrap();

    let beside = LocalModel::load(&gguf, &LoadOptions::default()).unwrap();
    let ids = beside.tokenizer().encode("def", false).unwrap().get_ids().to_vec();
    assert_eq!(encode("def"), [1604]);
    assert_ne!(ids, [1604], "the GGUF's own tokenizer was used");
    assert_eq!(beside.tokenizer().decode(&ids, false).unwrap(), " def");
}
