//! The real binary on a repository (#30): `solve --repo` prints a patch git
//! applies and `apply` writes it, the TUI shows the patch and accepting it
//! writes the user's files only when nothing changed there, `review` works
//! on a branch's diff. Agents are a scripted OpenAI-compatible server.

use std::sync::Arc;
use std::time::Duration;

use memdoor_testkit::openai_server;
use memdoor_testkit::scripted::Scripted;
use memdoor_testkit::tmux;

use super::repo_fixture::{applies, edit, git, memdoor, repo, scripted_team, CALC, FIX, TESTS};

/// The real binary: `memdoor solve --repo` prints the patch on stdout, which
/// `git apply` takes; with `--apply` it writes the file itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_repo_prints_a_patch_git_applies_and_apply_writes_it() {
    let dir = repo(&[]);
    let server = openai_server::serve(Arc::new(Scripted::repeating(edit("calc.py", FIX.0, FIX.1))), None).await;
    let work = tempfile::tempdir().unwrap();
    let config = scripted_team(&server.base, work.path(), 3);
    let solve = |extra: &[&str]| {
        let out = memdoor("solve", &config, dir.path(), work.path())
            .args(extra)
            .arg("add in calc.py subtracts")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{stderr}");
        (String::from_utf8(out.stdout).unwrap(), stderr)
    };
    let (patch, stderr) = solve(&["--no-journal"]);
    assert!(stderr.contains("judged by `python3 -m pytest -q -rA` (detected"), "{stderr}");
    assert!(stderr.contains("  ✓ tests/test_calc.py::test_add  fixed: failed before\n"), "{stderr}");
    assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC, "printing writes nothing");
    applies(dir.path(), &patch);
    let (_, stderr) = solve(&["--no-journal", "--apply"]);
    assert!(stderr.contains("applied the patch: calc.py"), "{stderr}");
    assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC.replace("a - b", "a + b"));
}

/// The TUI on a repository (#30 item 5): the consensus pane holds the patch
/// the repository's tests chose, under the tests it changes (✓/✗); a new
/// task is refused with a line that says why; a re-prompt continues from the
/// patch; `a` writes the patch into the user's files (after accept's checks).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tui_on_a_repository_shows_the_patch_re_prompts_from_it_and_accepting_applies_it() {
    let dir = repo(&[]);
    let first = edit("calc.py", FIX.0, FIX.1);
    let swapped = edit("calc.py", FIX.0, "    return b + a\n");
    let backend = Arc::new(Scripted::then_repeating(vec![first; 3], swapped));
    let server = openai_server::serve(backend.clone(), None).await;
    let work = tempfile::tempdir().unwrap();
    let config = scripted_team(&server.base, work.path(), 3);
    let stderr = work.path().join("stderr.log");
    let command = format!(
        "env -u MEMDOOR_REDIS -u MEMDOOR_CONFIG -u MEMDOOR_MODEL MEMDOOR_LOG_DIR='{}' '{}' --config '{}' --repo '{}' \
         --no-journal 'add in calc.py subtracts' 2>'{}'",
        work.path().display(),
        env!("CARGO_BIN_EXE_memdoor"),
        config.display(),
        dir.path().display(),
        stderr.display()
    );
    let t = tmux::Tmux::start(&command, 160, 48, &[]).with_log(&stderr);
    // The pane's title can be drawn a frame before the patch under it: wait for both.
    let screen = t.wait_for("the team's patch", Duration::from_secs(120), |s| {
        s.contains("votes (A") && s.contains("+    return a + b")
    });
    assert!(screen.contains("+    return a + b"), "the consensus pane shows the patch:\n{screen}");
    assert!(
        screen.contains("✓ tests/test_calc.py::test_add  fixed: failed before"),
        "and the test it fixes:\n{screen}"
    );
    assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC, "nothing written before accept");
    // `d`: the focused agent's patch against the consensus, by the trees they make (the same here).
    t.keys(&["d"]);
    t.wait_for("the diff view", Duration::from_secs(10), |s| s.contains("no differences"));
    t.keys(&["Escape"]);
    // An Escape and the next key read together are Alt+key to the terminal: wait for the view to close first.
    t.wait_for("the diff view closed", Duration::from_secs(10), |s| !s.contains("no differences"));
    t.keys(&["n"]);
    t.wait_for("a new task refused", Duration::from_secs(10), |s| s.contains("works one task"));
    t.keys(&["r"]);
    t.text("write it as b + a");
    t.keys(&["Enter"]);
    t.wait_for("the continued patch", Duration::from_secs(120), |s| s.contains("+    return b + a"));
    let asked = backend.prompts();
    assert_eq!(asked.len(), 6, "three agents, twice");
    assert!(asked[3..].iter().all(|p| p.contains("+    return a + b") && p.contains("write it as b + a")), "{asked:?}");
    t.keys(&["a"]);
    t.wait_for("the patch applied", Duration::from_secs(30), |s| s.contains("patch applied: calc.py"));
    assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC.replace("a - b", "b + a"));
    // Applied once; the files changed since the session read them, so a second accept refuses.
    t.keys(&["a"]);
    t.wait_for("a second apply refused", Duration::from_secs(30), |s| s.contains("not applied:"));
    t.keys(&["q"]);
}

/// The real binary: `memdoor review` gives the agents the branch's diff
/// against main and the file it touches, and prints the patch the tests chose.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_shows_the_branch_diff_and_prints_the_patch_its_tests_chose() {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q", "-b", "main"]);
    let fixed = CALC.replace("a - b", "a + b");
    for (path, text) in [("calc.py", fixed.as_str()), ("tests/test_calc.py", TESTS), ("conftest.py", "")] {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let commit = |message: &str| {
        git(dir.path(), &["add", "-A"]);
        git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", message]);
    };
    commit("init");
    git(dir.path(), &["checkout", "-q", "-b", "feature"]);
    std::fs::write(dir.path().join("calc.py"), CALC).unwrap();
    commit("a change that breaks add");
    let backend = Arc::new(Scripted::repeating(edit("calc.py", FIX.0, FIX.1)));
    let server = openai_server::serve(backend.clone(), None).await;
    let work = tempfile::tempdir().unwrap();
    let config = scripted_team(&server.base, work.path(), 3);
    let review = |extra: &[&str]| {
        memdoor("review", &config, dir.path(), work.path()).arg("--no-journal").args(extra).output().unwrap()
    };
    let out = review(&["the sign in add"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("review: 1 file(s) changed against main"), "{stderr}");
    assert!(stderr.contains("judged by `python3 -m pytest -q -rA` (detected"), "{stderr}");
    applies(dir.path(), &String::from_utf8(out.stdout).unwrap());
    let prompts = backend.prompts();
    let first = prompts.first().expect("the agents were asked");
    assert!(first.contains("Review the change on this branch"), "{first}");
    assert!(first.contains("Look first at this: the sign in add"), "{first}");
    assert!(first.contains("-    return a + b\n+    return a - b"), "the diff is shown: {first}");
    assert!(first.contains("### calc.py"), "the file it touches is shown: {first}");
    assert_eq!(std::fs::read_to_string(dir.path().join("calc.py")).unwrap(), CALC, "review writes nothing");
    // Each patch that stands and changes something else is a finding of its own, with what it
    // changes and what the tests said, and applies alone.
    let doubled = edit("calc.py", "    return 2 * x\n", "    return x + x\n");
    let backend = Arc::new(Scripted::then_repeating(vec![doubled.clone()], edit("calc.py", FIX.0, FIX.1)));
    let server = openai_server::serve(backend.clone(), None).await;
    let config = scripted_team(&server.base, work.path(), 3);
    let out = memdoor("review", &config, dir.path(), work.path()).arg("--no-journal").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let findings: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(findings.len(), 2, "{stdout:?}");
    let (first, second) = (findings[0], findings[1]);
    assert!(first.starts_with("# Finding 1 of 2, the team's answer (A"), "{first}");
    assert!(first.contains(": changes calc.py: add (+1 −1)\n"), "{first}");
    assert!(first.contains("# judged by `python3 -m pytest -q -rA`: the repository's tests: fixes 1 of 1"), "{first}");
    assert!(first.contains("#   ✓ tests/test_calc.py::test_add  fixed: failed before"), "{first}");
    assert!(second.starts_with("# Finding 2 of 2, another that breaks nothing (A"), "{second}");
    assert!(second.contains(": changes calc.py: double (+1 −1)\n"), "{second}");
    assert!(second.contains("fixes 0 of 1 failing before, breaks none, 1 still failing"), "{second}");
    for finding in findings {
        applies(dir.path(), &format!("{finding}\n"));
    }

    // On the base itself there is nothing to review: said, and no model is asked.
    let asked = backend.prompts().len();
    let out = review(&["--base", "feature"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to review"));
    assert_eq!(backend.prompts().len(), asked);
}

/// The default team (five coder-0.5b agents, the real model) on a
/// three-line repository with a sign error and three failing asserts (#63's
/// case): `solve --repo` prints a patch that `git apply` takes and that fixes
/// the failing tests — the team's own run of them says so.
#[test]
fn the_default_team_fixes_a_three_line_sign_error_with_a_patch_git_applies() {
    memdoor_testkit::default_model_path();
    let dir = tempfile::tempdir().unwrap();
    let shop = "def apply_discount(price, percent):\n    \"\"\"Take percent % off price.\"\"\"\n    return price * (1 + percent / 100)\n";
    std::fs::write(dir.path().join("shop.py"), shop).unwrap();
    std::fs::write(dir.path().join("conftest.py"), "").unwrap();
    std::fs::create_dir(dir.path().join("tests")).unwrap();
    let tests = "from shop import apply_discount\n\n\ndef test_ten():\n    assert apply_discount(100.0, 10) == 90.0\n\n\n\
def test_half():\n    assert apply_discount(80.0, 50) == 40.0\n\n\ndef test_quarter():\n    assert apply_discount(40.0, 25) == 30.0\n";
    std::fs::write(dir.path().join("tests/test_shop.py"), tests).unwrap();
    git(dir.path(), &["init", "-q"]);
    git(dir.path(), &["add", "-A"]);
    git(dir.path(), &["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]);
    let work = tempfile::tempdir().unwrap();
    let config = work.path().join("memdoor.toml");
    std::fs::write(&config, "").unwrap();
    let out = memdoor("solve", &config, dir.path(), work.path())
        .arg("apply_discount in shop.py must take the percentage off the price")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let patch = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(patch.starts_with("diff --git a/shop.py b/shop.py\n"), "{patch}\n{stderr}");
    for test in ["test_ten", "test_half", "test_quarter"] {
        assert!(stderr.contains(&format!("✓ tests/test_shop.py::{test}  fixed: failed before")), "{stderr}");
    }
    applies(dir.path(), &patch);
}
