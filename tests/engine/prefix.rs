//! Shared-prefix prefill on the real SmolLM2 model: prompts that begin the
//! same way compute their common whole chunks once (together, or from the
//! last round's kept KV), and every greedy answer is the same as alone.
//! Each test has its own engines, so none sees another's sequences or kept
//! prompts: one that shares (`sharing`) and one that keeps nothing (`alone`).

use std::sync::Arc;
use std::time::Duration;

use memdoor::model::local::{LoadOptions, LocalModel, CPU_PREFILL_CHUNK, GPU_PREFILL_CHUNK};
use memdoor::model::{FinishReason, Message, ModelBackend};
use memdoor_testkit::every_token;
use memdoor_testkit::{read_all, Answer};
use tokio_util::sync::CancellationToken;

/// Long enough for a deadlock to show as a failure, not a hang.
const PATIENCE: Duration = Duration::from_secs(900);

/// An engine cutting prompts in `chunk`s (the CPU's 64 unless a test asks
/// for the GPU's size).
fn load(keep_prefix_mb: usize, chunk: usize) -> Arc<LocalModel> {
    let opts = LoadOptions { keep_prefix_mb, prefill_chunk: Some(chunk), ..LoadOptions::default() };
    let model = LocalModel::load(&memdoor_testkit::model_path(), &opts).unwrap();
    assert_eq!(model.prefill_chunk(), chunk);
    Arc::new(model)
}

/// A code listing of `n` functions, about 16 tokens each: the shared part.
fn listing(n: usize) -> String {
    let mut p = String::from("Here is some code to review:\n");
    for i in 0..n {
        p.push_str(&format!("def f{i}(x):\n    return x * {i} + {}\n", i * i));
    }
    p
}

fn tokens(model: &LocalModel, prompt: &str) -> Vec<u32> {
    model.encode_prompt(&[Message::user(prompt)]).unwrap()
}

fn common_prefix(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// What a prompt of `len` tokens sharing `shared` with an earlier one copies:
/// whole chunks only, and never the chunk of its last token.
fn expected_reuse(shared: usize, len: usize, chunk: usize) -> usize {
    shared.min(len - 1) / chunk * chunk
}

async fn ask(model: &LocalModel, prompt: &str, max_tokens: usize) -> Answer {
    let stream = model.stream(every_token(prompt, max_tokens), CancellationToken::new()).await.unwrap();
    read_all(stream, String::new()).await
}

async fn alone(prompts: &[String], max_tokens: usize, chunk: usize) -> Vec<Answer> {
    let model = load(0, chunk);
    let mut answers = Vec::new();
    for p in prompts {
        let a = ask(&model, p, max_tokens).await;
        assert_eq!(a.usage.prompt_reused, 0, "an engine that keeps nothing, one prompt at a time, shares nothing");
        answers.push(a);
    }
    answers
}

#[tokio::test(flavor = "multi_thread")]
async fn five_prompts_sent_together_compute_their_shared_prefix_once() {
    five_prompts_share_their_prefix(CPU_PREFILL_CHUNK, 10).await;
}

/// The GPU's chunk, on the CPU: the copies are whole chunks of that size, and
/// the answers those of prompts computed alone in the same chunks.
#[tokio::test(flavor = "multi_thread")]
async fn prompts_cut_in_the_gpus_larger_chunks_share_them_too() {
    five_prompts_share_their_prefix(GPU_PREFILL_CHUNK, 70).await;
}

/// Five prompts on a listing of `functions` functions (their shared part),
/// each with its own question, on an engine cutting prompts in `chunk`s.
async fn five_prompts_share_their_prefix(chunk: usize, functions: usize) {
    const TOKENS: usize = 12;
    let questions = [
        "Which function returns 10 for x = 1?",
        "Name the function that grows fastest.",
        "What does f3 return for x = 2?",
        "Does any function return 0 for x = 0?",
        "How many functions are there?",
    ];
    let prompts: Vec<String> = questions.iter().map(|q| format!("{}{q}", listing(functions))).collect();
    let sharing = load(LoadOptions::default().keep_prefix_mb, chunk);
    let ids: Vec<Vec<u32>> = prompts.iter().map(|p| tokens(&sharing, p)).collect();
    let shared = common_prefix(&ids[0], &ids[1]);
    for (i, a) in ids.iter().enumerate() {
        for b in &ids[i + 1..] {
            assert_eq!(
                common_prefix(a, b),
                shared,
                "every pair shares the same prefix (the expected counts rely on it)"
            );
        }
    }
    assert!(shared > 2 * chunk, "a prefix of {shared} tokens spans more than two chunks of {chunk}");

    let mut streams = Vec::new();
    for p in &prompts {
        streams.push(sharing.stream(every_token(p, TOKENS), CancellationToken::new()).await.unwrap());
    }
    let together = tokio::time::timeout(
        PATIENCE,
        futures::future::join_all(streams.into_iter().map(|s| read_all(s, String::new()))),
    )
    .await
    .expect("five sequences sharing a prefix finish");
    let alone = alone(&prompts, TOKENS, chunk).await;
    for (i, (t, a)) in together.iter().zip(&alone).enumerate() {
        assert_eq!(t.text, a.text, "prompt {i}: the answer changed with a shared prefix");
        assert_eq!(t.usage.prompt_tokens, ids[i].len());
    }
    // The first computes the shared chunks; the four others copy them.
    let reused: Vec<usize> = together.iter().map(|a| a.usage.prompt_reused).collect();
    let expected: Vec<usize> =
        ids.iter().enumerate().map(|(i, t)| if i == 0 { 0 } else { expected_reuse(shared, t.len(), chunk) }).collect();
    assert_eq!(reused, expected);
    let total: usize = ids.iter().map(Vec::len).sum();
    let computed: usize = together.iter().map(|a| a.usage.prompt_tokens - a.usage.prompt_reused).sum();
    assert!(computed + 4 * 2 * chunk <= total, "{computed} of {total} prompt tokens computed");
    // The engine's own count agrees (published after each step, and every
    // prompt's last chunk came steps before its `Done`).
    let stats = sharing.engine_stats().borrow().clone();
    assert_eq!((stats.prompt_computed, stats.prompt_reused), (computed, expected.iter().sum::<usize>()), "{stats:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn waiters_whose_leader_is_cancelled_still_finish() {
    const TOKENS: usize = 8;
    // About 650 tokens: the leader needs five steps for them, and the waiters
    // are in long before it has them.
    let prompt = format!("{}Which function returns 100 for x = 4?", listing(36));
    let sharing = load(LoadOptions::default().keep_prefix_mb, CPU_PREFILL_CHUNK);
    let len = tokens(&sharing, &prompt).len();
    let cancel = CancellationToken::new();
    let leader = sharing.stream(every_token(&prompt, TOKENS), cancel.clone()).await.unwrap();
    let mut waiters = Vec::new();
    for _ in 0..4 {
        waiters.push(sharing.stream(every_token(&prompt, TOKENS), CancellationToken::new()).await.unwrap());
    }
    let mut stats = sharing.engine_stats();
    tokio::time::timeout(PATIENCE, stats.wait_for(|s| s.waiting == 4))
        .await
        .expect("the four wait for the leader's prefix")
        .unwrap();
    cancel.cancel();
    assert_eq!(read_all(leader, String::new()).await.finish, FinishReason::Cancelled);
    let answers = tokio::time::timeout(
        PATIENCE,
        futures::future::join_all(waiters.into_iter().map(|s| read_all(s, String::new()))),
    )
    .await
    .expect("the waiters finish without their leader");
    let alone = alone(&[prompt], TOKENS, CPU_PREFILL_CHUNK).await.remove(0);
    for a in &answers {
        assert_eq!(a.finish, FinishReason::Length);
        assert_eq!(a.text, alone.text);
    }
    // One takes over (copying what the leader computed before it went, if
    // anything) and the three others copy the whole shared part from it.
    let whole = expected_reuse(len, len, CPU_PREFILL_CHUNK);
    let full = answers.iter().filter(|a| a.usage.prompt_reused == whole).count();
    assert!(full >= 3, "{:?}", answers.iter().map(|a| a.usage.prompt_reused).collect::<Vec<_>>());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_next_round_copies_the_kept_prefix_of_the_last() {
    const TOKENS: usize = 12;
    let problem = listing(10);
    let round1 = format!("{problem}Which function returns 10 for x = 1?");
    let round2 = format!("{problem}Your previous answer was f3. Is it right? Answer again.");
    let sharing = load(LoadOptions::default().keep_prefix_mb, CPU_PREFILL_CHUNK);
    let first = ask(&sharing, &round1, TOKENS).await;
    assert_eq!(first.usage.prompt_reused, 0, "nothing kept yet");
    // Round two starts after round one has finished: nothing live to share with.
    let second = ask(&sharing, &round2, TOKENS).await;
    let (ids1, ids2) = (tokens(&sharing, &round1), tokens(&sharing, &round2));
    let expected = expected_reuse(common_prefix(&ids1, &ids2), ids2.len(), CPU_PREFILL_CHUNK);
    assert!(expected >= 2 * CPU_PREFILL_CHUNK, "the problem spans whole chunks: {expected}");
    assert_eq!(second.usage.prompt_reused, expected);
    assert_eq!(
        second.text,
        alone(&[round2], TOKENS, CPU_PREFILL_CHUNK).await[0].text,
        "the answer changed with a kept prefix"
    );
}

/// `bench engine --prompt-tokens N` measures prefill: every stream's prompt
/// is at least N tokens, the one stream computes all of it (nothing kept),
/// the team's second stream copies the first's whole chunks, and the report
/// says which chunk size ran; a prompt over the context is refused by name.
#[test]
fn bench_engine_measures_prefill_over_long_prompts_in_the_chunks_asked() {
    let logs = tempfile::tempdir().unwrap();
    let bench = |prompt_tokens: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_memdoor"))
            .args(["bench", "engine", "--agents", "2", "--max-tokens", "4", "--keep-prefix-mb", "0", "--json"])
            .args(["--prompt-tokens", prompt_tokens, "--model"])
            .arg(memdoor_testkit::model_path())
            .env("MEMDOOR_PREFILL_CHUNK", "128")
            .env("MEMDOOR_LOG_DIR", logs.path())
            .env_remove("MEMDOOR_CONFIG")
            .output()
            .unwrap()
    };
    let out = bench("400");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["prefill_chunk"], 128);
    let one = &report["one"];
    let len = one["prompt_tokens"].as_u64().unwrap() as usize;
    assert!((400..440).contains(&len), "the fewest functions that reach 400 tokens: {len}");
    assert_eq!(one["prompt_reused"], 0, "nothing kept, nothing copied: {one}");
    let team = &report["team"];
    assert_eq!(team["prompt_tokens"].as_u64().unwrap() as usize, 2 * len);
    assert_eq!(team["prompt_reused"].as_u64().unwrap() as usize, expected_reuse(len, len, 128), "{team}");

    let out = bench("9000");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--prompt-tokens 9000 and --max-tokens 4 do not fit the 8192-token context"), "{err}");
}

/// A prompt goes through the engine in the chunks asked for: a prompt of L
/// tokens alone takes ceil(L / chunk) steps, then one a token after the
/// first (the copies' figures above would hold were it cut otherwise).
#[tokio::test(flavor = "multi_thread")]
async fn a_prompt_alone_takes_one_step_a_chunk() {
    const TOKENS: usize = 4;
    let prompt = format!("{}Which function returns 100 for x = 4?", listing(70));
    for chunk in [CPU_PREFILL_CHUNK, GPU_PREFILL_CHUNK] {
        let model = load(0, chunk);
        let len = tokens(&model, &prompt).len();
        assert!(len > 2 * GPU_PREFILL_CHUNK, "{len} tokens span more than two of the larger chunks");
        let answer = ask(&model, &prompt, TOKENS).await;
        assert_eq!(answer.usage.completion_tokens, TOKENS);
        let mut stats = model.engine_stats();
        let stats = tokio::time::timeout(PATIENCE, stats.wait_for(|s| s.live == 0 && s.steps > 0))
            .await
            .expect("the engine falls idle")
            .unwrap()
            .clone();
        assert_eq!(
            stats.steps as usize,
            len.div_ceil(chunk) + TOKENS - 1,
            "chunks of {chunk}, {len} tokens: {stats:?}"
        );
    }
}
