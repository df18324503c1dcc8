//! Logs go to a file (never the screen, which belongs to the UI):
//! `$MEMDOOR_LOG_DIR` or the user's state dir (`~/.local/state/memdoor`).
//! The filter comes from `MEMDOOR_LOG` (default `memdoor=info`).
//! `memdoor.log` is rotated by size (`rotate.rs`): at most
//! `MAX_LOG_BYTES` in it and `KEPT_LOGS` older files beside it.

mod rotate;

use std::path::PathBuf;

use tracing_appender::non_blocking::WorkerGuard;
use tracing_subscriber::EnvFilter;

pub use rotate::{RotatingLog, KEPT_LOGS, MAX_LOG_BYTES};

pub fn log_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("MEMDOOR_LOG_DIR") {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("", "", "memdoor")
        .map(|d| d.state_dir().unwrap_or(d.cache_dir()).to_path_buf())
        .unwrap_or_else(|| std::env::temp_dir().join("memdoor"))
}

/// Starts file logging; keep the guard alive until exit so lines are flushed.
/// Logging is best effort: an unwritable directory means no log, not no app.
pub fn init() -> Option<WorkerGuard> {
    let dir = log_dir();
    std::fs::create_dir_all(&dir).ok()?;
    let appender = RotatingLog::open(&dir, "memdoor.log", MAX_LOG_BYTES, KEPT_LOGS).ok()?;
    let (writer, guard) = tracing_appender::non_blocking(appender);
    let filter = EnvFilter::try_from_env("MEMDOOR_LOG").unwrap_or_else(|_| EnvFilter::new("memdoor=info"));
    tracing_subscriber::fmt().with_writer(writer).with_ansi(false).with_env_filter(filter).try_init().ok()?;
    Some(guard)
}
