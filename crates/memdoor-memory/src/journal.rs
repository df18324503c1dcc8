//! The session journal: every `TeamEvent` as a JSON line with its time since
//! the start. Written to `FILE.part`, synced at round ends and at the answer,
//! renamed into place when the session ends — so a journal file is whole.
//! A `.part` left by a crash is read up to its last whole line (`read`).

mod folder;
mod read;

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::domain::TeamEvent;

pub use folder::{default_dir, prune, Pruned, MAX_KEPT_BYTES, MAX_KEPT_JOURNALS};
pub use read::{read, read_journal, Journal, Torn, MAX_EVENTS, MAX_JOURNAL_BYTES, MAX_LINE_BYTES};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Milliseconds since the session started.
    pub at_ms: u64,
    pub event: TeamEvent,
}

pub struct JournalWriter {
    part: PathBuf,
    dest: PathBuf,
    out: BufWriter<File>,
    started: Instant,
}

/// The longest task id a default journal's name carries (bytes; the name
/// stays far below NAME_MAX, 255, with the time, pid and counter).
const MAX_NAME_TASK: usize = 64;

/// How many fresh names `create_default` tries before giving up.
const NAME_TRIES: usize = 16;

/// Where sessions are journaled when no path is given:
/// `<log dir>/journal/<unix ms>-<pid>-<n>-<task>.jsonl`. The pid and a
/// process-wide counter keep the names of sessions started in the same
/// millisecond apart (several `solve`s, a server's requests).
pub fn default_path(task: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    default_dir().join(format!("{}-{}-{n}-{}.jsonl", super::now_ms(), std::process::id(), safe_name(task)))
}

/// Task ids come from clients: keep only what is safe in a file name, cut
/// to `MAX_NAME_TASK` bytes (every kept char is ASCII, so any cut is on a
/// char boundary).
fn safe_name(task: &str) -> String {
    task.chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' })
        .take(MAX_NAME_TASK)
        .collect()
}

fn part_of(dest: &Path) -> PathBuf {
    let mut part = dest.as_os_str().to_owned();
    part.push(".part");
    PathBuf::from(part)
}

impl JournalWriter {
    /// Starts the journal `dest` (written as `dest.part`). A `dest.part`
    /// already there is another session's, running or crashed: it is kept
    /// and this is an error, never a second writer on one file.
    pub fn create(dest: &Path) -> Result<Self> {
        match Self::try_create(dest)? {
            Some(w) => Ok(w),
            None => bail!(
                "the journal {} already exists: another session is writing it, or one crashed (`memdoor replay` reads it; remove it to reuse the name)",
                part_of(dest).display()
            ),
        }
    }

    /// A new journal under the default folder for `task`, under a name no
    /// other session has (a fresh one on every collision).
    pub fn create_default(task: &str) -> Result<Self> {
        for _ in 0..NAME_TRIES {
            let dest = default_path(task);
            if dest.exists() {
                continue;
            }
            if let Some(w) = Self::try_create(&dest)? {
                return Ok(w);
            }
        }
        bail!("no free journal name under {} after {NAME_TRIES} tries", default_dir().display())
    }

    /// A journal for `dest` written to a file the caller opened (tests: a
    /// disk that is always full is `/dev/full`); no folder is pruned.
    #[doc(hidden)]
    pub fn over_file(dest: &Path, file: std::fs::File) -> Self {
        Self { part: part_of(dest), dest: dest.to_path_buf(), out: BufWriter::new(file), started: Instant::now() }
    }

    /// `None`: `dest.part` exists. The `.part` is opened with O_EXCL, so two
    /// sessions never share one.
    fn try_create(dest: &Path) -> Result<Option<Self>> {
        let dir = dest.parent().filter(|d| !d.as_os_str().is_empty());
        if let Some(dir) = dir {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let part = part_of(dest);
        let file = match OpenOptions::new().write(true).create_new(true).open(&part) {
            Ok(file) => file,
            Err(e) if e.kind() == ErrorKind::AlreadyExists => return Ok(None),
            Err(e) => return Err(e).with_context(|| format!("creating the journal {}", part.display())),
        };
        // Held while the session writes, so that pruning the folder never takes a running session's journal.
        file.try_lock().ok();
        let writer = Self { part, dest: dest.to_path_buf(), out: BufWriter::new(file), started: Instant::now() };
        if dir.is_some_and(|d| d == default_dir()) {
            // Only the default folder is memdoor's own to keep bounded.
            writer.prune_folder();
        }
        Ok(Some(writer))
    }

    fn prune_folder(&self) {
        match prune(&default_dir(), &self.part, MAX_KEPT_JOURNALS, MAX_KEPT_BYTES) {
            Ok(p) if p.removed > 0 => {
                tracing::info!("journal folder: removed {} old journals ({} KiB)", p.removed, p.bytes / 1024)
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("journal folder: {e:#}"),
        }
    }

    /// The file being written (`dest.part`).
    pub fn part_path(&self) -> &Path {
        &self.part
    }

    pub fn write(&mut self, event: &TeamEvent) -> Result<()> {
        let record = Record { at_ms: self.started.elapsed().as_millis() as u64, event: event.clone() };
        serde_json::to_writer(&mut self.out, &record)?;
        self.out.write_all(b"\n")?;
        if matches!(event, TeamEvent::RoundFinished { .. } | TeamEvent::Consensus(_) | TeamEvent::TaskFinished { .. }) {
            self.sync()?;
        }
        Ok(())
    }

    fn sync(&mut self) -> Result<()> {
        self.out.flush()?;
        self.out.get_ref().sync_data().context("syncing the journal")
    }

    /// Syncs and renames the journal into place; returns its path.
    pub fn finish(mut self) -> Result<PathBuf> {
        self.sync()?;
        std::fs::rename(&self.part, &self.dest)
            .with_context(|| format!("renaming {} to {}", self.part.display(), self.dest.display()))?;
        if let Some(dir) = self.dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            // The rename itself is durable only once the directory is synced.
            File::open(dir).and_then(|d| d.sync_all()).ok();
        }
        Ok(self.dest)
    }
}

#[cfg(test)]
mod tests;
