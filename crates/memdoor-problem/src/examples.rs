//! What a free-text problem says about running it: the function it names
//! (`def name(`, "function `name`", "a Python function name(…)") and the
//! examples it states (`name(args) -> result`, doctests, `Input:`/`Output:`
//! pairs, "Sample Input"/"Sample Output" blocks), as tests drafts can be
//! run on. Only examples written in exact Python literals count; anything
//! unsure is skipped, since a wrong public test would fail correct drafts.

mod blocks;

use serde_json::Value;

use super::limits::{Limit, LimitExceeded, MAX_STATED_EXAMPLES};
use super::literal::{checked_arguments, checked_literal, checked_literal_prefix};
use super::{Mode, TestCase};
use blocks::pairs;

/// How a free-text problem can be run, and the examples its text states.
#[derive(Debug, Clone, PartialEq)]
pub struct Stated {
    pub mode: Mode,
    pub tests: Vec<TestCase>,
}

/// `None` when the text names no function and states no stdin examples,
/// or states examples past a limit (see [`checked_stated`]).
pub fn stated(statement: &str) -> Option<Stated> {
    checked_stated(statement).ok().flatten()
}

/// As [`stated`], with an error for examples past a limit: more than
/// `MAX_STATED_EXAMPLES`, or a literal nested past `MAX_LITERAL_DEPTH`.
/// Every scan here is one pass over each line (or over the text), so this
/// costs time linear in the statement whatever it holds.
pub(crate) fn checked_stated(statement: &str) -> Result<Option<Stated>, LimitExceeded> {
    let calls = call_examples(statement)?;
    if let Some(name) = function_name(statement).or_else(|| sole_name(&calls)) {
        let stated = calls.iter().filter(|c| c.name == name).map(|c| functional_case(&c.args, &c.result));
        let mut tests: Vec<TestCase> = Vec::new();
        for t in stated.chain(functional_pairs(statement)?) {
            // At most MAX_STATED_EXAMPLES of each kind, so this stays small.
            if !tests.contains(&t) {
                tests.push(t);
            }
        }
        Limit::StatedExamples.check(tests.len())?;
        return Ok(Some(Stated { mode: Mode::Functional { fn_name: name }, tests }));
    }
    let tests = stdin_pairs(statement)?;
    Ok((!tests.is_empty()).then_some(Stated { mode: Mode::Stdin, tests }))
}

/// Words that follow "function" but name nothing.
const NOT_NAMES: &str =
    "a an and as accepts by called can def for from given in input is lambda main named of on or print \
    return returns should signature takes that the to which will with without you";

/// Builtins an example may call without being the function asked for.
const BUILTINS: &[&str] =
    &["abs", "all", "any", "int", "len", "list", "max", "min", "print", "range", "round", "sorted", "str", "sum"];

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn ident_at(text: &str) -> &str {
    let end = text.find(|c: char| !is_ident_char(c)).unwrap_or(text.len());
    let w = &text[..end];
    if w.starts_with(|c: char| c.is_ascii_digit()) {
        ""
    } else {
        w
    }
}

/// The function a text asks for, from `def name(` or the words around "function".
fn function_name(text: &str) -> Option<String> {
    let at_word = |i: usize| !text[..i].ends_with(is_ident_char);
    for (i, _) in text.match_indices("def ").filter(|(i, _)| at_word(*i)) {
        let rest = text[i + 4..].trim_start();
        let name = ident_at(rest);
        if !name.is_empty() && rest[name.len()..].starts_with('(') {
            return Some(name.to_string());
        }
    }
    let lower = text.to_ascii_lowercase();
    for key in ["function", "method"] {
        for (i, _) in lower.match_indices(key).filter(|(i, _)| at_word(*i)) {
            let mut rest = &text[i + key.len()..];
            if rest.starts_with(is_ident_char) {
                continue; // "functions", "methodical"
            }
            rest = rest.trim_start();
            let mut called = false;
            for word in ["called ", "named "] {
                if let Some(r) = rest.strip_prefix(word) {
                    (rest, called) = (r.trim_start(), true);
                }
            }
            let quote = rest.chars().next().filter(|&c| matches!(c, '`' | '\'' | '"'));
            let rest = quote.map_or(rest, |q| &rest[q.len_utf8()..]);
            let name = ident_at(rest);
            let after = &rest[name.len()..];
            if name.is_empty() || NOT_NAMES.split_whitespace().any(|w| w.eq_ignore_ascii_case(name)) {
                continue;
            }
            let camel = name.starts_with(char::is_lowercase) && name.chars().skip(1).any(char::is_uppercase);
            let snake_or_camel = name.contains('_') || camel;
            let quoted = quote.is_some_and(|q| after.starts_with(q) || after.starts_with('('));
            if quoted || after.starts_with('(') || called || snake_or_camel {
                return Some(name.to_string());
            }
        }
    }
    None
}

/// One `name(args) <connector> result` the text states.
struct Call {
    name: String,
    args: Vec<Value>,
    result: Value,
}

/// The one function every parsed example calls (when the text never says "function").
fn sole_name(calls: &[Call]) -> Option<String> {
    let names: std::collections::BTreeSet<&str> =
        calls.iter().map(|c| c.name.as_str()).filter(|n| !BUILTINS.contains(n)).collect();
    (names.len() == 1).then(|| names.into_iter().next().unwrap_or_default().to_string())
}

fn functional_case(args: &[Value], result: &Value) -> TestCase {
    let input: Vec<String> = args.iter().map(Value::to_string).collect();
    TestCase { input: input.join("\n"), output: Some(result.to_string()) }
}

/// Every `name(args) -> result` (also →, ==, =, returns, should return, a
/// `#` comment) and doctest `>>> name(args)` with its result on the next line.
fn call_examples(text: &str) -> Result<Vec<Call>, LimitExceeded> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        // Computed once per line: each call below looks only at its own span.
        let doctest = line.trim_start().starts_with(">>>");
        let end = line.trim_end_matches(|c: char| c.is_whitespace() || c == '`').len();
        for (open, close) in calls_on(line) {
            let before = &line[..open];
            let name = &before[before.trim_end_matches(is_ident_char).len()..];
            let head = before[..before.len() - name.len()].trim_end();
            if ident_at(name) != name || name.is_empty() || head.ends_with('.') || head.ends_with("def") {
                continue;
            }
            let Some(close) = close else { continue };
            let Some(args) = checked_arguments(&line[open + 1..close])?.filter(|a| !a.is_empty()) else { continue };
            let mut rest =
                line[close + 1..end.max(close + 1)].trim_start_matches(|c: char| c.is_whitespace() || c == '`');
            // `print(name(args))  # result`
            if head.ends_with("print(") {
                let Some(r) = rest.strip_prefix(')') else { continue };
                rest = r.trim_start();
            }
            let result = if rest.is_empty() && doctest && head.trim_start().starts_with(">>>") {
                match lines[n + 1..].iter().map(|l| l.trim()).find(|l| !l.is_empty()).filter(|l| !l.starts_with(">>>"))
                {
                    Some(l) => checked_literal(l)?,
                    None => None,
                }
            } else {
                result_after(rest)?
            };
            if let Some(result) = result {
                if out.len() == MAX_STATED_EXAMPLES {
                    return Err(LimitExceeded {
                        limit: Limit::StatedExamples,
                        value: out.len() + 1,
                        max: MAX_STATED_EXAMPLES,
                    });
                }
                out.push(Call { name: name.to_string(), args, result });
            }
        }
    }
    Ok(out)
}

/// Each `(` of a line that a call can open, with the `)` closing it on the
/// same line past strings and brackets (`None` when a `]`/`}` closes it or
/// the line ends first), in one pass with a stack. Quotes count only inside
/// brackets: outside them a `'` is an apostrophe of prose ("Here's f(1) -> 2")
/// and the `(` after it still opens a call. A `(` inside a string inside
/// brackets opens none.
fn calls_on(line: &str) -> Vec<(usize, Option<usize>)> {
    let mut out: Vec<(usize, Option<usize>)> = Vec::new();
    // Open brackets: the index in `out` of each `(`, `None` for `[` and `{`.
    let mut stack: Vec<Option<usize>> = Vec::new();
    let (mut quote, mut escaped) = (None, false);
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some(_), _) if escaped => escaped = false,
            (Some(_), '\\') => escaped = true,
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') if !stack.is_empty() => quote = Some(c),
            (None, '(') => {
                stack.push(Some(out.len()));
                out.push((i, None));
            }
            (None, '[' | '{') => stack.push(None),
            (None, ')' | ']' | '}') => {
                if let Some(Some(k)) = stack.pop() {
                    out[k].1 = (c == ')').then_some(i);
                }
            }
            _ => {}
        }
    }
    out
}

const ARROWS: &[&str] = &["->", "→", "=>", "⇒", "==", "="];
const WORDS: &[&str] = &[
    "should return",
    "should output",
    "should give",
    "should be",
    "returns",
    "return",
    "gives",
    "outputs",
    "output",
    "yields",
    "evaluates to",
];

/// The result after a call: a connector (or a `#` comment), then a literal.
fn result_after(rest: &str) -> Result<Option<Value>, LimitExceeded> {
    let (rest, hashed) = match rest.strip_prefix('#') {
        Some(r) => (r.trim_start(), true),
        None => (rest, false),
    };
    let arrow = ARROWS.iter().find(|a| rest.starts_with(*a)).map(|a| &rest[a.len()..]);
    let word = || {
        // Only the longest connector's worth is lowercased, not the whole rest of the line.
        let head: String = rest.chars().take(16).collect::<String>().to_ascii_lowercase();
        WORDS
            .iter()
            .find(|w| head.starts_with(*w) && !rest[w.len()..].starts_with(is_ident_char))
            .map(|w| &rest[w.len()..])
    };
    let rest = match arrow.or_else(word) {
        Some(r) => r,
        None if hashed => rest,
        None => return Ok(None),
    };
    value_then_prose(rest.trim_start().trim_start_matches(':'))
}

/// A literal followed by nothing, punctuation or words ("True because…"),
/// not by an operator (`3 + 1` is no result).
fn value_then_prose(text: &str) -> Result<Option<Value>, LimitExceeded> {
    let text = text.trim_start().trim_start_matches('`');
    let Some((value, used)) = checked_literal_prefix(text)? else { return Ok(None) };
    let tail = text[used..].trim_start_matches('`');
    let spaced = tail.starts_with(char::is_whitespace);
    let tail = tail.trim_start();
    let fine = tail.is_empty()
        || tail.starts_with(['.', ',', ';', '!', ')'])
        || (spaced && tail.starts_with(|c: char| c.is_alphabetic() || c == '(' || c == '#'));
    Ok(fine.then_some(value))
}

/// LeetCode-like `Input: a = 1, b = [2]` / `Output: 3` for a named function.
fn functional_pairs(text: &str) -> Result<Vec<TestCase>, LimitExceeded> {
    let mut out = Vec::new();
    for (input, output) in pairs(text) {
        let Some(args) = checked_arguments(&input)?.filter(|a| !a.is_empty()) else { continue };
        let Some(first) = output.lines().next() else { continue };
        let Some(result) = value_then_prose(first)? else { continue };
        if out.len() == MAX_STATED_EXAMPLES {
            return Err(LimitExceeded { limit: Limit::StatedExamples, value: out.len() + 1, max: MAX_STATED_EXAMPLES });
        }
        out.push(functional_case(&args, &result));
    }
    Ok(out)
}

/// "Sample Input"/"Sample Output" (or "Input:"/"Output:") blocks as stdin tests.
fn stdin_pairs(text: &str) -> Result<Vec<TestCase>, LimitExceeded> {
    let tests: Vec<TestCase> = pairs(text)
        .into_iter()
        // `nums = [1, 2]` is a call's arguments, not a program's stdin.
        .filter(|(input, _)| !input.lines().next().is_some_and(is_assignment))
        .map(|(input, output)| TestCase { input: format!("{input}\n"), output: Some(format!("{output}\n")) })
        .collect();
    Limit::StatedExamples.check(tests.len())?;
    Ok(tests)
}

fn is_assignment(line: &str) -> bool {
    let t = line.trim();
    let name = ident_at(t);
    let after = t[name.len()..].trim_start();
    !name.is_empty() && after.starts_with('=') && !after.starts_with("==")
}

#[cfg(test)]
#[path = "examples_tests.rs"]
mod tests;
