//! Incremental syntax highlighting of a streaming agent draft: Markdown
//! prose with fenced code (python unless tagged otherwise), run through
//! syntect one completed line at a time, so a token costs only the lines
//! it completes.

use std::borrow::Cow;
use std::sync::{Arc, LazyLock};

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use syntect::highlighting::{Highlighter, Theme as SyntaxTheme};
use syntect::parsing::{SyntaxReference, SyntaxSet};

use super::theme::Theme;
use grammar::State;

mod grammar;

/// The "newlines" flavour: syntect's grammars expect each line to end in \n.
static SYNTAXES: LazyLock<SyntaxSet> = LazyLock::new(SyntaxSet::load_defaults_newlines);

/// Tab stops every this many columns.
pub(crate) const TAB_WIDTH: usize = 4;

/// Longer lines are shown plain and not parsed: syntect takes about a second
/// on a 200 kB line (a model stuck repeating itself), which would freeze the
/// UI, and real code is never that wide. The parse state skips such a line.
const MAX_HIGHLIGHT_BYTES: usize = 4096;

fn markdown() -> &'static SyntaxReference {
    SYNTAXES.find_syntax_by_name("Markdown").unwrap_or_else(|| SYNTAXES.find_syntax_plain_text())
}

/// One draft's text and its highlighted lines, kept current as it streams.
#[derive(Debug, Clone)]
pub struct Highlighted {
    theme: Arc<SyntaxTheme>,
    plain: Style,
    enabled: bool,
    text: String,
    /// Where the partial last line starts in `text`; all before is in `lines`.
    done: usize,
    lines: Vec<Line<'static>>,
    /// syntect's state after the last completed line.
    state: State,
    highlighted: usize,
}

impl Highlighted {
    pub fn new(theme: &Theme) -> Self {
        let syntax = Arc::new(theme.syntax.clone());
        let state = State::new(&Highlighter::new(&syntax));
        Highlighted {
            theme: syntax,
            plain: Style::default().fg(theme.palette.text),
            enabled: true,
            text: String::new(),
            done: 0,
            lines: Vec::new(),
            state,
            highlighted: 0,
        }
    }

    /// Appends streamed text; only lines it completes are highlighted.
    pub fn push(&mut self, delta: &str) {
        // The partial line has no newline, so only the delta is searched:
        // a long line streamed token by token stays linear.
        let start = self.text.len();
        self.text.push_str(delta);
        let Some(last_newline) = delta.rfind('\n') else {
            return;
        };
        let end = start + last_newline + 1;
        // Split borrows: the text is read while the states are advanced.
        let Self { theme, plain, enabled, text, lines, state, highlighted, .. } = self;
        let highlighter = Highlighter::new(theme);
        for line in text[self.done..end].split_inclusive('\n') {
            let body = line.strip_suffix('\n').unwrap_or(line);
            let body = body.strip_suffix('\r').unwrap_or(body);
            if !*enabled || body.len() > MAX_HIGHLIGHT_BYTES {
                lines.push(plain_line(body, *plain));
                continue;
            }
            *highlighted += 1;
            let line = state.line(body, &highlighter);
            lines.push(line.unwrap_or_else(|| plain_line(body, *plain)));
        }
        self.done = end;
    }

    /// Replaces everything. A text that extends the completed lines (the
    /// same draft resent with more) keeps them instead of starting over.
    pub(crate) fn set_text(&mut self, text: &str) {
        if text.as_bytes().starts_with(&self.text.as_bytes()[..self.done]) {
            self.text.truncate(self.done);
            self.push(&text[self.done..]);
        } else {
            self.clear();
            self.push(text);
        }
    }

    pub fn clear(&mut self) {
        self.text.clear();
        self.done = 0;
        self.lines.clear();
        self.state = State::new(&Highlighter::new(&self.theme));
    }

    /// The raw text so far, exactly as pushed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Completed lines, plus the partial last one if it has any text.
    pub(crate) fn line_count(&self) -> usize {
        self.lines.len() + usize::from(self.done < self.text.len())
    }

    /// Lines `start..start + count` (clamped) for drawing; the partial last
    /// line is plain, since its highlighting may change as it grows.
    pub fn lines(&self, start: usize, count: usize) -> Vec<Line<'static>> {
        let end = start.saturating_add(count).min(self.line_count());
        (start.min(end)..end)
            .map(|i| match self.lines.get(i) {
                Some(line) => line.clone(),
                None => plain_line(&self.text[self.done..], self.plain),
            })
            .collect()
    }

    /// Off gives plain lines (the benchmark's "without highlighting").
    pub(crate) fn set_enabled(&mut self, on: bool) {
        if self.enabled != on {
            self.enabled = on;
            self.rebuild();
        }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// How many lines have gone through syntect since `new`: the work done
    /// (its tests check that streaming highlights each line once).
    #[cfg(test)]
    pub(crate) fn highlighted_lines(&self) -> usize {
        self.highlighted
    }

    fn rebuild(&mut self) {
        let text = std::mem::take(&mut self.text);
        self.clear();
        self.push(&text);
    }
}

fn plain_line(body: &str, style: Style) -> Line<'static> {
    let shown = display_text(body, &mut 0);
    if shown.is_empty() {
        Line::default()
    } else {
        Line::from(Span::styled(shown.into_owned(), style))
    }
}

/// Text safe to put in a terminal cell: tabs expanded to the next stop
/// (`column` carries across pieces of one line), line endings dropped,
/// other control characters (a stray ESC from a model) made visible as �.
pub(crate) fn display_text<'a>(piece: &'a str, column: &mut usize) -> Cow<'a, str> {
    if !piece.chars().any(char::is_control) {
        *column += piece.chars().count();
        return Cow::Borrowed(piece);
    }
    let mut out = String::with_capacity(piece.len());
    for c in piece.chars() {
        match c {
            '\t' => {
                let spaces = TAB_WIDTH - *column % TAB_WIDTH;
                out.extend(std::iter::repeat_n(' ', spaces));
                *column += spaces;
            }
            '\n' | '\r' => {}
            c if c.is_control() => {
                out.push('\u{FFFD}');
                *column += 1;
            }
            c => {
                out.push(c);
                *column += 1;
            }
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests;
