//! A re-prompt (`continue_team`): only the chosen agents write, their prompts
//! carry the user's feedback and their failing tests, and the rest of the
//! team's drafts stand in the vote. Scripted backends, real sandbox + python3.

#[path = "common/scripted.rs"]
mod scripted;

use std::sync::Arc;

use scripted::{fenced, Scripted};
use memdoor::judge::sandbox::{Limits, Sandbox};
use memdoor::judge::SelfConsistency;
use memdoor::memory::embedded::EmbeddedStore;
use memdoor::model::Sampling;
use memdoor::problem::load_set;
use memdoor::team::{continue_team, run_team, Agent, Continuation, Mechanisms, Session};
use tokio_util::sync::CancellationToken;

#[tokio::test]
async fn a_reprompt_carries_feedback_and_failures_and_keeps_the_others_in_the_vote() {
    let problems = load_set(std::path::Path::new("assets/problems/easy.jsonl")).unwrap();
    let problem = problems.into_iter().find(|p| p.id.contains("reverse-the-line")).expect("the reverse problem");
    let right = "s = input().strip()\nprint(s[::-1])\n";
    let wrong = "print(input())\n";
    let scripts = [vec![fenced(wrong), fenced(right)], vec![fenced(right)], vec![fenced(right)]];
    let backends: Vec<Arc<Scripted>> = scripts
        .into_iter()
        .map(|a| Arc::new(Scripted::new(a)))
        .collect();
    let agents: Vec<Agent> = backends.iter().enumerate().map(|(id, b)| Agent::new(id, b.clone(), Sampling::default())).collect();
    let store = Arc::new(EmbeddedStore::new());
    let sandbox = Sandbox::detect(Limits::default()).await;
    let session = |agents: &'static [Agent]| Session {
        problem: Box::leak(Box::new(problem.clone())),
        agents,
        max_tokens: 64,
        rounds: 1,
        strategy: &SelfConsistency,
        store: store.clone(),
        sandbox: Some(sandbox.clone()),
        mechanisms: Mechanisms { agent_tests: false, aggregate: false, ..Mechanisms::default() },
    };
    let all: &'static [Agent] = Box::leak(agents.into_boxed_slice());
    let (tx, mut rx) = tokio::sync::mpsc::channel(1024);
    tokio::spawn(async move { while rx.recv().await.is_some() {} });
    let first = run_team(session(all), tx.clone(), CancellationToken::new()).await.expect("a verdict");
    assert_eq!(first.agents, vec![1, 2], "the wrong draft is ruled out by the public tests");

    let only_a0: &'static [Agent] = &all[..1];
    let more = Continuation { round: 2, feedback: Some("reverse the string, do not echo it".into()) };
    let second = continue_team(session(only_a0), more, tx, CancellationToken::new()).await.expect("a verdict");

    let asked = backends[0].prompts();
    assert_eq!(asked.len(), 2, "A0 wrote twice");
    let prompt = &asked[1];
    assert!(prompt.contains("reverse the string, do not echo it"), "the feedback is in the prompt:\n{prompt}");
    assert!(prompt.contains("Your draft failed a test"), "A0's failing tests are in its prompt:\n{prompt}");
    assert_eq!(backends[1].asked.lock().unwrap().len(), 1, "A1 was not re-prompted");
    assert_eq!(second.agents, vec![0, 1, 2], "A0's repaired draft joins A1 and A2, whose drafts came from the memory");
}
