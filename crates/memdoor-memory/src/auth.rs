//! The team secret: an HMAC-SHA256 over everything memdoor writes for its
//! team into a shared Redis (memory entries, workers' replies), so a reader
//! tells the team's writes from anyone's who can merely write to the server.
//! The secret never enters Redis; it comes from an environment variable
//! (`MEMDOOR_TEAM_SECRET`, or the one `[store] secret_env` names).

use std::sync::Arc;

use anyhow::{bail, Result};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The variable read when the config names none.
pub const DEFAULT_SECRET_ENV: &str = "MEMDOOR_TEAM_SECRET";
/// Shorter secrets are refused: guessing one would forge everything.
const MIN_SECRET_BYTES: usize = 16;

/// The team's key. Cheap to clone; its bytes are never shown.
#[derive(Clone)]
pub struct TeamKey(Arc<[u8]>);

impl std::fmt::Debug for TeamKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TeamKey(…)")
    }
}

impl TeamKey {
    pub fn new(secret: &[u8]) -> Result<Self> {
        if secret.len() < MIN_SECRET_BYTES {
            bail!(
                "the team secret is {} bytes; it must be at least {MIN_SECRET_BYTES} (e.g. `openssl rand -hex 32`)",
                secret.len()
            );
        }
        Ok(TeamKey(secret.into()))
    }

    /// The key in the variable `var`, or `None` when it is unset or empty.
    pub fn from_env(var: &str) -> Result<Option<Self>> {
        match std::env::var(var) {
            Ok(s) if !s.is_empty() => {
                Self::new(s.as_bytes()).map(Some).map_err(|e| e.context(format!("reading ${var}")))
            }
            _ => Ok(None),
        }
    }

    fn mac(&self, parts: &[&[u8]]) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        // Each part length-prefixed, so ("ab", "c") and ("a", "bc") differ.
        for part in parts {
            mac.update(&(part.len() as u64).to_le_bytes());
            mac.update(part);
        }
        mac
    }

    /// The tag of `parts`, as hex.
    pub fn sign(&self, parts: &[&[u8]]) -> String {
        self.mac(parts).finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Whether `tag` (hex) is the tag of `parts`; compared in constant time.
    pub fn verify(&self, parts: &[&[u8]], tag: &str) -> bool {
        let Some(bytes) = from_hex(tag) else { return false };
        self.mac(parts).verify_slice(&bytes).is_ok()
    }
}

fn from_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| s.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> TeamKey {
        TeamKey::new(s.as_bytes()).unwrap()
    }

    #[test]
    fn a_tag_verifies_only_for_its_key_and_parts() {
        let k = key("0123456789abcdef-team");
        let tag = k.sign(&[b"log", b"{\"a\":1}"]);
        assert!(k.verify(&[b"log", b"{\"a\":1}"], &tag));
        assert!(!k.verify(&[b"log", b"{\"a\":2}"], &tag), "other content");
        assert!(!k.verify(&[b"lo", b"g{\"a\":1}"], &tag), "parts moved across a boundary");
        assert!(!key("another-secret-of-16+").verify(&[b"log", b"{\"a\":1}"], &tag), "another key");
        assert!(!k.verify(&[b"log", b"{\"a\":1}"], "zz"), "not hex");
        assert!(!k.verify(&[b"log", b"{\"a\":1}"], ""), "no tag");
    }

    #[test]
    fn short_secrets_are_refused_and_never_shown() {
        let err = TeamKey::new(b"short").unwrap_err().to_string();
        assert!(err.contains("at least 16") && !err.contains("short"), "{err}");
        assert_eq!(format!("{:?}", key("0123456789abcdef")), "TeamKey(…)");
    }
}
