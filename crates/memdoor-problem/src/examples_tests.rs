use super::*;

fn functional(name: &str) -> Mode {
    Mode::Functional { fn_name: name.into() }
}

fn case(input: &str, output: &str) -> TestCase {
    TestCase { input: input.into(), output: Some(output.into()) }
}

fn tests_of(text: &str) -> Vec<TestCase> {
    stated(text).map(|s| s.tests).unwrap_or_default()
}

#[test]
fn the_function_is_named_in_the_ways_people_write() {
    for (text, name) in [
        ("Write a Python function is_palindrome(s: str) -> bool that ignores case.", "is_palindrome"),
        ("Implement:\n```python\ndef two_sum(nums, target):\n    pass\n```", "two_sum"),
        ("Write a function `reverse` that reverses a string.", "reverse"),
        ("Write a function called count that counts vowels.", "count"),
        ("Write a function named fib returning the n-th Fibonacci number.", "fib"),
        ("Write the function f(x) returning x squared.", "f"),
        ("Create a function sum_digits that adds the digits of n.", "sum_digits"),
        ("Write a function maxProfit for the stock problem.", "maxProfit"),
        ("Implement the method `merge(a, b)`.", "merge"),
    ] {
        assert_eq!(stated(text).map(|s| s.mode), Some(functional(name)), "{text}");
    }
}

#[test]
fn words_that_are_not_function_names_name_nothing() {
    for text in [
        "Write a function that reverses a string.",
        "Write a Python function to reverse a string.",
        "Write a function which returns the sum.",
        "Write a function in Python for sorting.",
        "Use functions wisely; write a program that prints hello.",
        "Write is_even(n).",
        "A functional approach: read n and print n squared.",
    ] {
        assert_eq!(stated(text), None, "{text}");
    }
}

#[test]
fn a_named_function_without_examples_has_no_tests() {
    assert_eq!(
        stated("Write a Python function is_even(n)."),
        Some(Stated { mode: functional("is_even"), tests: vec![] })
    );
}

#[test]
fn inline_examples_in_every_form() {
    let text = "Write a function add(a, b) returning their sum.\n\
        add(1, 2) -> 3\n\
        add(2, 2) → 4\n\
        assert add(-1, 1) == 0\n\
        `add(5, 5)` returns `10`.\n\
        add(1.5, 1) should return 2.5\n\
        add(a=7, b=1) = 8\n\
        print(add(3, 3))  # 6\n\
        >>> add(0, 0)\n\
        0\n";
    let want: Vec<TestCase> = [
        ("1\n2", "3"),
        ("2\n2", "4"),
        ("-1\n1", "0"),
        ("5\n5", "10"),
        ("1.5\n1", "2.5"),
        ("7\n1", "8"),
        ("3\n3", "6"),
        ("0\n0", "0"),
    ]
    .iter()
    .map(|(i, o)| case(i, o))
    .collect();
    assert_eq!(tests_of(text), want);
}

#[test]
fn python_values_become_json_lines() {
    let text = "def group(words, flags):\n\ngroup(['a', \"b\"], (True, None)) -> {'a': [1], 'b': []}\n\
        group(\"it's\", {}) -> 'x'";
    assert_eq!(
        tests_of(text),
        vec![case("[\"a\",\"b\"]\n[true,null]", "{\"a\":[1],\"b\":[]}"), case("\"it's\"\n{}", "\"x\"")]
    );
}

#[test]
fn examples_that_are_not_exact_literals_are_skipped() {
    let text = "Write a function f(n).\n\
        f(n) -> n * 2\n\
        f(x) -> 3\n\
        f(1 + 1) -> 4\n\
        f({1, 2}) -> 2\n\
        f(2) -> 2 + 2\n\
        f() -> 0\n\
        f(3) is 6\n\
        s.f(3) -> 6\n\
        def f(4) -> 8\n\
        f(5) -> 10 because it doubles";
    assert_eq!(tests_of(text), vec![case("5", "10")]);
}

#[test]
fn examples_alone_name_the_function() {
    let s = stated("Reverse the words of a sentence.\nreverse_words(\"a b\") == \"b a\"\nlen(\"ab\") == 2").unwrap();
    assert_eq!(s.mode, functional("reverse_words"));
    assert_eq!(s.tests, vec![case("\"a b\"", "\"b a\"")]);
}

#[test]
fn leetcode_input_output_pairs_for_a_named_function() {
    let text =
        "Write a function two_sum(nums, target).\n\nExample 1:\nInput: nums = [2,7,11,15], target = 9\nOutput: [0,1]\n\
        Explanation: nums[0] + nums[1] == 9.\n\nExample 2:\n**Input:** nums = [3,3], target = 6\n**Output:** [0, 1]\n";
    assert_eq!(tests_of(text), vec![case("[2,7,11,15]\n9", "[0,1]"), case("[3,3]\n6", "[0,1]")]);
}

#[test]
fn stdin_examples_without_a_function() {
    let text =
        "Read n numbers and print their sum.\n\nInput:\n3\n1 2 3\nOutput:\n6\n\nExample 2\nInput: 1\n5\nOutput: 5\n";
    assert_eq!(
        stated(text),
        Some(Stated { mode: Mode::Stdin, tests: vec![case("3\n1 2 3\n", "6\n"), case("1\n5\n", "5\n")] })
    );
}

#[test]
fn atcoder_samples_skip_the_format_sections_and_explanations() {
    let text = "Given a year Y, decide whether it is a leap year.\n\nInput\n\nThe input is given from Standard Input in the following format:\nY\n\n\
        Output\n\nPrint Yes if Y is a leap year.\n\nSample Input 1\n\n2024\n\nSample Output 1\n\nYes\n\n2024 is divisible by 4.\n\n\
        Sample Input 2\n\n1900\n\nSample Output 2\n\nNo\n";
    assert_eq!(tests_of(text), vec![case("2024\n", "Yes\n"), case("1900\n", "No\n")]);
}

#[test]
fn fenced_blocks_after_example_headers() {
    let text = "Print the lines of the input reversed.\n\nExample input:\n```\nab\n\ncd\n```\nExample output:\n```\ncd\n\nab\n```\n";
    assert_eq!(tests_of(text), vec![case("ab\n\ncd\n", "cd\n\nab\n")]);
}

#[test]
fn descriptions_under_input_headers_are_not_examples() {
    for text in [
        "Input: a string s\nOutput: the string reversed",
        "Input: The first line contains an integer N.\nOutput: Print N squared.",
        "Input: nums = [1, 2]\nOutput: 3",
        "Input\nN\nOutput\nN squared",
        "Sample Input 1\n\n5\n",
    ] {
        assert_eq!(stated(text), None, "{text}");
    }
}

#[test]
fn the_sample_problem_file_states_two_tests() {
    let text = include_str!("../../../assets/problems/is_palindrome.txt");
    let s = stated(text).unwrap();
    assert_eq!(s.mode, functional("is_palindrome"));
    assert_eq!(s.tests, vec![case("\"A man, a plan, a canal: Panama\"", "true"), case("\"race a car\"", "false")]);
}

#[test]
fn doctests_inside_a_docstring() {
    let text = "def add_one(xs: list) -> list:\n    \"\"\"Add one to each.\n\n    >>> add_one([1, 2])\n    [2, 3]\n    >>> add_one([])\n    []\n    \"\"\"\n";
    let s = stated(text).unwrap();
    assert_eq!(s.mode, functional("add_one"));
    assert_eq!(s.tests, vec![case("[1,2]", "[2,3]"), case("[]", "[]")]);
}
