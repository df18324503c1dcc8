//! Reading a journal, which is hostile input like any file: a line is read
//! at most `MAX_LINE_BYTES` at a time, a journal holds at most `MAX_EVENTS`
//! events and `MAX_JOURNAL_BYTES`. A crash can leave a `.part` whose last
//! line was cut mid-write: that line is dropped with a warning (`Torn`);
//! a bad line anywhere else is an error naming the file and line.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{bail, Context, Result};

use super::Record;

/// The longest journal line read (a problem is at most 256 KiB, a draft far less).
pub const MAX_LINE_BYTES: usize = 4 * 1024 * 1024;
/// The most events one journal holds (a session of five agents makes a few thousand).
pub const MAX_EVENTS: usize = 1_000_000;
/// The most bytes of journal read.
pub const MAX_JOURNAL_BYTES: u64 = 512 * 1024 * 1024;

/// A last line cut mid-write, dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Torn {
    /// Its line number (1-based).
    pub line: usize,
    pub bytes: usize,
}

impl std::fmt::Display for Torn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "last line torn (line {}), {} bytes ignored: the session ended before it was whole",
            self.line, self.bytes
        )
    }
}

#[derive(Debug)]
pub struct Journal {
    pub records: Vec<Record>,
    pub torn: Option<Torn>,
}

/// Reads a journal; a torn last line is logged as a warning and dropped.
pub fn read(path: &Path) -> Result<Vec<Record>> {
    let journal = read_journal(path)?;
    if let Some(torn) = journal.torn {
        tracing::warn!("{}: {torn}", path.display());
    }
    Ok(journal.records)
}

/// Reads a journal, telling a torn last line apart.
pub fn read_journal(path: &Path) -> Result<Journal> {
    let file = File::open(path).with_context(|| format!("opening the journal {}", path.display()))?;
    let too_big = || anyhow::anyhow!("{}: over the {} MiB a journal may hold", path.display(), MAX_JOURNAL_BYTES >> 20);
    if file.metadata().is_ok_and(|m| m.len() > MAX_JOURNAL_BYTES) {
        return Err(too_big());
    }
    let mut input = BufReader::new(file).take(MAX_JOURNAL_BYTES);
    let mut records = Vec::new();
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        // One more byte than a line may hold tells an overlong line from one at the cap.
        let n = (&mut input)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut line)
            .with_context(|| format!("reading {}", path.display()))?;
        if n == 0 {
            break;
        }
        number += 1;
        let whole = line.ends_with(b"\n");
        if !whole && line.len() > MAX_LINE_BYTES {
            bail!("{}:{number}: a line over the {} MiB a journal line may hold", path.display(), MAX_LINE_BYTES >> 20);
        }
        if !whole && input.limit() == 0 {
            return Err(too_big());
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match serde_json::from_slice::<Record>(&line) {
            Ok(record) => {
                if records.len() == MAX_EVENTS {
                    bail!("{}:{number}: over the {MAX_EVENTS} events a journal may hold", path.display());
                }
                records.push(record);
            }
            // No newline: the last line, cut when the session died.
            Err(_) if !whole => return Ok(Journal { records, torn: Some(Torn { line: number, bytes: line.len() }) }),
            Err(e) => {
                let what = if std::str::from_utf8(&line).is_err() {
                    "not UTF-8 text".to_string()
                } else {
                    format!("not a memdoor journal record ({e})")
                };
                bail!("{}:{number}: {what}", path.display());
            }
        }
    }
    Ok(Journal { records, torn: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHOLE: &str = "{\"at_ms\":0,\"event\":{\"event\":\"RoundFinished\",\"round\":1}}\n";

    fn file(text: &[u8]) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j.jsonl.part");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    #[test]
    fn a_torn_last_line_is_dropped_with_its_size() {
        let torn = "{\"at_ms\":5,\"event\":{\"event\":\"Round";
        let (_d, path) = file(format!("{WHOLE}{WHOLE}{torn}").as_bytes());
        let j = read_journal(&path).unwrap();
        assert_eq!(j.records.len(), 2);
        assert_eq!(j.torn, Some(Torn { line: 3, bytes: torn.len() }));
        assert!(j
            .torn
            .unwrap()
            .to_string()
            .contains(&format!("last line torn (line 3), {} bytes ignored", torn.len())));
        // Cut inside a multi-byte char: still torn, not "not UTF-8".
        let (_d, path) =
            file(&[WHOLE.as_bytes(), "{\"at_ms\":5,\"event\":\"é".as_bytes().split_last().unwrap().1].concat());
        assert_eq!(read_journal(&path).unwrap().torn.map(|t| t.line), Some(2));
    }

    #[test]
    fn a_whole_last_line_without_newline_is_kept() {
        let (_d, path) = file(WHOLE.trim_end().as_bytes());
        let j = read_journal(&path).unwrap();
        assert_eq!((j.records.len(), j.torn), (1, None));
    }

    #[test]
    fn a_bad_line_in_the_middle_is_an_error_naming_it() {
        let (_d, path) = file(format!("{WHOLE}{{\"at_ms\":5,\"ev\n{WHOLE}").as_bytes());
        let err = format!("{:#}", read_journal(&path).unwrap_err());
        assert!(err.contains("j.jsonl.part:2: not a memdoor journal record"), "{err}");
    }

    #[test]
    fn an_overlong_line_is_refused_without_reading_it_whole() {
        // A line far over the cap, in a file: only the cap plus one byte is read of it.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("long.jsonl");
        let mut f = std::io::BufWriter::new(File::create(&path).unwrap());
        use std::io::Write;
        f.write_all(WHOLE.as_bytes()).unwrap();
        f.write_all(b"{\"at_ms\":1,\"event\":{\"event\":\"AgentToken\",\"agent\":0,\"round\":1,\"text\":\"").unwrap();
        let chunk = vec![b'a'; 1 << 20];
        for _ in 0..(MAX_LINE_BYTES >> 20) + 2 {
            f.write_all(&chunk).unwrap();
        }
        f.write_all(b"\"}}\n").unwrap();
        drop(f);
        let err = format!("{:#}", read_journal(&path).unwrap_err());
        assert!(err.contains("long.jsonl:2: a line over the 4 MiB a journal line may hold"), "{err}");
    }
}
