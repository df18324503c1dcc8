use std::path::Path;

use clap::Parser;

use super::*;
use crate::cli::{Cli, Command};

fn solve_args(flags: &[&str]) -> TeamFlags {
    let argv = ["memdoor", "solve"].iter().chain(flags).chain(&["problem text"]).copied();
    match Cli::try_parse_from(argv).unwrap().command {
        Some(Command::Solve(args)) => args.session.team,
        _ => unreachable!("parsed `solve`"),
    }
}

fn config(text: &str) -> Config {
    crate::config::from_str(text, Path::new("test.toml")).unwrap()
}

const FILE: &str = "[team]\nagents = 3\nrounds = 4\nmax_tokens = 100\nseed = 7\nagent_tests = true\nmodel = \"file-model\"\nkeep_prefix_mb = 64\n\
    [store]\nredis = \"redis://file\"\nnamespace = \"s\"\n[[agents]]\ntemperature = 0.9\n";

#[test]
fn flags_left_out_keep_the_files_values() {
    let c = apply_team_flags(&solve_args(&[]), config(FILE));
    assert_eq!((c.team_size(), c.team.rounds, c.team.max_tokens, c.team.seed), (3, 4, 100, 7));
    assert!(c.team.agent_tests);
    assert_eq!((c.team.model.as_str(), c.team.device.as_str()), ("file-model", "cpu"));
    assert_eq!(c.team.keep_prefix_mb, 64);
    assert_eq!((c.store.redis.as_deref(), c.store.namespace.as_str()), (Some("redis://file"), "s"));
    assert_eq!(c.agents[0].temperature, Some(0.9));
    // No file at all: the documented defaults.
    let d = apply_team_flags(&solve_args(&[]), Config::default());
    assert_eq!((d.team_size(), d.team.rounds, d.team.max_tokens, d.team.seed), (5, 2, 512, 42));
    assert_eq!(
        (d.team.model.as_str(), d.store.redis.as_deref(), d.store.namespace.as_str()),
        ("default", None, "default")
    );
    assert_eq!(d.team.keep_prefix_mb, 256);
}

#[test]
fn flags_given_beat_the_file() {
    let flags = [
        "--agents",
        "2",
        "--rounds",
        "1",
        "--max-tokens",
        "64",
        "--seed",
        "9",
        "--no-agent-tests",
        "--model",
        "flag-model",
        "--device",
        "cuda:1",
        "--redis",
        "redis://flag",
        "--namespace",
        "f",
        "--temperature",
        "0.1",
        "--keep-prefix-mb",
        "0",
    ];
    let c = apply_team_flags(&solve_args(&flags), config(FILE));
    assert_eq!((c.team_size(), c.team.rounds, c.team.max_tokens, c.team.seed), (2, 1, 64, 9));
    assert!(!c.team.agent_tests);
    assert_eq!((c.team.model.as_str(), c.team.device.as_str()), ("flag-model", "cuda:1"));
    assert_eq!((c.store.redis.as_deref(), c.store.namespace.as_str()), (Some("redis://flag"), "f"));
    assert_eq!(c.team.temperature, Some(0.1));
    assert_eq!(c.team.keep_prefix_mb, 0);
    assert_eq!(c.agents[0].temperature, None, "a flag temperature is for every agent");
}

#[test]
fn bad_flag_values_are_refused_by_the_parser() {
    for bad in [["--agents", "0"], ["--rounds", "11"], ["--max-tokens", "0"]] {
        let argv = ["memdoor", "solve"].iter().chain(&bad).chain(&["x"]).copied();
        assert!(Cli::try_parse_from(argv).is_err(), "{bad:?}");
    }
}

const OPENAI_TEAM: &str = "[team]\nagents = 3\nseed = 100\n\
    [[agents]]\nbackend = \"openai\"\nbase_url = \"http://127.0.0.1:9\"\nmodel = \"served-a\"\nrole = \"Be terse.\"\nmax_tokens = 64\n\
    [[agents]]\nbackend = \"openai\"\nbase_url = \"http://127.0.0.1:9/v1\"\nmodel = \"served-b\"\nname = \"bee\"\ntemperature = 1.5\n\
    [[agents]]\nbackend = \"openai\"\nbase_url = \"http://127.0.0.1:9\"\nmodel = \"served-c\"\n";

#[tokio::test]
async fn openai_agents_are_named_by_their_model_and_keep_their_settings() {
    // Building clients connects nowhere: no server is needed.
    let agents = build_agents(&config(OPENAI_TEAM)).await.unwrap();
    let names: Vec<&str> = agents.iter().map(|a| a.backend.name()).collect();
    assert_eq!(names, ["served-a", "bee", "served-c"]);
    assert_eq!(agents.iter().map(|a| a.id).collect::<Vec<_>>(), [0, 1, 2]);
    assert_eq!((agents[0].role.as_deref(), agents[0].max_tokens), (Some("Be terse."), Some(64)));
    assert_eq!((agents[1].role.as_deref(), agents[1].max_tokens), (None, None));
    // The ladder and seed + i, unless the entry sets a temperature.
    let team = config(OPENAI_TEAM).team_config();
    assert_eq!(agents[0].sampling, crate::team::agent_sampling(&team, 0));
    assert_eq!(agents[1].sampling.temperature, 1.5);
    assert_eq!(agents[2].sampling.seed, 102);
}

#[tokio::test]
async fn a_missing_key_variable_is_named_with_its_agent() {
    let var = "MEMDOOR_TEST_KEY_THAT_IS_NEVER_SET";
    let text = format!("[team]\nagents = 1\n[[agents]]\nbackend = \"openai\"\nbase_url = \"http://h\"\nmodel = \"m\"\napi_key_env = \"{var}\"\n");
    let e = format!("{:#}", build_agents(&config(&text)).await.err().expect("no key, no agent"));
    assert!(e.contains("agent 0") && e.contains(var), "{e}");
}

const WEAK: &str = "[sandbox]\nmode = \"weak\"\n";

#[tokio::test]
async fn no_redis_means_the_in_process_store_and_task_ids_as_given() {
    let cfg = config(&format!("{WEAK}{OPENAI_TEAM}"));
    let opened = open_session(&cfg, "drafts run", StoreChoice::Config, AgentChoice::Config).await.unwrap();
    assert!(opened.redis.is_none() && opened.model.is_none());
    assert_eq!(opened.agents.len(), 3);
    let spec = opened.spec();
    assert!(!spec.store.describe().to_lowercase().contains("redis"), "{}", spec.store.describe());
    assert_eq!((spec.unique_ids, spec.task_id("t").as_str()), (false, "t"));
    assert_eq!(spec.sandbox.map(|s| s.describe()), Some(opened.sandbox.describe()));
}

#[tokio::test]
async fn the_store_opens_before_any_model_loads_and_a_remote_team_needs_a_redis() {
    // A model that is not there behind a Redis URL that is not one: the store is refused first.
    let text = format!("{WEAK}[team]\nmodel = \"/nonexistent/model.gguf\"\n[store]\nredis = \"not a url\"\n");
    let opened = open_session(&config(&text), "x", StoreChoice::Config, AgentChoice::Config).await;
    let e = format!("{:#}", opened.err().expect("no store, no session"));
    assert!(e.contains("Redis") && !e.contains("nonexistent"), "{e}");
    let opened = open_session(&config(WEAK), "x", StoreChoice::Config, AgentChoice::Remote).await;
    let e = format!("{:#}", opened.err().expect("a remote team without a Redis"));
    assert!(e.contains("--remote needs a Redis"), "{e}");
    let openai = format!("{WEAK}{OPENAI_TEAM}[store]\nredis = \"not a url\"\n");
    let opened = open_session(&config(&openai), "x", StoreChoice::Config, AgentChoice::Remote).await;
    let e = format!("{:#}", opened.err().expect("OpenAI agents cannot be remote"));
    assert!(e.contains("backend = \"openai\""), "refused before the store is tried: {e}");
}

#[test]
fn the_tui_takes_the_same_flags_over_the_file() {
    let cli = Cli::try_parse_from(["memdoor", "--rounds", "1", "--max-tokens", "64", "a problem"]).unwrap();
    assert!(cli.command.is_none());
    assert_eq!(cli.tui.session.text.as_deref(), Some("a problem"));
    let cfg = apply_team_flags(&cli.tui.session.team, config(FILE));
    assert_eq!((cfg.team.rounds, cfg.team.max_tokens, cfg.team.seed), (1, 64, 7));
    // A subcommand still wins over the TUI's positional problem.
    let cli = Cli::try_parse_from(["memdoor", "solve", "x"]).unwrap();
    assert!(matches!(cli.command, Some(Command::Solve(_))));
}

#[test]
fn global_config_goes_before_or_after_the_command() {
    for argv in
        [vec!["memdoor", "--config", "c.toml", "solve", "x"], vec!["memdoor", "solve", "--config", "c.toml", "x"]]
    {
        let cli = Cli::try_parse_from(&argv).unwrap_or_else(|e| panic!("{argv:?}: {e}"));
        assert!(matches!(&cli.command, Some(Command::Solve(a)) if a.session.text.as_deref() == Some("x")), "{argv:?}");
        assert_eq!(cli.config.as_deref(), Some(std::path::Path::new("c.toml")));
    }
    let cli = Cli::try_parse_from(["memdoor", "--config", "c.toml", "a problem"]).unwrap();
    assert!(cli.command.is_none() && cli.tui.session.text.as_deref() == Some("a problem"));
}

#[test]
fn options_before_a_command_are_noticed() {
    let cli = Cli::try_parse_from(["memdoor", "--rounds", "1", "solve", "x"]).unwrap();
    assert!(cli.command.is_some() && cli.tui.any_given());
    let cli = Cli::try_parse_from(["memdoor", "--config", "c.toml", "solve", "--rounds", "1", "x"]).unwrap();
    assert!(!cli.tui.any_given(), "--config is global, not the TUI's");
}

/// A config that sets every team setting a worker could ignore.
const REMOTE_TEAM: &str =
    "[team]\nagents = 3\nrounds = 3\nmax_tokens = 200\nseed = 9\nagent_tests = false\ntemperature = 0.6\n\
    [store]\nnamespace = \"class\"\n\
    [sandbox]\nmode = \"weak\"\ntest_timeout_secs = 3\nrun_memory_mb = 300\n\
    [[agents]]\nrole = \"Plan first.\"\nmax_tokens = 90\n[[agents]]\ntemperature = 0.1\n";

fn agent_args(flags: &[&str]) -> crate::cli::AgentArgs {
    let argv = ["memdoor", "agent", "--redis", "redis://127.0.0.1:1"].iter().chain(flags).copied();
    match Cli::try_parse_from(argv).unwrap().command {
        Some(Command::Agent(args)) => args,
        _ => unreachable!("parsed `agent`"),
    }
}

#[test]
fn a_worker_coordinating_a_task_runs_the_team_solve_remote_runs() {
    use crate::session::SessionSettings;
    let (worker_cfg, solve_cfg) = (
        crate::cli::agent::apply_agent_flags(&agent_args(&[]), config(REMOTE_TEAM)),
        apply_team_flags(&solve_args(&["--remote"]), config(REMOTE_TEAM)),
    );
    let (worker, solve) = (SessionSettings::from_config(&worker_cfg), SessionSettings::from_config(&solve_cfg));
    assert_eq!(worker, solve);
    assert_eq!(worker_cfg.store.namespace, "class", "the worker meets in the config's key namespace");
    // And it is the config's team, not memdoor's defaults.
    assert_eq!((worker.team.agents, worker.rounds, worker.team.max_tokens, worker.team.seed), (3, 3, 200, 9));
    assert!(!worker.mechanisms.agent_tests);
    assert_eq!(worker.agents[0].role.as_deref(), Some("Plan first."));
    assert_eq!(worker.agents[1].temperature, Some(0.1));
    assert_eq!((worker.limits.wall.as_secs(), worker.limits.run_memory_bytes), (3, 300 << 20));
    assert_eq!(worker.sandbox_mode, crate::judge::sandbox::SandboxMode::Weak);

    // The same flags change both the same way.
    let flags = ["--agents", "2", "--rounds", "1", "--max-tokens", "64", "--sandbox", "strong"];
    let worker =
        SessionSettings::from_config(&crate::cli::agent::apply_agent_flags(&agent_args(&flags), config(REMOTE_TEAM)));
    let solve = SessionSettings::from_config(&apply_team_flags(&solve_args(&flags), config(REMOTE_TEAM)));
    assert_eq!(worker, solve);
    assert_eq!((worker.team.agents, worker.rounds, worker.team.max_tokens), (2, 1, 64));
}

#[test]
fn the_key_namespace_flag_is_namespace_and_session_still_works() {
    for flag in ["--namespace", "--session"] {
        let c = apply_team_flags(&solve_args(&[flag, "n"]), config(FILE));
        assert_eq!(c.store.namespace, "n", "solve {flag}");
        let c = crate::cli::agent::apply_agent_flags(&agent_args(&[flag, "n"]), config(REMOTE_TEAM));
        assert_eq!(c.store.namespace, "n", "agent {flag}");
        let cli = Cli::try_parse_from(["memdoor", flag, "n", "a problem"]).unwrap();
        assert_eq!(cli.tui.session.team.namespace.as_deref(), Some("n"), "the TUI's {flag}");
        let cli = Cli::try_parse_from(["memdoor", "watch", "--redis", "redis://127.0.0.1:1", flag, "n"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Watch(a)) if a.namespace.as_deref() == Some("n")), "watch {flag}");
    }
}
