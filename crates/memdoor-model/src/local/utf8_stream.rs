//! Turns a growing list of token ids into text deltas that never split a
//! UTF-8 character: byte-level tokens can end mid-character, so text is held
//! back while the decoded tail is an incomplete character (U+FFFD).

use anyhow::Result;
use tokenizers::Tokenizer;

pub struct Utf8Stream<'a> {
    tokenizer: &'a Tokenizer,
    tokens: Vec<u32>,
    /// Tokens before `prev` are emitted and no longer decoded.
    prev: usize,
    /// Tokens in `prev..current` are emitted but kept as decoding context.
    current: usize,
}

impl<'a> Utf8Stream<'a> {
    pub fn new(tokenizer: &'a Tokenizer) -> Self {
        Self { tokenizer, tokens: Vec::new(), prev: 0, current: 0 }
    }

    fn decode(&self, ids: &[u32]) -> Result<String> {
        self.tokenizer.decode(ids, false).map_err(|e| anyhow::anyhow!("decoding tokens: {e}"))
    }

    /// Adds a token; returns the text it completes, if any.
    pub fn push(&mut self, id: u32) -> Result<Option<String>> {
        let before = self.decode(&self.tokens[self.prev..self.current])?;
        self.tokens.push(id);
        let now = self.decode(&self.tokens[self.prev..])?;
        if now.len() > before.len() && !now.ends_with('\u{FFFD}') {
            if let Some(delta) = now.get(before.len()..) {
                self.prev = self.current;
                self.current = self.tokens.len();
                return Ok(Some(delta.to_string()));
            }
        }
        Ok(None)
    }

    /// What is still held back (an incomplete character at the very end).
    pub fn finish(&mut self) -> Result<Option<String>> {
        let before = self.decode(&self.tokens[self.prev..self.current])?;
        let now = self.decode(&self.tokens[self.prev..])?;
        self.prev = self.current;
        self.current = self.tokens.len();
        Ok(now.get(before.len()..).filter(|d| !d.is_empty()).map(str::to_string))
    }
}
