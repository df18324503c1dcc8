//! A `memdoor agent` worker in the test's own process, on a scripted model:
//! a team of one agent, one round, no agent tests, at most 300 tokens a job,
//! drafts run in the weak sandbox. Tests spawn `serve_jobs` (model jobs only)
//! or `run_worker` (plain clients' tasks too) on it.

use std::sync::Arc;

use memdoor::distributed::worker::Worker;
use memdoor::judge::sandbox::{Limits, Sandbox, SandboxMode};
use memdoor::memory::redis::RedisStore;
use memdoor::session::SessionSettings;

use super::scripted::Scripted;

pub async fn scripted_worker(store: RedisStore, answers: Vec<String>) -> (Arc<Worker>, Arc<Scripted>) {
    let model = Arc::new(Scripted::new(answers));
    let mut cfg = memdoor::config::Config::default();
    cfg.team.agents = Some(1);
    cfg.team.rounds = 1;
    cfg.team.agent_tests = false;
    cfg.team.max_tokens = 300;
    let sandbox = Sandbox::open(SandboxMode::Weak, Limits::default()).await.unwrap();
    let settings = SessionSettings::from_config(&cfg);
    let worker = Worker {
        id: "w0".into(),
        store,
        model: model.clone(),
        settings,
        sandbox,
        manage_notifications: false,
        journals: false,
        runs_started: Default::default(),
    };
    (Arc::new(worker), model)
}
