//! Reading stream items whose size nobody vouches for: a page of a stream
//! comes through a script that replaces every field value over the limit by
//! its length (`oversize`), so an item of hundreds of MB is never sent to
//! memdoor, and what is sent is checked again by length before anything
//! decodes it. Used for task logs and reply streams alike.

use ::redis::streams::StreamId;
use ::redis::{RedisError, Script, Value};

use super::RedisConn;

/// The field a stubbed item carries instead of its fields: the size of the
/// largest value that was over the limit.
pub(crate) const OVERSIZE_FIELD: &str = "oversize";

/// KEYS[1] = stream; ARGV[1] = exclusive start id ("-" for the first),
/// ARGV[2] = COUNT, ARGV[3] = the largest field value passed on whole.
const PAGE_SCRIPT: &str = r#"
local start = ARGV[1]
if start ~= '-' then start = '(' .. start end
local ok, got = pcall(redis.call, 'XRANGE', KEYS[1], start, '+', 'COUNT', tonumber(ARGV[2]))
if not ok then return redis.error_reply(tostring(got.err or got)) end
local limit = tonumber(ARGV[3])
for _, item in ipairs(got) do
  local f = item[2]
  local over = 0
  for i = 2, #f, 2 do
    local n = string.len(f[i])
    if n > limit and n > over then over = n end
  end
  if over > 0 then item[2] = {'oversize', tostring(over)} end
end
return got
"#;

/// A page of up to `count` items of `key` after `after` ("-": from the
/// first), each field value at most `limit` bytes or the item stubbed.
pub async fn page(
    conn: &mut RedisConn,
    key: &str,
    after: &str,
    count: usize,
    limit: usize,
) -> Result<Vec<StreamId>, RedisError> {
    static SCRIPT: std::sync::LazyLock<Script> = std::sync::LazyLock::new(|| Script::new(PAGE_SCRIPT));
    let reply: ::redis::streams::StreamRangeReply =
        SCRIPT.key(key).arg(after).arg(count).arg(limit).invoke_async(conn).await?;
    Ok(reply.ids)
}

/// The text of `field` of an item if its raw value is at most `limit`
/// bytes: `Err` says why not, before any copy or decoding of a long value.
pub fn text_field(sid: &StreamId, field: &str, limit: usize) -> Result<Option<String>, String> {
    if let Some(v) = sid.map.get(OVERSIZE_FIELD) {
        let n = ::redis::from_redis_value_ref::<String>(v).unwrap_or_default();
        return Err(format!("a value of {n} bytes, over the {limit} bytes an item may hold; not read"));
    }
    match sid.map.get(field) {
        None => Ok(None),
        Some(Value::BulkString(b)) if b.len() > limit => {
            Err(format!("a value of {} bytes, over the {limit} bytes an item may hold; not decoded", b.len()))
        }
        Some(v) => Ok(::redis::from_redis_value_ref::<String>(v).ok()),
    }
}
