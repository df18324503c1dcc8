//! The config file through the real binary: a bad file stops the commands
//! that read it with file:line and key, and only those.

use std::process::{Command, Output};

fn memdoor(args: &[&str], config_env: Option<&std::path::Path>, log_dir: &std::path::Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_memdoor"));
    cmd.args(args).env("MEMDOOR_LOG_DIR", log_dir).env_remove("MEMDOOR_CONFIG");
    if let Some(path) = config_env {
        cmd.env("MEMDOOR_CONFIG", path);
    }
    cmd.output().unwrap()
}

#[test]
fn a_bad_config_file_is_named_with_its_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "[team]\nrounds = 1\n\n[[agents]]\nbackend = \"openai\"\nbase_url = \"http://127.0.0.1:9\"\nmodle = \"x\"\n",
    )
    .unwrap();
    let bad_s = bad.to_str().unwrap();
    for (args, env) in [
        (vec!["solve", "--config", bad_s, "Write f."], None),
        (vec!["--config", bad_s, "solve", "Write f."], None),
        (vec!["solve", "Write f."], Some(bad.as_path())),
        (vec!["bench", "engine", "--config", bad_s], None),
    ] {
        let out = memdoor(&args, env, dir.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("{bad_s}:7:1")) && stderr.contains("key `agents[0].modle`"),
            "{args:?}: {stderr}"
        );
    }
    // A named file that is not there is an error too, naming it.
    let out = memdoor(&["solve", "--config", "/nonexistent/memdoor.toml", "x"], None, dir.path());
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/memdoor.toml"));
}

#[test]
fn commands_that_do_not_read_the_config_ignore_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "this is not toml [").unwrap();
    let journal = dir.path().join("empty.jsonl");
    std::fs::write(&journal, "").unwrap();
    let out = memdoor(&["replay", "--instant", "--json", journal.to_str().unwrap()], Some(&bad), dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("bad.toml"), "{stderr}");
}
