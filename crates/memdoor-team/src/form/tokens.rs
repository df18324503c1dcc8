//! Just enough of Python's lexer to see a draft's statements without
//! running it: strings (quotes, prefixes, triple quotes), comments, bracket
//! depth, line continuations, and logical lines with their indentation.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Name,
    Number,
    Str,
    Op,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Token<'a> {
    pub kind: Kind,
    pub text: &'a str,
    /// Byte offset in the source.
    pub start: usize,
    /// Bracket depth around the token (a bracket counts as outside itself).
    pub depth: usize,
}

impl Token<'_> {
    pub fn end(&self) -> usize {
        self.start + self.text.len()
    }
    /// A name or operator spelled `text` (never a string that holds it).
    pub fn is(&self, text: &str) -> bool {
        self.kind != Kind::Str && self.text == text
    }
}

/// One logical line: a statement or a block's header.
#[derive(Debug, Clone)]
pub(crate) struct Line<'a> {
    /// Columns of leading whitespace on its first physical line.
    pub(crate) indent: usize,
    /// Its first and last physical lines (0-based).
    pub first: usize,
    pub last: usize,
    pub tokens: Vec<Token<'a>>,
}

// Longest first, so `==` is never read as `=` `=`.
const OPS: &[&str] = &[
    "**=", "//=", ">>=", "<<=", "...", "->", "==", "!=", "<=", ">=", ":=", "**", "//", "<<", ">>", "+=", "-=", "*=",
    "/=", "%=", "&=", "|=", "^=", "@=",
];

fn ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The source's logical lines; `None` when it does not lex (an unclosed
/// string or bracket): then nothing about it is certain.
pub(crate) fn logical_lines(src: &str) -> Option<Vec<Line<'_>>> {
    let b = src.as_bytes();
    let (mut i, mut line, mut depth, mut line_start) = (0, 0, 0usize, 0);
    let mut lines = Vec::new();
    let mut cur = Line { indent: 0, first: 0, last: 0, tokens: Vec::new() };
    while i < b.len() {
        let c = b[i];
        let start = i;
        let kind = match c {
            b'\n' => {
                if depth == 0 && !cur.tokens.is_empty() {
                    cur.last = line;
                    lines.push(std::mem::replace(&mut cur, Line { indent: 0, first: 0, last: 0, tokens: Vec::new() }));
                }
                line += 1;
                i += 1;
                line_start = i;
                continue;
            }
            b' ' | b'\t' | b'\r' | b'\x0c' => {
                i += 1;
                continue;
            }
            b'#' => {
                i = src[i..].find('\n').map_or(b.len(), |n| i + n);
                continue;
            }
            b'\\' => {
                let next = src[i + 1..].trim_start_matches('\r');
                if !next.starts_with('\n') {
                    return None;
                }
                i = b.len() - next.len() + 1;
                line += 1;
                continue;
            }
            b'"' | b'\'' => {
                i = string_end(b, i, &mut line)?;
                Kind::Str
            }
            c if ident_byte(c) && !c.is_ascii_digit() => {
                let mut j = i;
                while j < b.len() && ident_byte(b[j]) {
                    j += 1;
                }
                let prefix = j - i <= 2 && src[i..j].chars().all(|c| "rRbBuUfF".contains(c));
                if prefix && j < b.len() && (b[j] == b'"' || b[j] == b'\'') {
                    i = string_end(b, j, &mut line)?;
                    Kind::Str
                } else {
                    i = j;
                    Kind::Name
                }
            }
            c if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) => {
                while i < b.len()
                    && (ident_byte(b[i])
                        || b[i] == b'.'
                        || ((b[i] == b'+' || b[i] == b'-') && matches!(b[i - 1], b'e' | b'E')))
                {
                    i += 1;
                }
                Kind::Number
            }
            _ => {
                let op = OPS.iter().find(|op| src[i..].starts_with(*op)).map_or(1, |op| op.len());
                i += op;
                match c {
                    b'(' | b'[' | b'{' => depth += 1,
                    b')' | b']' | b'}' => depth = depth.checked_sub(1)?,
                    _ => {}
                }
                Kind::Op
            }
        };
        if cur.tokens.is_empty() {
            cur.first = line;
            cur.indent = start - line_start;
        }
        // An opening bracket sits outside itself, like its closing one.
        let around = if matches!(c, b'(' | b'[' | b'{') && kind == Kind::Op { depth - 1 } else { depth };
        cur.tokens.push(Token { kind, text: &src[start..i], start, depth: around });
    }
    if depth != 0 {
        return None;
    }
    if !cur.tokens.is_empty() {
        cur.last = line;
        lines.push(cur);
    }
    Some(lines)
}

/// The byte after the string whose quote is at `q`; counts the lines it spans.
fn string_end(b: &[u8], q: usize, line: &mut usize) -> Option<usize> {
    let quote = b[q];
    let long = b.len() >= q + 3 && b[q + 1] == quote && b[q + 2] == quote;
    let mut i = q + if long { 3 } else { 1 };
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if b.get(i + 1) == Some(&b'\n') {
                    *line += 1;
                }
                i += 2;
                continue;
            }
            b'\n' if !long => return None,
            b'\n' => *line += 1,
            c if c == quote && (!long || b[i..].starts_with(&[quote; 3])) => return Some(i + if long { 3 } else { 1 }),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The tokens split at top-level `sep` (at the depth of the first token).
pub fn split<'t, 'a>(tokens: &'t [Token<'a>], sep: &str) -> Vec<&'t [Token<'a>]> {
    let Some(base) = tokens.first().map(|t| t.depth) else { return Vec::new() };
    tokens.split(|t| t.depth == base && t.is(sep)).collect()
}

/// `name(args)` spanning all of `tokens`: the name and the argument tokens.
pub fn call<'t, 'a>(tokens: &'t [Token<'a>]) -> Option<(&'a str, &'t [Token<'a>])> {
    let [name, open, inner @ .., close] = tokens else { return None };
    let whole = name.kind == Kind::Name && open.is("(") && close.is(")") && open.depth == close.depth;
    (whole && inner.iter().all(|t| t.depth > open.depth)).then_some((name.text, inner))
}

/// The source text the tokens cover.
pub(crate) fn text_of<'a>(src: &'a str, tokens: &[Token<'_>]) -> &'a str {
    match (tokens.first(), tokens.last()) {
        (Some(a), Some(z)) => &src[a.start..z.end()],
        _ => "",
    }
}
