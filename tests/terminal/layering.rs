//! The house's layering holds: no two files import each other and no two
//! top-level modules import each other. The graph is read by
//! tests/tools/import_graph.py (real python3). The core of plain types is a
//! crate of its own (crates/memdoor-core): the compiler keeps it importing
//! nothing else.

use std::process::Command;

#[test]
fn no_import_cycles() {
    let out = Command::new("python3").args(["tests/tools/import_graph.py", "src"]).output().expect("python3 runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "import cycles:\n{report}{}", String::from_utf8_lossy(&out.stderr));
    // The reader saw the crate: every layer shows up with what it imports.
    for layer in ["session ->", "team ->", "tui ->", "distributed ->"] {
        assert!(report.contains(layer), "no `{layer}` in the graph:\n{report}");
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
