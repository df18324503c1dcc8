use std::collections::HashMap;
use std::path::Path;

use super::*;

const FILE: &str = "/etc/memdoor-test.toml";

fn parse(text: &str) -> anyhow::Result<Config> {
    from_str(text, Path::new(FILE))
}

fn err(text: &str) -> String {
    format!("{:#}", parse(text).expect_err(text))
}

#[test]
fn an_empty_file_is_the_defaults() {
    let c = parse("").unwrap();
    assert_eq!(c.source.as_deref(), Some(Path::new(FILE)));
    assert_eq!(Config { source: None, ..c.clone() }, Config::default());
    assert_eq!(c.team_size(), 5);
    assert_eq!(c.team.rounds, 2);
    assert!(c.team.agent_tests);
    assert!(!c.team.distinguish && !c.team.framed_proposals && !c.team.split_majority && !c.team.lead_roles);
    assert_eq!(c.store.namespace, "default");
    assert_eq!(c.tui.theme, "dark");
    assert_eq!(c.sandbox.limits(), crate::judge::sandbox::Limits::default());
    assert_eq!(c.team_config(), TeamConfig::default());
    assert_eq!(c.agent(3), AgentEntry::default());
}

#[test]
fn the_example_file_parses_and_means_what_it_says() {
    let c = from_str(include_str!("../../../assets/memdoor.example.toml"), Path::new("memdoor.example.toml")).unwrap();
    assert_eq!(c.team_size(), 5);
    assert!(
        c.team.agent_tests
            && !c.team.distinguish
            && !c.team.framed_proposals
            && !c.team.split_majority
            && !c.team.lead_roles,
        "the file shows the defaults"
    );
    let backends: Vec<Backend> = c.agents.iter().map(|a| a.backend).collect();
    assert_eq!(backends, [Backend::Local, Backend::Local, Backend::Local, Backend::Openai, Backend::Openai]);
    let openai = c.agents[4].openai().unwrap();
    assert_eq!(openai.api_key_env.as_deref(), Some("OPENAI_API_KEY"));
    assert_eq!(openai.name, "gpt-mini");
    assert!(c.agents[0].openai().is_none());
    assert_eq!(c.agents[3].max_tokens, Some(768));
    assert!(c.agents[0].role.is_some());
    assert_eq!(c.keys.get("ctrl-s"), Some(&crate::KeyEntry::from("Accept")));
}

#[test]
fn errors_name_the_file_the_line_and_the_key() {
    let cases = [
        ("[team]\nagnets = 5\n", 2, "team.agnets", "unknown field"),
        ("[team]\nrounds = 2\nagents = \"five\"\n", 3, "team.agents", "invalid type"),
        ("[team]\nagents = 99\n", 2, "team.agents", "out of range"),
        ("[[agents]]\n[[agents]]\ntemperature = 3.0\n", 3, "agents[1].temperature", "out of range"),
        ("[[agents]]\nbackend = \"remote\"\n", 2, "agents[0].backend", "unknown variant"),
        ("[[agents]]\n\n[[agents]]\nbackend = \"openai\"\nmodel = \"m\"\n", 3, "agents[1]", "needs `base_url`"),
        ("[[agents]]\nbase_url = \"http://x\"\n", 1, "agents[0]", "only to backend = \"openai\""),
        (
            "[[agents]]\nbackend = \"openai\"\nbase_url = \"ftp://x\"\nmodel = \"m\"\n",
            1,
            "agents[0]",
            "not an http(s) URL",
        ),
        ("[[agents]]\nbackend = \"openai\"\nbase_url = \"http://x\"\n", 1, "agents[0]", "needs `model`"),
        ("[store]\nredis = 5\n", 2, "store.redis", "invalid type"),
        ("[sandbox]\nmemory_mb = 0\n", 2, "sandbox.memory_mb", "out of range"),
        ("[sandbox]\nmode = \"none\"\n", 2, "sandbox.mode", "unknown variant"),
        ("[tui]\ntheme = \"dark\"\n[bogus]\n", 3, "bogus", "unknown field"),
        (
            "[[agents]]\nbackend = \"openai\"\nidle_timeout_secs = -1\n",
            3,
            "agents[0].idle_timeout_secs",
            "out of range",
        ),
    ];
    for (text, line, key, what) in cases {
        let e = err(text);
        assert!(e.starts_with(&format!("{FILE}:{line}:")), "{text:?} → {e}");
        assert!(e.contains(&format!("key `{key}`")), "{text:?} → {e}");
        assert!(e.contains(what), "{text:?} → {e}");
    }
    // A syntax error has no key, but still a place.
    assert!(err("[team\n").starts_with(&format!("{FILE}:1:")));
}

#[test]
fn a_key_pasted_where_its_variable_name_belongs_is_never_echoed() {
    let secret = "sk-test-0123456789abcdef";
    for text in [
        format!(
            "[[agents]]\nbackend = \"openai\"\nbase_url = \"http://x\"\nmodel = \"m\"\napi_key_env = \"{secret}\"\n"
        ),
        format!("[[agents]]\nbackend = \"openai\"\nbase_url = \"http://x\"\nmodel = \"m\"\napi_key = \"{secret}\"\n"),
    ] {
        let e = err(&text);
        assert!(!e.contains(secret), "{e}");
        assert!(e.contains(&format!("{FILE}:5:")) && e.contains("api_key"), "{e}");
    }
}

#[test]
fn team_size_follows_the_list_unless_set() {
    let six = "[[agents]]\n".repeat(6);
    assert_eq!(parse(&six).unwrap().team_size(), 6);
    assert_eq!(parse(&format!("[team]\nagents = 2\n{six}")).unwrap().team_size(), 2);
    let c = parse("[team]\nagents = 3\n[[agents]]\nrole = \"r\"\n").unwrap();
    assert_eq!(c.team_size(), 3);
    assert_eq!(c.agent(0).role.as_deref(), Some("r"));
    assert_eq!(c.agent(2), AgentEntry::default());
}

#[test]
fn one_agent_at_most_leads() {
    let c = parse("[[agents]]\n[[agents]]\nlead = true\n[[agents]]\n").unwrap();
    assert_eq!(c.lead(), Some(1));
    assert_eq!(parse("[[agents]]\n").unwrap().lead(), None);
    let e = parse("[[agents]]\nlead = true\n[[agents]]\n[[agents]]\nlead = true\n").unwrap_err().to_string();
    assert!(e.contains("agents[0] and agents[2]") && e.contains("one lead at most"), "{e}");
    assert_eq!(
        parse("[team]\nagents = 1\n[[agents]]\n[[agents]]\nlead = true\n").unwrap().lead(),
        None,
        "past the team's size"
    );
}

#[test]
fn openai_entries_carry_their_timeouts() {
    let c = parse("[[agents]]\nbackend = \"openai\"\nbase_url = \"http://h:1/v1\"\nmodel = \"m\"\nidle_timeout_secs = 1.5\nretries = 0\n").unwrap();
    let o = c.agents[0].openai().unwrap();
    assert_eq!((o.base_url.as_str(), o.model.as_str(), o.name.as_str()), ("http://h:1/v1", "m", ""));
    assert_eq!(o.idle_timeout, Duration::from_millis(1500));
    assert_eq!(o.retries, 0);
    assert_eq!(o.first_token_timeout, OpenAiConfig::new("", "").first_token_timeout);
}

#[test]
fn sandbox_keys_become_limits() {
    let c = parse("[sandbox]\ntest_timeout_secs = 10\nmemory_mb = 512\noutput_kb = 64\n").unwrap();
    let l = c.sandbox.limits();
    assert_eq!((l.wall, l.cpu_secs), (Duration::from_secs(10), 10));
    assert_eq!(l.memory_bytes, 512 << 20);
    assert_eq!(l.output_bytes, 64 << 10);
    assert_eq!(l.processes, Limits::default().processes);
    assert_eq!(c.sandbox.mode, crate::judge::sandbox::SandboxMode::Strong);
    assert_eq!(parse("[sandbox]\nmode = \"weak\"\n").unwrap().sandbox.mode, crate::judge::sandbox::SandboxMode::Weak);
}

#[test]
fn the_redis_namespace_is_read_under_its_name_and_its_old_one() {
    assert_eq!(parse("[store]\nnamespace = \"y\"\n").unwrap().store.namespace, "y");
    // `session` was its name: config files that say so still load.
    assert_eq!(parse("[store]\nsession = \"x\"\n").unwrap().store.namespace, "x");
    assert!(err("[store]\nnamespace = \"y\"\nsession = \"x\"\n").contains("duplicate field"));
}

fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let map: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    move |k| map.get(k).cloned()
}

#[test]
fn env_beats_the_file_and_a_named_file_must_exist() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.toml");
    std::fs::write(&file, "[team]\nmodel = \"from-file\"\nrounds = 3\n[store]\nredis = \"redis://file\"\n").unwrap();
    let file_s = file.to_str().unwrap();

    let c = load::load_with(Some(&file), &env(&[])).unwrap();
    assert_eq!((c.team.model.as_str(), c.team.rounds), ("from-file", 3));
    assert_eq!(c.source.as_deref(), Some(file.as_path()));
    let c =
        load::load_with(Some(&file), &env(&[("MEMDOOR_MODEL", "from-env"), ("MEMDOOR_REDIS", "redis://env")])).unwrap();
    assert_eq!((c.team.model.as_str(), c.store.redis.as_deref()), ("from-env", Some("redis://env")));
    assert_eq!(c.team.rounds, 3, "env replaces only what it names");
    // MEMDOOR_CONFIG finds the file; an explicit path wins over it.
    let c = load::load_with(None, &env(&[("MEMDOOR_CONFIG", file_s)])).unwrap();
    assert_eq!(c.team.model, "from-file");
    let missing = dir.path().join("missing.toml");
    let e = format!("{:#}", load::load_with(Some(&missing), &env(&[("MEMDOOR_CONFIG", file_s)])).unwrap_err());
    assert!(e.contains("missing.toml"), "{e}");
    let e = format!("{:#}", load::load_with(None, &env(&[("MEMDOOR_CONFIG", missing.to_str().unwrap())])).unwrap_err());
    assert!(e.contains("missing.toml"), "{e}");
}

#[test]
fn the_default_location_is_the_xdg_config_dir() {
    let p = default_path().expect("a home directory");
    assert!(p.ends_with("memdoor/config.toml"), "{}", p.display());
}

#[test]
fn key_tables_for_other_modes_parse() {
    let c = from_str("[keys]\nq = \"Quit\"\n[keys.editor]\n\"ctrl-d\" = \"SaveEdit\"\n", Path::new("k.toml")).unwrap();
    assert_eq!(c.keys.get("q"), Some(&crate::KeyEntry::from("Quit")));
    let editor = crate::KeyEntry::Mode([("ctrl-d".to_string(), "SaveEdit".to_string())].into());
    assert_eq!(c.keys.get("editor"), Some(&editor));
}
