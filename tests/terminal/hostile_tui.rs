//! Hostile problems at the terminal entry points (issue #27): the real
//! binary under tmux, the real model, a real redis-server. A prompt of
//! 6,000 `[` once overflowed the literal parser's stack: the TUI and
//! `memdoor watch` aborted and left the terminal raw in the alternate
//! screen. Now the limit's error is shown and the app keeps working.

use memdoor_testkit::redis_server;
use memdoor_testkit::tmux;
use memdoor_testkit::tui_app;

use redis_server::RedisServer;
use tmux::Tmux;
use tui_app::{assert_terminal_restored, env, pane_command, quit, MODEL_WAIT, UI_WAIT};

/// Brackets nested past the limit, on one line (the prompt bar's form);
/// 300, not 6,000: typing goes through the prompt bar's editor key by key.
fn deep_prompt() -> String {
    format!("Write a Python function f(x). Example: f(1) -> {}", "[".repeat(300))
}

#[test]
fn the_tui_shows_a_hostile_problems_limit_and_keeps_working() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = format!("--model {} --no-journal", memdoor_testkit::model_path().display());
    let t = Tmux::start(&pane_command(d, &args), 200, 50, &env(d)).with_log(&d.join("stderr"));
    t.wait_for("the app", MODEL_WAIT, |s| s.contains("press n to type a problem"));
    t.keys(&["n"]);
    t.text(&deep_prompt());
    t.keys(&["Enter"]);
    t.wait_for("the limit's error on screen", MODEL_WAIT, |s| s.contains("literal_depth"));
    // Still alive and answering keys: it quits cleanly and restores the terminal.
    quit(&t, d);
    assert_terminal_restored(d);
}

#[test]
fn a_hostile_problem_file_for_the_tui_is_a_clear_error_before_the_screen() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = d.join("hostile.txt");
    std::fs::write(&file, format!("Write a Python function f(x).\nf(1) -> {}\n", "[".repeat(6000))).unwrap();
    let args = format!("--model {} --no-journal --problem {}", memdoor_testkit::model_path().display(), file.display());
    let _t = Tmux::start(&pane_command(d, &args), 120, 30, &env(d));
    let code = tmux::wait_for_file(&d.join("exit"), MODEL_WAIT);
    assert_eq!(code.trim(), "1", "a clear failure exit, not an abort (134) or a signal");
    let stderr = std::fs::read_to_string(d.join("stderr")).unwrap();
    assert!(stderr.contains("literal_depth"), "the error names the limit:\n{stderr}");
    assert_terminal_restored(d);
}

#[test]
fn memdoor_watch_follows_a_hostile_task_without_aborting() {
    let server = RedisServer::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let task = serde_json::json!({ "id": "q1", "prompt": format!("Write a Python function f(x).\nf(1) -> {}", "[".repeat(6000)) });
    let mut conn = redis::Client::open(server.url()).unwrap().get_connection().unwrap();
    redis::cmd("SET").arg("task:q1").arg(task.to_string()).query::<()>(&mut conn).unwrap();
    let t = Tmux::start(&pane_command(d, &format!("watch --redis {} --task q1", server.url())), 200, 50, &env(d))
        .with_log(&d.join("stderr"));
    t.wait_for("the watcher on q1", UI_WAIT, |s| s.contains("watching q1"));
    quit(&t, d);
    assert_terminal_restored(d);
}
