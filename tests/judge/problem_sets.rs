//! The LiveCodeBench-format problem sets under assets/problems/ are checked
//! by tests/tools/check_problem_set.py: format, public tests shown in the
//! statement, and every reference solution passing every test (run with
//! real python3, as the other sandbox tests do).

use std::path::PathBuf;
use std::process::Command;

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the checker on one set (a path relative to the repository root) and
/// fails with its whole output unless it exits 0. The per-test timeout is
/// raised from the checker's LiveCodeBench default (6 s) so that a loaded CI
/// machine (the other tests run alongside) cannot fail it; every reference
/// runs in well under a second.
fn check_set(set: &str) {
    let root = repo_root();
    let output = Command::new("python3")
        .arg("tests/tools/check_problem_set.py")
        .arg(set)
        .args(["--timeout", "30"])
        .current_dir(&root)
        .output()
        .unwrap_or_else(|e| panic!("could not run python3 tests/tools/check_problem_set.py {set}: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "check_problem_set.py {set} failed ({}):\n--- stdout ---\n{stdout}\n--- stderr ---\n{stderr}",
        output.status
    );
}

#[test]
fn easy_set_passes_the_checker() {
    check_set("assets/problems/easy.jsonl");
}

#[test]
fn set2_passes_the_checker() {
    check_set("assets/problems/set2.jsonl");
}

#[test]
fn medium_set_passes_the_checker() {
    check_set("assets/problems/medium.jsonl");
}

#[test]
fn intermediate_set_passes_the_checker() {
    check_set("assets/problems/intermediate.jsonl");
}

#[test]
fn plain_set_passes_the_checker() {
    check_set("assets/problems/plain.jsonl");
}

#[test]
fn moderate_set_passes_the_checker() {
    check_set("assets/problems/moderate.jsonl");
}

#[test]
fn tiered_set_passes_the_checker() {
    check_set("assets/problems/tiered.jsonl");
}

/// A generated set is what its generator writes: rebuilding it from
/// tests/tools/problem_sets/SET/ (every reference cross-checked against an
/// independent brute force, every input against the stated constraints) gives
/// the same bytes, so neither can drift from the other.
fn check_generated(set: &str) {
    let root = repo_root();
    let out = std::env::temp_dir().join(format!("memdoor-{set}-{}.jsonl", std::process::id()));
    let output = Command::new("python3")
        .arg("tests/tools/problem_sets/build.py")
        .arg(set)
        .arg("--out")
        .arg(&out)
        .current_dir(&root)
        .output()
        .unwrap_or_else(|e| panic!("could not run python3 tests/tools/problem_sets/build.py {set}: {e}"));
    assert!(
        output.status.success(),
        "build.py {set} failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let built = std::fs::read_to_string(&out).expect("build.py wrote its output");
    let _ = std::fs::remove_file(&out);
    let shipped = std::fs::read_to_string(root.join(format!("assets/problems/{set}.jsonl")))
        .unwrap_or_else(|e| panic!("assets/problems/{set}.jsonl: {e}"));
    assert!(
        built == shipped,
        "assets/problems/{set}.jsonl differs from what `python3 tests/tools/problem_sets/build.py {set}` writes: rerun it"
    );
}

#[test]
fn medium_set_is_what_its_generator_builds() {
    check_generated("medium");
}

#[test]
fn intermediate_set_is_what_its_generator_builds() {
    check_generated("intermediate");
}

#[test]
fn plain_set_is_what_its_generator_builds() {
    check_generated("plain");
}

#[test]
fn moderate_set_is_what_its_generator_builds() {
    check_generated("moderate");
}

#[test]
fn tiered_set_is_what_its_generator_builds() {
    check_generated("tiered");
}

/// (problems, stdin, functional, medium) in a set.
fn kinds(set: &str) -> (usize, usize, usize, usize) {
    let path = repo_root().join(set);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let (mut total, mut stdin, mut functional, mut medium) = (0, 0, 0, 0);
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let problem: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: not JSON: {e}", n + 1));
        let metadata =
            problem["metadata"].as_str().unwrap_or_else(|| panic!("line {}: metadata is not a string", n + 1));
        let metadata: serde_json::Value =
            serde_json::from_str(metadata).unwrap_or_else(|e| panic!("line {}: metadata is not JSON: {e}", n + 1));
        total += 1;
        if metadata.get("func_name").is_some() {
            functional += 1;
        } else {
            stdin += 1;
        }
        if problem["difficulty"].as_str() == Some("medium") {
            medium += 1;
        }
    }
    (total, stdin, functional, medium)
}

#[test]
fn set2_has_enough_problems_of_each_kind() {
    let (total, stdin, functional, medium) = kinds("assets/problems/set2.jsonl");
    assert!(total >= 40, "set2.jsonl has {total} problems, want at least 40");
    assert!(stdin >= 15, "set2.jsonl has {stdin} stdin problems, want at least 15");
    assert!(functional >= 15, "set2.jsonl has {functional} functional problems, want at least 15");
    assert!(medium >= 10, "set2.jsonl has {medium} medium problems, want at least 10");
}

#[test]
fn the_medium_set_is_forty_medium_problems_of_both_kinds() {
    let (total, stdin, functional, medium) = kinds("assets/problems/medium.jsonl");
    assert!(total >= 40, "medium.jsonl has {total} problems, want at least 40");
    assert!(stdin >= 15 && functional >= 15, "medium.jsonl: {stdin} stdin, {functional} functional; want 15 of each");
    assert_eq!(medium, total, "every problem of medium.jsonl is medium");
}

#[test]
fn the_intermediate_set_is_forty_problems_of_both_kinds() {
    let (total, stdin, functional, _) = kinds("assets/problems/intermediate.jsonl");
    assert!(total >= 40, "intermediate.jsonl has {total} problems, want at least 40");
    assert!(
        stdin >= 15 && functional >= 15,
        "intermediate.jsonl: {stdin} stdin, {functional} functional; want 15 of each"
    );
}

#[test]
fn the_plain_set_is_forty_problems_of_both_kinds() {
    let (total, stdin, functional, _) = kinds("assets/problems/plain.jsonl");
    assert!(total >= 40, "plain.jsonl has {total} problems, want at least 40");
    assert!(stdin >= 15 && functional >= 15, "plain.jsonl: {stdin} stdin, {functional} functional; want 15 of each");
}

/// `set` holds at least `total` problems, `per_kind` of each kind, and every
/// problem at least `private_tests` private tests.
fn assert_shape(set: &str, total: usize, per_kind: usize, private_tests: usize) {
    let (n, stdin, functional, _) = kinds(set);
    assert!(n >= total, "{set} has {n} problems, want at least {total}");
    assert!(
        stdin >= per_kind && functional >= per_kind,
        "{set}: {stdin} stdin, {functional} functional; want {per_kind} of each"
    );
    for problem in problems(set) {
        let id = problem["question_id"].as_str().expect("question_id is a string");
        let private = problem["private_test_cases"].as_str().expect("private_test_cases is a string");
        let private: Vec<serde_json::Value> = serde_json::from_str(private).expect("private_test_cases is a JSON list");
        assert!(
            private.len() >= private_tests,
            "{set}: {id} has {} private tests, want {private_tests}",
            private.len()
        );
    }
}

/// #29's harder set: 40+ problems of both kinds, each with at least five
/// private tests.
#[test]
fn the_moderate_set_is_forty_problems_of_both_kinds_with_five_private_tests_each() {
    assert_shape("assets/problems/moderate.jsonl", 40, 15, 5);
}

/// The set between set2 and moderate: three tiers of difficulty fixed in
/// advance (see tests/tools/problem_sets/build.py), 8 stdin and 8 functional
/// problems each, every problem with at least six private tests.
#[test]
fn the_tiered_set_is_forty_eight_problems_half_of_each_kind_with_six_private_tests_each() {
    assert_shape("assets/problems/tiered.jsonl", 48, 24, 6);
}

/// A problem belongs to one shipped set (the plain set's retellings carry
/// their own ids and titles): a set measured apart from another must not
/// repeat its problems.
#[test]
fn no_problem_id_or_title_is_shipped_twice() {
    let mut seen = std::collections::HashMap::new();
    for set in ["easy", "set2", "medium", "intermediate", "plain", "moderate", "tiered"] {
        for problem in problems(&format!("assets/problems/{set}.jsonl")) {
            for field in ["question_id", "question_title"] {
                let key = problem[field].as_str().expect("a string").to_lowercase();
                if let Some(first) = seen.insert((field, key.clone()), set) {
                    panic!("{field} {key:?} is in {first}.jsonl and in {set}.jsonl");
                }
            }
        }
    }
}

/// The problems of a set (a path relative to the repository root), one JSON
/// object a line.
fn problems(set: &str) -> Vec<serde_json::Value> {
    let path = repo_root().join(set);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(n, line)| {
            serde_json::from_str::<serde_json::Value>(line)
                .unwrap_or_else(|e| panic!("{set} line {}: not JSON: {e}", n + 1))
        })
        .collect()
}

/// The plain set is the intermediate set told plainly: its problem
/// `plain-X` has exactly the tests of the intermediate problem `X`, so a
/// model's results on the two sets compare problem by problem.
#[test]
fn the_plain_set_holds_the_intermediate_sets_tests() {
    let intermediate: std::collections::HashMap<String, serde_json::Value> =
        problems("assets/problems/intermediate.jsonl")
            .into_iter()
            .map(|problem| {
                let id = problem["question_id"].as_str().expect("question_id is a string").to_string();
                (id, problem)
            })
            .collect();
    for problem in problems("assets/problems/plain.jsonl") {
        let id = problem["question_id"].as_str().expect("question_id is a string");
        let base = id
            .strip_prefix("plain-")
            .unwrap_or_else(|| panic!("plain.jsonl: question_id {id} does not start with plain-"));
        let original = intermediate
            .get(base)
            .unwrap_or_else(|| panic!("plain.jsonl: {id} has no problem {base} in intermediate.jsonl"));
        for field in ["public_test_cases", "private_test_cases"] {
            assert!(
                problem[field] == original[field],
                "plain.jsonl: the {field} of {id} differ from those of {base} in intermediate.jsonl"
            );
        }
    }
}
