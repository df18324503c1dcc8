//! The languages whose definitions memdoor reads — Python, JavaScript (and
//! TypeScript), Rust — and what a line of each defines: the one reading the
//! edit parser (whole definitions, a block under no path) and the prompt
//! (the functions a task names) share. Read line by line, not parsed — a
//! `def` inside a string counts — good enough to name and place a
//! definition, never to run one.

use std::collections::BTreeSet;
use std::path::Path;

/// A language whose definitions a block may give whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Python,
    /// JavaScript and TypeScript: braces, `function`, `class`, `const`.
    JavaScript,
    Rust,
}

/// Words that open a JavaScript statement, never a method: `if (x) {` is not a method `if`.
const JS_KEYWORDS: [&str; 12] =
    ["if", "for", "while", "switch", "catch", "function", "return", "with", "else", "do", "try", "new"];

impl Language {
    /// The language of a file, by its name.
    pub fn of(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "py" => Some(Language::Python),
            "js" | "mjs" | "cjs" | "jsx" | "ts" | "mts" | "cts" | "tsx" => Some(Language::JavaScript),
            "rs" => Some(Language::Rust),
            _ => None,
        }
    }

    /// The language a fence's info string names (```rust, ```js).
    pub(crate) fn of_fence_tag(info: &str) -> Option<Language> {
        match info.split_whitespace().next()?.to_ascii_lowercase().as_str() {
            "python" | "py" | "python3" => Some(Language::Python),
            "javascript" | "js" | "jsx" | "node" | "typescript" | "ts" | "tsx" => Some(Language::JavaScript),
            "rust" | "rs" => Some(Language::Rust),
            _ => None,
        }
    }

    /// The tag of a fenced block of `path`'s code (```python).
    pub fn fence_tag(path: &Path) -> &'static str {
        match path.extension().and_then(|e| e.to_str()) {
            Some("py") => "python",
            Some("rs") => "rust",
            Some("ts" | "mts" | "cts" | "tsx") => "typescript",
            _ => "javascript",
        }
    }

    /// The name a line defines, read from its first character (an indented
    /// line defines nothing: trim it first to read any depth). Python:
    /// `def f(`, `async def f(`, `class C:`. Rust: `fn`, `struct`, `enum`,
    /// `trait`, `type`, `mod`, `const`, `static`, `macro_rules!`, past `pub`
    /// and the qualifiers; `impl X` and `impl T for X` by that header.
    /// JavaScript: `function f(`, `class C`, `const|let|var x =`, past
    /// `export`, `default`, `async`; `module.exports` and `exports.x`; a
    /// method `m(…) {` (also `static`, `async`, `get`, `set`).
    pub(crate) fn definition_name(self, line: &str) -> Option<String> {
        match self {
            Language::Python => python_name(line).map(String::from),
            Language::Rust => rust_name(line),
            Language::JavaScript => js_name(line),
        }
    }

    /// A definition whose body holds definitions read one level down: a
    /// Python `class`, a Rust `impl` or `trait`, a JavaScript `class`.
    pub(crate) fn is_container(self, line: &str) -> bool {
        match self {
            Language::Python => line.starts_with("class "),
            Language::Rust => {
                let rest = strip_visibility(line);
                rest.starts_with("impl") && rust_impl_header(rest).is_some()
                    || rest.strip_prefix("unsafe ").unwrap_or(rest).starts_with("trait ")
            }
            Language::JavaScript => {
                strip_words(line, &["export", "default", "declare", "abstract"]).starts_with("class ")
            }
        }
    }

    /// A lone definition's first line that reads as a method's: JavaScript's
    /// method form (`name(params) {`); in Python and Rust any definition may
    /// be one (the caller reads its parameters).
    pub(crate) fn is_method_form(self, line: &str) -> bool {
        match self {
            Language::JavaScript => js_method(line).is_some(),
            Language::Python | Language::Rust => self.definition_name(line).is_some(),
        }
    }

    /// Whether a definition's text (`definition_text`'s) is a type's rather
    /// than a function's: a Python or JavaScript `class`; a Rust `struct`,
    /// `enum`, `union`, `trait`, `impl`, `type` or `mod`. Read from its
    /// first line past decorators, attributes and comments.
    pub fn defines_type(self, definition: &str) -> bool {
        let head = definition
            .lines()
            .map(str::trim_start)
            .find(|l| !(l.is_empty() || l.starts_with('@') || l.starts_with("#[") || l.starts_with("//")))
            .unwrap_or_default();
        match self {
            Language::Python => head.starts_with("class "),
            Language::Rust => {
                let rest = strip_visibility(head);
                let rest = rest.strip_prefix("unsafe ").unwrap_or(rest);
                ["struct ", "enum ", "union ", "trait ", "impl", "type ", "mod "].iter().any(|k| rest.starts_with(k))
            }
            Language::JavaScript => {
                strip_words(head, &["export", "default", "declare", "abstract"]).starts_with("class ")
            }
        }
    }

    /// A definition's head (`definition_text`'s): its decorators,
    /// attributes and comments, its signature, and in Python its docstring —
    /// what stays when its body is left out. Read roughly (`code_scan`):
    /// Python's signature ends at the first line whose code, outside
    /// brackets, ends with `:`; a brace language's at the line opening its
    /// body. The whole text when no end is found.
    pub fn head_of(self, definition: &str) -> String {
        let mut scan = crate::code_scan::Scan::default();
        let mut lines = definition.split_inclusive('\n');
        let mut head = String::new();
        let mut signature_ended = false;
        for line in lines.by_ref() {
            head.push_str(line);
            let code = line.trim_start();
            if code.starts_with('@') || code.starts_with("#[") || code.starts_with("//") || code.starts_with('#') {
                continue;
            }
            let mut opened_body = false;
            for c in line.chars() {
                let outside = scan.depth == 0;
                let is_code = scan.code(c);
                if !is_code && c == '{' && outside && scan.depth == 1 {
                    opened_body = true;
                }
                if is_code && c == '#' && self == Language::Python {
                    break;
                }
            }
            let ends = match self {
                Language::Python => scan.depth == 0 && python_code(line).trim_end().ends_with(':'),
                Language::Rust | Language::JavaScript => opened_body,
            };
            if ends {
                signature_ended = true;
                break;
            }
        }
        if !signature_ended {
            return definition.to_string();
        }
        if self == Language::Python {
            head.push_str(&python_docstring(&mut lines));
        }
        head
    }

    /// The names `text` defines at column 0, in order (a name defined twice, twice).
    pub(crate) fn top_level_names(self, text: &str) -> Vec<String> {
        text.lines().filter_map(|line| self.definition_name(line)).collect()
    }

    /// The names `text` defines at any depth: functions, methods, classes.
    pub fn names_at_any_depth(self, text: &str) -> BTreeSet<String> {
        text.lines().filter_map(|line| self.definition_name(line.trim_start())).collect()
    }
}

/// The identifier `text` starts with (letters, digits, `_`; `$` in JavaScript).
fn identifier(text: &str) -> Option<&str> {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(text.len());
    (end > 0 && !text.starts_with(|c: char| c.is_ascii_digit())).then_some(&text[..end])
}

/// `text` past any of `words` (each followed by a space), in any order.
fn strip_words<'a>(mut text: &'a str, words: &[&str]) -> &'a str {
    while let Some(rest) = words.iter().find_map(|w| text.strip_prefix(w).and_then(|r| r.strip_prefix(' '))) {
        text = rest.trim_start();
    }
    text
}

/// A Python line without its `#` comment (outside strings).
fn python_code(line: &str) -> &str {
    let mut scan = crate::code_scan::Scan::default();
    match line.char_indices().find(|&(_, c)| scan.code(c) && c == '#') {
        Some((at, _)) => &line[..at],
        None => line,
    }
}

/// The docstring that opens a body, from `lines` (blank lines before it
/// included), or nothing when the body does not open with one.
fn python_docstring<'a>(lines: &mut impl Iterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for line in lines.by_ref() {
        out.push_str(line);
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let t = t.trim_start_matches(['r', 'R', 'u', 'U']);
        let Some(quote) = ["\"\"\"", "'''"].into_iter().find(|q| t.starts_with(q)) else { return String::new() };
        if t.len() >= 6 && t[3..].contains(quote) {
            return out;
        }
        for line in lines.by_ref() {
            out.push_str(line);
            if line.contains(quote) {
                return out;
            }
        }
        return String::new();
    }
    String::new()
}

fn python_name(line: &str) -> Option<&str> {
    let rest = ["def ", "async def ", "class "].iter().find_map(|k| line.strip_prefix(k))?.trim_start();
    identifier(rest).filter(|name| !name.contains('$'))
}

/// A Rust line past `pub`, `pub(crate)`, `pub(in path)`.
fn strip_visibility(line: &str) -> &str {
    match line.strip_prefix("pub") {
        Some(rest) if rest.starts_with('(') => rest.find(')').map_or(line, |end| rest[end + 1..].trim_start()),
        Some(rest) if rest.starts_with(' ') => rest.trim_start(),
        _ => line,
    }
}

/// `impl<T> Display for Pager<T> {` → `impl Display for Pager<T>`: the
/// header past the impl's own generics (the trait's and the type's stay:
/// `impl From<u32> for Id` is not `impl From<u64> for Id`), without `where`
/// or the brace, spaces made single.
fn rust_impl_header(rest: &str) -> Option<String> {
    let mut tail = rest.strip_prefix("impl")?;
    if tail.starts_with('<') {
        // Past the generics: the `>` that closes the first `<`.
        let mut depth = 0usize;
        let end = tail.char_indices().find(|&(_, c)| {
            depth = match c {
                '<' => depth + 1,
                '>' => depth.saturating_sub(1),
                _ => depth,
            };
            c == '>' && depth == 0
        })?;
        tail = &tail[end.0 + 1..];
    } else if !tail.starts_with(' ') {
        return None;
    }
    let head = tail.split('{').next().unwrap_or("");
    let head = head.split(" where").next().unwrap_or(head);
    let words: Vec<&str> = head.split_whitespace().collect();
    (!words.is_empty()).then(|| format!("impl {}", words.join(" ")))
}

fn rust_name(line: &str) -> Option<String> {
    let rest = strip_visibility(line);
    if rest.starts_with("impl") {
        return rust_impl_header(rest);
    }
    if let Some(after) = rest.strip_prefix("macro_rules!") {
        return identifier(after.trim_start()).map(String::from);
    }
    let mut rest = strip_words(rest, &["default", "async", "unsafe"]);
    // `const fn f`, `const unsafe fn f`: a qualifier; `const N: usize` is the item.
    if let Some(after) = rest.strip_prefix("const ") {
        if ["fn ", "unsafe ", "async ", "extern "].iter().any(|k| after.trim_start().starts_with(k)) {
            rest = strip_words(after.trim_start(), &["async", "unsafe"]);
        }
    }
    let rest = match rest.strip_prefix("extern ") {
        // `extern "C" fn f`: past the ABI.
        Some(abi) => {
            abi.trim_start().strip_prefix('"').and_then(|a| a.split_once('"')).map_or(rest, |(_, r)| r.trim_start())
        }
        None => rest,
    };
    let keywords = ["fn", "struct", "enum", "trait", "type", "union", "mod", "const", "static mut", "static"];
    let after = keywords.iter().find_map(|k| rest.strip_prefix(k).and_then(|r| r.strip_prefix(' ')))?;
    identifier(after.trim_start()).filter(|name| !name.contains('$')).map(String::from)
}

fn js_name(line: &str) -> Option<String> {
    if let Some(rest) = line.strip_prefix("module.exports") {
        return rest.trim_start().starts_with(['=', '.']).then(|| "module.exports".to_string());
    }
    if let Some(rest) = line.strip_prefix("exports.") {
        let name = identifier(rest)?;
        return rest[name.len()..].trim_start().starts_with('=').then(|| format!("exports.{name}"));
    }
    let rest = strip_words(line, &["export", "default", "declare", "abstract", "async"]);
    if let Some(after) = rest.strip_prefix("function") {
        return identifier(after.trim_start().trim_start_matches('*').trim_start()).map(String::from);
    }
    for keyword in ["class", "const", "let", "var", "interface", "type", "enum"] {
        if let Some(after) = rest.strip_prefix(keyword).and_then(|r| r.strip_prefix(' ')) {
            return identifier(after.trim_start()).map(String::from);
        }
    }
    js_method(line).map(String::from)
}

/// A JavaScript method's header, `name(params) {` (past `static`, `async`,
/// `get`, `set`, `*`, `#`; a TypeScript return type before the brace):
/// its name. Parameters are names, defaults and types — a call with a
/// callback (`describe('x', () => {`, `useEffect(() => {`) is no method.
fn js_method(line: &str) -> Option<&str> {
    let method = strip_words(line, &["static", "async", "get", "set", "public", "private", "protected", "override"]);
    let method = method.trim_start_matches(['*', '#']);
    let name = identifier(method)?;
    let rest = method[name.len()..].trim_start().strip_prefix('(')?;
    // The parameters: up to the `)` that closes the `(`.
    let mut depth = 1usize;
    let close = rest.char_indices().find(|&(_, c)| {
        depth = match c {
            '(' | '[' | '{' => depth + 1,
            ')' | ']' | '}' => depth.saturating_sub(1),
            _ => depth,
        };
        depth == 0
    })?;
    let (params, after) = (&rest[..close.0], rest[close.0 + 1..].trim());
    let plain = !params.contains(['\'', '"', '`']) && !params.contains("=>");
    let opens = after == "{" || (after.starts_with(':') && after.ends_with('{') && !after.contains("=>"));
    (plain && opens && !JS_KEYWORDS.contains(&name)).then_some(name)
}

#[cfg(test)]
#[path = "lang_tests.rs"]
mod tests;
