//! Cancelling or dropping a stream stops its compute thread promptly. Its own
//! test binary, so no other stream runs while the thread count is watched.

use memdoor_testkit::eventually::eventually;

use std::time::{Duration, Instant};

use futures::StreamExt;
use memdoor::model::local::active_generations;
use memdoor::model::{ChatRequest, Chunk, FinishReason, Message, ModelBackend, Sampling};
use tokio_util::sync::CancellationToken;

fn endless() -> ChatRequest {
    ChatRequest {
        messages: vec![Message::user(memdoor_testkit::PALINDROME)],
        sampling: Sampling::default(),
        max_tokens: 100_000,
        ignore_stop: true,
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn cancel_and_drop_stop_generation() {
    let model = memdoor_testkit::model();

    // Cancel: the stream ends with Done(Cancelled) after a few more tokens at most.
    let cancel = CancellationToken::new();
    let mut stream = model.stream(endless(), cancel.clone()).await.unwrap();
    let mut seen = 0;
    let end = Instant::now() + Duration::from_secs(120);
    while seen < 5 {
        assert!(Instant::now() < end, "timed out waiting for five text chunks");
        match tokio::time::timeout(Duration::from_secs(60), stream.next()).await {
            Ok(Some(Ok(Chunk::Text(_)))) => seen += 1,
            Ok(Some(Ok(_))) => {}
            other => panic!("the endless stream stopped before five chunks: {other:?}"),
        }
    }
    cancel.cancel();
    let mut finish = None;
    while let Some(chunk) = stream.next().await {
        if let Chunk::Done { finish: f, usage } = chunk.unwrap() {
            assert!(usage.completion_tokens < 300, "kept generating after cancel: {usage:?}");
            finish = Some(f);
        }
    }
    assert_eq!(finish, Some(FinishReason::Cancelled));
    let gone = || std::future::ready(active_generations() == 0);
    eventually("the cancelled thread to exit", Duration::from_secs(30), gone).await;

    // Drop: the thread notices and stops, though nobody cancelled.
    let mut stream = model.stream(endless(), CancellationToken::new()).await.unwrap();
    stream.next().await.unwrap().unwrap();
    assert_eq!(active_generations(), 1);
    drop(stream);
    eventually("the dropped stream's thread to exit", Duration::from_secs(30), gone).await;
}
