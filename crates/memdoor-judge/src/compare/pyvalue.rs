//! A JSON value as Python's `json.loads` makes it, kept exact: integers as
//! their digits (Python's ints have no size limit, while serde_json would
//! round a large one to a float), floats as Python's floats, and `NaN` /
//! `Infinity`, which Python writes and reads. Equality is Python's `==`.
//! Both the reader and `==` recurse, so nesting is bounded (`MAX_DEPTH`);
//! dicts are hashed by key, so reading and comparing one is linear in its
//! size (a draft may return a dict of any size).

use std::collections::HashMap;

#[derive(Debug)]
pub(crate) enum PyValue {
    None,
    Bool(bool),
    /// Sign and digits without leading zeros ("0" for zero).
    Int {
        negative: bool,
        digits: String,
    },
    Float(f64),
    Str(String),
    List(Vec<PyValue>),
    /// JSON keys are strings; a repeated key keeps its last value, as in
    /// `json.loads`. (SipHash with random keys: no input makes it collide.)
    Dict(HashMap<String, PyValue>),
}

/// Nesting deeper than this is refused (Python's own limit is about 1,000).
const MAX_DEPTH: usize = 512;

impl PyValue {
    pub fn parse(text: &str) -> Option<PyValue> {
        let mut p = Parser { s: text.as_bytes(), text, i: 0 };
        let v = p.value(0)?;
        p.space();
        (p.i == p.s.len()).then_some(v)
    }

    pub fn equals(&self, other: &PyValue) -> bool {
        use PyValue::*;
        match (self, other) {
            (None, None) => true,
            (Str(a), Str(b)) => a == b,
            (List(a), List(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.equals(y)),
            // Keys are unique on each side, so equal lengths and every key of
            // `a` found in `b` with an equal value is Python's dict `==`.
            (Dict(a), Dict(b)) => a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|v2| v.equals(v2))),
            _ => match (self.number(), other.number()) {
                (Some(a), Some(b)) => a.equals(&b),
                _ => false,
            },
        }
    }

    /// Numbers, with `True`/`False` as the ints 1/0 (Python's bool is an int).
    fn number(&self) -> Option<Number<'_>> {
        match self {
            PyValue::Bool(b) => Some(Number::Int(false, if *b { "1" } else { "0" })),
            PyValue::Int { negative, digits } => Some(Number::Int(*negative, digits)),
            PyValue::Float(f) => Some(Number::Float(*f)),
            _ => Option::None,
        }
    }
}

enum Number<'a> {
    Int(bool, &'a str),
    Float(f64),
}

impl Number<'_> {
    fn equals(&self, other: &Number<'_>) -> bool {
        match (self, other) {
            (Number::Int(n1, d1), Number::Int(n2, d2)) => d1 == d2 && (n1 == n2 || *d1 == "0"),
            (Number::Float(a), Number::Float(b)) => a == b,
            // Python compares an int with a float exactly, not after rounding the int.
            (Number::Int(n, d), Number::Float(f)) | (Number::Float(f), Number::Int(n, d)) => {
                f.is_finite() && f.fract() == 0.0 && {
                    let exact = format!("{:.0}", f.abs());
                    exact == *d && (*n == (*f < 0.0) || exact == "0")
                }
            }
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, word: &str) -> bool {
        let hit = self.s[self.i..].starts_with(word.as_bytes());
        if hit {
            self.i += word.len();
        }
        hit
    }

    fn value(&mut self, depth: usize) -> Option<PyValue> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.space();
        let v = match *self.s.get(self.i)? {
            b'n' if self.eat("null") => PyValue::None,
            b't' if self.eat("true") => PyValue::Bool(true),
            b'f' if self.eat("false") => PyValue::Bool(false),
            b'N' if self.eat("NaN") => PyValue::Float(f64::NAN),
            b'I' if self.eat("Infinity") => PyValue::Float(f64::INFINITY),
            b'-' if self.eat("-Infinity") => PyValue::Float(f64::NEG_INFINITY),
            b'"' => PyValue::Str(self.string()?),
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                self.space();
                if !self.eat("]") {
                    loop {
                        items.push(self.value(depth + 1)?);
                        self.space();
                        if self.eat("]") {
                            break;
                        }
                        self.eat(",").then_some(())?;
                    }
                }
                PyValue::List(items)
            }
            b'{' => {
                self.i += 1;
                let mut items: HashMap<String, PyValue> = HashMap::new();
                self.space();
                if !self.eat("}") {
                    loop {
                        self.space();
                        let key = self.string()?;
                        self.space();
                        self.eat(":").then_some(())?;
                        let value = self.value(depth + 1)?;
                        items.insert(key, value);
                        self.space();
                        if self.eat("}") {
                            break;
                        }
                        self.eat(",").then_some(())?;
                    }
                }
                PyValue::Dict(items)
            }
            b'-' | b'0'..=b'9' => self.number()?,
            _ => return None,
        };
        Some(v)
    }

    /// A JSON string, unescaped by serde_json.
    fn string(&mut self) -> Option<String> {
        let start = self.i;
        (self.s.get(self.i) == Some(&b'"')).then_some(())?;
        self.i += 1;
        loop {
            match *self.s.get(self.i)? {
                b'\\' => self.i += 2,
                b'"' => break,
                _ => self.i += 1,
            }
        }
        self.i += 1;
        serde_json::from_str(self.text.get(start..self.i)?).ok()
    }

    /// JSON's number grammar; ints keep their digits.
    fn number(&mut self) -> Option<PyValue> {
        let start = self.i;
        let negative = self.eat("-");
        let int_start = self.i;
        while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        let int = &self.text[int_start..self.i];
        if int.is_empty() || (int.len() > 1 && int.starts_with('0')) {
            return None;
        }
        let mut float = false;
        if self.eat(".") {
            float = true;
            let from = self.i;
            while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
                self.i += 1;
            }
            (self.i > from).then_some(())?;
        }
        if matches!(self.s.get(self.i), Some(b'e' | b'E')) {
            float = true;
            self.i += 1;
            if matches!(self.s.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            let from = self.i;
            while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
                self.i += 1;
            }
            (self.i > from).then_some(())?;
        }
        if float {
            // Rust's parse rounds correctly, as Python's float() does.
            return self.text[start..self.i].parse().ok().map(PyValue::Float);
        }
        Some(PyValue::Int { negative, digits: int.to_string() })
    }
}
