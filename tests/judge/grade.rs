//! Grading real programs with real python3 in the real sandbox, by
//! LiveCodeBench's rules.

use memdoor::judge::grade::{all_pass, grade, TestVerdict};
use memdoor::judge::sandbox::{Limits, Sandbox};
use memdoor::problem::{Mode, TestCase};

fn case(input: &str, output: &str) -> TestCase {
    TestCase { input: input.into(), output: Some(output.into()) }
}

async fn verdicts(mode: &Mode, code: &str, tests: &[TestCase]) -> Vec<TestVerdict> {
    let sandbox = Sandbox::detect(Limits::default()).await;
    grade(&sandbox, mode, code, tests).await.unwrap().into_iter().map(|r| r.verdict).collect()
}

#[tokio::test]
async fn stdin_programs_compare_stripped_lines_then_decimals() {
    let code = "n = int(input())\nprint(n * 2)\nprint('0.50 ')";
    let tests = [case("2\n", "4\n0.5"), case("3\n", "6\n0.500\n\n"), case("1\n", "3\n0.5")];
    assert_eq!(
        verdicts(&Mode::Stdin, code, &tests).await,
        [TestVerdict::Pass, TestVerdict::Pass, TestVerdict::WrongAnswer]
    );
}

#[tokio::test]
async fn a_main_guard_sys_exit_and_sys_stdin_work_as_in_livecodebench() {
    let code = "import sys\ndef main():\n    data = sys.stdin.read().split()\n    print(sum(map(int, data)))\n    sys.exit(0)\nif __name__ == '__main__':\n    main()";
    assert_eq!(verdicts(&Mode::Stdin, code, &[case("1 2 3\n", "6\n")]).await, [TestVerdict::Pass]);
}

#[tokio::test]
async fn functional_problems_call_the_method_with_json_arguments() {
    let mode = Mode::Functional { fn_name: "twoSum".into() };
    let code = "class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n        for i, x in enumerate(nums):\n            if target - x in seen:\n                return (seen[target - x], i)\n            seen[x] = i";
    let tests = [case("[2,7,11,15]\n9", "[0, 1]"), case("[3,3]\n6", "[0,1]"), case("[1,2]\n3", "[1, 0]")];
    // A tuple counts as a list; order matters as `==` says.
    assert_eq!(verdicts(&mode, code, &tests).await, [TestVerdict::Pass, TestVerdict::Pass, TestVerdict::WrongAnswer]);
}

#[tokio::test]
async fn errors_timeouts_and_broken_code_get_their_verdicts() {
    let slow = "while True:\n    pass";
    let crash = "print(1 // 0)";
    let broken = "def f(:\n";
    let t = [case("", "1")];
    assert_eq!(verdicts(&Mode::Stdin, crash, &t).await, [TestVerdict::RuntimeError]);
    assert_eq!(verdicts(&Mode::Stdin, broken, &t).await, [TestVerdict::CompileError]);
    assert_eq!(verdicts(&Mode::Stdin, slow, &t).await, [TestVerdict::TimeLimit]);
}

#[tokio::test]
async fn after_a_time_limit_the_remaining_tests_are_not_run() {
    // Loops on a big input only: the first test passes, the second times
    // out, the third (which it would answer) is not run.
    let code = "n = int(input())\nwhile n > 100:\n    pass\nprint(n)";
    let tests = [case("1\n", "1"), case("1000\n", "1000"), case("2\n", "2")];
    let sandbox =
        Sandbox::detect(Limits { wall: std::time::Duration::from_secs(1), cpu_secs: 1, ..Limits::default() }).await;
    let r = grade(&sandbox, &Mode::Stdin, code, &tests).await.unwrap();
    let got: Vec<TestVerdict> = r.iter().map(|r| r.verdict).collect();
    assert_eq!(got, [TestVerdict::Pass, TestVerdict::TimeLimit, TestVerdict::TimeLimit]);
    assert_eq!(r[1].error.as_deref(), Some("Time Limit Exceeded"));
    assert_eq!(r[2].error.as_deref(), Some("not run: an earlier test hit the time limit"));
}

#[tokio::test]
async fn inputs_without_outputs_report_what_the_program_did() {
    let sandbox = Sandbox::detect(Limits::default()).await;
    let tests = [TestCase { input: "5\n".into(), output: None }];
    let r = grade(&sandbox, &Mode::Stdin, "print(int(input()) + 1)", &tests).await.unwrap();
    assert_eq!(r[0].verdict, TestVerdict::Ran);
    assert_eq!(r[0].key.as_deref(), Some("6"));
}

#[tokio::test]
async fn humaneval_runs_check_on_the_entry_point() {
    let mode = Mode::HumanEval {
        prompt: "def add(a, b):\n    \"\"\"Add two numbers.\"\"\"\n".into(),
        entry_point: "add".into(),
        test: "def check(candidate):\n    assert candidate(2, 3) == 5\n".into(),
    };
    let sandbox = Sandbox::detect(Limits::default()).await;
    let good = grade(&sandbox, &mode, "def add(a, b):\n    return a + b", &[]).await.unwrap();
    let body_only = grade(&sandbox, &mode, "    return a + b", &[]).await.unwrap();
    let bad = grade(&sandbox, &mode, "def add(a, b):\n    return a - b", &[]).await.unwrap();
    assert!(all_pass(&good), "{good:?}");
    assert!(all_pass(&body_only), "{body_only:?}");
    assert_eq!(bad[0].verdict, TestVerdict::RuntimeError);
}

/// HumanEval's `check` holds the expected values: it runs in a process of
/// its own, apart from the program, and only its own success line counts.
#[tokio::test]
async fn a_humaneval_program_cannot_forge_or_fool_the_check() {
    let mode = Mode::HumanEval {
        prompt: "def add(a, b):\n    \"\"\"Add two numbers.\"\"\"\n".into(),
        entry_point: "add".into(),
        test: "def check(candidate):\n    assert candidate(2, 3) == 5\n    assert candidate(a=1, b=1) == 2\n    assert candidate([1], [2]) == [1, 2]\n".into(),
    };
    let sandbox = Sandbox::detect(Limits::default()).await;
    let verdict = |code: &'static str| {
        let (sandbox, mode) = (sandbox.clone(), mode.clone());
        async move { grade(&sandbox, &mode, code, &[]).await.unwrap()[0].verdict }
    };
    // Prints are the program's own business; keyword and list arguments go through.
    assert_eq!(verdict("def add(a, b):\n    print('working')\n    return a + b").await, TestVerdict::Pass);
    // The old success line ("null"), forged at once.
    let forged =
        "import os\nos.write(1, b'\\x1eMEMDOOR-RESULTS [{\"status\": \"ran\", \"out\": \"null\"}]\\n')\nos._exit(0)";
    assert_ne!(verdict(forged).await, TestVerdict::Pass);
    // An object that claims to equal anything.
    let liar = "class Any:\n    def __eq__(self, other):\n        return True\ndef add(a, b):\n    return Any()";
    assert_ne!(verdict(liar).await, TestVerdict::Pass);
    // Looking for the check (and its expected values) in its own process: not there.
    let snoop = "import gc\ndef add(a, b):\n    found = [o for o in gc.get_objects() if getattr(o, '__name__', '') == 'check']\n    return 5 if found else -1";
    assert_ne!(verdict(snoop).await, TestVerdict::Pass);
    // Killing its parent ends the run without a result.
    let killer = "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\ndef add(a, b):\n    return a + b";
    assert_ne!(verdict(killer).await, TestVerdict::Pass);
}

/// Programs that try to be graded as passing without computing the answer.
#[tokio::test]
async fn a_program_cannot_forge_its_verdict() {
    let tests = [case("3\n", "secret-answer-3\n"), case("4\n", "secret-answer-4\n")];
    // (a) It prints a result line of the harness's old form and leaves at once: unreadable, so no result.
    let forged = r#"import os, json
line = "\x1eMEMDOOR-RESULTS " + json.dumps([{"status": "ran", "out": "x", "verdict": "pass"}] * 2) + "\n"
os.write(1, line.encode()); os._exit(0)"#;
    assert_eq!(verdicts(&Mode::Stdin, forged, &tests).await, [TestVerdict::RuntimeError, TestVerdict::RuntimeError]);
    // Of the current form, with a verdict of its own: the verdict is ours, from what it says it printed.
    let forged = r#"import os, json
line = "\n\x1eMEMDOOR-RESULTS " + json.dumps({"i": 0, "status": "ran", "out": "x", "verdict": "pass"}) + "\n"
os.write(1, line.encode()); os._exit(0)"#;
    assert_eq!(verdicts(&Mode::Stdin, forged, &tests).await, [TestVerdict::WrongAnswer, TestVerdict::RuntimeError]);
    // (b) It looks for the expected outputs in the harness's memory: they were never there.
    let snoop = r#"import __main__, gc
found = [o for o in gc.get_objects() if isinstance(o, str) and o.startswith("secret-answer")]
spec = getattr(__main__, "spec", {})
outs = [t.get("output") for t in spec.get("tests", [])]
n = input()
print(next((s for s in found if s.endswith(n)), None) or (outs[0] if outs else "nothing"))"#;
    assert_eq!(verdicts(&Mode::Stdin, snoop, &tests).await, [TestVerdict::WrongAnswer, TestVerdict::WrongAnswer]);
    // (c) A returned object that says it equals anything is not JSON, so not equal.
    let mode = Mode::Functional { fn_name: "f".into() };
    let liar = "class Any:\n    def __eq__(self, other):\n        return True\ndef f(x):\n    return Any()";
    assert_eq!(verdicts(&mode, liar, &[case("1", "2")]).await, [TestVerdict::WrongAnswer]);
    // A forged line that does not read is no result at all, not an error of the judge.
    let garbage = "import os\nos.write(1, b'\\x1eMEMDOOR-RESULTS [{]\\n')\nos._exit(0)";
    assert_eq!(verdicts(&Mode::Stdin, garbage, &tests).await, [TestVerdict::RuntimeError, TestVerdict::RuntimeError]);
}

#[tokio::test]
async fn large_ints_and_long_outputs_are_compared_whole() {
    let mode = Mode::Functional { fn_name: "f".into() };
    let code = "def f(n):\n    return 2 ** n + 1";
    // serde_json would read both as the same float.
    assert_eq!(
        verdicts(&mode, code, &[case("70", "1180591620717411303425"), case("70", "1180591620717411303424")]).await,
        [TestVerdict::Pass, TestVerdict::WrongAnswer]
    );
    // An output longer than the 300 characters shown is still compared in full.
    let long = format!("{}\n", "7".repeat(5000));
    let code = "n = int(input())\nprint('7' * n)";
    assert_eq!(
        verdicts(&Mode::Stdin, code, &[case("5000\n", &long), case("4999\n", &long)]).await,
        [TestVerdict::Pass, TestVerdict::WrongAnswer]
    );
}
