//! The real binary with teams of several models and the problem and
//! repository benches: each model loaded once, agent i on agent i's model,
//! and the bench's arms (the team, a model alone, a mixed team) in one run.

use std::process::Command;

use memdoor::domain::TeamEvent;

/// `memdoor bench` on easy.jsonl's first problem, one round of 16 tokens,
/// as JSON, logging into `log_dir`, without `$MEMDOOR_MODEL`: the problem
/// bench's tests add their arms.
fn problem_bench(log_dir: &std::path::Path) -> Command {
    let mut bench = Command::new(env!("CARGO_BIN_EXE_memdoor"));
    bench
        .args(["bench", "--problems", "assets/problems/easy.jsonl", "--limit", "1", "--rounds", "1"])
        .args(["--max-tokens", "16", "--json"])
        .env_remove("MEMDOOR_MODEL")
        .env("MEMDOOR_LOG_DIR", log_dir);
    bench
}

/// A config of four agents on the fast model and one on the default, with
/// `team` more `[team]` keys; and the fast model's path.
fn mixed_team_config(dir: &std::path::Path, team: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let fast = memdoor_testkit::model_path();
    let agents = format!("[[agents]]\nmodel = {:?}\n", fast.to_str().unwrap()).repeat(4)
        + "[[agents]]\nmodel = \"coder-0.5b\"\n";
    let config = dir.join("memdoor.toml");
    std::fs::write(&config, format!("[team]\nagents = 5\n{team}{agents}")).unwrap();
    (config, fast)
}

/// A mixed local team (issue #28): four agents on the fast model, one on the
/// default, from one config. Each model is loaded once, on its own engine,
/// and `TaskStarted` says which agent runs which.
#[test]
fn a_mixed_local_team_loads_each_model_once_and_says_which_agent_runs_which() {
    let dir = tempfile::tempdir().unwrap();
    let (config, fast) = mixed_team_config(dir.path(), "rounds = 1\nmax_tokens = 24\nagent_tests = false\n");
    let out = Command::new(env!("CARGO_BIN_EXE_memdoor"))
        .args(["solve", "--json", "--no-journal", "--config"])
        .arg(&config)
        .arg(memdoor_testkit::PALINDROME)
        .env_remove("MEMDOOR_MODEL")
        .env("MEMDOOR_LOG_DIR", dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    // 1: the team ended with no answer (24 tokens are few), not a failure.
    assert!(matches!(out.status.code(), Some(0 | 1)) && !stderr.contains("error"), "{:?} {stderr}", out.status);
    assert_eq!(stderr.matches("memdoor: loading ").count(), 2, "one load per model file:\n{stderr}");
    let first =
        String::from_utf8(out.stdout).unwrap().lines().next().map(|l| serde_json::from_str::<TeamEvent>(l).unwrap());
    let Some(TeamEvent::TaskStarted { agents, .. }) = first else { panic!("no TaskStarted first: {first:?}") };
    let models: Vec<&str> = agents.iter().map(|a| a.model.as_str()).collect();
    let fast_stem = fast.file_stem().unwrap().to_str().unwrap();
    assert_eq!(models, [fast_stem, fast_stem, fast_stem, fast_stem, "qwen2.5-coder-0.5b-instruct-q4_k_m"]);
}

/// `memdoor bench --problems` runs the config's mixed team when no
/// `--model` is given: each model loaded once, agent i on agent i's model.
#[test]
fn the_problem_bench_runs_the_configs_mixed_team() {
    let dir = tempfile::tempdir().unwrap();
    let (config, fast) = mixed_team_config(dir.path(), "");
    let out = problem_bench(dir.path()).arg("--config").arg(&config).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("memdoor: loading ").count(), 2, "one load per model file:\n{stderr}");
    let stem = fast.file_stem().unwrap().to_str().unwrap();
    let team = format!("5 agents ({stem}, {stem}, {stem}, {stem}, qwen2.5-coder-0.5b-instruct-q4_k_m)");
    assert!(stderr.contains(&team), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["problems"].as_array().map(Vec::len), Some(1));
    assert!(report["problems"][0]["team"]["tokens"].as_u64().unwrap() > 0, "{report}");
}

/// `memdoor bench --problems --vs MODEL` (issue #29): the model alone, greedy
/// and sampling for as long as the team took, in rows beside the team's, with
/// tokens, wall time and CPU seconds.
#[test]
fn the_problem_bench_runs_a_model_alone_beside_the_team() {
    let dir = tempfile::tempdir().unwrap();
    let fast = memdoor_testkit::model_path();
    let out = problem_bench(dir.path()).arg("--model").arg(&fast).args(["--vs", "coder-0.5b"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("against qwen2.5-coder-0.5b-instruct-q4_k_m alone"), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let methods: Vec<&str> = report["rows"].as_array().unwrap().iter().map(|r| r["method"].as_str().unwrap()).collect();
    for want in [
        "qwen2.5-coder-0.5b-instruct-q4_k_m alone, greedy",
        "qwen2.5-coder-0.5b-instruct-q4_k_m sample-and-select (team's wall time)",
    ] {
        assert!(methods.contains(&want), "{methods:?}");
    }
    let problem = &report["problems"][0];
    let vs = &problem["vs"];
    assert!(vs["samples"].as_u64().unwrap() >= 5, "at least one batch of five: {vs}");
    assert!(vs["greedy"]["tokens"].as_u64().unwrap() > 0 && vs["greedy"]["cpu_s"].as_f64().unwrap() > 0.0, "{vs}");
    assert!(problem["team"]["cpu_s"].as_f64().unwrap() > 0.0, "{problem}");
}

/// `memdoor bench --problems --mixed CONFIG` (issue #29): a second team — here
/// four agents on the fast model and one on the default, leading — runs on
/// each problem beside the first, in one run with `--vs`; each model file
/// loads once across the team, the model alone and the mixed team.
#[test]
fn the_problem_bench_runs_a_mixed_team_beside_the_team_and_the_model_alone() {
    let dir = tempfile::tempdir().unwrap();
    let fast = memdoor_testkit::model_path();
    let config = dir.path().join("mixed.toml");
    let agents = format!("[[agents]]\nmodel = {:?}\n", fast.to_str().unwrap()).repeat(4)
        + "[[agents]]\nmodel = \"coder-0.5b\"\nlead = true\n";
    std::fs::write(&config, agents).unwrap();
    let bench = |mixed: &std::path::Path| {
        let mut bench = problem_bench(dir.path());
        bench.args(["--vs", "coder-0.5b", "--model"]).arg(&fast).arg("--mixed").arg(mixed).output().unwrap()
    };
    let out = bench(&config);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("memdoor: loading ").count(), 2, "one load per model file:\n{stderr}");
    let stem = fast.file_stem().unwrap().to_str().unwrap();
    let name = format!("4 x {stem}, 1 x qwen2.5-coder-0.5b-instruct-q4_k_m");
    assert!(stderr.contains(&format!("beside it the team {name}, agent 4 leading")), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let methods: Vec<&str> = report["rows"].as_array().unwrap().iter().map(|r| r["method"].as_str().unwrap()).collect();
    for want in [
        "team".to_string(),
        "qwen2.5-coder-0.5b-instruct-q4_k_m alone, greedy".to_string(),
        format!("mixed team ({name})"),
        "oracle: any mixed-team draft passes".to_string(),
        "qwen2.5-coder-0.5b-instruct-q4_k_m sample-and-select (mixed team's wall time)".to_string(),
    ] {
        assert!(methods.contains(&want.as_str()), "{want}: {methods:?}");
    }
    let mixed = &report["problems"][0]["mixed"]["team"];
    assert!(mixed["tokens"].as_u64().unwrap() > 0 && mixed["cpu_s"].as_f64().unwrap() > 0.0, "{mixed}");
    // Its drafts are in the report as the first team's are: every agent
    // proposes in round 1, and the drafts spend no more than the team did.
    let drafts = report["problems"][0]["mixed"]["drafts"].as_array().unwrap();
    let proposers: Vec<u64> = drafts.iter().filter(|d| d["round"] == 1).map(|d| d["agent"].as_u64().unwrap()).collect();
    assert_eq!(proposers, [0, 1, 2, 3, 4], "{drafts:?}");
    let spent: u64 = drafts.iter().map(|d| d["tokens"].as_u64().unwrap()).sum();
    assert!(spent > 0 && spent <= mixed["tokens"].as_u64().unwrap(), "{spent} of {mixed}");
    // The model alone sampled for each team's wall time, from one sequence of
    // samples: the longer budget holds at least the shorter one's samples.
    let vs = &report["problems"][0]["vs"];
    let (at_team, at_mixed) = (&vs["sample_select"], &vs["at_mixed_wall"]["select"]);
    let longer = mixed["wall_s"].as_f64().unwrap() >= report["problems"][0]["team"]["wall_s"].as_f64().unwrap();
    let (samples, at_mixed_samples) =
        (vs["samples"].as_u64().unwrap(), vs["at_mixed_wall"]["samples"].as_u64().unwrap());
    let ((short, short_n), (long, long_n)) = if longer {
        ((at_team, samples), (at_mixed, at_mixed_samples))
    } else {
        ((at_mixed, at_mixed_samples), (at_team, samples))
    };
    assert!(long_n >= short_n && long["tokens"].as_u64().unwrap() >= short["tokens"].as_u64().unwrap(), "{vs}");
    // Whole batches of the team's size (five) either way, up to the cap of 64.
    let whole = |n: u64| n.is_multiple_of(5) || n == 64;
    assert!(short_n >= 5 && whole(short_n) && whole(long_n), "{vs}");

    // A config without [[agents]], or none at all, is refused before any model loads.
    let plain = dir.path().join("plain.toml");
    std::fs::write(&plain, "[team]\nagents = 5\n").unwrap();
    for (config, says) in [(plain.as_path(), "no [[agents]]"), (&dir.path().join("absent.toml"), "--mixed")] {
        let out = bench(config);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && stderr.contains(says), "{stderr}");
        assert!(!stderr.contains("memdoor: loading "), "{stderr}");
    }
}

/// `memdoor bench --repos DIR` (issue #30 item 7) with `--config`: the
/// config's `[[agents]]` are the team — their models, as many as `[team]
/// agents` — not `--agents` copies of one model; options the repository
/// bench has no arm for are refused, not ignored.
#[test]
fn the_repository_bench_runs_the_configs_team() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("repos");
    let case = set.join("py-calc-negative");
    std::fs::create_dir_all(&case).unwrap();
    memdoor::judge::sandbox::copy_tree(std::path::Path::new("assets/repos/py-calc-negative"), &case).unwrap();
    let fast = memdoor_testkit::model_path();
    let config = dir.path().join("team.toml");
    let agents = format!("[[agents]]\nmodel = {:?}\n", fast.to_str().unwrap());
    std::fs::write(&config, format!("[team]\nagents = 2\n{agents}{agents}lead = true\n")).unwrap();
    let bench = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_memdoor"))
            .arg("--config")
            .arg(&config)
            .args(["bench", "--repos"])
            .arg(&set)
            .args(["--rounds", "1", "--max-tokens", "16", "--json"])
            .args(extra)
            .env_remove("MEMDOOR_MODEL")
            .env("MEMDOOR_LOG_DIR", dir.path())
            .output()
            .unwrap()
    };
    let out = bench(&[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let stem = fast.file_stem().unwrap().to_str().unwrap();
    assert!(stderr.contains(&format!("1 repositories, 2 agents (2 x {stem}), 1 rounds")), "{stderr}");
    assert_eq!(stderr.matches("memdoor: loading ").count(), 1, "one load for both agents:\n{stderr}");
    assert!(stderr.contains(&format!("agent 1 ({stem}) leads")), "the config's lead leads here too:\n{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["agents"], 2, "{report}");
    assert_eq!(report["rows"][0]["name"], "py-calc-negative", "{report}");
    assert!(report["rows"][0]["team"]["tokens"].as_u64().unwrap() > 0, "{report}");
    // Each answer that did not apply is kept with why, to learn what the model writes.
    let row = &report["rows"][0];
    let unapplied = row["unapplied"].as_array().unwrap();
    assert_eq!(unapplied.len() as u64, row["failed_edits"][0].as_u64().unwrap(), "{report}");
    assert!(unapplied.iter().all(|u| !u["why"].as_str().unwrap().is_empty()), "{report}");

    // --hide-failing: the failing visible test is taken out first (every visible test then passes).
    let out = bench(&["--hide-failing"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((report["hide_failing"].as_bool(), report["skipped"].as_array().map(Vec::len)), (Some(true), Some(0)));
    assert_eq!(report["rows"][0]["hidden_failing"], 1, "test_negative_numbers: {report}");
    // Where a patch stood, the row says how it was chosen.
    let decision = &report["rows"][0]["decision"];
    assert!(decision.is_null() || decision.as_str().unwrap().starts_with("the repository's tests"), "{report}");

    for flags in [&["--vs", "coder-0.5b"][..], &["--ablate"], &["--mixed", "team.toml"]] {
        let out = bench(flags);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && stderr.contains("cannot be used with"), "{flags:?}: {stderr}");
        assert!(!stderr.contains("memdoor: loading "), "{stderr}");
    }
}
