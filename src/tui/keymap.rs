//! Keys → actions. The defaults below, overridden by the config's `[keys]`
//! table (`"ctrl-s" = "Accept"`); a bad key or action name is an error that
//! names it, never a silent no-op.

use std::collections::BTreeMap;

use anyhow::{bail, Context, Result};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::Action;

/// A key with its modifiers, normalised (shift folded into the character).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub code: KeyId,
    pub ctrl: bool,
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
    pub fn from_event(k: &KeyEvent) -> Option<Key> {
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
                    bail!("unknown key {s:?} (a character, f1–f12, or one of {}; prefixes ctrl- alt-)", names.join(", "))
                }
            }
        };
        Ok(Key { code, ctrl, alt })
    }

    pub fn label(&self) -> String {
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
    bindings: BTreeMap<Key, Action>,
}

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
        let bindings = DEFAULTS.iter().map(|(k, a)| (Key::parse(k).expect("default keys parse"), *a)).collect();
        Keymap { bindings }
    }
}

impl Keymap {
    /// The defaults with `overrides` (key → action name) applied; an action
    /// name `"None"` unbinds the key.
    pub fn with_overrides(overrides: &BTreeMap<String, String>) -> Result<Keymap> {
        let mut map = Keymap::default();
        for (key, action) in overrides {
            let k = Key::parse(key).with_context(|| format!("[keys] {key:?}"))?;
            if action == "None" {
                map.bindings.remove(&k);
                continue;
            }
            let a: Action = serde_json::from_value(serde_json::Value::String(action.clone()))
                .map_err(|_| anyhow::anyhow!("[keys] {key:?}: unknown action {action:?} (see `?` in the app for the names)"))?;
            map.bindings.insert(k, a);
        }
        Ok(map)
    }

    pub fn action(&self, key: &KeyEvent) -> Option<Action> {
        self.bindings.get(&Key::from_event(key)?).copied()
    }

    /// Keys bound to each action, in binding order, for the help overlay.
    pub fn bindings(&self) -> Vec<(Action, Vec<String>)> {
        let mut out: Vec<(Action, Vec<String>)> = Vec::new();
        for (k, a) in &self.bindings {
            match out.iter_mut().find(|(x, _)| x == a) {
                Some((_, keys)) => keys.push(k.label()),
                None => out.push((*a, vec![k.label()])),
            }
        }
        out.sort_by_key(|(a, _)| DEFAULTS.iter().position(|(_, d)| d == a).unwrap_or(usize::MAX));
        out
    }

    /// The first key bound to `action`, for hints in the status line.
    pub fn key_for(&self, action: Action) -> Option<String> {
        // The default key when still bound (the plainest: "q" before "ctrl-c"), else any.
        DEFAULTS
            .iter()
            .filter(|(_, a)| *a == action)
            .filter_map(|(k, _)| Key::parse(k).ok())
            .find(|k| self.bindings.get(k) == Some(&action))
            .or_else(|| self.bindings.iter().find(|(_, a)| **a == action).map(|(k, _)| *k))
            .map(|k| k.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(code: KeyCode, m: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, m)
    }

    #[test]
    fn defaults_map_keys_to_actions() {
        let map = Keymap::default();
        assert_eq!(map.action(&ev(KeyCode::Char('q'), KeyModifiers::NONE)), Some(Action::Quit));
        assert_eq!(map.action(&ev(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Action::Quit));
        assert_eq!(map.action(&ev(KeyCode::Char('E'), KeyModifiers::SHIFT)), Some(Action::EditExternal));
        assert_eq!(map.action(&ev(KeyCode::Tab, KeyModifiers::NONE)), Some(Action::FocusNext));
        assert_eq!(map.action(&ev(KeyCode::Char('3'), KeyModifiers::NONE)), Some(Action::Zoom3));
        assert_eq!(map.action(&ev(KeyCode::Char('x'), KeyModifiers::NONE)), None);
    }

    #[test]
    fn overrides_rebind_and_unbind() {
        let o: BTreeMap<String, String> =
            [("ctrl-s".to_string(), "Accept".to_string()), ("a".to_string(), "None".to_string())].into();
        let map = Keymap::with_overrides(&o).unwrap();
        assert_eq!(map.action(&ev(KeyCode::Char('s'), KeyModifiers::CONTROL)), Some(Action::Accept));
        assert_eq!(map.action(&ev(KeyCode::Char('a'), KeyModifiers::NONE)), None);
        assert!(map.bindings().iter().any(|(a, keys)| *a == Action::Accept && keys == &vec!["ctrl-s".to_string()]));
    }

    #[test]
    fn bad_names_are_errors_that_name_them() {
        let o: BTreeMap<String, String> = [("ctrl-s".to_string(), "Acept".to_string())].into();
        let err = format!("{:#}", Keymap::with_overrides(&o).unwrap_err());
        assert!(err.contains("Acept") && err.contains("ctrl-s"), "{err}");
        let o: BTreeMap<String, String> = [("hyper-x".to_string(), "Quit".to_string())].into();
        let err = format!("{:#}", Keymap::with_overrides(&o).unwrap_err());
        assert!(err.contains("hyper-x"), "{err}");
    }
}
