//! Outcomes read from real runs captured on the development machine (pytest
//! 8.3.4, Python 3.11.7's unittest, cargo test, node 20.20's TAP; tracebacks
//! and stacks shortened), go from its documented format, and hostile output.

use super::found::Map;
use super::*;

use TestOutcome::{Error, Fail, Pass, Skip};

fn map(pairs: &[(&str, TestOutcome)]) -> Map {
    pairs.iter().map(|(k, o)| (k.to_string(), *o)).collect()
}

mod cargo;
mod hostile;
mod node_and_go;
mod pytest;
mod unittest;

use cargo::{cargo_expected, CARGO_ERR, CARGO_OUT};
use node_and_go::{GO_OUT, NODE_OUT};
use pytest::{pytest_expected, PYTEST_Q};
use unittest::{unittest_expected, UNITTEST_ERR, UNITTEST_OUT};

#[test]
fn unknown_takes_the_first_format_that_finds_any() {
    assert_eq!(read_outcomes(Runner::Unknown, PYTEST_Q, ""), Some(pytest_expected()));
    assert_eq!(read_outcomes(Runner::Unknown, UNITTEST_OUT, UNITTEST_ERR), Some(unittest_expected()));
    assert_eq!(read_outcomes(Runner::Unknown, CARGO_OUT, CARGO_ERR), Some(cargo_expected()));
    assert_eq!(read_outcomes(Runner::Unknown, NODE_OUT, ""), read_outcomes(Runner::NodeTest, NODE_OUT, ""));
    assert_eq!(read_outcomes(Runner::Unknown, GO_OUT, ""), read_outcomes(Runner::GoTest, GO_OUT, ""));
    assert_eq!(read_outcomes(Runner::Unknown, "all good\n", "exit 0"), None);
}

#[test]
fn the_runner_a_command_names() {
    let cases = [
        ("python3 -m pytest -q", Runner::Pytest),
        ("pytest", Runner::Pytest),
        (".venv/bin/pytest tests/ -rA", Runner::Pytest),
        ("cd src && python -mpytest", Runner::Pytest),
        ("python -m unittest", Runner::Unittest),
        ("python3 -m unittest discover -v", Runner::Unittest),
        ("cargo test", Runner::Cargo),
        ("cargo +nightly test --offline", Runner::Cargo),
        ("node --test", Runner::NodeTest),
        ("node --test test/", Runner::NodeTest),
        ("npm test", Runner::NodeTest),
        ("npm run test", Runner::NodeTest),
        ("go test ./...", Runner::GoTest),
        ("mypytest.sh", Runner::Unknown),
        ("./run_pytest", Runner::Unknown),
        ("python -m unittest_helpers", Runner::Unknown),
        ("cargo build", Runner::Unknown),
        ("node index.js", Runner::Unknown),
        ("go vet", Runner::Unknown),
        ("make test", Runner::Unknown),
        ("", Runner::Unknown),
    ];
    for (command, runner) in cases {
        assert_eq!(Runner::of_command(command), runner, "{command:?}");
    }
}

#[test]
fn outcomes_serialize_in_snake_case() {
    assert_eq!(serde_json::to_string(&TestOutcome::Skip).ok().as_deref(), Some("\"skip\""));
    assert_eq!(serde_json::to_string(&Runner::NodeTest).ok().as_deref(), Some("\"node_test\""));
}
