//! Keys → actions, for every mode: the panes (`[keys]`), the prompt bar
//! (`[keys.prompt]`), the inline editor (`[keys.editor]`) and the two
//! questions (`[keys.quit]`, `[keys.overwrite]`). The defaults below,
//! overridden by the config; a bad key, mode or action name is an error that
//! names it, never a silent no-op. Keys a mode does not bind are text there.

use std::collections::BTreeMap;

use anyhow::{bail, Context, Result};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::Action;
use crate::config::KeyEntry;

/// Where a key is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum KeyMode {
    /// The panes (and the help and diff overlays).
    Normal,
    Prompt,
    Editor,
    /// "Quit and lose the answer?"
    Quit,
    /// "Replace the existing file?"
    Overwrite,
}

impl KeyMode {
    const TABLES: [(&'static str, KeyMode); 4] = [
        ("prompt", KeyMode::Prompt),
        ("editor", KeyMode::Editor),
        ("quit", KeyMode::Quit),
        ("overwrite", KeyMode::Overwrite),
    ];

    fn parse(name: &str) -> Result<KeyMode> {
        match Self::TABLES.iter().find(|(n, _)| *n == name) {
            Some((_, m)) => Ok(*m),
            None => {
                let names: Vec<&str> = Self::TABLES.iter().map(|(n, _)| *n).collect();
                bail!("[keys.{name}]: unknown mode (the modes are {})", names.join(", "))
            }
        }
    }
}

/// A key with its modifiers, normalised (shift folded into the character).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub code: KeyId,
    pub(crate) ctrl: bool,
    pub alt: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyId {
    Char(char),
    F(u8),
    Named(&'static str),
}

const NAMED: &[(&str, KeyCode)] = &[
    ("esc", KeyCode::Esc),
    ("enter", KeyCode::Enter),
    ("tab", KeyCode::Tab),
    ("backtab", KeyCode::BackTab),
    ("backspace", KeyCode::Backspace),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("pageup", KeyCode::PageUp),
    ("pagedown", KeyCode::PageDown),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("space", KeyCode::Char(' ')),
];

impl Key {
    pub(crate) fn from_event(k: &KeyEvent) -> Option<Key> {
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        let alt = k.modifiers.contains(KeyModifiers::ALT);
        let code = match k.code {
            KeyCode::Char(' ') => KeyId::Named("space"),
            KeyCode::Char(c) => KeyId::Char(if ctrl { c.to_ascii_lowercase() } else { c }),
            KeyCode::F(n) => KeyId::F(n),
            other => KeyId::Named(NAMED.iter().find(|(_, c)| *c == other)?.0),
        };
        Some(Key { code, ctrl, alt })
    }

    /// Parses `"ctrl-s"`, `"q"`, `"?"`, `"f1"`, `"pageup"`, `"alt-enter"`.
    pub fn parse(s: &str) -> Result<Key> {
        let (mut ctrl, mut alt) = (false, false);
        let mut rest = s;
        loop {
            if let Some(r) = rest.strip_prefix("ctrl-") {
                (ctrl, rest) = (true, r);
            } else if let Some(r) = rest.strip_prefix("alt-") {
                (alt, rest) = (true, r);
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyId::Char(if ctrl { c.to_ascii_lowercase() } else { c }),
            _ => {
                let lower = rest.to_ascii_lowercase();
                if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
                    KeyId::F(n)
                } else if let Some((name, _)) = NAMED.iter().find(|(n, _)| *n == lower) {
                    KeyId::Named(name)
                } else {
                    let names: Vec<&str> = NAMED.iter().map(|(n, _)| *n).collect();
                    bail!(
                        "unknown key {s:?} (a character, f1–f12, or one of {}; prefixes ctrl- alt-)",
                        names.join(", ")
                    )
                }
            }
        };
        Ok(Key { code, ctrl, alt })
    }

    pub(crate) fn label(&self) -> String {
        let base = match self.code {
            KeyId::Char(c) => c.to_string(),
            KeyId::F(n) => format!("F{n}"),
            KeyId::Named(n) => n.to_string(),
        };
        format!("{}{}{base}", if self.ctrl { "ctrl-" } else { "" }, if self.alt { "alt-" } else { "" })
    }
}

#[derive(Debug, Clone)]
pub struct Keymap {
    bindings: BTreeMap<(KeyMode, Key), Action>,
}

/// The other modes' keys. A question is answered no by any key not bound to `Yes`.
const MODE_DEFAULTS: &[(KeyMode, &str, Action)] = &[
    (KeyMode::Prompt, "enter", Action::Submit),
    (KeyMode::Prompt, "esc", Action::Cancel),
    (KeyMode::Prompt, "ctrl-c", Action::Cancel),
    (KeyMode::Prompt, "ctrl-u", Action::ClearLine),
    (KeyMode::Editor, "ctrl-s", Action::SaveEdit),
    (KeyMode::Editor, "esc", Action::Cancel),
    (KeyMode::Quit, "y", Action::Yes),
    (KeyMode::Quit, "Y", Action::Yes),
    (KeyMode::Quit, "enter", Action::Yes),
    // Pressing the quit key again quits.
    (KeyMode::Quit, "ctrl-c", Action::Yes),
    // Not enter: a second enter after typing the path must not replace a file.
    (KeyMode::Overwrite, "y", Action::Yes),
    (KeyMode::Overwrite, "Y", Action::Yes),
];

const DEFAULTS: &[(&str, Action)] = &[
    ("q", Action::Quit),
    ("ctrl-c", Action::Quit),
    ("esc", Action::Cancel),
    ("a", Action::Accept),
    ("y", Action::Copy),
    ("e", Action::Edit),
    ("E", Action::EditExternal),
    ("r", Action::Reprompt),
    ("R", Action::RepromptFocused),
    ("n", Action::NewProblem),
    ("d", Action::Diff),
    ("s", Action::DiffLayout),
    ("tab", Action::FocusNext),
    ("backtab", Action::FocusPrev),
    ("1", Action::Zoom1),
    ("2", Action::Zoom2),
    ("3", Action::Zoom3),
    ("4", Action::Zoom4),
    ("5", Action::Zoom5),
    ("up", Action::ScrollUp),
    ("k", Action::ScrollUp),
    ("down", Action::ScrollDown),
    ("j", Action::ScrollDown),
    ("pageup", Action::PageUp),
    ("pagedown", Action::PageDown),
    ("end", Action::ScrollEnd),
    ("G", Action::ScrollEnd),
    ("f", Action::FilterAgent),
    ("t", Action::FilterKind),
    ("h", Action::ToggleHighlight),
    ("?", Action::Help),
    ("space", Action::Pause),
    ("right", Action::Step),
    ("+", Action::Faster),
    ("-", Action::Slower),
];

impl Default for Keymap {
    fn default() -> Self {
        let normal = DEFAULTS.iter().map(|(k, a)| (KeyMode::Normal, *k, *a));
        let modes = MODE_DEFAULTS.iter().copied();
        let bindings =
            normal.chain(modes).map(|(m, k, a)| ((m, Key::parse(k).expect("default keys parse")), a)).collect();
        Keymap { bindings }
    }
}

fn bind(map: &mut Keymap, mode: KeyMode, key: &str, action: &str, place: &str) -> Result<()> {
    let k = Key::parse(key).with_context(|| format!("{place} {key:?}"))?;
    if action == "None" {
        map.bindings.remove(&(mode, k));
        return Ok(());
    }
    let a: Action = serde_json::from_value(serde_json::Value::String(action.to_string())).map_err(|_| {
        anyhow::anyhow!("{place} {key:?}: unknown action {action:?} (see `?` in the app for the names)")
    })?;
    map.bindings.insert((mode, k), a);
    Ok(())
}

impl Keymap {
    /// The defaults with `overrides` (the config's `[keys]`: key → action
    /// name, or a mode's table of them) applied; `"None"` unbinds a key.
    pub fn with_overrides(overrides: &BTreeMap<String, KeyEntry>) -> Result<Keymap> {
        let mut map = Keymap::default();
        for (key, entry) in overrides {
            match entry {
                KeyEntry::Action(action) => bind(&mut map, KeyMode::Normal, key, action, "[keys]")?,
                KeyEntry::Mode(table) => {
                    let mode = KeyMode::parse(key)?;
                    for (k, action) in table {
                        bind(&mut map, mode, k, action, &format!("[keys.{key}]"))?;
                    }
                }
            }
        }
        Ok(map)
    }

    /// The panes' action for `key`.
    pub(crate) fn action(&self, key: &KeyEvent) -> Option<Action> {
        self.action_in(KeyMode::Normal, key)
    }

    /// `mode`'s action for `key` (`None`: the key is text there, or no answer).
    pub(crate) fn action_in(&self, mode: KeyMode, key: &KeyEvent) -> Option<Action> {
        self.bindings.get(&(mode, Key::from_event(key)?)).copied()
    }

    /// The key `mode` binds to `action`, for hints: its default when still
    /// bound (in the defaults' order: "y" before "Y"), else any.
    pub(crate) fn key_in(&self, mode: KeyMode, action: Action) -> Option<String> {
        let bound = |k: &Key| self.bindings.get(&(mode, *k)) == Some(&action);
        let normal = DEFAULTS.iter().map(|(k, a)| (KeyMode::Normal, *k, *a));
        let defaults = normal.chain(MODE_DEFAULTS.iter().copied()).filter(|(m, _, a)| *m == mode && *a == action);
        defaults
            .filter_map(|(_, k, _)| Key::parse(k).ok())
            .find(|k| bound(k))
            .or_else(|| self.bindings.iter().find(|((m, _), a)| *m == mode && **a == action).map(|((_, k), _)| *k))
            .map(|k| k.label())
    }

    /// Keys bound to each action of the panes, in binding order, for the help overlay.
    pub(crate) fn bindings(&self) -> Vec<(Action, Vec<String>)> {
        let mut out: Vec<(Action, Vec<String>)> = Vec::new();
        let normal = self.bindings.iter().filter(|((m, _), _)| *m == KeyMode::Normal).map(|((_, k), a)| (k, a));
        for (k, a) in normal {
            match out.iter_mut().find(|(x, _)| x == a) {
                Some((_, keys)) => keys.push(k.label()),
                None => out.push((*a, vec![k.label()])),
            }
        }
        out.sort_by_key(|(a, _)| DEFAULTS.iter().position(|(_, d)| d == a).unwrap_or(usize::MAX));
        out
    }

    /// The first key bound to `action` in the panes, for hints in the status line.
    pub(crate) fn key_for(&self, action: Action) -> Option<String> {
        self.key_in(KeyMode::Normal, action)
    }
}

#[cfg(test)]
#[path = "keymap_tests.rs"]
mod tests;
