//! Value rules applied while the file is read, so that a bad value fails
//! with the position of its key, as a type error would.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use super::{AgentEntry, Backend};

fn in_range<'de, D: Deserializer<'de>, T>(d: D, lo: T, hi: T) -> Result<T, D::Error>
where
    T: Deserialize<'de> + PartialOrd + std::fmt::Display + Copy,
{
    let v = T::deserialize(d)?;
    if v < lo || v > hi {
        return Err(D::Error::custom(format!("{v} is out of range: {lo} to {hi}")));
    }
    Ok(v)
}

pub fn team_size<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    in_range(d, 1, 64).map(Some)
}

pub fn rounds<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    in_range(d, 1, 10)
}

pub fn max_tokens<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    in_range(d, 1, 1 << 20)
}

pub(crate) fn opt_max_tokens<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    max_tokens(d).map(Some)
}

pub fn temperature<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let t = f64::deserialize(d)?;
    if !(0.0..=2.0).contains(&t) {
        return Err(D::Error::custom(format!("{t} is out of range: 0 to 2")));
    }
    Ok(Some(t))
}

pub(crate) fn positive_u64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    in_range(d, 1, u64::MAX).map(Some)
}

pub(crate) fn cpus<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let c = f64::deserialize(d)?;
    if !(0.01..=1024.0).contains(&c) {
        return Err(D::Error::custom(format!("{c} is out of range: 0.01 to 1024 cores")));
    }
    Ok(Some(c))
}

pub fn seconds<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let s = f64::deserialize(d)?;
    // Duration::from_secs_f64 panics on these; a week is past any sane timeout.
    if !(s > 0.0 && s <= 7.0 * 86400.0) {
        return Err(D::Error::custom(format!("{s} is out of range: more than 0 and at most 604800 seconds")));
    }
    Ok(Some(s))
}

/// `api_key_env` names a variable. A value that cannot be a name is most
/// likely the key itself: it is refused without being echoed anywhere.
pub(crate) fn env_name<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let name = String::deserialize(d)?;
    let mut chars = name.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ok {
        return Err(D::Error::custom(
            "must be the NAME of an environment variable holding the API key (letters, digits, _), never the key itself",
        ));
    }
    Ok(Some(name))
}

/// Rules across the keys of one `[[agents]]` entry (checked once the file
/// is read: serde cannot place an error on a whole table).
pub(crate) fn agent_rules(e: &AgentEntry) -> Result<(), String> {
    match e.backend {
        Backend::Openai => {
            let url = e
                .base_url
                .as_deref()
                .filter(|u| !u.trim().is_empty())
                .ok_or("backend = \"openai\" needs `base_url`")?;
            let full = crate::model::openai::chat_completions_url(url);
            if !matches!(reqwest::Url::parse(&full).map(|u| u.scheme().to_string()).as_deref(), Ok("http" | "https")) {
                return Err(format!("`base_url` {:?} is not an http(s) URL", crate::hygiene::redact_url(url)));
            }
            if e.model.as_deref().is_none_or(|m| m.trim().is_empty()) {
                return Err("backend = \"openai\" needs `model` (the server's name for it)".into());
            }
        }
        Backend::Local => {
            let remote_only = [
                ("base_url", e.base_url.is_some()),
                ("api_key_env", e.api_key_env.is_some()),
                ("name", e.name.is_some()),
                ("connect_timeout_secs", e.connect_timeout_secs.is_some()),
                ("first_token_timeout_secs", e.first_token_timeout_secs.is_some()),
                ("idle_timeout_secs", e.idle_timeout_secs.is_some()),
                ("total_timeout_secs", e.total_timeout_secs.is_some()),
                ("max_event_kb", e.max_event_kb.is_some()),
                ("max_answer_kb", e.max_answer_kb.is_some()),
                ("retries", e.retries.is_some()),
            ];
            if let Some((key, _)) = remote_only.iter().find(|(_, set)| *set) {
                return Err(format!("`{key}` applies only to backend = \"openai\" agents (this one is local)"));
            }
        }
    }
    Ok(())
}
