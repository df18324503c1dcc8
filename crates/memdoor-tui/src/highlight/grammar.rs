//! syntect's Markdown grammar leaves fenced code unhighlighted, so fences
//! are tracked here and their contents go to the fence language's grammar.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use syntect::highlighting::{FontStyle, HighlightIterator, HighlightState, Highlighter, Style as SyntectStyle};
use syntect::parsing::{ParseState, ScopeStack, SyntaxReference};

use super::{display_text, markdown, SYNTAXES};

/// Prose goes to a Markdown cursor, code inside a fence to a cursor for
/// the fence's language.
#[derive(Debug, Clone)]
pub(super) struct State {
    prose: Cursor,
    fence: Option<Fence>,
}

#[derive(Debug, Clone)]
struct Fence {
    marker: char,
    len: usize,
    code: Cursor,
}

impl State {
    pub(super) fn new(highlighter: &Highlighter) -> Self {
        State { prose: Cursor::new(markdown(), highlighter), fence: None }
    }

    /// The line's spans, or None on a grammar error (shown plain).
    pub(super) fn line(&mut self, body: &str, highlighter: &Highlighter) -> Option<Line<'static>> {
        if let Some(fence) = &mut self.fence {
            if !closes(body, fence) {
                return fence.code.line(body, highlighter);
            }
            self.fence = None;
        } else if let Some((marker, len, lang)) = opens(body) {
            let code = Cursor::new(language(lang), highlighter);
            self.fence = Some(Fence { marker, len, code });
        } else {
            return self.prose.line(body, highlighter);
        }
        // A fence line alone, from a fresh state, gets Markdown's fence
        // colours without taking the prose cursor into its code block.
        Cursor::new(markdown(), highlighter).line(body, highlighter)
    }
}

/// An opening fence: ``` or ~~~ (three or more), then an info string whose
/// first word is the language. Indentation is allowed (fences in lists).
fn opens(body: &str) -> Option<(char, usize, &str)> {
    let trimmed = body.trim_start();
    let marker = trimmed.chars().next().filter(|c| matches!(c, '`' | '~'))?;
    let len = trimmed.chars().take_while(|&c| c == marker).count();
    let info = &trimmed[len..]; // the marker is ASCII: len bytes
    if len < 3 || (marker == '`' && info.contains('`')) {
        return None;
    }
    Some((marker, len, info.split_whitespace().next().unwrap_or("")))
}

fn closes(body: &str, fence: &Fence) -> bool {
    let trimmed = body.trim();
    trimmed.len() >= fence.len && trimmed.chars().all(|c| c == fence.marker)
}

/// The team writes python, so an untagged fence is python; an unknown tag
/// ("output", "text") is shown plain.
fn language(tag: &str) -> &'static SyntaxReference {
    let tag = tag.trim_matches(|c| c == '{' || c == '}' || c == '.');
    let tag = if tag.is_empty() { "python" } else { tag };
    SYNTAXES
        .find_syntax_by_token(tag)
        .or_else(|| SYNTAXES.find_syntax_by_token(tag.trim_end_matches(|c: char| c.is_ascii_digit())))
        .unwrap_or_else(|| SYNTAXES.find_syntax_plain_text())
}

/// One grammar's parse and highlight state, advanced a line at a time.
#[derive(Debug, Clone)]
struct Cursor {
    syntax: &'static SyntaxReference,
    parse: ParseState,
    highlight: HighlightState,
}

impl Cursor {
    fn new(syntax: &'static SyntaxReference, highlighter: &Highlighter) -> Self {
        let highlight = HighlightState::new(highlighter, ScopeStack::new());
        Cursor { syntax, parse: ParseState::new(syntax), highlight }
    }

    /// `body` has no line ending; syntect gets one, as its grammars expect.
    /// None on a grammar error, after which the cursor starts afresh.
    fn line(&mut self, body: &str, highlighter: &Highlighter) -> Option<Line<'static>> {
        let line = format!("{body}\n");
        let Ok(ops) = self.parse.parse_line(&line, &SYNTAXES) else {
            *self = Cursor::new(self.syntax, highlighter);
            return None;
        };
        let mut spans: Vec<Span<'static>> = Vec::new();
        let mut column = 0;
        for (style, piece) in HighlightIterator::new(&mut self.highlight, &ops, &line, highlighter) {
            let shown = display_text(piece, &mut column);
            if shown.is_empty() {
                continue;
            }
            let style = to_style(style);
            // Merging same-style neighbours keeps the per-frame clone small.
            match spans.last_mut() {
                Some(last) if last.style == style => last.content.to_mut().push_str(&shown),
                _ => spans.push(Span::styled(shown.into_owned(), style)),
            }
        }
        Some(Line::from(spans))
    }
}

/// The theme's foreground and font style only: the palette owns the
/// background, so a theme's code background does not paint patches.
fn to_style(s: SyntectStyle) -> Style {
    let c = s.foreground;
    let mut style = Style::default().fg(Color::Rgb(c.r, c.g, c.b));
    for (font, modifier) in [
        (FontStyle::BOLD, Modifier::BOLD),
        (FontStyle::ITALIC, Modifier::ITALIC),
        (FontStyle::UNDERLINE, Modifier::UNDERLINED),
    ] {
        if s.font_style.contains(font) {
            style = style.add_modifier(modifier);
        }
    }
    style
}
