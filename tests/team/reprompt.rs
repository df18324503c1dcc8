//! A re-prompt (`Step::Continue`, as the TUI runs it): only the chosen agents write, their prompts
//! carry the user's feedback and their failing tests, and the rest of the
//! team's drafts stand in the vote. Scripted backends, real sandbox + python3.

use memdoor_testkit::scripted;

use std::sync::Arc;

use memdoor::domain::TeamEvent;
use memdoor::judge::sandbox::{Limits, Sandbox};
use memdoor::memory::embedded::EmbeddedStore;
use memdoor::model::Sampling;
use memdoor::problem::load_set;
use memdoor::session::{drive, Recorder, SessionSpec, Step};
use memdoor::team::{Agent, Continuation, Mechanisms};
use scripted::{fenced, Scripted};
use tokio_util::sync::CancellationToken;

#[tokio::test]
async fn a_reprompt_carries_feedback_and_failures_and_keeps_the_others_in_the_vote() {
    let problems = load_set(std::path::Path::new("assets/problems/easy.jsonl")).unwrap();
    let problem = problems.into_iter().find(|p| p.id.contains("reverse-the-line")).expect("the reverse problem");
    let right = "s = input().strip()\nprint(s[::-1])\n";
    let wrong = "print(input())\n";
    let scripts = [vec![fenced(wrong), fenced(right)], vec![fenced(right)], vec![fenced(right)]];
    let backends: Vec<Arc<Scripted>> = scripts.into_iter().map(|a| Arc::new(Scripted::new(a))).collect();
    let agents: Vec<Agent> =
        backends.iter().enumerate().map(|(id, b)| Agent::new(id, b.clone(), Sampling::default())).collect();
    let store = Arc::new(EmbeddedStore::new());
    let sandbox = Sandbox::detect(Limits::default()).await;
    let mechanisms = Mechanisms { agent_tests: false, aggregate: false, ..Mechanisms::default() };
    let spec = SessionSpec {
        agents,
        store,
        sandbox: Some(sandbox),
        rounds: 1,
        max_tokens: 64,
        mechanisms,
        unique_ids: false,
        repo: None,
    };
    let first =
        drive(&spec, &problem, Step::Start, &mut [], CancellationToken::new()).await.unwrap().expect("a verdict");
    assert_eq!(first.agents, vec![1, 2], "the wrong draft is ruled out by the public tests");

    // The TUI's re-prompt of A0 alone: one more round for the chosen agents.
    let more = Continuation { round: 2, feedback: Some("reverse the string, do not echo it".into()) };
    let mut recorder = Recorder::default();
    let step = Step::Continue { more, only: Some(vec![0]) };
    let second =
        drive(&spec, &problem, step, &mut [&mut recorder], CancellationToken::new()).await.unwrap().expect("a verdict");
    let wrote: Vec<usize> = recorder
        .events
        .iter()
        .filter_map(|e| match e {
            TeamEvent::AgentDone { agent, .. } => Some(*agent),
            _ => None,
        })
        .collect();
    assert_eq!(wrote, vec![0], "only A0 wrote in the re-prompt");

    let asked = backends[0].prompts();
    assert_eq!(asked.len(), 2, "A0 wrote twice");
    let prompt = &asked[1];
    assert!(prompt.contains("reverse the string, do not echo it"), "the feedback is in the prompt:\n{prompt}");
    assert!(prompt.contains("Your draft failed a test"), "A0's failing tests are in its prompt:\n{prompt}");
    assert_eq!(backends[1].asked.lock().unwrap().len(), 1, "A1 was not re-prompted");
    assert_eq!(second.agents, vec![0, 1, 2], "A0's repaired draft joins A1 and A2, whose drafts came from the memory");
}
