//! Jobs and reply items under the team secret: each stream item carries its
//! JSON and, when the team has a secret, a tag over the key it was written
//! to and that JSON. Readers drop (and the store counts) what does not verify.

use super::wire::{FIELD, TAG};
use crate::memory::redis::bounded::text_field;
use crate::memory::redis::RedisStore;

/// The largest job or reply item read back: a job carries an agent's whole
/// prompt, a reply item ~50 ms of text. Longer is dropped unread.
pub(crate) const MAX_WIRE_ITEM_BYTES: usize = 8 << 20;

/// The tag of a job or reply item `json` written to `key` ("" without a secret).
pub(crate) fn tag(store: &RedisStore, kind: &str, key: &str, json: &str) -> String {
    store.team_key().map(|k| k.sign(&[kind.as_bytes(), key.as_bytes(), json.as_bytes()])).unwrap_or_default()
}

/// The JSON of a stream item written to `key`, if it carries the team's tag
/// (any text passes without a secret); what fails is counted by the store.
pub(crate) fn checked_json(
    store: &RedisStore,
    kind: &str,
    key: &str,
    sid: &::redis::streams::StreamId,
) -> Option<String> {
    // Lengths first: a value over the limit is dropped before any copy or parse.
    let fields = text_field(sid, FIELD, MAX_WIRE_ITEM_BYTES).and_then(|json| Ok((json, text_field(sid, TAG, 1024)?)));
    let (json, tag) = match fields {
        Ok((Some(json), tag)) => (json, tag.unwrap_or_default()),
        Ok((None, _)) => {
            store.reject(key, &sid.id, &format!("no text `{FIELD}` field"));
            return None;
        }
        Err(why) => {
            store.reject(key, &sid.id, &why);
            return None;
        }
    };
    if let Some(k) = store.team_key() {
        if !k.verify(&[kind.as_bytes(), key.as_bytes(), json.as_bytes()], &tag) {
            store.reject(key, &sid.id, "its tag does not verify under the team secret");
            return None;
        }
    }
    Some(json)
}

/// A stream item's fields: the JSON and, with a secret, its tag.
pub(crate) fn fields<'a>(json: &'a str, tag: &'a str) -> Vec<(&'static str, &'a str)> {
    if tag.is_empty() {
        vec![(FIELD, json)]
    } else {
        vec![(FIELD, json), (TAG, tag)]
    }
}
