//! The house's layering holds: no two files import each other and no two
//! top-level modules import each other, in `memdoor` and in each crate of
//! the rooms below it. The graph is read by tests/tools/import_graph.py
//! (real python3). Which room a crate may import is the compiler's to keep
//! (crates/memdoor-*: each names only
//! the crates below it); the script keeps what the compiler does not, the
//! cycles between files inside one crate.

use std::process::Command;

/// The crates whose files the script reads: `memdoor` and its rooms'
/// crates. Not the kernel (crates/memdoor-qmatmul: its SIMD files and their
/// scalar twins import each other by design, and no layer lives there).
const CRATES: [&str; 13] = [
    "src",
    "crates/memdoor-core/src",
    "crates/memdoor-base/src",
    "crates/memdoor-model/src",
    "crates/memdoor-problem/src",
    "crates/memdoor-judge/src",
    "crates/memdoor-memory/src",
    "crates/memdoor-repo/src",
    "crates/memdoor-team/src",
    "crates/memdoor-config/src",
    "crates/memdoor-session/src",
    "crates/memdoor-distributed/src",
    "crates/memdoor-tui/src",
];

fn graph(dir: &str) -> String {
    let out = Command::new("python3").args(["tests/tools/import_graph.py", dir]).output().expect("python3 runs");
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "import cycles in {dir}:\n{report}{}", String::from_utf8_lossy(&out.stderr));
    report
}

#[test]
fn no_import_cycles() {
    for dir in CRATES {
        let report = graph(dir);
        if dir == "src" {
            // The reader saw the crate: every layer shows up with what it imports.
            for layer in ["cli ->", "fuzzing ->"] {
                assert!(report.contains(layer), "no `{layer}` in the graph:\n{report}");
            }
        }
    }
    // Every crate of the workspace but the kernel and the test kit is read.
    let members = std::fs::read_dir("crates").unwrap().filter_map(|e| e.ok()).map(|e| e.file_name());
    for name in members.map(|n| n.to_string_lossy().into_owned()).filter(|n| n != "memdoor-qmatmul") {
        assert!(CRATES.contains(&format!("crates/{name}/src").as_str()), "crates/{name} is not read for cycles");
    }
}

#[test]
fn the_reader_finds_a_planted_cycle() {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in [
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        ("a.rs", "use crate::b::B;\npub struct A;\n"),
        ("b.rs", "use super::a::A;\npub struct B;\n"),
    ] {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let out =
        Command::new("python3").arg("tests/tools/import_graph.py").arg(dir.path()).output().expect("python3 runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{report}");
    assert!(report.contains("a <-> b"), "{report}");
}
