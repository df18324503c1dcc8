//! The batched engine on the real SmolLM2 model: a sequence's greedy output is
//! the same token for token whether it runs alone or in a batch of five whose
//! members join at different steps (mid-prefill and mid-decode of others) —
//! with caches of their own, and with every cache a slot of one KV pool.

use futures::stream::BoxStream;
use futures::StreamExt;
use memdoor::model::local::{LoadOptions, LocalModel};
use memdoor::model::{ChatRequest, Chunk, ModelBackend};
use memdoor_testkit::read_all;
use memdoor_testkit::{every_token, Answer};
use tokio_util::sync::CancellationToken;

const TOKENS: usize = 40;

/// A prompt of a few hundred tokens: several prefill chunks, and a KV cache
/// that grows past its first allocation.
fn long_prompt() -> String {
    let mut p = String::from("Here is some code to review:\n");
    for i in 0..24 {
        p.push_str(&format!("def f{i}(x):\n    return x * {i} + {}\n", i * i));
    }
    p.push_str("Which function returns 100 for x = 4? Answer with its name.");
    p
}

async fn start(model: &LocalModel, req: ChatRequest) -> BoxStream<'static, anyhow::Result<Chunk>> {
    model.stream(req, CancellationToken::new()).await.unwrap()
}

/// Reads `stream` until `n` text deltas have come, keeping them in `text`.
async fn read_some(stream: &mut BoxStream<'static, anyhow::Result<Chunk>>, text: &mut String, n: usize) {
    for _ in 0..n {
        match stream.next().await.expect("more chunks").unwrap() {
            Chunk::Text(t) => text.push_str(&t),
            other => panic!("expected text, got {other:?}"),
        }
    }
}

/// The palindrome's and the long prompt's greedy answers, each alone on the
/// shared model (caches of their own).
async fn answers_alone() -> (Answer, Answer) {
    let model = memdoor_testkit::model();
    let palindrome = read_all(start(&model, every_token(memdoor_testkit::PALINDROME, TOKENS)).await, String::new());
    let palindrome = palindrome.await;
    let long = read_all(start(&model, every_token(&long_prompt(), TOKENS)).await, String::new()).await;
    assert!(long.usage.prompt_tokens > 300, "the long prompt spans several chunks: {:?}", long.usage);
    assert!(palindrome.text.starts_with(memdoor_testkit::GOLDEN_START), "{:?}", palindrome.text);
    (palindrome, long)
}

/// The same two answers in a batch of five on `model`: two others start and
/// decode; the palindrome joins mid-decode; the long prompt joins while the
/// palindrome is still young (its cache grows past the first allocation
/// while the others hold theirs); a fifth joins while the long one is
/// prefilling.
async fn answers_in_a_batch(model: &LocalModel) -> (Answer, Answer) {
    let mut a = start(model, every_token("Write a haiku about rust.", TOKENS)).await;
    let mut b = start(model, every_token("List three prime numbers.", TOKENS)).await;
    let (mut ta, mut tb) = (String::new(), String::new());
    read_some(&mut a, &mut ta, 3).await;
    read_some(&mut b, &mut tb, 2).await;
    let mut p = start(model, every_token(memdoor_testkit::PALINDROME, TOKENS)).await;
    let mut tp = String::new();
    read_some(&mut p, &mut tp, 2).await;
    let l = start(model, every_token(&long_prompt(), TOKENS)).await;
    let e = start(model, every_token("Say hello in French.", TOKENS)).await;
    let (palindrome, long, a, b, e) = tokio::join!(
        read_all(p, tp),
        read_all(l, String::new()),
        read_all(a, ta),
        read_all(b, tb),
        read_all(e, String::new()),
    );
    for answer in [&palindrome, &long, &a, &b, &e] {
        assert_eq!(answer.usage.completion_tokens, TOKENS);
    }
    (palindrome, long)
}

#[tokio::test(flavor = "multi_thread")]
async fn greedy_output_in_a_batch_of_five_equals_the_output_alone() {
    let (palindrome_alone, long_alone) = answers_alone().await;
    let (palindrome, long) = answers_in_a_batch(&memdoor_testkit::model()).await;
    assert_eq!(palindrome.text, palindrome_alone.text, "the palindrome answer changed in the batch");
    assert_eq!(long.text, long_alone.text, "the long-prompt answer changed in the batch");
}

/// With every cache a slot of one pool (what a GPU runs by default), the
/// decode steps attend for all five at once, and the pool's slots come and
/// go with the streams. Their logits are not always the same bits as
/// attending stream by stream (a step whose key count groups the sums
/// otherwise moves them by up to ~0.35: `pooled_exact` bounds it), so a
/// greedy answer may part from its per-stream twin at a near-tie (measured
/// here: after the palindrome's code block, "uses slicing" against "works
/// by"); the answers hold where the model is sure — the code — and every
/// stream runs to its last token.
#[tokio::test(flavor = "multi_thread")]
async fn a_kv_pool_serves_a_batch_of_five_and_their_answers_hold_where_the_model_is_sure() {
    let (_, long_alone) = answers_alone().await;
    let opts = LoadOptions { kv_pool: Some(true), ..LoadOptions::default() };
    let pooled = LocalModel::load(&memdoor_testkit::model_path(), &opts).unwrap();
    assert!(pooled.kv_pool());
    let long_start: String = long_alone.text.chars().take(12).collect();
    for run in 0..2 {
        // The second batch seats in a pool the first left (cleared when idle).
        let (palindrome, long) = answers_in_a_batch(&pooled).await;
        assert!(palindrome.text.starts_with(memdoor_testkit::GOLDEN_START), "run {run}: {:?}", palindrome.text);
        assert!(long.text.starts_with(&long_start), "run {run}: {:?} against {:?}", long.text, long_alone.text);
    }
    // Decode steps attended through the pool, the first two streams' together among them.
    let stats = pooled.engine_stats().borrow().clone();
    assert!(stats.pooled_steps > 0 && stats.decode_steps.keys().any(|&streams| streams >= 2), "{stats:?}");
    assert_eq!(memdoor_testkit::model().engine_stats().borrow().pooled_steps, 0, "no pool unless asked");
    assert!(!pooled.decode_graphs() && stats.fixed_steps == 0, "no fixed steps on the CPU unless asked");
    assert!(!pooled.fused(), "candle's kernels on the CPU unless asked");
}

/// The same as a GPU runs it: pooled decode steps of fixed shape, which a
/// GPU captures as CUDA graphs (on the CPU they run as they are), their
/// inputs rewritten in place each step, the steps of pools that moved
/// dropped (the second batch seats in pools cleared when the first left);
/// the fused kernels (their CPU arithmetic: candle's bits, but for the
/// decode attention in one kernel, within rounding of candle's); and
/// sampling's pass over the vocabulary where the logits are (its CPU
/// reference).
#[tokio::test(flavor = "multi_thread")]
async fn fixed_decode_steps_serve_a_batch_of_five_and_their_answers_hold_where_the_model_is_sure() {
    let (_, long_alone) = answers_alone().await;
    let opts = LoadOptions {
        kv_pool: Some(true),
        decode_graphs: Some(true),
        fused: Some(true),
        device_sampling: Some(true),
        ..LoadOptions::default()
    };
    let fixed = LocalModel::load(&memdoor_testkit::model_path(), &opts).unwrap();
    assert!(fixed.decode_graphs() && fixed.fused() && fixed.device_sampling());
    let long_start: String = long_alone.text.chars().take(12).collect();
    // The palindrome's body then opens on a near-tie: after `    s =`, " s"
    // leads " ''." by 0.064 in the logits (measured with caches of their
    // own), inside the 0.34 that pooled steps move logits by (pooled_exact);
    // the attention kernel's sums, in its own order, may take either.
    let sure = "```python\ndef is_palindrome(s: str) -> bool:\n    s =";
    assert!(memdoor_testkit::GOLDEN_START.starts_with(sure));
    for run in 0..2 {
        let (palindrome, long) = answers_in_a_batch(&fixed).await;
        assert!(palindrome.text.starts_with(sure), "run {run}: {:?}", palindrome.text);
        assert!(long.text.starts_with(&long_start), "run {run}: {:?} against {:?}", long.text, long_alone.text);
    }
    let stats = fixed.engine_stats().borrow().clone();
    assert!(stats.fixed_steps > 0 && stats.fixed_steps <= stats.pooled_steps, "{stats:?}");
    assert_eq!((stats.graph_captures, stats.graph_replays), (0, 0), "nothing to capture on the CPU");
    assert_eq!(stats.device_sampled, stats.sampled, "{stats:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_model_requantised_to_q8_0_still_answers_the_golden_prompt() {
    let opts = LoadOptions { requantize: Some(candle_core::quantized::GgmlDType::Q8_0), ..LoadOptions::default() };
    let model = LocalModel::load(&memdoor_testkit::model_path(), &opts).unwrap();
    let q4_bytes = memdoor_testkit::model().weight_bytes();
    let q8_bytes = model.weight_bytes();
    // Q8_0 keeps 34 bytes per 32 weights, Q4_1 20; the file stores some
    // matrices wider already, so the whole grows less than 1.7x (1.48x measured).
    assert!(q8_bytes * 10 > q4_bytes * 13, "{q8_bytes} bytes of Q8_0 vs {q4_bytes} of Q4_1");
    let stream =
        model.stream(every_token(memdoor_testkit::PALINDROME, TOKENS), CancellationToken::new()).await.unwrap();
    let text = read_all(stream, String::new()).await.text;
    // Requantising rounds every weight again, so greedy decoding may part from
    // the Q4_1 answer (it does on the third line, measured); the start holds.
    let start = "```python\ndef is_palindrome(s: str) -> bool:\n";
    assert!(memdoor_testkit::GOLDEN_START.starts_with(start));
    assert!(text.starts_with(start), "{text:?}");
}

/// The engine splits each decode step's time by the number of streams in it
/// (what `bench engine` and `MEMDOOR_STEP_STATS=1` report): a lone stream of
/// TOKENS tokens is one prefill step (which gives the first token) and
/// TOKENS - 1 decode steps of one stream, whose parts fit in their wall time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lone_streams_decode_steps_are_counted_and_split() {
    // Its own model: the shared one's figures mix every test's streams.
    let model = memdoor::model::local::LocalModel::load(&memdoor_testkit::model_path(), &Default::default()).unwrap();
    let stream = model.stream(every_token("Name three colours.", TOKENS), CancellationToken::new()).await.unwrap();
    let answer = read_all(stream, String::new()).await;
    assert_eq!(answer.usage.completion_tokens, TOKENS);
    let mut stats = model.engine_stats();
    let idle = stats.wait_for(|s| s.live == 0 && s.sampled as usize == TOKENS);
    let stats = tokio::time::timeout(std::time::Duration::from_secs(60), idle)
        .await
        .expect("the engine's figures within 60 s of the answer")
        .unwrap()
        .clone();
    let steps: Vec<usize> = stats.decode_steps.keys().copied().collect();
    assert_eq!(steps, [1], "only one-stream decode steps");
    let one = stats.decode_steps[&1];
    assert_eq!(one.steps as usize, TOKENS - 1);
    assert!(one.forward_nanos > 0 && one.sample_nanos > 0);
    assert!(one.forward_nanos + one.readback_nanos + one.sample_nanos <= one.wall_nanos);
}

/// Sampling's pass over the vocabulary where the logits are, as a GPU runs
/// it (on the CPU its reference runs): five streams sampled as the team
/// samples, and with temperature alone, top-k and the repeat penalty, give
/// the texts the host's sampler gives from the same seeds.
#[tokio::test(flavor = "multi_thread")]
async fn sampling_on_the_device_gives_the_host_samplers_answers() {
    use memdoor::model::Sampling;
    let team = |seed| Sampling { temperature: 0.3, top_p: Some(0.95), seed, ..Sampling::default() };
    let streams = [
        ("Write a haiku about rust.", team(1)),
        ("List three prime numbers.", team(2)),
        (memdoor_testkit::PALINDROME, Sampling { temperature: 0.8, seed: 3, ..Sampling::default() }),
        ("Name a sorting algorithm.", Sampling { temperature: 0.7, top_k: Some(40), seed: 4, ..Sampling::default() }),
        (
            "Count from one to ten in words.",
            Sampling { temperature: 0.5, top_p: Some(0.9), repeat_penalty: 1.3, seed: 5, ..Sampling::default() },
        ),
    ];
    let host = memdoor_testkit::model();
    let on_host = sampled_answers(&host, &streams).await;
    let opts = LoadOptions { device_sampling: Some(true), ..LoadOptions::default() };
    let device = LocalModel::load(&memdoor_testkit::model_path(), &opts).unwrap();
    assert!(device.device_sampling() && !host.device_sampling(), "on the CPU only when asked");
    let on_device = sampled_answers(&device, &streams).await;
    assert_eq!(on_device, on_host);
    // The last token goes out before the engine publishes its step.
    let stats = device.engine_stats().wait_for(|s| s.live == 0).await.unwrap().clone();
    assert_eq!(stats.device_sampled, stats.sampled, "{stats:?}");
    assert!(stats.sampled >= 5 * TOKENS as u64, "{stats:?}");
    assert_eq!(host.engine_stats().borrow().device_sampled, 0);
}

/// Each of `streams` started in turn on `model`, then all read together.
async fn sampled_answers(model: &LocalModel, streams: &[(&str, memdoor::model::Sampling)]) -> Vec<String> {
    let mut started = Vec::new();
    for (prompt, sampling) in streams {
        let req = ChatRequest { sampling: sampling.clone(), ..every_token(prompt, TOKENS) };
        started.push(read_all(start(model, req).await, String::new()));
    }
    futures::future::join_all(started).await.into_iter().map(|a| a.text).collect()
}
