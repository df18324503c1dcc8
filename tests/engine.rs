//! The local engine on the real SmolLM2 model: the golden greedy answer,
//! alone and inside a team sharing the weights, and the context limit.

mod common;

use std::sync::Arc;

use futures::StreamExt;
use memdoor::domain::TeamEvent;
use memdoor::model::{ChatRequest, Chunk, FinishReason, Message, ModelBackend, Sampling};
use memdoor::problem::Problem;
use memdoor::memory::embedded::EmbeddedStore;
use memdoor::memory::{Entry, EntryKind};
use memdoor::session::{drive, Recorder, SessionSpec, Step};
use memdoor::team::{messages_for, Agent, TeamConfig};
use tokio_util::sync::CancellationToken;

fn greedy(prompt: &str, max_tokens: usize) -> ChatRequest {
    ChatRequest { messages: vec![Message::user(prompt)], sampling: Sampling::default(), max_tokens, ignore_stop: false }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_single_stream_gives_the_golden_greedy_answer() {
    let model = common::model();
    let mut stream = model.stream(greedy(common::PALINDROME, 48), CancellationToken::new()).await.unwrap();
    let mut text = String::new();
    let mut done = None;
    while let Some(chunk) = stream.next().await {
        match chunk.unwrap() {
            Chunk::Text(t) => text.push_str(&t),
            Chunk::Done { finish, usage } => done = Some((finish, usage)),
            Chunk::Restart => panic!("a local stream never restarts"),
        }
    }
    assert!(text.starts_with(common::GOLDEN_START), "got {text:?}");
    let (finish, usage) = done.expect("a Done chunk");
    assert!(matches!(finish, FinishReason::Stop | FinishReason::Length));
    assert!(usage.prompt_tokens > 20 && usage.completion_tokens > 20, "{usage:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn agent_zero_of_a_team_of_five_sharing_weights_gives_the_same_answer() {
    let backend: Arc<dyn ModelBackend> = common::model();
    let cfg = TeamConfig { max_tokens: 48, ..TeamConfig::default() };
    let agents = Agent::team_on(backend, &cfg);
    let problem = Problem::from_text(common::PALINDROME).unwrap();
    let mechanisms = memdoor::team::Mechanisms { agent_tests: false, aggregate: false, ..Default::default() };
    let spec = SessionSpec { agents, store: Arc::new(EmbeddedStore::new()), sandbox: None, rounds: 1, max_tokens: 48, mechanisms, unique_ids: false };
    let mut recorder = Recorder::default();
    drive(&spec, &problem, Step::Start, &mut [&mut recorder], CancellationToken::new()).await.unwrap();
    let mut done = std::collections::BTreeMap::new();
    for e in recorder.events {
        if let TeamEvent::AgentDone { agent, round: 1, draft } = e {
            done.insert(agent, draft);
        }
    }
    assert_eq!(done.len(), 5, "every agent finishes");
    assert!(done[&0].text.starts_with(common::GOLDEN_START), "agent 0 wrote {:?}", done[&0].text);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_prompt_longer_than_the_context_is_a_clear_error() {
    let model = common::model();
    let long = "word ".repeat(model.context_len() + 100);
    let err = model.stream(greedy(&long, 8), CancellationToken::new()).await.err().expect("an error");
    let msg = format!("{err:#}");
    assert!(msg.contains("tokens of context"), "{msg}");
    assert!(msg.contains(&model.context_len().to_string()), "{msg}");
}

#[test]
fn a_refine_prompt_with_huge_drafts_still_fits_the_context() {
    let model = common::model();
    let problem = Problem::from_text(common::PALINDROME).unwrap();
    let huge = "def f(xs):\n    return [x * 2 for x in xs if x % 3]  # 🦀\n".repeat(400);
    let memory: Vec<Entry> = (0..5).map(|a| Entry::new("t", 1, Some(a), EntryKind::Draft, huge.clone())).collect();
    let max_tokens = 512;
    let messages = messages_for(&problem, 0, 2, &memory, Some(model.context_len()), max_tokens, &[]);
    let prompt_tokens = model.encode_prompt(&messages).unwrap().len();
    assert!(prompt_tokens + max_tokens <= model.context_len(), "{prompt_tokens} prompt tokens");
    assert!(messages.last().unwrap().content.contains("(cut to fit)"));
}
