//! The team on a real git repository (#30), in process: agents answer with
//! edit blocks (a scripted backend, so each test gets the patches it needs),
//! every candidate runs the repository's own tests (pytest, `cargo test`) in
//! the real sandbox, and the answer is the patch the tests choose. The
//! hostile cases run real commands: a suite that hangs, one that reaches for
//! the network, a patch whose tests write outside their copy. Later turns
//! (agents' own tests, the lead's repair, a re-prompt) are in `repo_rounds`;
//! the binary's repository commands in `repo_commands`.

use std::time::Duration;

use memdoor::domain::{Decision, TeamEvent};
use memdoor::session::Step;

use super::repo_fixture::{applies, edit, git, repo, CALC, FIX};
use super::repo_team::{run_team, team_on};

#[tokio::test]
async fn the_tests_choose_the_patch_ruling_out_one_that_breaks_a_passing_test() {
    let dir = repo(&[]);
    let good = edit("calc.py", FIX.0, FIX.1);
    let not_there = edit("calc.py", "    return a-b\n", "    return a+b\n");
    // Fixes add and breaks double: ruled out, though it fixes as much.
    let breaks = format!("{good}\ncalc.py\n<<<<<<< SEARCH\n    return 2 * x\n=======\n    return x\n>>>>>>> REPLACE\n");
    // Agent 2 repairs with its failed patch again: no draft, asked once more.
    let scripts =
        vec![vec![good.clone()], vec![not_there, good.clone()], vec![breaks.clone(), breaks, "I cannot tell.".into()]];
    let run = run_team(dir.path(), "python3 -m pytest -q", Duration::from_secs(60), scripts, 2).await;
    let v = run.verdict.clone().expect("a patch stands");
    assert_eq!(
        v.decision,
        Decision::RepoTests { fixed: 1, failing_before: 1, failing_after: 0, per_test: true, reproduced: 0 }
    );
    assert!(v.answer.starts_with("diff --git a/calc.py b/calc.py\n"), "{}", v.answer);
    assert!(v.answer.contains("-    return a - b\n+    return a + b\n"));
    assert_eq!(v.agents, [0, 1], "agent 2's patch broke test_double");
    // The consensus lists the test the patch fixed (test_double passes as before: not listed).
    let listed: Vec<(&str, &str)> = v.tests.iter().map(|t| (t.name.as_str(), t.how())).collect();
    assert_eq!(listed, [("tests/test_calc.py::test_add", "fixed: failed before")]);
    // What the tests said before any change, and each patch's standing.
    run.assert_note(|n| n.starts_with("before any change: 1 of 2 tests pass (failing: tests/test_calc.py::test_add"));
    run.assert_note(|n| n.contains("agent 1's edit does not apply") && n.contains("not in calc.py exactly"));
    run.assert_note(|n| n.starts_with("agent 2's patch: fixes 1, breaks 1 (tests/test_calc.py::test_double)"));
    // Agent 1's repair turn was shown why its blocks failed; agent 0 rested.
    let repair = run.backends[1].prompts()[1].clone();
    assert!(repair.contains("could not be applied") && repair.contains("not in calc.py exactly"), "{repair}");
    assert_eq!(run.backends[0].asked.lock().unwrap().len(), 1, "a patch passing every test rests");
    // The first prompt said the format (for Python files, a whole definition; SEARCH/REPLACE for
    // other changes) with no worked example, then the file and the failing test.
    let first = run.backends[0].asked.lock().unwrap()[0].messages.clone();
    assert!(
        first[0].content.contains("function, method or class you change whole")
            && first[0].content.contains("<<<<<<< SEARCH")
    );
    assert!(first.len() == 2 && !first[1].content.contains("def area(width, height):"), "{first:?}");
    let last = &first.last().unwrap().content;
    assert!(last.contains("return a - b") && last.contains("test_add"), "{last}");
    // Its closing line names the function the task names, with its file.
    let closing = last.rsplit("\n\n").next().unwrap();
    assert!(closing.contains("then write the whole new `add` of calc.py with that change made"), "{closing}");
    // The user's tree is untouched; git takes the patch; accepting writes it.
    assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC);
    applies(dir.path(), &v.answer);
    // Only a patch the team made is written: text from elsewhere (an edit of it) is refused.
    let edited = v.answer.replace("a + b", "b + a");
    assert!(run.work.apply(&edited).unwrap_err().contains("not one the team made"));
    assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC);
    assert_eq!(run.work.apply(&v.answer).unwrap(), ["calc.py"]);
    assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC.replace("a - b", "a + b"));
    let passed = run.events.iter().filter(|e| matches!(e, TeamEvent::TestRun { .. })).count();
    assert_eq!(passed, 3, "every new patch ran: agents 0 and 2 in round 1, agent 1 in round 2");
    // Agent 2's repeated patch was no draft: asked again at once, told why.
    let repeated = run.events.iter().find_map(|e| match e {
        TeamEvent::AgentDone { agent: 2, round: 2, draft } => Some(draft.clone()),
        _ => None,
    });
    assert_eq!(repeated.and_then(|d| d.reasked), Some(memdoor::domain::NoCode::Repeated));
    let again = run.backends[2].prompts()[2].clone();
    // In the problem form: the body of the function the task names left out, the rest of its file shown.
    assert!(
        again.contains("A change already tried did not do the task")
            && again.contains("calc.py, with the body of `add` left out:\n```python\ndef add(a, b):\n    ...")
            && again.contains("def double(x):\n    return 2 * x")
            && !again.contains("a - b"),
        "{again}"
    );
}

#[tokio::test]
async fn a_patch_whose_tests_write_outside_their_copy_or_reach_the_network_touches_nothing() {
    let dir = repo(&[]);
    let target = dir.path().join("calc.py");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // A conftest the patch adds: it tries to overwrite the user's file by its
    // absolute path and to connect to a port open on this host.
    let hostile = format!(
        "import socket\ntry:\n    open({target:?}, 'w').write('owned')\nexcept OSError:\n    pass\n\
def test_network():\n    socket.create_connection(('127.0.0.1', {port}), timeout=2)\n"
    );
    let answer = format!(
        "{}\ntests/test_net.py\n<<<<<<< SEARCH\n=======\n{hostile}>>>>>>> REPLACE\n",
        edit("calc.py", FIX.0, FIX.1)
    );
    let run = run_team(dir.path(), "python3 -m pytest -q", Duration::from_secs(60), vec![vec![answer]], 1).await;
    assert_eq!(std::fs::read_to_string(&target).unwrap(), CALC, "the user's file is not in the sandbox");
    let v = run.verdict.clone().expect("the patch stands: it fixes test_add and breaks nothing that passed");
    assert_eq!(
        v.decision,
        Decision::RepoTests { fixed: 1, failing_before: 1, failing_after: 1, per_test: true, reproduced: 0 }
    );
    let listed: Vec<(char, &str, &str)> = v.tests.iter().map(|t| (t.mark(), t.name.as_str(), t.how())).collect();
    assert_eq!(
        listed,
        [
            ('✗', "tests/test_net.py::test_network", "new: the patch adds it, failing"),
            ('✓', "tests/test_calc.py::test_add", "fixed: failed before")
        ],
        "failures first"
    );
    let Some(TeamEvent::TestRun { results, .. }) = run.events.iter().find(|e| matches!(e, TeamEvent::TestRun { .. }))
    else {
        panic!("no test run")
    };
    assert!(
        results.iter().any(|r| r.key.as_deref() == Some("tests/test_net.py::test_network") && r.error.is_some()),
        "the network is not reachable from the tests: {results:?}"
    );
    listener.set_nonblocking(true).unwrap();
    assert!(listener.accept().is_err(), "nothing connected");
}

#[tokio::test]
async fn a_test_command_that_hangs_is_stopped_at_its_limit_and_said() {
    let dir = repo(&[("tests/test_slow.py", "import time\n\ndef test_forever():\n    time.sleep(3600)\n")]);
    let started = std::time::Instant::now();
    let run = run_team(
        dir.path(),
        "python3 -m pytest -q",
        Duration::from_secs(3),
        vec![vec![edit("calc.py", FIX.0, FIX.1)]],
        1,
    )
    .await;
    assert!(started.elapsed() < Duration::from_secs(60), "the hang was cut: {:?}", started.elapsed());
    run.assert_note(|n| n.contains("before any change: the test command: stopped at its time limit"));
    // Nothing passes with or without the patch: nothing fixed, nothing broken; the answer says so.
    let v = run.verdict.clone().expect("a patch that breaks nothing stands");
    assert!(v.decision.unverified(), "{}", v.decision);
}

/// What small models write best: the changed function whole, under its
/// file's path. It replaces its namesake (the rest of the file stays), and
/// the patch is judged like any other.
#[tokio::test]
async fn a_whole_function_under_its_path_replaces_its_namesake_and_is_judged() {
    let dir = repo(&[]);
    let answer = "The fix:\n\ncalc.py\n```python\ndef add(a, b):\n    return a + b\n\n\nprint(add(2, 3))\n```\n";
    // The worked example's answer word for word, as coder-0.5b often gives it: not a patch here.
    let example = "geometry/shapes.py\n```python\ndef area(width, height):\n    return width * height\n```";
    let scripts = vec![vec![answer.into()], vec![example.into()]];
    let run = run_team(dir.path(), "python3 -m pytest -q", Duration::from_secs(60), scripts, 1).await;
    run.assert_note(|n| n.starts_with("agent 1's edit does not apply: it edits geometry/shapes.py, the worked"));
    let v = run.verdict.clone().expect("the patch stands");
    assert_eq!(v.agents, [0]);
    assert_eq!(
        v.decision,
        Decision::RepoTests { fixed: 1, failing_before: 1, failing_after: 0, per_test: true, reproduced: 0 }
    );
    assert!(v.answer.contains("-    return a - b\n+    return a + b\n"), "{}", v.answer);
    let changed: Vec<&str> = v
        .answer
        .lines()
        .filter(|l| (l.starts_with('+') || l.starts_with('-')) && !l.starts_with("+++") && !l.starts_with("---"))
        .collect();
    assert_eq!(changed, ["-    return a - b", "+    return a + b"], "only add changes; the demo is left out");
    applies(dir.path(), &v.answer);
}

#[tokio::test]
async fn a_failing_test_rewritten_to_pass_fixes_nothing_and_the_fix_of_the_code_wins() {
    let dir = repo(&[]);
    // Makes test_add pass by changing what it expects: the repository's test as written still fails.
    let rewrite = edit("tests/test_calc.py", "    assert add(2, 3) == 5\n", "    assert add(2, 3) == -1\n");
    // Rewrites it too, and fixes the code: judged by the test as it was, it fixes it.
    let both = format!("{}\n{}", edit("calc.py", FIX.0, FIX.1), rewrite.replace("== -1", "== 5 and True"));
    let scripts = vec![vec![rewrite], vec![edit("calc.py", FIX.0, FIX.1)], vec![both]];
    let run = run_team(dir.path(), "python3 -m pytest -q", Duration::from_secs(60), scripts, 1).await;
    run.assert_note(|n| {
        n.starts_with("agent 0's patch: fixes 0, breaks 0, 1 failing")
            && n.contains("it edits the repository's tests (tests/test_calc.py)")
    });
    run.assert_note(|n| n.starts_with("agent 2's patch: fixes 1, breaks 0, 0 failing"));
    let v = run.verdict.clone().expect("a patch stands");
    // Agents 1 and 2 are one cluster (alike on the repository's tests); the earliest patch speaks for it.
    assert_eq!(v.agents, [1, 2]);
    assert!(!v.answer.contains("tests/test_calc.py"), "{}", v.answer);
    assert_eq!(
        v.decision,
        Decision::RepoTests { fixed: 1, failing_before: 1, failing_after: 0, per_test: true, reproduced: 0 }
    );
    // The rewrite stands beside it (it breaks nothing) — said to fix nothing, as it does.
    let rewritten = v.alternatives.iter().find(|a| a.agents == [0]).expect("the rewrite is an alternative");
    assert!(rewritten.decision.unverified(), "{}", rewritten.decision);
}

/// A crate whose `Pager::page_count` drops a partly full last page: one of its two tests fails.
const PAGER: &str = "pub struct Pager {
    pub total: usize,
    pub per_page: usize,
}

impl Pager {
    /// Number of pages.
    pub fn page_count(&self) -> usize {
        self.total / self.per_page
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_multiple() {
        assert_eq!(Pager { total: 20, per_page: 10 }.page_count(), 2);
    }

    #[test]
    fn partial_last_page() {
        assert_eq!(Pager { total: 21, per_page: 10 }.page_count(), 3);
    }
}
";

/// Rust and real `cargo test`: a method given alone under prose (no path, a
/// ```rust fence) goes into its `impl` at its depth; one that breaks the
/// passing test is ruled out; the tests are read one by one from cargo's lines.
#[tokio::test]
async fn a_rust_method_under_prose_goes_into_its_impl_and_cargo_test_judges_it() {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q"]);
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"pager\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), PAGER).unwrap();
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]);
    let method = |body: &str| {
        format!("It must round up.\n\n```rust\npub fn page_count(&self) -> usize {{\n    {body}\n}}\n```\n")
    };
    let fix = method("self.total.div_ceil(self.per_page)");
    let breaks = method("self.total / self.per_page + 1");
    let scripts = vec![vec![fix], vec![breaks], vec!["I cannot tell.".into(); 2]];
    let task = "Pager::page_count in src/lib.rs drops the last page when it is only partly full";
    let team = team_on(dir.path(), task, "cargo test --offline", Duration::from_secs(300), scripts, 1).await;
    let (verdict, _, notes) = team.drive(Step::Start).await;
    let v = verdict.expect("a patch stands");
    assert_eq!(
        v.decision,
        Decision::RepoTests { fixed: 1, failing_before: 1, failing_after: 0, per_test: true, reproduced: 0 }
    );
    assert_eq!(v.agents, [0]);
    assert!(
        v.answer.contains("-        self.total / self.per_page\n+        self.total.div_ceil(self.per_page)\n"),
        "{}",
        v.answer
    );
    assert!(notes.iter().any(|n| n.starts_with("agent 1's patch: fixes 1, breaks 1")), "{notes:#?}");
    let first = team.backends[0].asked.lock().unwrap()[0].messages.clone();
    let closing = first.last().unwrap().content.rsplit("\n\n").next().unwrap().to_string();
    assert!(closing.contains("`page_count` of src/lib.rs") && closing.contains("```rust block"), "{closing}");
    // Agent 2 wrote no code: asked again for the method alone, not the struct the task names first.
    let again = team.backends[2].prompts()[1].clone();
    assert!(
        again.contains("`page_count` of src/lib.rs as it is now:\n```rust\n")
            && again.contains("    pub fn page_count(&self)")
            && again.contains("Do not only describe the change")
            && !again.contains("pub struct Pager"),
        "{again}"
    );
    applies(dir.path(), &v.answer);
}
