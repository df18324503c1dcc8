//! Repairs of a draft's form that never touch its logic. Small models
//! write a right function under a wrong shape — a method outside its class,
//! another name than the starter's, a prompt passed to `input`, demo calls
//! left at the end — and the judge then fails logic that was fine. Each
//! repair appends or removes whole lines (or a prompt string) and is made
//! only when the reading of the code is certain; otherwise the code is
//! returned as it was.

mod demo;
mod sample;
mod tokens;

use std::collections::HashSet;

// The repairs are recorded on drafts, so the type lives with the events.
pub use crate::domain::Repair;
use crate::problem::{Mode, Problem};
use tokens::{logical_lines, split, Kind, Line, Token};

/// [`repair_form`] for a problem: its mode, starter code and public inputs.
pub fn repair_for_problem(code: &str, problem: &Problem) -> (String, Vec<Repair>) {
    let samples: Vec<String> = problem.public_tests.iter().map(|t| t.input.clone()).collect();
    repair_form(code, &problem.mode, &problem.starter_code, &samples)
}

/// The code the judge should run, and which repairs made it so (empty: unchanged).
/// `samples` are the public tests' inputs (a stdin demo call is matched against them).
pub fn repair_form(code: &str, mode: &Mode, starter_code: &str, samples: &[String]) -> (String, Vec<Repair>) {
    match mode {
        Mode::Functional { fn_name } => match functional(code, fn_name, starter_code) {
            Some((addition, repairs)) => (format!("{}\n\n{addition}", code.trim_end()), repairs),
            None => (code.to_string(), Vec::new()),
        },
        Mode::Stdin => stdin(code, samples),
        Mode::HumanEval { .. } => (code.to_string(), Vec::new()),
    }
}

/// A `def` header: its name and parameter names (`*`/`/` markers left out).
struct Def<'a> {
    name: &'a str,
    params: Vec<&'a str>,
}

impl Def<'_> {
    fn has_self(&self) -> bool {
        self.params.first() == Some(&"self")
    }
    fn arity(&self) -> usize {
        self.params.len() - usize::from(self.has_self())
    }
}

fn def_of<'a>(line: &Line<'a>) -> Option<Def<'a>> {
    let t = &line.tokens[..];
    let t = if t.first()?.is("async") { &t[1..] } else { t };
    let [def, name, open, rest @ ..] = t else { return None };
    if !def.is("def") || name.kind != Kind::Name || !open.is("(") {
        return None;
    }
    let close = rest.iter().position(|x| x.depth == open.depth && x.is(")"))?;
    let params = split(&rest[..close], ",")
        .into_iter()
        .filter(|p| !p.is_empty() && !(p.len() == 1 && (p[0].is("*") || p[0].is("/"))))
        .map(|p| p.iter().find(|x| x.kind == Kind::Name).map_or("", |x| x.text))
        .collect();
    Some(Def { name: name.text, params })
}

/// `name = ...` (a plain assignment): the name.
fn assigned<'a>(tokens: &[Token<'a>]) -> Option<&'a str> {
    match tokens {
        [name, eq, ..] if name.kind == Kind::Name && eq.is("=") => Some(name.text),
        _ => None,
    }
}

/// A statement and the lines of its block: `lines[head..end]`.
#[derive(Debug, Clone, Copy)]
struct Unit {
    head: usize,
    end: usize,
}

/// The statements of `lines[from..to]`, at the indentation of the first.
fn units(lines: &[Line<'_>], from: usize, to: usize) -> Vec<Unit> {
    let Some(indent) = lines.get(from).map(|l| l.indent) else { return Vec::new() };
    let mut out = Vec::new();
    let mut i = from;
    while i < to {
        let mut end = i + 1;
        while end < to && lines[end].indent > indent {
            end += 1;
        }
        out.push(Unit { head: i, end });
        i = end;
    }
    out
}

/// What a functional draft defines at the top and in `class Solution`.
struct Shape<'a> {
    tops: Vec<Def<'a>>,
    top_names: HashSet<&'a str>,
    class: bool,
    methods: Vec<Def<'a>>,
    /// Methods, class-body assignments and `Solution.x = ...` after the class.
    members: HashSet<&'a str>,
}

fn shape<'a>(lines: &[Line<'a>]) -> Shape<'a> {
    let mut s = Shape {
        tops: Vec::new(),
        top_names: HashSet::new(),
        class: false,
        methods: Vec::new(),
        members: HashSet::new(),
    };
    for u in units(lines, 0, lines.len()) {
        let head = &lines[u.head].tokens;
        if let Some(d) = def_of(&lines[u.head]) {
            s.tops.push(d);
        } else if head[0].is("class") && head.get(1).is_some_and(|t| t.is("Solution")) {
            s.class = true;
            for m in units(lines, u.head + 1, u.end) {
                if let Some(d) = def_of(&lines[m.head]) {
                    s.members.insert(d.name);
                    s.methods.push(d);
                } else if let Some(name) = assigned(&lines[m.head].tokens) {
                    s.members.insert(name);
                }
            }
        } else if let [class, dot, name, eq, ..] = &head[..] {
            if class.is("Solution") && dot.is(".") && eq.is("=") {
                s.members.insert(name.text);
            } else if let Some(name) = assigned(head) {
                s.top_names.insert(name);
            }
        } else if let Some(name) = assigned(head) {
            s.top_names.insert(name);
        }
    }
    s
}

/// Lines to append so that `Solution().fn_name` (or the module's `fn_name`) exists.
fn functional(code: &str, fn_name: &str, starter: &str) -> Option<(String, Vec<Repair>)> {
    use Repair::{RenamedFunction as Renamed, WrappedInSolution as Wrapped};
    let lines = logical_lines(code)?;
    let s = shape(&lines);
    // The harness picks `Solution()` whenever the text holds "class Solution".
    if (s.class && s.members.contains(fn_name))
        || s.top_names.contains(fn_name)
        || (!s.class && code.contains("class Solution"))
    {
        return None;
    }
    let bind = |target: &Def<'_>, value: &str| match (s.class, target.has_self()) {
        (false, true) => format!("class Solution:\n    {fn_name} = {value}\n"),
        (false, false) => format!("{fn_name} = {value}\n"),
        (true, true) => format!("Solution.{fn_name} = {value}\n"),
        (true, false) => format!("Solution.{fn_name} = staticmethod({value})\n"),
    };
    if let Some(d) = s.tops.iter().find(|d| d.name == fn_name) {
        // A plain module-level function is what the harness falls back to.
        return (s.class || d.has_self()).then(|| (bind(d, fn_name), vec![Wrapped]));
    }
    let want = logical_lines(starter)?.iter().filter_map(def_of).find(|d| d.name == fn_name)?.arity();
    let fits = |d: &&Def<'_>| d.arity() == want && !d.name.starts_with("__");
    let methods: Vec<&Def<'_>> = s.methods.iter().filter(|d| d.has_self()).filter(fits).collect();
    let tops: Vec<&Def<'_>> = s.tops.iter().filter(fits).collect();
    match (&methods[..], &tops[..]) {
        ([m], []) => Some((format!("Solution.{fn_name} = Solution.{}\n", m.name), vec![Renamed])),
        ([], [d]) if s.class || d.has_self() => Some((bind(d, d.name), vec![Wrapped, Renamed])),
        ([], [d]) => Some((bind(d, d.name), vec![Renamed])),
        _ => None,
    }
}

fn stdin(code: &str, samples: &[String]) -> (String, Vec<Repair>) {
    let mut out = code.to_string();
    let mut repairs = Vec::new();
    if let Some(fixed) = drop_prompt_text(&out) {
        out = fixed;
        repairs.push(Repair::DroppedPromptText);
    }
    // Dropping a demo can bare another (a `__main__` block's tail), and a
    // call made to read stdin can leave other demos behind it: to a fixed point.
    for _ in 0..6 {
        if let Some(fixed) = demo::drop_demo(&out) {
            out = fixed;
            if !repairs.contains(&Repair::DroppedDemo) {
                repairs.push(Repair::DroppedDemo);
            }
        } else if let Some(fixed) = sample::read_sample(&out, samples) {
            out = fixed;
            if !repairs.contains(&Repair::ReadsInput) {
                repairs.push(Repair::ReadsInput);
            }
        } else {
            break;
        }
    }
    repairs.sort();
    (out, repairs)
}

/// `input("Enter n: ")` writes its prompt to stdout, which the judge reads
/// as output: the string literals go, `input()` stays.
fn drop_prompt_text(code: &str) -> Option<String> {
    let lines = logical_lines(code)?;
    let t: Vec<Token<'_>> = lines.iter().flat_map(|l| l.tokens.iter().copied()).collect();
    if t.windows(2).any(|w| w[0].is("def") && w[1].is("input")) {
        return None; // its own `input` may want that argument
    }
    let mut cuts = Vec::new();
    for k in 0..t.len() {
        if !t[k].is("input") || (k > 0 && t[k - 1].is(".")) || !t.get(k + 1).is_some_and(|o| o.is("(")) {
            continue;
        }
        let strings = t[k + 2..].iter().take_while(|x| x.kind == Kind::Str).count();
        if strings > 0 && t.get(k + 2 + strings).is_some_and(|c| c.is(")")) {
            cuts.push((t[k + 1].start, t[k + 2 + strings].end()));
        }
    }
    let mut out = code.to_string();
    for &(start, end) in cuts.iter().rev() {
        out.replace_range(start..end, "()");
    }
    (!cuts.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests;
