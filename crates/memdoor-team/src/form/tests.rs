use super::*;
use Repair::*;

fn functional(name: &str) -> Mode {
    Mode::Functional { fn_name: name.into() }
}

const STARTER: &str = "class Solution:\n    def twoSum(self, nums: List[int], target: int) -> List[int]:\n        ";

/// Repairs `code`, checks a second repair changes nothing, returns the first.
fn repaired(code: &str, mode: &Mode, starter: &str) -> (String, Vec<Repair>) {
    let (once, repairs) = repair_form(code, mode, starter, &[]);
    let (twice, again) = repair_form(&once, mode, starter, &[]);
    assert_eq!((twice.as_str(), again), (once.as_str(), vec![]), "repairing twice differs from once");
    (once, repairs)
}

fn unchanged(code: &str, mode: &Mode, starter: &str) {
    assert_eq!(repair_form(code, mode, starter, &[]), (code.to_string(), vec![]), "changed:\n{code}");
}

#[test]
fn a_method_outside_its_class_is_wrapped() {
    let code = "def twoSum(self, nums, target):\n    return [0, 1]\n";
    let (out, r) = repaired(code, &functional("twoSum"), STARTER);
    assert_eq!(out, "def twoSum(self, nums, target):\n    return [0, 1]\n\nclass Solution:\n    twoSum = twoSum\n");
    assert_eq!(r, vec![WrappedInSolution]);
}

#[test]
fn a_plain_function_or_a_proper_class_is_left_alone() {
    let mode = functional("twoSum");
    unchanged("def twoSum(nums, target):\n    return [0, 1]", &mode, STARTER);
    unchanged("class Solution:\n    def twoSum(self, nums, target):\n        return [0, 1]\n", &mode, STARTER);
    unchanged("from typing import List\nclass Solution(object):\n    # a comment at column 0\n# here too\n    def twoSum(self, nums, target):\n        return [0, 1]\n", &mode, STARTER);
    // Without a starter there is no arity to match a renamed function by.
    unchanged("def two_sum(nums, target):\n    return [0, 1]", &mode, "");
    // Code that does not lex is not guessed at.
    unchanged("def foo(self, a, b:\n    return 1", &mode, STARTER);
    unchanged("# class Solution is below\ndef twoSum(self, a, b):\n    return 1", &mode, STARTER);
}

#[test]
fn a_class_without_the_method_gets_the_top_level_function() {
    let mode = functional("twoSum");
    let code = "class Solution:\n    pass\n\ndef twoSum(nums, target):\n    return [0, 1]";
    let (out, r) = repaired(code, &mode, STARTER);
    assert!(out.ends_with("\n\nSolution.twoSum = staticmethod(twoSum)\n"), "{out}");
    assert_eq!(r, vec![WrappedInSolution]);
}

#[test]
fn the_one_method_of_the_right_arity_takes_the_name() {
    let mode = functional("twoSum");
    let code = "class Solution:\n    def helper(self, x):\n        return x\n    def two_sum(self, nums, target):\n        return [0, 1]\n";
    let (out, r) = repaired(code, &mode, STARTER);
    assert_eq!(out, format!("{}\n\nSolution.twoSum = Solution.two_sum\n", code.trim_end()));
    assert_eq!(r, vec![RenamedFunction]);
}

#[test]
fn the_one_top_level_function_of_the_right_arity_takes_the_name() {
    let mode = functional("twoSum");
    let (out, r) =
        repaired("def helper(x):\n    return x\n\ndef solve(nums, target):\n    return [0, 1]\n", &mode, STARTER);
    assert!(out.ends_with("\n\ntwoSum = solve\n"), "{out}");
    assert_eq!(r, vec![RenamedFunction]);
    let (out, r) = repaired("def solve(self, nums, target):\n    return [0, 1]\n", &mode, STARTER);
    assert!(out.ends_with("\n\nclass Solution:\n    twoSum = solve\n"), "{out}");
    assert_eq!(r, vec![WrappedInSolution, RenamedFunction]);
}

#[test]
fn no_rename_when_the_candidates_are_none_or_several() {
    let mode = functional("twoSum");
    unchanged("def a(nums, target):\n    return 1\n\ndef b(x, y):\n    return 2\n", &mode, STARTER);
    unchanged("def a(nums):\n    return 1\n", &mode, STARTER);
    unchanged("class Solution:\n    def __init__(self, a, b):\n        pass\n", &mode, STARTER);
    unchanged(
        "class Solution:\n    def a(self, x, y):\n        return 1\n\ndef b(x, y):\n    return 2\n",
        &mode,
        STARTER,
    );
}

#[test]
fn humaneval_is_never_touched() {
    let mode = Mode::HumanEval { prompt: "def f(x):\n".into(), entry_point: "f".into(), test: String::new() };
    unchanged("def g(self, x):\n    return x\nprint(g(None, 1))\nx = input('n: ')", &mode, "");
}

#[test]
fn prompt_text_passed_to_input_is_dropped() {
    let code = "n = int(input(\"Enter a number: \"))\ns = input('n=' 'x')\nt = input( f\"#{n}: \" )\nprint(n, s, t)";
    let (out, r) = repaired(code, &Mode::Stdin, "");
    assert_eq!(out, "n = int(input())\ns = input()\nt = input()\nprint(n, s, t)");
    assert_eq!(r, vec![DroppedPromptText]);
}

#[test]
fn other_input_calls_are_left_alone() {
    unchanged(
        "n = int(input())\np = 'x'\nm = input(p)\nk = input('a' + p)\nprint(\"input('x')\")  # input('y')",
        &Mode::Stdin,
        "",
    );
    unchanged("def input(msg):\n    return msg\nx = input('a')\nprint(x)", &Mode::Stdin, "");
    unchanged("import sys\nx = sys.stdin.input('a')\nprint(x)", &Mode::Stdin, "");
}

#[test]
fn trailing_demo_calls_are_dropped() {
    let body = "def solve(s):\n    return s[::-1]\n\ns = input()\nprint(solve(s))\n";
    for demo in [
        "print(solve(\"hello\"))",
        "solve([1, 2, 3])",
        "# Example usage:\nprint(solve('abc'))  # cba\nassert solve('ab') == 'ba'",
        "print(\"Test:\")\nprint(\"Result:\", solve(s='x'), sep=' ')\nprint('done')",
        "print(solve(\n    [1, 2],\n))",
        "if __name__ == \"__main__\":\n    print(solve(\"x\"))\n    print(solve(\"y\"))",
        "if __name__ == '__main__': print(solve('x')); solve('z')",
    ] {
        let (out, r) = repaired(&format!("{body}{demo}\n"), &Mode::Stdin, "");
        let want =
            if demo.starts_with("print(\"Test") { format!("{body}print(\"Test:\")\n") } else { body.to_string() };
        assert_eq!(out, want, "demo:\n{demo}");
        assert_eq!(r, vec![DroppedDemo]);
    }
}

#[test]
fn the_demo_tail_of_a_main_block_is_dropped() {
    let code = "def solve(n):\n    return n * 2\n\nif __name__ == \"__main__\":\n    n = int(input())\n    print(solve(n))\n    print(solve(21))\n";
    let (out, r) = repaired(code, &Mode::Stdin, "");
    assert_eq!(
        out,
        "def solve(n):\n    return n * 2\n\nif __name__ == \"__main__\":\n    n = int(input())\n    print(solve(n))\n"
    );
    assert_eq!(r, vec![DroppedDemo]);
}

#[test]
fn calls_that_are_the_program_are_kept() {
    for code in [
        // No arguments: the program's entry point.
        "def main():\n    print(int(input()) * 2)\n\nmain()\n",
        "def solve():\n    n = int(input())\n    print(n)\nif __name__ == '__main__':\n    solve()\n",
        // The function reads stdin itself: calling it is running the program.
        "def main(k):\n    print(int(input()) * k)\n\nmain(2)\n",
        "import sys\nrl = sys.stdin.readline\ndef solve(k):\n    return int(rl()) + k\nprint(solve(1))\n",
        // Arguments read input.
        "def f(x):\n    return x\nprint(f(input()))\n",
        // Without the demo nothing would read stdin: the demo is all there is.
        "def reverse_string(s):\n    return s[::-1]\n\nprint(reverse_string(\"abc\"))\n",
        // A literal print at the end is output, not a demo.
        "n = int(input())\nif n > 3:\n    print('Yes')\n    exit()\nprint('No')\n",
        // Not trailing: a demo before the program's own lines.
        "def f(x):\n    return x\nprint(f(1))\nprint(f(int(input())))\n",
        // Calls of builtins or methods are not the program's demo.
        "x = input()\nprint(len('abc'))\nprint(x.count('a'))\n",
        // A string holding a quote and a '#' does not confuse the reading.
        "def f(s):\n    return s\ns = input()\nprint(f(s) + \"it's # not a comment\")\n",
        // An unterminated string: unsure, untouched.
        "def f(s):\n    return s\ns = input()\nprint(f('abc))\n",
    ] {
        unchanged(code, &Mode::Stdin, "");
    }
}

#[test]
fn both_stdin_repairs_together_and_stdin_forms_that_count_as_reading() {
    let code = "import sys\ndef solve(a):\n    return sum(a)\ndata = sys.stdin.read().split()\nprint(solve(map(int, data)))\nprint(solve([1, 2]))";
    let (out, r) = repaired(code, &Mode::Stdin, "");
    assert!(out.ends_with("print(solve(map(int, data)))\n"), "{out}");
    assert_eq!(r, vec![DroppedDemo]);
    let code = "def solve(n):\n    return n + 1\nn = int(input('n? '))\nprint(solve(n))\nprint(solve(5))\n";
    let (out, r) = repaired(code, &Mode::Stdin, "");
    assert_eq!(out, "def solve(n):\n    return n + 1\nn = int(input())\nprint(solve(n))\n");
    assert_eq!(r, vec![DroppedDemo, DroppedPromptText]);
    let code = "from sys import stdin\ndef f(x):\n    return x\nfor line in stdin:\n    print(f(line))\nprint(f(3))\n";
    assert_eq!(
        repaired(code, &Mode::Stdin, "").0,
        "from sys import stdin\ndef f(x):\n    return x\nfor line in stdin:\n    print(f(line))\n"
    );
}

#[test]
fn the_tokenizer_sees_statements_through_strings_and_brackets() {
    let src =
        "x = '''a\n# b\n(''' + \"c)\" # d (\ny = [1,\n  2]\nz = 1 + \\\n    2\n    # indented comment\nif x:\n  pass";
    let lines = logical_lines(src).unwrap();
    let spans: Vec<(usize, usize, usize)> = lines.iter().map(|l| (l.first, l.last, l.indent)).collect();
    assert_eq!(spans, vec![(0, 2, 0), (3, 4, 0), (5, 6, 0), (8, 8, 0), (9, 9, 2)]);
    assert_eq!(lines[0].tokens.len(), 5);
    assert!(lines[1].tokens.iter().any(|t| t.is("=")));
    assert!(logical_lines("x = (1,\n").is_none());
    assert!(logical_lines("x = 'a\nb'").is_none());
    assert!(logical_lines("a == b").unwrap()[0].tokens[1].is("=="));
}

#[test]
fn a_demo_call_on_the_sample_reads_stdin_and_the_other_demos_go() {
    let samples = vec!["abc\n".to_string()];
    let code = "def f(s):\n    return s[::-1]\n\nprint(f('abc'))\nprint(f('zzz'))\n";
    let (once, r) = repair_form(code, &Mode::Stdin, "", &samples);
    assert_eq!(once, "def f(s):\n    return s[::-1]\n\nprint(f(input()))\n");
    assert_eq!(r, vec![DroppedDemo, ReadsInput]);
    assert_eq!(repair_form(&once, &Mode::Stdin, "", &samples), (once.clone(), vec![]));
}
