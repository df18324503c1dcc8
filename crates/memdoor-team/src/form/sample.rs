//! A stdin program that never reads its input but ends by calling its own
//! function on the sample's input written out as a literal
//! (`print(reverse("stressed"))`) prints the sample's answer whatever the
//! input is. That call is made to read the input instead — only when its
//! literal arguments are exactly a sample's input in one of a few plain
//! shapes (one line as a string, one integer, the whitespace-separated
//! values as arguments or as one list) — and the rest of the demo goes.
//! The function itself is not touched.

use serde_json::Value;

use super::demo::{main_guard, Program};
use super::tokens::{call, logical_lines, text_of, Kind, Line};
use super::{units, Unit};
use crate::problem::literal::arguments;

/// The program reading stdin where its demo call read a sample, if it can.
pub(super) fn read_sample(code: &str, samples: &[String]) -> Option<String> {
    let lines = logical_lines(code)?;
    if reads_anything(&lines) {
        return None;
    }
    let p = Program::new(code, &lines);
    // One call on a sample anywhere (often in a `main()` the program calls): its arguments are replaced in place.
    let calls: Vec<(std::ops::Range<usize>, &str)> =
        lines.iter().filter_map(|l| sample_call(code, l, &p, samples)).collect();
    if let [(args, read)] = &calls[..] {
        let mut out = code.to_string();
        out.replace_range(args.clone(), read);
        return Some(out);
    }
    let demos: Vec<Unit> = match p.demo_suffix(&p.top) {
        Some(k) => p.top[k..].to_vec(),
        None => {
            // The demo may be the body of a closing `if __name__ == "__main__":`.
            let last = *p.top.last()?;
            let body = units(&lines, last.head + 1, last.end);
            body[p.demo_suffix(&body)?..].to_vec()
        }
    };
    // A closing guard that is all demo is looked into; what replaces it stands at the top.
    let statements = demos.iter().flat_map(|&u| match main_guard(&lines[u.head].tokens) {
        Some(inline) if inline.is_empty() && u.end > u.head + 1 => units(&lines, u.head + 1, u.end),
        _ => vec![u],
    });
    for u in statements.filter(|u| u.end == u.head + 1) {
        let Some(statement) = rewritten(code, &lines[u.head], &p, samples) else { continue };
        // The comments just above the demo ("# Example usage:") go with it.
        let cut = demos[0].head.checked_sub(1).map_or(0, |prev| lines[prev].last + 1);
        let kept = code.lines().take(cut).collect::<Vec<_>>().join("\n");
        let indent = " ".repeat(lines[demos[0].head].indent);
        return Some(format!("{}\n\n{indent}{statement}\n", kept.trim_end()));
    }
    None
}

/// Whether anything in the code could read stdin already (then it is not ours to guess).
fn reads_anything(lines: &[Line<'_>]) -> bool {
    let tokens: Vec<_> = lines.iter().flat_map(|l| l.tokens.iter()).collect();
    tokens.iter().any(|t| t.kind == Kind::Name && ["input", "stdin", "fileinput", "open"].contains(&t.text))
}

/// `print(f(<sample>))` or `f(<sample>)` with the literal made a read.
fn rewritten(code: &str, line: &Line<'_>, p: &Program<'_, '_>, samples: &[String]) -> Option<String> {
    let (args, read) = sample_call(code, line, p, samples)?;
    let mut statement = code[line_span(code, line)].to_string();
    let start = line_span(code, line).start;
    statement.replace_range(args.start - start..args.end - start, read);
    Some(statement.trim().to_string())
}

/// The bytes of a one-line statement (tokens from first to last).
fn line_span(code: &str, line: &Line<'_>) -> std::ops::Range<usize> {
    let text = text_of(code, &line.tokens);
    let start = line.tokens[0].start;
    start..start + text.len()
}

/// In `print(f(<sample>))` or `f(<sample>)`, `f` the program's own function:
/// the bytes of the arguments, and the read that replaces them.
fn sample_call(
    code: &str,
    line: &Line<'_>,
    p: &Program<'_, '_>,
    samples: &[String],
) -> Option<(std::ops::Range<usize>, &'static str)> {
    let t = &line.tokens[..];
    let inner = match call(t) {
        Some(("print", args)) => args,
        _ => t,
    };
    let (name, args) = call(inner)?;
    if !p.functions.contains(name) || args.is_empty() {
        return None;
    }
    let values = arguments(text_of(code, args))?;
    let read = samples.iter().find_map(|s| reading(&values, s))?;
    Some((args[0].start..args[args.len() - 1].end(), read))
}

/// The expression that reads `sample` as the literal `args` hold it.
fn reading(args: &[Value], sample: &str) -> Option<&'static str> {
    let lines: Vec<&str> = sample.lines().filter(|l| !l.trim().is_empty()).collect();
    let tokens: Vec<&str> = sample.split_whitespace().collect();
    let int = |v: &Value| v.as_i64().map(|n| n.to_string());
    let ints = |vs: &[Value]| vs.iter().map(int).collect::<Option<Vec<String>>>();
    let same = |a: &[String], b: &[&str]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y);
    match args {
        [Value::String(s)] if lines.len() == 1 && !s.is_empty() && s == lines[0].trim() => Some("input()"),
        [v] if tokens.len() == 1 && int(v).as_deref() == Some(tokens[0]) => Some("int(input())"),
        [v] if v.is_f64() && tokens.len() == 1 && tokens[0].parse::<f64>().ok() == v.as_f64() => Some("float(input())"),
        [Value::Array(xs)] if !xs.is_empty() => {
            if let Some(xs) = ints(xs) {
                if same(&xs, &tokens) {
                    return Some("list(map(int, open(0).read().split()))");
                }
                let counted = tokens.first().is_some_and(|n| *n == xs.len().to_string());
                return (counted && same(&xs, &tokens[1..])).then_some("list(map(int, open(0).read().split()))[1:]");
            }
            let strs: Option<Vec<String>> = xs.iter().map(|v| v.as_str().map(str::to_string)).collect();
            strs.filter(|s| same(s, &tokens)).map(|_| "open(0).read().split()")
        }
        vs if vs.len() >= 2 => ints(vs).filter(|xs| same(xs, &tokens)).map(|_| "*map(int, open(0).read().split())"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn a_call_on_the_sample_string_reads_the_line() {
        let code =
            "def rev(s):\n    return s[::-1]\n\n# Example usage:\nprint(rev(\"stressed\"))\nprint(rev('a1b2c3'))\n";
        let out = read_sample(code, &samples(&["stressed\n", "a1b2c3\n"])).unwrap();
        assert_eq!(out, "def rev(s):\n    return s[::-1]\n\nprint(rev(input()))\n");
    }

    #[test]
    fn numbers_lists_and_main_guards_read_in_their_shapes() {
        let code = "def f(n):\n    return n * 2\n\nf(12)\n";
        assert_eq!(read_sample(code, &samples(&["12\n"])).unwrap(), "def f(n):\n    return n * 2\n\nf(int(input()))\n");
        let code = "def add(a, b):\n    return a + b\n\nprint(add(3, 5))\n";
        assert!(read_sample(code, &samples(&["3\n5\n"]))
            .unwrap()
            .ends_with("print(add(*map(int, open(0).read().split())))\n"));
        let code = "def big(xs):\n    return max(xs)\n\nif __name__ == \"__main__\":\n    print(big([4, 9, 2]))\n";
        let out = read_sample(code, &samples(&["3\n4 9 2\n"])).unwrap();
        assert!(
            out.ends_with("if __name__ == \"__main__\":\n    print(big(list(map(int, open(0).read().split()))[1:]))\n"),
            "{out}"
        );
        // Two demos in a closing guard: the guard goes, one call reading stdin stands at the top.
        let code = "def big(xs):\n    return max(xs)\n\nif __name__ == \"__main__\":\n    print(big([4, 9, 2]))\n    print(big([1]))\n";
        let out = read_sample(code, &samples(&["4 9 2\n", "1\n"])).unwrap();
        assert_eq!(out, "def big(xs):\n    return max(xs)\n\nprint(big(list(map(int, open(0).read().split()))))\n");
    }

    #[test]
    fn one_call_on_a_sample_inside_main_is_replaced_in_place() {
        let code = "def rev(s):\n    return s[::-1]\n\ndef main():\n    print(rev(\"stressed\"))  # demo\n\nmain()\n";
        let out = read_sample(code, &samples(&["stressed\n"])).unwrap();
        assert_eq!(out, "def rev(s):\n    return s[::-1]\n\ndef main():\n    print(rev(input()))  # demo\n\nmain()\n");
    }

    #[test]
    fn anything_else_is_left_alone() {
        let s = samples(&["stressed\n"]);
        // Not the sample's input: a constant, not a demo of the input.
        assert_eq!(read_sample("def rev(s):\n    return s[::-1]\n\nprint(rev('abc'))\n", &s), None);
        // Already reads stdin.
        assert_eq!(read_sample("def rev(s):\n    return s[::-1]\n\nx = input()\nprint(rev('stressed'))\n", &s), None);
        // Not the program's own function.
        assert_eq!(read_sample("print(len('stressed'))\n", &s), None);
        // Two lines of input are not one string.
        assert_eq!(read_sample("def f(s):\n    return s\n\nprint(f('a b'))\n", &samples(&["a\nb\n"])), None);
        // No samples, no guess.
        assert_eq!(read_sample("def rev(s):\n    return s[::-1]\n\nprint(rev('stressed'))\n", &[]), None);
    }
}
