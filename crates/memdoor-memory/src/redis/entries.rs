//! Memory entries as stream items, and the checks every item read back
//! passes: anything in a shared Redis may have been written by someone else,
//! so an item that is not JSON, not an entry of this task, or (with a team
//! secret) not signed by the team is dropped and counted, never fatal; an
//! item over the entry limit is dropped by its length, before any decoding.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use ::redis::streams::StreamId;

use super::super::auth::TeamKey;
use super::super::{Entry, EntryId};
use super::{bounded, MAX_ENTRY_BYTES};

/// A tag is 64 hex digits; anything much longer is not one.
pub(crate) const MAX_TAG_BYTES: usize = 1024;

/// The stream field holding an entry's JSON.
pub(super) const ENTRY_FIELD: &str = "entry";
/// The field holding its tag, when the team has a secret.
pub(super) const TAG_FIELD: &str = "mac";

/// The end of both append scripts: the item goes in (tagged when there is a
/// tag) and the entry key points at it.
macro_rules! append_and_point {
    () => {
        r#"
if ARGV[3] ~= '' then
  id = redis.call('XADD', KEYS[2], '*', 'entry', ARGV[2], 'mac', ARGV[3])
else
  id = redis.call('XADD', KEYS[2], '*', 'entry', ARGV[2])
end
pcall(redis.call, 'HSET', KEYS[1], ARGV[1], id)
return {id, 'new'}
"#
    };
}

/// Appends once per entry key, atomically, so a retried write never
/// duplicates. KEYS[1] = key → id hash, KEYS[2] = log stream; ARGV[1] =
/// entry key, ARGV[2] = JSON, ARGV[3] = tag ("" without a secret).
/// Returns {id, "new"}, or {id, "old", stored JSON, stored tag} when the key
/// was there: the caller decides whether that stored item is the team's.
/// A hash that is not a hash, or an id that is not a stream id, reads as
/// no entry (pcall): someone else's bad key must not stop the team writing.
pub(super) const APPEND_ONCE: &str = concat!(
    r#"
local ok, id = pcall(redis.call, 'HGET', KEYS[1], ARGV[1])
if ok and id then
  local entry, tag = '', ''
  local read, got = pcall(redis.call, 'XRANGE', KEYS[2], id, id)
  if read and #got == 1 then
    local f = got[1][2]
    for i = 1, #f, 2 do
      if f[i] == 'entry' then entry = f[i + 1] elseif f[i] == 'mac' then tag = f[i + 1] end
    end
  end
  return {id, 'old', entry, tag}
end"#,
    append_and_point!()
);

/// Appends whatever the key points at, and points the key at the new item:
/// for when the stored item under the key was not the team's. Same KEYS and ARGV.
pub(super) const APPEND_OVER: &str = concat!("local id", append_and_point!());

/// The checks for items read back, shared by every reader of one store.
#[derive(Clone, Default)]
pub struct EntryCheck {
    pub key: Option<TeamKey>,
    /// Items dropped so far (bad, foreign or forged).
    pub rejected: Arc<AtomicU64>,
}

impl EntryCheck {
    /// The tag an entry's JSON gets in `log` ("" without a secret).
    pub fn tag(&self, log: &str, json: &str) -> String {
        self.key.as_ref().map(|k| k.sign(&[b"entry", log.as_bytes(), json.as_bytes()])).unwrap_or_default()
    }

    /// The entry in `json` (tagged `tag`) if it is the team's entry of `log`'s task.
    pub fn check(&self, log: &str, json: &str, tag: &str) -> Result<Entry, String> {
        if let Some(k) = &self.key {
            if !k.verify(&[b"entry", log.as_bytes(), json.as_bytes()], tag) {
                return Err("its tag does not verify under the team secret".into());
            }
        }
        let entry: Entry = serde_json::from_str(json).map_err(|e| format!("not a memory entry ({e})"))?;
        // `memdoor:{S}:log:<task>`: the namespace holds no braces, so the first
        // "}:log:" ends it and the rest is the task id, exactly.
        if log.split_once("}:log:").map(|(_, task)| task) != Some(entry.task.as_str()) {
            return Err(format!("it names another task ({:?})", entry.task));
        }
        Ok(entry)
    }

    /// One stream item back into an entry, or `None` (counted) when it is
    /// not one the team wrote for this log.
    pub fn take(&self, log: &str, sid: StreamId) -> Option<(EntryId, Entry)> {
        // Lengths first: a value over the entry limit is never copied nor parsed.
        let fields = bounded::text_field(&sid, ENTRY_FIELD, MAX_ENTRY_BYTES)
            .and_then(|json| Ok((json, bounded::text_field(&sid, TAG_FIELD, MAX_TAG_BYTES)?)));
        let checked = match fields {
            Ok((Some(json), tag)) => self.check(log, &json, &tag.unwrap_or_default()),
            Ok((None, _)) => Err(format!("no text `{ENTRY_FIELD}` field")),
            Err(why) => Err(why),
        };
        match checked {
            Ok(entry) => Some((sid.id, entry)),
            Err(why) => {
                self.reject(log, &sid.id, &why);
                None
            }
        }
    }

    pub fn reject(&self, log: &str, id: &str, why: &str) {
        self.rejected.fetch_add(1, Ordering::Relaxed);
        tracing::warn!(%log, %id, "dropped an item from Redis: {why}");
    }

    pub fn rejected(&self) -> u64 {
        self.rejected.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EntryKind;

    const LOG: &str = "memdoor:{s}:log:t1";

    fn json(task: &str) -> String {
        serde_json::to_string(&Entry::new(task, 1, Some(0), EntryKind::Draft, "print(1)")).unwrap()
    }

    #[test]
    fn without_a_secret_any_entry_of_the_task_is_taken() {
        let c = EntryCheck::default();
        assert!(c.check(LOG, &json("t1"), "").is_ok());
        assert!(c.check(LOG, &json("t2"), "").is_err(), "an entry of another task");
        assert!(c.check(LOG, "not json", "").is_err());
        assert!(c.check("memdoor:{s}:log:xt1", &json("t1"), "").is_err(), "a suffix is not the task");
        assert!(
            c.check("memdoor:{s}:log:a}:log:t1", &json("t1"), "").is_err(),
            "nor is a tail that looks like a log key"
        );
    }

    #[test]
    fn with_a_secret_only_signed_entries_are_taken() {
        let c = EntryCheck { key: Some(TeamKey::new(b"0123456789abcdef!").unwrap()), ..Default::default() };
        let j = json("t1");
        let tag = c.tag(LOG, &j);
        assert!(c.check(LOG, &j, &tag).is_ok());
        assert!(c.check(LOG, &j, "").is_err(), "unsigned");
        assert!(c.check("memdoor:{s}:log:t1x", &j, &tag).is_err(), "signed for another log");
        assert!(c.check(LOG, &j.replace("print(1)", "print(2)"), &tag).is_err(), "changed");
    }
}
