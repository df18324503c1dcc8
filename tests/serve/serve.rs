//! `memdoor serve` end to end (issue #17): the real binary on the real model,
//! asked by the official `openai` Python package (streaming and not), by
//! memdoor's own OpenAI backend as one agent of a team, and checked to keep
//! its key out of its logs and off non-loopback addresses without one.

use memdoor_testkit::redis_server;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_memdoor");
/// The problem states an example, so the team's drafts run and the vote is by execution.
const PROBLEM: &str = "Write a Python function add(a, b) that returns the sum of a and b. Example: add(1, 2) -> 3";

/// A `memdoor serve` on a free port, killed when dropped.
struct Serve {
    child: Child,
    base: String,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the server on port 0 and reads the address it bound from its first line on stderr.
fn serve(args: &[&str], envs: &[(&str, &str)], logs: &Path) -> Serve {
    let mut child = Command::new(BIN)
        .args(["serve", "--bind", "127.0.0.1:0", "--model"])
        .arg(memdoor_testkit::model_path())
        .args(args)
        .envs(envs.iter().copied())
        .env("MEMDOOR_LOG_DIR", logs)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting memdoor serve");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = String::new();
    while let Some(Ok(line)) = lines.next() {
        seen += &line;
        seen += "\n";
        if let Some(rest) = line.split_once("listening on ").map(|(_, r)| r) {
            let base = rest.split_whitespace().next().unwrap().to_string();
            // Kept draining: a closed pipe would fail the server's next line on stderr.
            std::thread::spawn(move || lines.for_each(drop));
            return Serve { child, base };
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("memdoor serve exited before listening:\n{seen}");
}

/// The interpreter with the `openai` package (scripts/test.sh makes the venv).
fn openai_python() -> PathBuf {
    let path = std::env::var_os("MEMDOOR_TEST_OPENAI_PYTHON").map(PathBuf::from).unwrap_or_else(|| {
        let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
        home.join(".cache/memdoor/venv-openai/bin/python")
    });
    let ok = Command::new(&path).args(["-c", "import openai"]).status().is_ok_and(|s| s.success());
    assert!(
        ok,
        "{} has no `openai` package: run scripts/test.sh, which installs it, or make that venv yourself",
        path.display()
    );
    path
}

const CLIENT: &str = r#"
import json, sys, openai
client = openai.OpenAI(base_url=sys.argv[1], api_key="unused", timeout=600)
problem = sys.argv[2]
models = [m.id for m in client.models.list()]
whole = client.chat.completions.create(model="memdoor-team", messages=[{"role": "user", "content": problem}])
stream = client.chat.completions.create(model="memdoor-team", messages=[{"role": "user", "content": problem}],
                                        stream=True, stream_options={"include_usage": True})
content, reasoning, finish, usage = [], [], None, None
for chunk in stream:
    if chunk.usage:
        usage = chunk.usage.model_dump()
    for choice in chunk.choices:
        if choice.delta.content:
            content.append(choice.delta.content)
        extra = getattr(choice.delta, "reasoning_content", None)
        if extra:
            reasoning.append(extra)
        finish = choice.finish_reason or finish
single = client.chat.completions.create(model=models[1], messages=[{"role": "user", "content": "Say hello."}], max_tokens=8)
print(json.dumps({
    "models": models,
    "whole": {"content": whole.choices[0].message.content, "finish": whole.choices[0].finish_reason, "usage": whole.usage.model_dump()},
    "stream": {"content": "".join(content), "reasoning": "".join(reasoning), "finish": finish, "usage": usage},
    "single": {"content": single.choices[0].message.content, "finish": single.choices[0].finish_reason, "usage": single.usage.model_dump()},
}))
"#;

#[test]
fn the_official_openai_client_streams_and_non_streams_the_team() {
    let python = openai_python();
    let logs = tempfile::tempdir().unwrap();
    let server = serve(
        &["--agents", "2", "--rounds", "1", "--max-tokens", "64", "--no-agent-tests", "--journal"],
        &[],
        logs.path(),
    );
    let out = Command::new(python).args(["-c", CLIENT, &server.base, PROBLEM]).output().unwrap();
    assert!(out.status.success(), "the client failed:\n{}", String::from_utf8_lossy(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();

    assert_eq!(r["models"][0], "memdoor-team", "{r}");
    for reply in [&r["whole"], &r["stream"]] {
        let content = reply["content"].as_str().unwrap();
        // The consensus and how it was chosen, or the team's word that it has none.
        assert!(content.contains("memdoor: "), "{content}");
        let usage = &reply["usage"];
        let (prompt, completion, total) = (
            usage["prompt_tokens"].as_u64().unwrap(),
            usage["completion_tokens"].as_u64().unwrap(),
            usage["total_tokens"].as_u64().unwrap(),
        );
        assert!(completion > 0 && prompt > 0 && total == prompt + completion, "usage sums every agent: {usage}");
        assert!(["stop", "length"].contains(&reply["finish"].as_str().unwrap()), "{reply}");
    }
    let reasoning = r["stream"]["reasoning"].as_str().unwrap();
    assert!(
        reasoning.contains("2 agents at work") && reasoning.contains("round 1: agent 1"),
        "progress while the team works:\n{reasoning}"
    );
    // An agent's model by name: that model alone, as a plain chat completion.
    assert!(r["single"]["usage"]["completion_tokens"].as_u64().unwrap() <= 8, "{}", r["single"]);
    let journals = journals(logs.path());
    assert_eq!(journals.len(), 2, "with --journal each team request is journaled: {journals:?}");
    // …and plays back.
    let replay = Command::new(BIN).args(["replay", "--json", "--instant"]).arg(&journals[0]).output().unwrap();
    assert!(replay.status.success(), "{}", String::from_utf8_lossy(&replay.stderr));
    assert!(String::from_utf8_lossy(&replay.stdout).contains("\"event\":\"TaskFinished\""));
}

#[tokio::test]
async fn with_redis_each_requests_shared_memory_lives_in_redis() {
    let redis = redis_server::RedisServer::start();
    let logs = tempfile::tempdir().unwrap();
    let server = serve(
        &["--agents", "1", "--rounds", "1", "--max-tokens", "24", "--no-agent-tests", "--redis", &redis.url()],
        &[],
        logs.path(),
    );
    let body = serde_json::json!({ "model": "memdoor-team", "messages": [{ "role": "user", "content": PROBLEM }] });
    let reply =
        reqwest::Client::new().post(format!("{}/chat/completions", server.base)).json(&body).send().await.unwrap();
    assert_eq!(reply.status(), 200);
    let mut conn = redis::Client::open(redis.url()).unwrap().get_multiplexed_async_connection().await.unwrap();
    let logs: Vec<String> = redis::AsyncCommands::keys(&mut conn, "memdoor:{default}:log:*").await.unwrap();
    assert_eq!(logs.len(), 1, "{logs:?}");
    let task = logs[0].rsplit(':').next().unwrap();
    let answer: Option<String> = redis::AsyncCommands::get(&mut conn, format!("memory:{task}")).await.unwrap();
    assert!(answer.is_some(), "the run's answer is in memory:{task}");
}

fn journals(logs: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(logs.join("journal")).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default()
}

#[test]
fn memdoors_own_openai_backend_uses_a_served_team_as_one_agent() {
    let logs = tempfile::tempdir().unwrap();
    let server = serve(&["--agents", "2", "--rounds", "1", "--max-tokens", "48", "--no-agent-tests"], &[], logs.path());
    let config = logs.path().join("memdoor.toml");
    let base = server.base.trim_end_matches("/v1");
    std::fs::write(
        &config,
        format!(
            "[team]\nagents = 2\nrounds = 1\nmax_tokens = 400\nagent_tests = false\nmodel = {:?}\n[[agents]]\nmax_tokens = 48\n\
             [[agents]]\nbackend = \"openai\"\nbase_url = {base:?}\nmodel = \"memdoor-team\"\nfirst_token_timeout_secs = 300\n",
            memdoor_testkit::model_path()
        ),
    )
    .unwrap();
    let out = Command::new(BIN)
        .args(["solve", "--config", config.to_str().unwrap(), "--json", "--no-journal", PROBLEM])
        .env("MEMDOOR_LOG_DIR", logs.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let started = stdout.lines().find(|l| l.contains("\"event\":\"TaskStarted\"")).unwrap_or_default();
    assert!(started.contains("memdoor-team"), "agent 1 is the served team: {started}");
    let served = stdout
        .lines()
        .any(|l| l.contains("\"event\":\"AgentDone\"") && l.contains("\"agent\":1") && l.contains("memdoor: "));
    assert!(served, "the served team's reply is agent 1's draft:\n{stdout}");
}

#[tokio::test]
async fn the_key_is_required_and_never_written_to_the_logs() {
    let key = "sk-memdoor-test-3f9c2a7b1e";
    let logs = tempfile::tempdir().unwrap();
    let server = serve(
        &["--agents", "1", "--rounds", "1", "--max-tokens", "16", "--no-agent-tests", "--api-key-env", "SERVE_KEY"],
        &[("SERVE_KEY", key), ("MEMDOOR_LOG", "trace")],
        logs.path(),
    );
    let client = reqwest::Client::builder().timeout(Duration::from_secs(300)).build().unwrap();
    let body = serde_json::json!({ "model": "memdoor-team", "messages": [{ "role": "user", "content": PROBLEM }] });
    let url = format!("{}/chat/completions", server.base);
    let none = client.post(&url).json(&body).send().await.unwrap();
    assert_eq!(none.status(), 401);
    let wrong = client.post(&url).json(&body).bearer_auth("sk-memdoor-wrong").send().await.unwrap();
    assert_eq!(wrong.status(), 401);
    let right = client.post(&url).json(&body).bearer_auth(key).send().await.unwrap();
    assert_eq!(right.status(), 200);
    assert!(right.text().await.unwrap().contains("memdoor: "));
    drop(server);
    let mut written = String::new();
    for entry in walk(logs.path()) {
        written += &String::from_utf8_lossy(&std::fs::read(entry).unwrap_or_default());
    }
    assert!(!written.is_empty(), "the server wrote its log");
    assert!(!written.contains(key) && !written.contains("sk-memdoor-wrong"), "a key was written to the logs");
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn a_non_loopback_address_without_a_key_is_refused() {
    let out = Command::new(BIN).args(["serve", "--bind", "0.0.0.0:0"]).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("refusing to serve on 0.0.0.0:0 without a key") && stderr.contains("--api-key-env"),
        "{stderr}"
    );
    // Refused before any model is loaded.
    assert!(!stderr.contains("loading"), "{stderr}");
}

#[test]
fn bench_serve_times_concurrent_clients_against_a_server_it_starts() {
    let logs = tempfile::tempdir().unwrap();
    let out = Command::new(BIN)
        .args(["bench", "serve", "--clients", "2", "--requests", "3", "--json"])
        .args(["--agents", "1", "--rounds", "1", "--max-tokens", "16", "--no-agent-tests", "--model"])
        .arg(memdoor_testkit::model_path())
        .env("MEMDOOR_LOG_DIR", logs.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (r["answered"].as_u64(), r["turned_away"].as_u64(), r["failed"].as_u64()),
        (Some(3), Some(0), Some(0)),
        "{r}"
    );
    let (first, answer) = (r["first_byte_p50_ms"].as_f64().unwrap(), r["answer_p50_ms"].as_f64().unwrap());
    assert!(0.0 < first && first <= answer, "{r}");
    assert!(r["completion_tokens"].as_u64().unwrap() > 0 && r["completion_tokens"].as_u64().unwrap() <= 3 * 16, "{r}");
}

#[tokio::test]
async fn usage_counts_every_model_call_of_the_request_not_only_the_drafts() {
    let logs = tempfile::tempdir().unwrap();
    // Agent tests on, and a problem with no examples (a function named, nothing to check it
    // against): each agent also writes test inputs, a model call that is no draft.
    let server = serve(&["--agents", "1", "--rounds", "1", "--max-tokens", "32", "--journal"], &[], logs.path());
    let problem = "Write a Python function add_one(n) that returns n plus one.";
    let body = serde_json::json!({ "model": "memdoor-team", "messages": [{ "role": "user", "content": problem }] });
    let reply: serde_json::Value = reqwest::Client::new()
        .post(format!("{}/chat/completions", server.base))
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let reported = reply["usage"]["completion_tokens"].as_u64().unwrap() as usize;
    drop(server);
    let journal = journals(logs.path()).pop().expect("the request's journal");
    let records = memdoor::memory::journal::read(&journal).unwrap();
    let drafts: usize = records
        .iter()
        .filter_map(|r| match &r.event {
            memdoor::domain::TeamEvent::AgentDone { draft, .. } => Some(draft.usage.completion_tokens),
            _ => None,
        })
        .sum();
    assert!(drafts > 0 && reported > drafts, "usage {reported} must count the test inputs beyond the drafts' {drafts}");
}
