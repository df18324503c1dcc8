//! STAND-IN (replaced by the tui-parts branch): plain lines.
use ratatui::text::Line;

use super::theme::Theme;

#[derive(Debug, Clone, Default)]
pub struct Highlighted {
    text: String,
}

impl Highlighted {
    pub fn new(_theme: &Theme) -> Self {
        Self::default()
    }
    pub fn push(&mut self, delta: &str) {
        self.text.push_str(delta);
    }
    pub fn set_text(&mut self, text: &str) {
        self.text = text.to_string();
    }
    pub fn clear(&mut self) {
        self.text.clear();
    }
    pub fn text(&self) -> &str {
        &self.text
    }
    pub fn line_count(&self) -> usize {
        self.text.split('\n').count()
    }
    pub fn lines(&self, start: usize, count: usize) -> Vec<Line<'static>> {
        self.text.split('\n').skip(start).take(count).map(|l| Line::raw(l.replace('\t', "    "))).collect()
    }
    pub fn set_enabled(&mut self, _on: bool) {}
}
