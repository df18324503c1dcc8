//! A rough reading of code one character at a time: whether a character
//! is inside a quoted string, and how deep in brackets it stands. What the
//! Python unit reader (`edit/python_units.rs`) and the failure readers
//! (`failures`) need to find a line's open brackets or an expression's
//! top-level `==` and commas; no language's full grammar.

/// Where the characters read so far leave the reader.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Scan {
    /// Open brackets outside strings (a stray closing one is ignored).
    pub depth: usize,
    quote: Option<char>,
    escaped: bool,
}

impl Scan {
    /// A reader at bracket depth `depth`, outside any string.
    pub fn at(depth: usize) -> Scan {
        Scan { depth, ..Scan::default() }
    }

    /// Reads `c` (`'`, `"` and `` ` `` quote; a backslash escapes inside a
    /// string): whether it is code outside strings and not a bracket or a
    /// quote itself.
    pub fn code(&mut self, c: char) -> bool {
        match self.quote {
            Some(q) => {
                if self.escaped {
                    self.escaped = false;
                } else if c == '\\' {
                    self.escaped = true;
                } else if c == q {
                    self.quote = None;
                }
                false
            }
            None => match c {
                '\'' | '"' | '`' => {
                    self.quote = Some(c);
                    false
                }
                '(' | '[' | '{' => {
                    self.depth += 1;
                    false
                }
                ')' | ']' | '}' => {
                    self.depth = self.depth.saturating_sub(1);
                    false
                }
                _ => true,
            },
        }
    }
}
