//! Demo code left at the end of a stdin program (`print(solve("abc"))`,
//! asserts, a `__main__` block of such calls) prints what the judge reads
//! as the answer. It is dropped only when it calls the program's own
//! function on literals, nothing dropped reads stdin, and what is kept
//! still does.

use std::collections::HashSet;

use super::tokens::{call, logical_lines, split, text_of, Kind, Line, Token};
use super::{assigned, def_of, units, Unit};
use crate::problem::literal::literal;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Demo {
    /// Part of the program.
    No,
    /// Prints literals only: dropped only after a real demo.
    Neutral,
    /// Calls the program's own function on literals, or asserts.
    Yes,
}

/// The program's top-level statements and what reads stdin in it.
pub(super) struct Program<'s, 'a> {
    src: &'a str,
    lines: &'s [Line<'a>],
    pub(super) top: Vec<Unit>,
    pub(super) functions: HashSet<&'a str>,
    /// `input`, `stdin`, names bound to them, and functions/classes using them.
    readers: HashSet<&'a str>,
}

impl<'s, 'a> Program<'s, 'a> {
    pub(super) fn new(src: &'a str, lines: &'s [Line<'a>]) -> Self {
        let top = units(lines, 0, lines.len());
        let functions = top.iter().filter_map(|u| def_of(&lines[u.head])).map(|d| d.name).collect();
        let mut p = Self { src, lines, top, functions, readers: ["input", "stdin", "fileinput"].into() };
        loop {
            let known = p.readers.len();
            for u in p.top.clone() {
                let head = &lines[u.head].tokens;
                let class = if head[0].is("class") { head.get(1).map(|t| t.text) } else { None };
                let name = def_of(&lines[u.head]).map(|d| d.name).or(class).or_else(|| alias(head));
                if let Some(name) = name.filter(|_| p.mentions(&p.unit_tokens(u))) {
                    p.readers.insert(name);
                }
            }
            if p.readers.len() == known {
                return p;
            }
        }
    }

    fn unit_tokens(&self, u: Unit) -> Vec<Token<'a>> {
        self.lines[u.head..u.end].iter().flat_map(|l| l.tokens.iter().copied()).collect()
    }

    fn mentions(&self, t: &[Token<'_>]) -> bool {
        t.iter().any(|x| x.kind == Kind::Name && self.readers.contains(x.text))
            || t.windows(3).any(|w| w[0].is("open") && w[1].is("(") && w[2].is("0"))
    }

    /// Whether running the top level reads stdin (binding an alias or
    /// defining a function does not).
    pub(super) fn reads_stdin(&self) -> bool {
        self.top.iter().any(|&u| {
            let head = &self.lines[u.head].tokens;
            let defines =
                ["def", "async", "class", "@", "import", "from"].iter().any(|k| head[0].is(k)) || alias(head).is_some();
            !defines && self.mentions(&self.unit_tokens(u))
        })
    }

    fn unit_kind(&self, u: Unit) -> Demo {
        let head = &self.lines[u.head].tokens;
        match main_guard(head) {
            Some(inline) if !inline.is_empty() => self.statement_kind(inline),
            Some(_) => {
                let body = units(self.lines, u.head + 1, u.end);
                if self.demo_suffix(&body) == Some(0) {
                    Demo::Yes
                } else {
                    Demo::No
                }
            }
            None if u.end > u.head + 1 => Demo::No,
            None => self.statement_kind(head),
        }
    }

    fn statement_kind(&self, tokens: &[Token<'_>]) -> Demo {
        let kinds: Vec<Demo> =
            split(tokens, ";").into_iter().filter(|s| !s.is_empty()).map(|s| self.simple_kind(s)).collect();
        if kinds.is_empty() || kinds.contains(&Demo::No) {
            Demo::No
        } else if kinds.contains(&Demo::Yes) {
            Demo::Yes
        } else {
            Demo::Neutral
        }
    }

    fn simple_kind(&self, t: &[Token<'_>]) -> Demo {
        if t[0].is("assert") {
            return if self.mentions(t) { Demo::No } else { Demo::Yes };
        }
        self.expr_kind(t)
    }

    /// A literal, or a call of `print` or of the program's own function
    /// (one that reads no stdin) with such arguments.
    fn expr_kind(&self, t: &[Token<'_>]) -> Demo {
        if literal(text_of(self.src, t)).is_some() {
            return Demo::Neutral;
        }
        let Some((name, args)) = call(t) else { return Demo::No };
        let kinds: Vec<Demo> = split(args, ",")
            .into_iter()
            .filter(|a| !a.is_empty())
            .map(|a| if a.len() > 2 && a[0].kind == Kind::Name && a[1].is("=") { &a[2..] } else { a })
            .map(|a| self.expr_kind(a))
            .collect();
        if kinds.contains(&Demo::No) {
            Demo::No
        } else if name == "print" {
            if kinds.contains(&Demo::Yes) {
                Demo::Yes
            } else {
                Demo::Neutral
            }
        } else if self.functions.contains(name) && !self.readers.contains(name) && !kinds.is_empty() {
            Demo::Yes
        } else {
            Demo::No
        }
    }

    /// Where the trailing demo statements of `units` start: the first real
    /// demo of the last run of demo-or-literal-print statements.
    pub(super) fn demo_suffix(&self, units: &[Unit]) -> Option<usize> {
        let mut start = units.len();
        while start > 0 && self.unit_kind(units[start - 1]) != Demo::No {
            start -= 1;
        }
        (start..units.len()).find(|&k| self.unit_kind(units[k]) == Demo::Yes)
    }
}

/// `if __name__ == "__main__":` and what follows its colon on that line.
pub(super) fn main_guard<'t, 'a>(head: &'t [Token<'a>]) -> Option<&'t [Token<'a>]> {
    let [i, name, eq, main, colon, inline @ ..] = head else { return None };
    let guard = i.is("if")
        && name.is("__name__")
        && eq.is("==")
        && matches!(main.text, "\"__main__\"" | "'__main__'")
        && colon.is(":");
    guard.then_some(inline)
}

/// `name = <no call>` or `name = lambda ...`: binds, reads nothing yet.
fn alias<'a>(head: &[Token<'a>]) -> Option<&'a str> {
    let name = assigned(head)?;
    let value = &head[2..];
    (value.first().is_some_and(|t| t.is("lambda")) || !value.iter().any(|t| t.is("("))).then_some(name)
}

/// The code without its trailing demo lines, if it still reads stdin.
pub(super) fn drop_demo(code: &str) -> Option<String> {
    let lines = logical_lines(code)?;
    let p = Program::new(code, &lines);
    let head = match p.demo_suffix(&p.top) {
        Some(k) => p.top[k].head,
        None => {
            let last = *p.top.last()?;
            main_guard(&lines[last.head].tokens).filter(|inline| inline.is_empty())?;
            let body = units(&lines, last.head + 1, last.end);
            body[p.demo_suffix(&body).filter(|&k| k > 0)?].head
        }
    };
    // The comments just above a demo ("# Example usage:") go with it.
    let cut = head.checked_sub(1).map_or(0, |prev| lines[prev].last + 1);
    let kept = format!("{}\n", code.lines().take(cut).collect::<Vec<_>>().join("\n").trim_end());
    let kept_lines = logical_lines(&kept)?;
    (!kept.trim().is_empty() && Program::new(&kept, &kept_lines).reads_stdin()).then_some(kept)
}
