//! Python literals read as JSON: examples in a problem's text and the
//! arguments of calls in a draft are written in Python, while the harness
//! reads one JSON value per line. Only what converts exactly is read (ints,
//! finite floats, strings, True/False/None, lists, tuples as lists, dicts
//! with string keys); anything else — a name, an expression, a set, bytes,
//! an f-string — is `None`, so an example is skipped rather than guessed.
//! Brackets nested deeper than [`MAX_LITERAL_DEPTH`] are not a literal
//! either: the reader recurses, and hostile text (model output, a prompt of
//! 6,000 `[`) must not overflow the stack.

use serde_json::{Map, Number, Value};

use super::limits::{Limit, LimitExceeded, MAX_LITERAL_DEPTH};

/// The text, trimmed, as exactly one literal.
pub fn literal(text: &str) -> Option<Value> {
    checked_literal(text).ok().flatten()
}

/// The literal at the start of `text` and the bytes it took (tests and the fuzz target).
pub fn literal_prefix(text: &str) -> Option<(Value, usize)> {
    checked_literal_prefix(text).ok().flatten()
}

/// Call arguments (`1, "a", k=[2]`): literals separated by commas, a
/// keyword's value taken in order. No arguments is an empty list.
pub fn arguments(text: &str) -> Option<Vec<Value>> {
    checked_arguments(text).ok().flatten()
}

/// As [`literal`], telling brackets nested past the limit from "not a literal".
pub(crate) fn checked_literal(text: &str) -> Result<Option<Value>, LimitExceeded> {
    run(text, |p| {
        let v = p.value()?;
        p.space(true);
        p.at_end().then_some(v)
    })
}

/// As [`literal_prefix`], telling brackets nested past the limit from "not a literal".
pub(crate) fn checked_literal_prefix(text: &str) -> Result<Option<(Value, usize)>, LimitExceeded> {
    run(text, |p| {
        let v = p.value()?;
        Some((v, p.i))
    })
}

/// As [`arguments`], telling brackets nested past the limit from "not arguments".
pub(crate) fn checked_arguments(text: &str) -> Result<Option<Vec<Value>>, LimitExceeded> {
    run(text, |p| {
        let mut out = Vec::new();
        loop {
            p.space(true);
            if p.at_end() {
                return Some(out);
            }
            p.keyword();
            out.push(p.value()?);
            p.space(true);
            if !p.eat(',') {
                return p.at_end().then_some(out);
            }
        }
    })
}

fn run<T>(text: &str, read: impl FnOnce(&mut Parser<'_>) -> Option<T>) -> Result<Option<T>, LimitExceeded> {
    let mut p = Parser { s: text, i: 0, depth: 0, too_deep: false };
    let v = read(&mut p);
    if p.too_deep {
        return Err(LimitExceeded { limit: Limit::LiteralDepth, value: MAX_LITERAL_DEPTH + 1, max: MAX_LITERAL_DEPTH });
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a str,
    i: usize,
    /// Containers open around the value being read.
    depth: usize,
    /// Whether reading stopped at a container past `MAX_LITERAL_DEPTH`.
    too_deep: bool,
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        let s: &'a str = self.s;
        &s[self.i..]
    }
    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }
    fn at_end(&self) -> bool {
        self.i >= self.s.len()
    }
    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.i += c.len_utf8();
        }
        hit
    }
    /// Skips blanks; newlines only where Python allows them (inside brackets).
    fn space(&mut self, newlines: bool) {
        while let Some(c) = self.peek() {
            if c == ' ' || c == '\t' || (newlines && (c == '\n' || c == '\r')) {
                self.i += 1;
            } else {
                break;
            }
        }
    }
    fn word(&self) -> &'a str {
        let r = self.rest();
        &r[..r.find(|c: char| !is_ident(c)).unwrap_or(r.len())]
    }
    /// Steps over `name=` (but not `name ==`).
    fn keyword(&mut self) {
        let start = self.i;
        let w = self.word();
        if !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()) {
            self.i += w.len();
            self.space(false);
            if self.eat('=') && self.peek() != Some('=') {
                return;
            }
        }
        self.i = start;
    }

    fn value(&mut self) -> Option<Value> {
        self.space(true);
        let c = self.peek()?;
        if matches!(c, '[' | '(' | '{') {
            if self.depth >= MAX_LITERAL_DEPTH {
                self.too_deep = true;
                return None;
            }
            self.depth += 1;
            let v = self.container(c);
            self.depth -= 1;
            return v;
        }
        match c {
            '"' | '\'' => self.strings(false),
            '-' | '+' | '0'..='9' | '.' => self.number(),
            _ => {
                let w = self.word();
                let prefixed =
                    matches!(w, "r" | "R" | "u" | "U") && matches!(self.rest()[1..].chars().next(), Some('"' | '\''));
                if prefixed {
                    self.i += 1;
                    return self.strings(w == "r" || w == "R");
                }
                let v = match w {
                    "True" => Value::Bool(true),
                    "False" => Value::Bool(false),
                    "None" => Value::Null,
                    _ => return None,
                };
                self.i += w.len();
                Some(v)
            }
        }
    }

    /// A list, a tuple (read as a list) or a dict, at its opening bracket.
    fn container(&mut self, open: char) -> Option<Value> {
        match open {
            '[' => {
                self.i += 1;
                Some(Value::Array(self.items(']')?.0))
            }
            '(' => {
                self.i += 1;
                let (mut items, comma) = self.items(')')?;
                // `(x)` is x; `(x,)` and `()` are tuples, read as lists.
                Some(if items.len() == 1 && !comma { items.pop()? } else { Value::Array(items) })
            }
            _ => self.dict(),
        }
    }

    /// Comma-separated values up to `close`; whether a comma followed the last.
    fn items(&mut self, close: char) -> Option<(Vec<Value>, bool)> {
        let mut out = Vec::new();
        let mut comma = false;
        loop {
            self.space(true);
            if self.eat(close) {
                return Some((out, comma));
            }
            out.push(self.value()?);
            self.space(true);
            comma = self.eat(',');
            if !comma {
                self.space(true);
                return self.eat(close).then_some((out, false));
            }
        }
    }

    fn dict(&mut self) -> Option<Value> {
        self.i += 1;
        let mut map = Map::new();
        loop {
            self.space(true);
            if self.eat('}') {
                return Some(Value::Object(map));
            }
            // JSON keys are strings; a dict keyed otherwise would not equal
            // what json.loads gives back, and `{1, 2}` is a set.
            let Value::String(key) = self.value()? else { return None };
            self.space(true);
            if !self.eat(':') {
                return None;
            }
            let v = self.value()?;
            map.insert(key, v);
            self.space(true);
            if !self.eat(',') {
                self.space(true);
                return self.eat('}').then_some(Value::Object(map));
            }
        }
    }

    /// One string, and those written right after it (implicit concatenation).
    fn strings(&mut self, raw: bool) -> Option<Value> {
        let mut out = self.string(raw)?;
        loop {
            let save = self.i;
            self.space(false);
            let w = self.word();
            let raw = matches!(w, "r" | "R");
            if (raw || matches!(w, "u" | "U")) && matches!(self.rest()[1..].chars().next(), Some('"' | '\'')) {
                self.i += 1;
            } else if !matches!(self.peek(), Some('"' | '\'')) {
                self.i = save;
                return Some(Value::String(out));
            }
            out += &self.string(raw)?;
        }
    }

    fn string(&mut self, raw: bool) -> Option<String> {
        let q = self.peek()?;
        let triple: String = std::iter::repeat_n(q, 3).collect();
        let long = self.rest().starts_with(&triple);
        self.i += if long { 3 } else { 1 };
        let mut out = String::new();
        let body = self.rest();
        let mut chars = body.char_indices();
        while let Some((at, c)) = chars.next() {
            if (long && body[at..].starts_with(&triple)) || (!long && c == q) {
                self.i += at + if long { 3 } else { 1 };
                return Some(out);
            }
            match c {
                '\n' if !long => return None,
                '\\' => {
                    let (_, e) = chars.next()?;
                    if raw {
                        out.push('\\');
                        out.push(e);
                        continue;
                    }
                    match e {
                        '\n' => {}
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        '0' if !body[at + 2..].starts_with(|c: char| c.is_digit(8)) => out.push('\0'),
                        'a' => out.push('\x07'),
                        'b' => out.push('\x08'),
                        'f' => out.push('\x0c'),
                        'v' => out.push('\x0b'),
                        '\\' | '\'' | '"' => out.push(e),
                        'x' | 'u' | 'U' => {
                            let n = match e {
                                'x' => 2,
                                'u' => 4,
                                _ => 8,
                            };
                            let hex: String = (0..n).filter_map(|_| chars.next().map(|(_, h)| h)).collect();
                            out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                        }
                        // Octal escapes beyond \0 and \N{...} are rare in examples.
                        '0'..='7' | 'N' => return None,
                        other => {
                            out.push('\\');
                            out.push(other);
                        }
                    }
                }
                c => out.push(c),
            }
        }
        None
    }

    fn number(&mut self) -> Option<Value> {
        let start = self.i;
        let negative = self.eat('-');
        if !negative {
            self.eat('+');
        }
        let r = self.rest();
        for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] {
            if let Some(digits) = r.strip_prefix(prefix) {
                let len = digits.find(|c: char| !is_ident(c)).unwrap_or(digits.len());
                let n = i64::from_str_radix(&digits[..len].replace('_', ""), radix).ok()?;
                self.i += prefix.len() + len;
                return Some(Value::from(if negative { -n } else { n }));
            }
        }
        let b = r.as_bytes();
        let digits = |mut j: usize| {
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'_') {
                j += 1;
            }
            j
        };
        let mut j = digits(0);
        let mut float = false;
        // A '.' not followed by a digit ends a sentence, not a number.
        if j + 1 < b.len() && b[j] == b'.' && b[j + 1].is_ascii_digit() {
            j = digits(j + 1);
            float = true;
        }
        if j == 0 || b[0] == b'_' {
            return None;
        }
        if j < b.len() && (b[j] == b'e' || b[j] == b'E') {
            let sign = usize::from(j + 1 < b.len() && (b[j + 1] == b'+' || b[j + 1] == b'-'));
            let end = digits(j + 1 + sign);
            if end > j + 1 + sign {
                j = end;
                float = true;
            }
        }
        if r[j..].starts_with(is_ident) {
            return None; // 3j, 12abc
        }
        let text = self.s[start..self.i + j].replace('_', "");
        self.i += j;
        if float {
            return Number::from_f64(text.parse::<f64>().ok()?).map(Value::Number);
        }
        text.parse::<i64>().map(Value::from).ok().or_else(|| text.parse::<u64>().map(Value::from).ok())
    }
}

#[cfg(test)]
#[path = "literal_tests.rs"]
mod tests;
