//! STAND-IN (replaced by the tui-parts branch): a fixed dark palette.
use ratatui::style::Color;

#[derive(Debug, Clone)]
pub struct Palette {
    pub background: Color,
    pub text: Color,
    pub dim: Color,
    pub border: Color,
    pub border_focus: Color,
    pub title: Color,
    pub accent: Color,
    pub pass: Color,
    pub fail: Color,
    pub warn: Color,
    pub selection: Color,
    pub status_bg: Color,
    pub status_fg: Color,
}

#[derive(Debug, Clone)]
pub struct Theme {
    pub name: String,
    pub palette: Palette,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            name: "dark".into(),
            palette: Palette {
                background: Color::Reset,
                text: Color::Gray,
                dim: Color::DarkGray,
                border: Color::DarkGray,
                border_focus: Color::Cyan,
                title: Color::White,
                accent: Color::Cyan,
                pass: Color::Green,
                fail: Color::Red,
                warn: Color::Yellow,
                selection: Color::Blue,
                status_bg: Color::DarkGray,
                status_fg: Color::White,
            },
        }
    }
}

impl Theme {
    pub fn load(_name: &str) -> anyhow::Result<Theme> {
        Ok(Theme::default())
    }
}
