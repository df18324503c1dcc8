//! Finding and reading the config file, and saying where it is wrong:
//! every error names the file, the line and column, and the key.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};

use super::Config;

/// `~/.config/memdoor/config.toml` (the XDG config dir), when there is a home.
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "memdoor").map(|d| d.config_dir().join("config.toml"))
}

/// `Config::load` with the environment given as a lookup, for tests.
pub(super) fn load_with(explicit: Option<&Path>, env: &dyn Fn(&str) -> Option<String>) -> Result<Config> {
    let set = |name: &str| env(name).filter(|v| !v.trim().is_empty());
    // A file the user named must exist; the default location may not.
    let (path, required) = match (explicit, set("MEMDOOR_CONFIG")) {
        (Some(p), _) => (Some(p.to_path_buf()), true),
        (None, Some(p)) => (Some(PathBuf::from(p)), true),
        (None, None) => (default_path(), false),
    };
    let mut cfg = match &path {
        None => Config::default(),
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => from_str(&text, path)?,
            Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => Config::default(),
            Err(e) => return Err(e).with_context(|| format!("reading the config file {}", path.display())),
        },
    };
    if let Some(model) = set("MEMDOOR_MODEL") {
        cfg.team.model = model;
    }
    if let Some(url) = set("MEMDOOR_REDIS") {
        cfg.store.redis = Some(url);
    }
    Ok(cfg)
}

/// Parses `text`, read from `origin` (named in errors).
pub fn from_str(text: &str, origin: &Path) -> Result<Config> {
    let mut cfg: Config = toml::from_str(text).map_err(|e| located(text, origin, &e))?;
    if cfg.agents.len() > 64 {
        anyhow::bail!("{}: {} [[agents]] listed; a team has at most 64", origin.display(), cfg.agents.len());
    }
    for (i, agent) in cfg.agents.iter().enumerate() {
        if let Err(why) = super::check::agent_rules(agent) {
            return Err(match nth_header(text, "agents", i) {
                Some(line_no) => anyhow!("{}:{line_no}:1: key `agents[{i}]`: {why}", origin.display()),
                None => anyhow!("{}: key `agents[{i}]`: {why}", origin.display()),
            });
        }
    }
    let leads: Vec<usize> = cfg.agents.iter().enumerate().filter(|(_, a)| a.lead).map(|(i, _)| i).collect();
    if let [first, second, ..] = leads[..] {
        anyhow::bail!(
            "{}: agents[{first}] and agents[{second}] both say `lead = true`; a team has one lead at most",
            origin.display()
        );
    }
    cfg.source = Some(origin.to_path_buf());
    Ok(cfg)
}

/// `FILE:LINE:COL: key `K`: message`. The line itself is not quoted: it may
/// hold an API key pasted where its variable's name belongs.
fn located(text: &str, origin: &Path, e: &toml::de::Error) -> anyhow::Error {
    let message = e.message().trim();
    let Some(span) = e.span() else {
        return anyhow!("{}: {message}", origin.display());
    };
    let at = floor_char_boundary(text, span.start.min(text.len()));
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_no = text[..line_start].matches('\n').count() + 1;
    let col = text[line_start..at].chars().count() + 1;
    let line = text[line_start..].lines().next().unwrap_or("");
    let key = key_at(&text[..line_start], line).map(|k| format!("key `{k}`: ")).unwrap_or_default();
    let hint = if message.starts_with("unknown field `api_key`") {
        " (keys never go in the file: put it in an environment variable and name that in `api_key_env`)"
    } else {
        ""
    };
    anyhow!("{}:{line_no}:{col}: {key}{message}{hint}", origin.display())
}

/// The line number of the `n`th `[[name]]` header (0-based `n`).
fn nth_header(text: &str, name: &str, n: usize) -> Option<usize> {
    let is_header = |l: &str| {
        let l = l.split('#').next().unwrap_or("").trim();
        l.strip_prefix("[[").and_then(|r| r.strip_suffix("]]")).is_some_and(|h| h.trim() == name)
    };
    text.lines().enumerate().filter(|(_, l)| is_header(l)).nth(n).map(|(i, _)| i + 1)
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The dotted key on `line`, given the text before it: the table header in
/// effect (`agents[1]` for the second `[[agents]]`) plus the key left of `=`.
/// A heuristic over lines: `None` where it cannot tell (e.g. inside a
/// multi-line value), rather than a wrong guess.
fn key_at(before: &str, line: &str) -> Option<String> {
    let mut table = String::new();
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut header = |l: &str| -> Option<String> {
        let l = l.split('#').next().unwrap_or("").trim();
        if let Some(name) = l.strip_prefix("[[").and_then(|r| r.strip_suffix("]]")) {
            let n = seen.entry(name.trim().to_string()).or_insert(0);
            *n += 1;
            return Some(format!("{}[{}]", name.trim(), *n - 1));
        }
        l.strip_prefix('[').and_then(|r| r.strip_suffix(']')).map(|name| name.trim().to_string())
    };
    for l in before.lines() {
        if let Some(t) = header(l) {
            table = t;
        }
    }
    if let Some(t) = header(line) {
        return Some(t);
    }
    let key = line.split_once('=')?.0.trim().replace(['"', '\''], "");
    let plain = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || "_-. ".contains(c));
    if !plain {
        return None;
    }
    Some(if table.is_empty() { key } else { format!("{table}.{key}") })
}
