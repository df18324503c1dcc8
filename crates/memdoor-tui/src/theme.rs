//! Themes: the UI palette and the syntax-highlighting theme, read from a
//! small TOML file (see themes/dark.toml for the format).

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::LazyLock;

use anyhow::{anyhow, bail, Context, Result};
use ratatui::style::Color;
use serde::Deserialize;
use syntect::highlighting::{Theme as SyntaxTheme, ThemeSet};

/// Embedded so the binary finds its themes from any working directory.
const BUILT_IN: &[(&str, &str)] =
    &[("dark", include_str!("../../../themes/dark.toml")), ("light", include_str!("../../../themes/light.toml"))];

/// syntect's own themes; loading them means decoding a dump, so only once.
static SYNTAX_THEMES: LazyLock<ThemeSet> = LazyLock::new(ThemeSet::load_defaults);

/// Defines `Palette` and its raw TOML twin from one field list, so a new
/// colour cannot be added to one and forgotten in the other.
macro_rules! palette {
    ($($(#[$doc:meta])* $field:ident),* $(,)?) => {
        /// The UI's colours (everything that is not highlighted code).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(crate) struct Palette { $($(#[$doc])* pub $field: Color,)* }

        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct RawPalette { $($field: String,)* }

        impl RawPalette {
            fn parse(&self) -> std::result::Result<Palette, String> {
                Ok(Palette { $($field: colour(stringify!($field), &self.$field)?,)* })
            }
        }
    };
}

palette! {
    /// Behind everything; `reset` keeps the terminal's own.
    background,
    /// Ordinary text.
    text,
    /// Secondary text: hints, timestamps, diff hunk headers.
    dim,
    border,
    /// The border of the focused pane.
    border_focus,
    title,
    /// Highlights that are neither good nor bad news: keys, agent names.
    accent,
    /// Passing tests, inserted diff lines.
    pass,
    /// Failing tests, deleted diff lines.
    fail,
    warn,
    /// The background of a selected item.
    selection,
    status_bg,
    status_fg,
}

fn colour(key: &str, value: &str) -> std::result::Result<Color, String> {
    Color::from_str(value.trim()).map_err(|_| {
        format!(
            "palette.{key}: unknown colour {value:?} (use \"#rrggbb\", a name such as \
             \"red\" or \"darkgray\", an index 0-255, or \"reset\")"
        )
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTheme {
    name: Option<String>,
    syntax: Option<String>,
    syntax_file: Option<String>,
    palette: RawPalette,
}

#[derive(Debug, Clone)]
pub struct Theme {
    pub name: String,
    pub(crate) palette: Palette,
    pub(crate) syntax: SyntaxTheme,
}

impl Default for Theme {
    fn default() -> Self {
        // The embedded file is not user input; a test guarantees it parses.
        Theme::load("dark").expect("the built-in dark theme parses")
    }
}

impl Theme {
    /// The names `load` resolves without touching the disk.
    pub(crate) fn built_in_names() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|(name, _)| *name)
    }

    /// `dark`/`light` are built in; another bare name is looked up as
    /// `<config dir>/themes/NAME.toml`; anything with a `/` or ending in
    /// `.toml` is read as a file path.
    pub fn load(name_or_path: &str) -> Result<Theme> {
        let dirs = directories::ProjectDirs::from("", "", "memdoor");
        Self::load_from(name_or_path, dirs.as_ref().map(|d| d.config_dir()))
    }

    /// `load` with the config directory given, so tests need not touch $HOME.
    pub(crate) fn load_from(name_or_path: &str, config_dir: Option<&Path>) -> Result<Theme> {
        let name = name_or_path.trim();
        if name.contains('/') || name.contains(std::path::MAIN_SEPARATOR) || name.ends_with(".toml") {
            return Self::from_file(Path::new(name));
        }
        // Built-ins win over a same-named user file, so `dark` always means
        // the same thing in bug reports.
        if let Some((_, text)) = BUILT_IN.iter().find(|(n, _)| *n == name) {
            return Self::parse(text, &format!("built-in theme {name:?}"), None, name);
        }
        let builtins = Self::built_in_names().collect::<Vec<_>>().join(", ");
        let Some(dir) = config_dir else {
            bail!("no theme {name:?}: not built in ({builtins}) and no config directory to look in");
        };
        let path = dir.join("themes").join(format!("{name}.toml"));
        if !path.is_file() {
            bail!("no theme {name:?}: not built in ({builtins}) and no file {}", path.display());
        }
        Self::from_file(&path)
    }

    /// Reads a theme file; a `syntax_file` in it is relative to its folder.
    pub(crate) fn from_file(path: &Path) -> Result<Theme> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading theme file {}", path.display()))?;
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("custom");
        Self::parse(&text, &path.display().to_string(), path.parent(), stem)
    }

    /// `origin` names the source in errors; `base` is where `syntax_file`
    /// is looked for (none for embedded themes).
    fn parse(text: &str, origin: &str, base: Option<&Path>, default_name: &str) -> Result<Theme> {
        let raw: RawTheme = toml::from_str(text).map_err(|e| anyhow!("{origin}: {e}"))?;
        let palette = raw.palette.parse().map_err(|e| anyhow!("{origin}: {e}"))?;
        let syntax =
            match (&raw.syntax, &raw.syntax_file) {
                (Some(_), Some(_)) => bail!("{origin}: set `syntax` or `syntax_file`, not both"),
                (None, None) => {
                    bail!("{origin}: missing `syntax` (one of: {}) or `syntax_file` (a .tmTheme)", syntax_names())
                }
                (Some(name), None) => SYNTAX_THEMES.themes.get(name).cloned().ok_or_else(|| {
                    anyhow!("{origin}: syntax: unknown theme {name:?} (built in: {})", syntax_names())
                })?,
                (None, Some(file)) => {
                    let Some(base) = base else {
                        bail!("{origin}: syntax_file needs the theme to be a file on disk");
                    };
                    let path: PathBuf = base.join(file);
                    ThemeSet::get_theme(&path)
                        .map_err(|e| anyhow!("{origin}: syntax_file: cannot load {}: {e}", path.display()))?
                }
            };
        let name = raw.name.unwrap_or_else(|| default_name.to_string());
        Ok(Theme { name, palette, syntax })
    }
}

fn syntax_names() -> String {
    SYNTAX_THEMES.themes.keys().map(String::as_str).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests;
