//! STAND-IN (replaced by the tui-parts branch).
use ratatui::text::Line;

use super::theme::Palette;

pub fn unified(old: &str, new: &str, _palette: &Palette) -> Vec<Line<'static>> {
    old.lines().map(|l| Line::raw(format!("-{l}"))).chain(new.lines().map(|l| Line::raw(format!("+{l}")))).collect()
}

pub fn side_by_side(old: &str, new: &str, _width: u16, palette: &Palette) -> Vec<Line<'static>> {
    unified(old, new, palette)
}
