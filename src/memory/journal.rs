//! The session journal: every `TeamEvent` as a JSON line with its time since
//! the start. Written to `FILE.part`, synced at round ends and at the answer,
//! renamed into place when the session ends — so a journal file is whole.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use crate::domain::TeamEvent;

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

/// Where sessions are journaled when no path is given:
/// `<log dir>/journal/<unix seconds>-<task>.jsonl`.
pub fn default_path(task: &str) -> PathBuf {
    let secs = super::now_ms() / 1000;
    // Task ids come from clients: keep only what is safe in a file name.
    let safe: String = task.chars().take(64).map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
    crate::logging::log_dir().join("journal").join(format!("{secs}-{safe}.jsonl"))
}

impl JournalWriter {
    pub fn create(dest: &Path) -> Result<Self> {
        if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let mut part = dest.as_os_str().to_owned();
        part.push(".part");
        let part = PathBuf::from(part);
        let file = File::create(&part).with_context(|| format!("creating the journal {}", part.display()))?;
        Ok(Self { part, dest: dest.to_path_buf(), out: BufWriter::new(file), started: Instant::now() })
    }

    pub fn write(&mut self, event: &TeamEvent) -> Result<()> {
        let record = Record { at_ms: self.started.elapsed().as_millis() as u64, event: event.clone() };
        serde_json::to_writer(&mut self.out, &record)?;
        self.out.write_all(b"\n")?;
        if matches!(event, TeamEvent::RoundFinished { .. } | TeamEvent::Consensus { .. } | TeamEvent::TaskFinished { .. }) {
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

/// Reads a journal; a bad line is an error naming the file and line.
pub fn read(path: &Path) -> Result<Vec<Record>> {
    let file = File::open(path).with_context(|| format!("opening the journal {}", path.display()))?;
    let mut records = Vec::new();
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("{}:{}: not UTF-8 text", path.display(), i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let record = serde_json::from_str(&line)
            .with_context(|| format!("{}:{}: not a memdoor journal record", path.display(), i + 1))?;
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_journal_is_renamed_into_place_and_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dir.path().join("s.jsonl");
        let mut j = JournalWriter::create(&dest).unwrap();
        let events = [
            TeamEvent::AgentToken { agent: 0, round: 1, text: "déf 🦀".into() },
            TeamEvent::RoundFinished { round: 1 },
            TeamEvent::TaskFinished { task: "t".into(), answer: Some("x".into()), elapsed_secs: 1.0 },
        ];
        for e in &events {
            j.write(e).unwrap();
        }
        assert!(!dest.exists(), "only the .part file exists until finish");
        assert_eq!(j.finish().unwrap(), dest);
        let back: Vec<TeamEvent> = read(&dest).unwrap().into_iter().map(|r| r.event).collect();
        assert_eq!(back, events);
    }

    #[test]
    fn a_bad_line_names_the_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.jsonl");
        std::fs::write(&path, "{\"at_ms\":0,\"event\":{\"event\":\"RoundFinished\",\"round\":1}}\nnot json\n").unwrap();
        let err = format!("{:#}", read(&path).unwrap_err());
        assert!(err.contains("bad.jsonl:2"), "{err}");
    }
}
