//! Finding and loading model files: every failure is a clear error, never a panic.

mod common;

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
    let real = std::fs::read(common::model_path()).unwrap();
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
    let path = common::model_path();
    let out = memdoor().args(["models"]).env("MEMDOOR_CACHE", path.parent().unwrap().parent().unwrap()).output().unwrap();
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
    std::os::unix::fs::symlink(common::model_path(), &cached).unwrap();

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
