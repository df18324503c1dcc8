//! The local engine on the real models: the default's (Qwen2.5-Coder-0.5B)
//! and SmolLM2's golden greedy answers (llama.cpp's, token for token), the
//! default alone and inside a team sharing the weights, the context limit,
//! and the random-weights copy the GPU window times (scripts/gpu-window.sh).

use memdoor_testkit::tiny_gguf;

use std::sync::Arc;

use memdoor::domain::TeamEvent;
use memdoor::memory::embedded::EmbeddedStore;
use memdoor::memory::{Entry, EntryKind};
use memdoor::model::{ChatRequest, FinishReason, ModelBackend, Sampling};
use memdoor::problem::Problem;
use memdoor::session::{drive, Recorder, SessionSpec, Step};
use memdoor::team::{messages_for, Agent, TeamConfig};
use tokio_util::sync::CancellationToken;

/// Greedy, `max_tokens` tokens of PALINDROME on `model`, read to the end.
async fn greedy_answer(model: &dyn ModelBackend, max_tokens: usize) -> memdoor_testkit::Answer {
    let stream = model
        .stream(memdoor_testkit::greedy(memdoor_testkit::PALINDROME, max_tokens), CancellationToken::new())
        .await
        .unwrap();
    memdoor_testkit::read_all(stream, String::new()).await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_default_model_gives_llama_cpps_greedy_answer() {
    let answer = greedy_answer(memdoor_testkit::default_model().as_ref(), 48).await;
    assert_eq!(answer.text, memdoor_testkit::DEFAULT_GOLDEN);
    assert_eq!(answer.finish, FinishReason::Length);
    assert_eq!(
        (answer.usage.prompt_tokens, answer.usage.completion_tokens),
        (51, 48),
        "the same prompt as llama.cpp's"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn smollm2_gives_its_golden_greedy_answer() {
    let model = memdoor::model::local::LocalModel::load(
        &memdoor::model::resolve::resolve(&memdoor::model::resolve::ModelSpec::parse("smollm2-135m")).unwrap(),
        &Default::default(),
    )
    .unwrap();
    let answer = greedy_answer(&model, 48).await;
    assert!(answer.text.starts_with(memdoor_testkit::GOLDEN_START), "got {:?}", answer.text);
    assert!(matches!(answer.finish, FinishReason::Stop | FinishReason::Length));
    assert!(answer.usage.prompt_tokens > 20 && answer.usage.completion_tokens > 20, "{:?}", answer.usage);
}

#[tokio::test(flavor = "multi_thread")]
async fn agent_zero_of_a_team_of_five_sharing_weights_gives_the_same_answer() {
    let backend: Arc<dyn ModelBackend> = memdoor_testkit::default_model();
    let cfg = TeamConfig { max_tokens: 48, ..TeamConfig::default() };
    let agents = Agent::team_on(backend, &cfg);
    let problem = Problem::from_text(memdoor_testkit::PALINDROME).unwrap();
    let mechanisms = memdoor::team::Mechanisms { agent_tests: false, aggregate: false, ..Default::default() };
    let spec = SessionSpec {
        agents,
        store: Arc::new(EmbeddedStore::new()),
        sandbox: None,
        rounds: 1,
        max_tokens: 48,
        mechanisms,
        unique_ids: false,
        repo: None,
    };
    let mut recorder = Recorder::default();
    drive(&spec, &problem, Step::Start, &mut [&mut recorder], CancellationToken::new()).await.unwrap();
    let mut done = std::collections::BTreeMap::new();
    for e in recorder.events {
        if let TeamEvent::AgentDone { agent, round: 1, draft } = e {
            done.insert(agent, draft);
        }
    }
    assert_eq!(done.len(), 5, "every agent finishes");
    let messages = messages_for(&problem, 0, 1, &[], None, 48, &[]);
    let alone = ChatRequest { messages, sampling: Sampling::default(), max_tokens: 48, ignore_stop: false };
    let alone = memdoor_testkit::read_all(
        memdoor_testkit::default_model().stream(alone, CancellationToken::new()).await.unwrap(),
        String::new(),
    )
    .await;
    assert_eq!(done[&0].text, alone.text, "agent 0 (greedy) writes in the team what it writes alone");
    assert!(done[&0].text.contains("def is_palindrome("), "agent 0 wrote {:?}", done[&0].text);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_prompt_longer_than_the_context_is_a_clear_error() {
    let model = memdoor_testkit::model();
    let long = "word ".repeat(model.context_len() + 100);
    let err = model.stream(memdoor_testkit::greedy(&long, 8), CancellationToken::new()).await.err().expect("an error");
    let msg = format!("{err:#}");
    assert!(msg.contains("tokens of context"), "{msg}");
    assert!(msg.contains(&model.context_len().to_string()), "{msg}");
}

#[test]
fn a_refine_prompt_with_huge_drafts_still_fits_the_context() {
    let model = memdoor_testkit::model();
    let problem = Problem::from_text(memdoor_testkit::PALINDROME).unwrap();
    let huge = "def f(xs):\n    return [x * 2 for x in xs if x % 3]  # 🦀\n".repeat(400);
    let memory: Vec<Entry> = (0..5).map(|a| Entry::new("t", 1, Some(a), EntryKind::Draft, huge.clone())).collect();
    let max_tokens = 512;
    let messages = messages_for(&problem, 0, 2, &memory, Some(model.context_len()), max_tokens, &[]);
    let prompt_tokens = model.encode_prompt(&messages).unwrap().len();
    assert!(prompt_tokens + max_tokens <= model.context_len(), "{prompt_tokens} prompt tokens");
    assert!(messages.last().unwrap().content.contains("(cut to fit)"));
}

/// The GPU window times models it cannot carry as random weights made from
/// their headers (scripts/gguf-random-weights.py): the header is written
/// with no numpy (here, where the models are), the weights where numpy is.
/// The copy keeps every metadata key and every tensor's shape, format and
/// offset, holds other bytes, and its logits are finite and varied.
#[test]
fn random_weights_from_a_models_header_keep_its_tensors_and_give_finite_logits() {
    use candle_core::quantized::gguf_file::Content;
    use std::process::Command;
    let real = memdoor_testkit::model_path();
    let dir = tempfile::tempdir().unwrap();
    let (head, copy) = (dir.path().join("m.head.gz"), dir.path().join("m.gguf"));
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/gguf-random-weights.py");
    let run = |python: &std::path::Path, args: &[&std::path::Path]| {
        let out = Command::new(python).arg(&script).args(args).output().expect("running python");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    let header_only = std::path::Path::new("--header-only");
    run(std::path::Path::new("python3"), &[&real, &head, header_only]);
    run(&tiny_gguf::python(), &[&head, &copy]);

    let read = |p: &std::path::Path| Content::read(&mut std::fs::File::open(p).unwrap()).unwrap();
    let (a, b) = (read(&real), read(&copy));
    let mut keys_a: Vec<&String> = a.metadata.keys().collect();
    let mut keys_b: Vec<&String> = b.metadata.keys().collect();
    keys_a.sort();
    keys_b.sort();
    assert_eq!(keys_a, keys_b);
    assert_eq!(a.tensor_data_offset, b.tensor_data_offset);
    assert_eq!(a.tensor_infos.len(), b.tensor_infos.len());
    for (name, t) in &a.tensor_infos {
        let u = &b.tensor_infos[name];
        assert_eq!((t.shape.dims(), t.ggml_dtype, t.offset), (u.shape.dims(), u.ggml_dtype, u.offset), "{name}");
    }
    let (real_bytes, copy_bytes) = (std::fs::read(&real).unwrap(), std::fs::read(&copy).unwrap());
    assert_eq!(real_bytes.len(), copy_bytes.len());
    let data = a.tensor_data_offset as usize;
    assert_eq!(real_bytes[..data], copy_bytes[..data], "the header is the model's, byte for byte");
    assert_ne!(real_bytes[data..], copy_bytes[data..], "the weights are new");

    let model = memdoor::model::local::LocalModel::load(&copy, &Default::default()).expect("the copy loads");
    let logits = model.teacher_forced_logits(&[1, 2, 3, 4], &[5, 6]).unwrap();
    for row in &logits {
        assert!(row.iter().all(|x| x.is_finite()), "every logit finite");
        let first = row[0];
        assert!(row.iter().any(|&x| x != first), "logits vary over the vocabulary");
    }
}
