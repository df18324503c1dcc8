//! What the fuzz targets share: reading the bytes (a first line, a file on
//! disk), the round-trip check for what was read from JSON, a runtime for
//! the async parsers.

use std::path::PathBuf;
use std::sync::OnceLock;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// The text before the first line feed, and the bytes after it.
pub(super) fn first_line(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[]),
    }
}

/// A file of this process's own for the parsers that read a path, removed after use.
pub(super) fn with_file<T>(name: &str, data: &[u8], f: impl FnOnce(&std::path::Path) -> T) -> T {
    let path: PathBuf = std::env::temp_dir().join(format!("memdoor-fuzz-{}-{name}", std::process::id()));
    std::fs::write(&path, data).expect("writing the fuzz input's file");
    let out = f(&path);
    let _ = std::fs::remove_file(&path);
    out
}

/// Floats aside, the same JSON; serde_json reads floats back within an ulp
/// (exactly only with its `float_roundtrip` feature).
pub(super) fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x == y
                || matches!((x.as_f64(), y.as_f64()), (Some(x), Some(y)) if (x - y).abs() <= 1e-12 * x.abs().max(y.abs()))
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

/// What was read from JSON writes back as JSON that reads back the same.
pub(super) fn round_trips<T: Serialize + DeserializeOwned>(value: &T) {
    let json = serde_json::to_string(value).expect("what was read writes back");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
    let (a, b) = (serde_json::to_value(value).expect("to a value"), serde_json::to_value(&back).expect("to a value"));
    assert!(same_json(&a, &b), "{json} read back as {b}");
}

pub(super) fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| tokio::runtime::Builder::new_current_thread().enable_time().build().expect("a tokio runtime"))
}
