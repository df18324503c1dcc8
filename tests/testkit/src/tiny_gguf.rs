//! Tiny GGUF models of every supported architecture and weight type, and an
//! independent reference forward pass over them, both from the Python tools
//! in tests/tools (the PyPI `gguf` package and numpy, in the venv
//! scripts/test.sh makes: `MEMDOOR_TEST_GGUF_PYTHON`).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;

/// The Python with `gguf` and numpy: a missing one fails the test with how
/// to get it, never skips it.
pub fn python() -> PathBuf {
    let path = match std::env::var_os("MEMDOOR_TEST_GGUF_PYTHON") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache/memdoor/venv-gguf/bin/python"),
    };
    let ok = Command::new(&path).args(["-c", "import gguf, numpy, regex"]).output().is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "{} cannot import gguf, numpy and regex: run `bash scripts/test.sh` once (it makes that venv)",
        path.display()
    );
    path
}

fn tool(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools").join(name)
}

fn run(args: &[&str]) -> Vec<u8> {
    let out = Command::new(python()).args(args).output().expect("running python");
    assert!(out.status.success(), "python {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// Writes the tiny model of `arch` in `quant` into `dir`; its path.
pub fn make(arch: &str, quant: &str, dir: &Path) -> PathBuf {
    make_with(arch, quant, "bpe", dir)
}

/// As `make`, with the tokenizer `bpe`, `spm` or `spm-noprefix`.
pub fn make_with(arch: &str, quant: &str, tokenizer: &str, dir: &Path) -> PathBuf {
    let out = dir.join(format!("{arch}-{quant}-{tokenizer}.gguf"));
    let tiny = tool("tiny_gguf.py");
    run(&[
        tiny.to_str().unwrap(),
        "--arch",
        arch,
        "--quant",
        quant,
        "--tokenizer",
        tokenizer,
        "--out",
        out.to_str().unwrap(),
    ]);
    out
}

/// A base model: as `make_with`, without a chat template.
pub fn make_base(arch: &str, tokenizer: &str, dir: &Path) -> PathBuf {
    let out = dir.join(format!("{arch}-base-{tokenizer}.gguf"));
    let tiny = tool("tiny_gguf.py");
    run(&[
        tiny.to_str().unwrap(),
        "--arch",
        arch,
        "--quant",
        "q8_0",
        "--tokenizer",
        tokenizer,
        "--base",
        "--out",
        out.to_str().unwrap(),
    ]);
    out
}

/// The ids tests/tools/spm_reference.py (llama.cpp's SentencePiece
/// algorithm in Python) gives each text.
pub fn spm_reference(model: &Path, texts: &[&str]) -> Vec<Vec<u32>> {
    tokenizer_reference("spm_reference.py", model, texts)
}

/// The ids tests/tools/bpe_reference.py (GPT-2's byte-level BPE in Python,
/// with the file's pre-tokenizer) gives each text.
pub fn bpe_reference(model: &Path, texts: &[&str]) -> Vec<Vec<u32>> {
    tokenizer_reference("bpe_reference.py", model, texts)
}

fn tokenizer_reference(script: &str, model: &Path, texts: &[&str]) -> Vec<Vec<u32>> {
    use std::io::Write;
    let mut child = Command::new(python())
        .args([tool(script).to_str().unwrap(), model.to_str().unwrap(), "--json"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("running python");
    child.stdin.take().unwrap().write_all(serde_json::to_string(texts).unwrap().as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{script} failed");
    serde_json::from_slice(&out.stdout).expect("the reference's JSON")
}

/// What the numpy reference computed: the prompt's logits, then `steps`
/// greedy tokens, each with the logits that chose it and their top-2 margin.
#[derive(Debug, Deserialize)]
pub struct Reference {
    pub prompt_logits: Vec<Vec<f64>>,
    pub greedy: Vec<u32>,
    pub greedy_logits: Vec<Vec<f64>>,
    pub margins: Vec<f64>,
}

/// With `quantize_activations`, each quantised matrix product's input is
/// rounded to 8 bits first, as llama.cpp and candle do.
pub fn reference(model: &Path, tokens: &[u32], steps: usize, quantize_activations: bool) -> Reference {
    let ids = tokens.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    let reference = tool("reference_forward.py");
    let steps = steps.to_string();
    let mut args = vec![reference.to_str().unwrap(), model.to_str().unwrap(), "--tokens", &ids, "--steps", &steps];
    if quantize_activations {
        args.push("--quantize-activations");
    }
    let json = run(&args);
    serde_json::from_slice(&json).expect("the reference's JSON")
}

/// Largest |a - b| over a row, and the reference row's standard deviation
/// (the scale differences are judged against).
pub fn diff(engine: &[f32], reference: &[f64]) -> (f64, f64) {
    assert_eq!(engine.len(), reference.len(), "vocabulary sizes differ");
    let max = engine.iter().zip(reference).map(|(&a, &b)| (a as f64 - b).abs()).fold(0.0, f64::max);
    let mean = reference.iter().sum::<f64>() / reference.len() as f64;
    let sd = (reference.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / reference.len() as f64).sqrt();
    (max, sd)
}

pub fn argmax(row: &[f32]) -> u32 {
    row.iter().enumerate().fold((0, f32::NEG_INFINITY), |best, (i, &x)| if x > best.1 { (i, x) } else { best }).0 as u32
}
