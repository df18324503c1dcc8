//! The real model over HTTP: memdoor's local engine behind an OpenAI-compatible
//! server started here, read by the real `OpenAiBackend`; then a mixed team
//! (local and OpenAI-compatible agents) built from a config file, in-process
//! and through the real binary.

use memdoor_testkit::openai_server;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use memdoor::cli::setup::build_agents;
use memdoor::domain::TeamEvent;
use memdoor::model::openai::{OpenAiBackend, OpenAiConfig};
use memdoor::model::{ChatRequest, Chunk, FinishReason, Message, ModelBackend, Sampling};
use tokio_util::sync::CancellationToken;

const KEY_VAR: &str = "MEMDOOR_TEST_OPENAI_LOCAL_KEY";
const KEY: &str = "sk-memdoor-test-5f3a9c0e1d7b";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_local_model_streams_its_greedy_answer_through_the_openai_client() {
    let server = openai_server::serve(memdoor_testkit::model(), None).await;
    let backend =
        OpenAiBackend::new(OpenAiConfig { retries: 0, ..OpenAiConfig::new(&server.base, "smollm-served") }).unwrap();
    assert_eq!(backend.name(), "smollm-served");
    let req = ChatRequest {
        messages: vec![Message::user(memdoor_testkit::PALINDROME)],
        sampling: Sampling { temperature: 0.0, ..Sampling::default() },
        max_tokens: 64,
        ignore_stop: false,
    };
    let mut stream = backend.stream(req, CancellationToken::new()).await.unwrap();
    let (mut text, mut deltas) = (String::new(), 0);
    let (finish, usage) = loop {
        match stream.next().await.expect("the stream ended without Done").unwrap() {
            Chunk::Text(t) => {
                text.push_str(&t);
                deltas += 1;
            }
            Chunk::Restart => text.clear(),
            Chunk::Done { finish, usage } => break (finish, usage),
        }
    };
    assert!(text.starts_with(memdoor_testkit::GOLDEN_START), "{text}");
    assert!(deltas > 10, "streamed in {deltas} pieces: not token by token");
    assert!(matches!(finish, FinishReason::Stop | FinishReason::Length));
    assert!(usage.prompt_tokens > 10 && usage.completion_tokens > 10, "{usage:?}");
    assert_eq!(*server.models.lock().unwrap(), ["smollm-served"]);
}

/// Three local agents (one spelled by path, two by the team default) and two
/// OpenAI-compatible ones on `base`.
fn mixed_config(base: &str, agents_extra: &str) -> String {
    let model = memdoor_testkit::model_path();
    format!(
        "[team]\nagents = 5\nrounds = 1\nmax_tokens = 64\nagent_tests = false\nmodel = {model:?}\n\
         [[agents]]\nbackend = \"local\"\nmodel = {model:?}\n\
         [[agents]]\nbackend = \"local\"\n\
         [[agents]]\n\
         [[agents]]\nbackend = \"openai\"\nbase_url = {base:?}\nmodel = \"smollm-served\"\napi_key_env = \"{KEY_VAR}\"\nrole = \"You write short code.\"\n{agents_extra}\
         [[agents]]\nbackend = \"openai\"\nbase_url = \"{base}/v1\"\nmodel = \"smollm-other\"\napi_key_env = \"{KEY_VAR}\"\n{agents_extra}"
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mixed_team_loads_each_local_model_once() {
    std::env::set_var(KEY_VAR, KEY);
    let text = mixed_config("http://127.0.0.1:9", "");
    let cfg = memdoor::config::from_str(&text, std::path::Path::new("mixed.toml")).unwrap();
    let agents = build_agents(&cfg).await.unwrap();
    let names: Vec<&str> = agents.iter().map(|a| a.backend.name()).collect();
    assert_eq!(&names[3..], ["smollm-served", "smollm-other"]);
    // The path and the team default name one file: one model for all three.
    assert!(Arc::ptr_eq(&agents[0].backend, &agents[1].backend) && Arc::ptr_eq(&agents[0].backend, &agents[2].backend));
    assert!(!Arc::ptr_eq(&agents[0].backend, &agents[3].backend));
    assert_eq!(agents[3].role.as_deref(), Some("You write short code."));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_with_a_config_runs_local_and_openai_agents_together_and_never_shows_the_key() {
    let server = openai_server::serve(memdoor_testkit::model(), Some(KEY.into())).await;
    let dir = tempfile::tempdir().unwrap();
    let (config, journal, logs) =
        (dir.path().join("memdoor.toml"), dir.path().join("journal.jsonl"), dir.path().join("logs"));
    std::fs::write(&config, mixed_config(&server.base, "first_token_timeout_secs = 120\n")).unwrap();

    let run = tokio::process::Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .arg("solve")
        .arg("--config")
        .arg(&config)
        .args(["--json", "--journal"])
        .arg(&journal)
        .arg(memdoor_testkit::PALINDROME)
        .env(KEY_VAR, KEY)
        .env("MEMDOOR_LOG_DIR", &logs)
        .env("MEMDOOR_LOG", "memdoor=debug")
        .env_remove("MEMDOOR_REDIS")
        .env_remove("MEMDOOR_CONFIG")
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(480), run).await.expect("solve took over 8 minutes").unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    let events: Vec<TeamEvent> =
        stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not an event ({e}): {l}"))).collect();

    let Some(TeamEvent::TaskStarted { agents, .. }) = events.first() else {
        panic!("first event: {:?}", events.first())
    };
    assert_eq!(agents.len(), 5);
    let models: Vec<&str> = agents.iter().map(|a| a.model.as_str()).collect();
    assert_eq!(&models[3..], ["smollm-served", "smollm-other"]);
    assert!(models[..3].iter().all(|m| !m.starts_with("smollm-")), "{models:?}");
    assert_eq!(agents[3].role.as_deref(), Some("You write short code."));
    let done: BTreeSet<usize> = events
        .iter()
        .filter_map(|e| if let TeamEvent::AgentDone { agent, .. } = e { Some(*agent) } else { None })
        .collect();
    assert_eq!(done, (0..5).collect(), "{stdout}");
    assert!(matches!(events.last(), Some(TeamEvent::TaskFinished { answer: Some(_), .. })), "{:?}", events.last());
    // Both remote agents went through the server, with the key.
    let served: BTreeSet<String> = server.models.lock().unwrap().iter().cloned().collect();
    assert_eq!(served, ["smollm-other".to_string(), "smollm-served".to_string()].into());

    let journal = std::fs::read_to_string(&journal).unwrap();
    let log = std::fs::read_to_string(logs.join("memdoor.log")).unwrap_or_default();
    for (what, text) in [("stdout", &*stdout), ("stderr", &*stderr), ("journal", &journal), ("log", &log)] {
        assert!(!text.contains(KEY), "the API key leaked into the {what}");
    }
    assert!(journal.contains("smollm-served"), "the journal records the team");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bench_engine_measures_a_server_beside_the_local_engine() {
    let server = openai_server::serve(memdoor_testkit::model(), None).await;
    let dir = tempfile::tempdir().unwrap();
    let run = tokio::process::Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args([
            "bench",
            "engine",
            "--agents",
            "2",
            "--max-tokens",
            "8",
            "--json",
            "--vs-openai",
            &server.base,
            "--model",
        ])
        .arg(memdoor_testkit::model_path())
        .env("MEMDOOR_LOG_DIR", dir.path())
        .env_remove("MEMDOOR_CONFIG")
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(300), run).await.expect("bench took over 5 minutes").unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let vs = &report["vs_openai"];
    assert_eq!(vs["url"], server.base.as_str());
    // ignore_eos reached the server: every stream wrote exactly max_tokens, as locally.
    assert_eq!(vs["one"]["generated_tokens"], 8, "{vs}");
    assert_eq!(vs["team"]["generated_tokens"], 16, "{vs}");
    assert_eq!(report["team"]["generated_tokens"], 16);
    // The greedy glance is the model's real answer (24 tokens of it).
    let greedy = report["greedy_start"].as_str().unwrap();
    assert!(memdoor_testkit::GOLDEN_START.starts_with(greedy) && greedy.len() > 40, "{greedy:?}");
    assert!(vs["team"]["aggregate_tok_s"].as_f64().unwrap() > 0.0);
}
