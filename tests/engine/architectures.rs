//! The batched engine on every supported architecture and weight type,
//! proved without the hub: tests/tools/tiny_gguf.py writes a tiny model
//! (random weights, a few layers, llama.cpp's metadata layout and tensor
//! names) and tests/tools/reference_forward.py runs an independent numpy
//! forward pass over the same file (dequantised with the `gguf` package, in
//! float64). The engine's logits, greedy tokens and batched output are
//! compared with it.
//!
//! Tolerances, as the largest |engine - reference| over a row of logits
//! divided by that row's standard deviation: float weights 1e-4 (f32
//! arithmetic against f64; measured ≤ 2e-5). Quantised weights 0.3: the
//! engine rounds each product's input to 8 bits, as llama.cpp does, and the
//! reference does the same (`--quantize-activations`), but these random tiny
//! models amplify any rounding difference (rounding q with the scale
//! already in f16 instead of f32 moved their logits by 0.05–0.13 of the
//! spread). Measured: K-quants mostly within 3e-6, sometimes ~0.1; 32-value
//! blocks (Q8_0, Q4_0, Q4_1) 0.03–0.2, a residue not traced to its source.
//! A wrong kernel or layout is off by whole multiples of the spread. The
//! architectures' semantics are pinned by the float files. A greedy token
//! must agree wherever the reference's top-2 margin is larger than twice
//! the row's allowed error.

use memdoor_testkit::tiny_gguf;

use futures::StreamExt;
use memdoor::model::local::{LoadOptions, LocalModel, CPU_PREFILL_CHUNK};
use memdoor::model::{ChatRequest, Chunk, Message, ModelBackend};
use memdoor_testkit::every_token;
use tiny_gguf::{argmax, diff, make, reference};
use tokio_util::sync::CancellationToken;

const ARCHS: [&str; 6] = ["llama", "qwen2", "qwen3", "gemma2", "gemma3", "phi3"];
const STEPS: usize = 10;

/// A prompt longer than the CPU's prefill chunk (64 tokens) and past the
/// gemmas' 8-token sliding window.
fn prompt() -> Vec<Message> {
    vec![Message::user(
        "Write a function that returns the sum of the squares of a list of integers, and test it on three lists.",
    )]
}

fn tolerance(quant: &str) -> f64 {
    if quant.starts_with('f') {
        1e-4
    } else {
        0.3
    }
}

fn load(path: &std::path::Path) -> LocalModel {
    LocalModel::load(path, &LoadOptions::default()).unwrap_or_else(|e| panic!("loading {}: {e:#}", path.display()))
}

/// Compares the engine's logits (the prompt's last position, then each
/// reference greedy token fed in turn) and greedy picks with the reference.
fn check_against_reference(arch: &str, quant: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = make(arch, quant, dir.path());
    let model = load(&path);
    assert_eq!(model.architecture(), arch);
    let ids = model.encode_prompt(&prompt()).unwrap();
    assert!(ids.len() > CPU_PREFILL_CHUNK, "the prompt spans more than one prefill chunk ({} tokens)", ids.len());
    let want = reference(&path, &ids, STEPS, !quant.starts_with('f'));
    let got = model.teacher_forced_logits(&ids, &want.greedy[..STEPS - 1]).unwrap();
    let tol = tolerance(quant);
    let mut worst: f64 = 0.0;
    for (step, (row, ref_row)) in got.iter().zip(&want.greedy_logits).enumerate() {
        let (max, sd) = diff(row, ref_row);
        assert!(sd > 0.5, "{arch} {quant}: the reference's logits are flat (sd {sd}); the tiny model is degenerate");
        worst = worst.max(max / sd);
        assert!(
            max <= tol * sd,
            "{arch} {quant} step {step}: logits differ by {max:.5} (row sd {sd:.3}, allowed {:.5})",
            tol * sd
        );
        if want.margins[step] > 2.0 * tol * sd {
            assert_eq!(
                argmax(row),
                want.greedy[step],
                "{arch} {quant} step {step}: greedy token (margin {:.3})",
                want.margins[step]
            );
        }
    }
    // The prompt's last row is also the reference's prompt_logits' last.
    let (max, sd) = diff(&got[0], want.prompt_logits.last().unwrap());
    assert!(max <= tol * sd, "{arch} {quant}: prompt logits");
    eprintln!("{arch} {quant}: worst logit error {worst:.2e} of the row sd (allowed {tol:.0e})");
}

#[test]
fn every_architecture_in_float_weights_matches_the_reference() {
    for arch in ARCHS {
        for quant in ["f32", "f16"] {
            check_against_reference(arch, quant);
        }
    }
}

#[test]
fn every_architecture_in_8_and_4_bit_weights_matches_the_reference() {
    for arch in ARCHS {
        for quant in ["q8_0", "q4_0", "q4_1"] {
            check_against_reference(arch, quant);
        }
    }
}

#[test]
fn every_architecture_in_k_quants_matches_the_reference() {
    for arch in ARCHS {
        for quant in ["q4_k", "q5_k", "q6_k"] {
            check_against_reference(arch, quant);
        }
    }
}

async fn answer(model: &LocalModel, req: ChatRequest) -> String {
    let mut stream = model.stream(req, CancellationToken::new()).await.unwrap();
    let mut text = String::new();
    while let Some(chunk) = stream.next().await {
        match chunk.unwrap() {
            Chunk::Text(t) => text.push_str(&t),
            Chunk::Done { .. } => return text,
            Chunk::Restart => panic!("a local stream never restarts"),
        }
    }
    panic!("the stream ended without Done")
}

/// Each architecture's greedy output through the engine is the same alone
/// and in a batch of three sent together (their prompts share the chat
/// template's prefix: computed once, copied), and the engine's own greedy
/// run agrees with its teacher-forced logits.
#[tokio::test(flavor = "multi_thread")]
async fn a_batch_gives_each_architecture_the_same_tokens_as_alone() {
    let dir = tempfile::tempdir().unwrap();
    let prompts = [
        "Write a function that adds two numbers and prints the result.",
        "Reverse a string in Python without slicing.",
        "Count the vowels in a word.",
    ];
    for arch in ARCHS {
        let model = load(&make(arch, "q8_0", dir.path()));
        let mut alone = Vec::new();
        for p in prompts {
            alone.push(answer(&model, every_token(p, 24)).await);
        }
        let together = futures::future::join_all(prompts.map(|p| answer(&model, every_token(p, 24)))).await;
        assert_eq!(together, alone, "{arch}: batched output differs from alone");
        let ids = model.encode_prompt(&[Message::user(prompts[0])]).unwrap();
        let first = model.teacher_forced_logits(&ids, &[]).unwrap();
        let token = argmax(&first[0]);
        let text = model.tokenizer().decode(&[token], false).unwrap();
        // (A token that is part of a character shows only with the next one.)
        if !text.contains('\u{fffd}') {
            assert!(alone[0].starts_with(&text), "{arch}: the stream's first token {text:?} is not the argmax");
        }
    }
}

#[test]
fn a_context_larger_than_trained_is_refused_and_a_smaller_one_sizes_the_tables() {
    let dir = tempfile::tempdir().unwrap();
    let path = make("gemma3", "q8_0", dir.path());
    let err = LocalModel::load(&path, &LoadOptions { context: Some(100_000), ..LoadOptions::default() })
        .err()
        .expect("refused");
    assert!(format!("{err:#}").contains("more than the 256 tokens this model was trained for"), "{err:#}");
    let small = LocalModel::load(&path, &LoadOptions { context: Some(128), ..LoadOptions::default() }).unwrap();
    assert_eq!(small.context_len(), 128);
    let summary = small.memory_summary();
    assert!(summary.contains("context 128 of 256 trained tokens"), "{summary}");
    let too_long = small.teacher_forced_logits(&[1; 129], &[]);
    assert!(too_long.is_err(), "129 positions do not fit a 128-token context");
}

/// A prompt chunk outside 16..=4096 tokens is refused by name before the
/// weights are read; one inside is the engine's.
#[test]
fn a_prefill_chunk_outside_its_range_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = make("qwen2", "q8_0", dir.path());
    for bad in [0, 8, 5000] {
        let err = LocalModel::load(&path, &LoadOptions { prefill_chunk: Some(bad), ..LoadOptions::default() })
            .err()
            .expect("refused");
        assert!(
            format!("{err:#}").contains(&format!("a prefill chunk of {bad} tokens is outside 16..=4096")),
            "{err:#}"
        );
    }
    let model = LocalModel::load(&path, &LoadOptions { prefill_chunk: Some(32), ..LoadOptions::default() }).unwrap();
    assert_eq!(model.prefill_chunk(), 32);
}

/// A base model (no chat template) loads and continues its messages' text
/// after the BOS its file asks for; the team commands refuse it by name.
#[test]
fn a_base_model_continues_text_and_the_team_commands_refuse_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = tiny_gguf::make_base("gemma3", "spm-noprefix", dir.path());
    let model = load(&path);
    assert!(!model.has_chat_template());
    let ids = model.encode_prompt(&[Message::user("the answer")]).unwrap();
    let text: Vec<u32> = model.tokenizer().encode("the answer", false).unwrap().get_ids().to_vec();
    assert_eq!(ids, [vec![1], text].concat(), "<s> (add_bos_token), then the text");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args(["solve", "--no-journal", "--agents", "1", "--model", path.to_str().unwrap(), "hi"])
        .env("MEMDOOR_LOG_DIR", dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("it is a base model"), "{stderr}");
}
