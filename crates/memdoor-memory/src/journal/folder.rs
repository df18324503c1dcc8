//! The default journal folder is kept bounded: every new session journaled
//! there prunes it to `MAX_KEPT_JOURNALS` journals and `MAX_KEPT_BYTES`,
//! oldest first. A `.part` still locked by its writer (a running session,
//! this one included) is never taken; a crashed session's `.part` is.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use anyhow::{Context, Result};

/// Journals kept in the default folder.
pub const MAX_KEPT_JOURNALS: usize = 200;
/// Bytes of journals kept in the default folder.
pub const MAX_KEPT_BYTES: u64 = 256 * 1024 * 1024;
/// Directory entries looked at in one pruning (the folder is memdoor's own,
/// but a bounded look keeps one session's start bounded too).
const MAX_LISTED: usize = 100_000;

/// `<log dir>/journal`.
pub fn default_dir() -> PathBuf {
    crate::logging::log_dir().join("journal")
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pruned {
    pub removed: usize,
    pub bytes: u64,
}

struct Kept {
    path: PathBuf,
    modified: SystemTime,
    len: u64,
    part: bool,
}

/// Removes the oldest journals (`*.jsonl`, `*.jsonl.part`) of `dir` until at
/// most `max_files` and `max_bytes` are left; never `keep`, never a `.part`
/// whose writer still holds its lock.
pub fn prune(dir: &Path, keep: &Path, max_files: usize, max_bytes: u64) -> Result<Pruned> {
    let mut journals = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))?.take(MAX_LISTED) {
        let Ok(entry) = entry else { continue };
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let part = name.ends_with(".jsonl.part");
        if !(part || name.ends_with(".jsonl")) {
            continue;
        }
        // Symlinks and folders are not journals memdoor wrote.
        let Ok(meta) = entry.metadata() else { continue };
        if !meta.is_file() {
            continue;
        }
        journals.push(Kept {
            path: entry.path(),
            modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            len: meta.len(),
            part,
        });
    }
    let mut files = journals.len();
    let mut bytes: u64 = journals.iter().map(|j| j.len).sum();
    journals.sort_by_key(|j| j.modified);
    let mut pruned = Pruned::default();
    for j in journals {
        if files <= max_files && bytes <= max_bytes {
            break;
        }
        if j.path == keep || (j.part && in_use(&j.path)) {
            continue;
        }
        if std::fs::remove_file(&j.path).is_ok() {
            pruned.removed += 1;
            pruned.bytes += j.len;
        }
        files -= 1;
        bytes -= j.len;
    }
    Ok(pruned)
}

/// Whether a writer holds `part`'s lock (a running session's journal).
fn in_use(part: &Path) -> bool {
    match File::open(part) {
        Ok(f) => match f.try_lock() {
            Ok(()) => false,
            Err(std::fs::TryLockError::WouldBlock) => true,
            // Locks not supported here: better keep it.
            Err(std::fs::TryLockError::Error(_)) => true,
        },
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, len: usize, age_s: u64) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, vec![b'x'; len]).unwrap();
        let t = SystemTime::now() - std::time::Duration::from_secs(age_s);
        File::options().write(true).open(&path).unwrap().set_modified(t).unwrap();
        path
    }

    #[test]
    fn the_oldest_go_first_within_count_and_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let old = write(d, "1.jsonl", 10, 300);
        let mid = write(d, "2.jsonl", 10, 200);
        let new = write(d, "3.jsonl", 10, 100);
        let other = write(d, "notes.txt", 10, 1000);
        assert_eq!(prune(d, Path::new("/none"), 2, u64::MAX).unwrap(), Pruned { removed: 1, bytes: 10 });
        assert!(!old.exists() && mid.exists() && new.exists() && other.exists());
        assert_eq!(prune(d, Path::new("/none"), 10, 10).unwrap().removed, 1);
        assert!(!mid.exists() && new.exists());
    }

    #[test]
    fn the_running_sessions_journals_are_never_taken() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let crashed = write(d, "1.jsonl.part", 10, 400);
        let running = write(d, "2.jsonl.part", 10, 300);
        let lock = File::open(&running).unwrap();
        lock.try_lock().unwrap();
        let mine = write(d, "3.jsonl.part", 10, 200);
        let p = prune(d, &mine, 0, 0).unwrap();
        assert_eq!(p.removed, 1);
        assert!(!crashed.exists() && running.exists() && mine.exists());
    }
}
