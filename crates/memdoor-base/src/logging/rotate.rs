//! `memdoor.log` rotated by size: tracing-appender rotates only by time, and
//! a server's log must stay bounded however many requests it takes. Past
//! `max_bytes` the file becomes `memdoor.log.1` (`.1` becomes `.2`, …, the
//! oldest past `keep` is deleted) and a new one is started. Several memdoor
//! processes may share the folder: each appends, and one that finds the
//! file already rotated by another reopens it instead of rotating again.

use std::borrow::Cow;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// The most bytes `memdoor.log` grows to before it is rotated.
pub const MAX_LOG_BYTES: u64 = 16 * 1024 * 1024;
/// Rotated logs kept beside it (`memdoor.log.1` … `.KEPT_LOGS`).
pub const KEPT_LOGS: usize = 4;

pub struct RotatingLog {
    path: PathBuf,
    file: File,
    /// The file's size when last looked at.
    size: u64,
    max_bytes: u64,
    keep: usize,
}

impl RotatingLog {
    pub fn open(dir: &Path, name: &str, max_bytes: u64, keep: usize) -> io::Result<Self> {
        let path = dir.join(name);
        let file = OpenOptions::new().create(true).append(true).open(&path)?;
        let size = file.metadata()?.len();
        Ok(RotatingLog { path, file, size, max_bytes, keep })
    }

    fn numbered(&self, n: usize) -> PathBuf {
        let mut p = self.path.as_os_str().to_owned();
        p.push(format!(".{n}"));
        PathBuf::from(p)
    }

    /// Makes room for `more` bytes: reopens a file another process rotated,
    /// or rotates this one.
    fn make_room(&mut self, more: u64) -> io::Result<()> {
        let ours = self.file.metadata()?;
        match std::fs::metadata(&self.path) {
            // Still the file at the path: its real size (others append too).
            Ok(at_path) if at_path.ino() == ours.ino() && at_path.dev() == ours.dev() => self.size = at_path.len(),
            // Rotated (or removed) by someone else: go on in the new file.
            _ => return self.reopen(),
        }
        if self.size + more <= self.max_bytes {
            return Ok(());
        }
        if self.keep == 0 {
            std::fs::remove_file(&self.path).ok();
        } else {
            std::fs::remove_file(self.numbered(self.keep)).ok();
            for n in (1..self.keep).rev() {
                std::fs::rename(self.numbered(n), self.numbered(n + 1)).ok();
            }
            std::fs::rename(&self.path, self.numbered(1))?;
        }
        self.reopen()
    }

    fn reopen(&mut self) -> io::Result<()> {
        self.file = OpenOptions::new().create(true).append(true).open(&self.path)?;
        self.size = self.file.metadata()?.len();
        Ok(())
    }
}

/// One formatted event (tracing writes each whole, ending in `\n`) with
/// every other control character escaped: a task id, a model's text or a
/// client's header with a newline or ESC in it, logged through `%`/Display
/// anywhere in memdoor, can neither forge a log line nor drive the
/// terminal of whoever reads the log.
fn one_line(buf: &[u8]) -> Cow<'_, [u8]> {
    let (body, end) = match buf.strip_suffix(b"\n") {
        Some(body) => (body, &b"\n"[..]),
        None => (buf, &b""[..]),
    };
    let text = String::from_utf8_lossy(body);
    if !text.chars().any(|c| c.is_control() && c != '\t') && matches!(text, Cow::Borrowed(_)) {
        return Cow::Borrowed(buf);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push('\t'),
            c if c.is_control() => out.push_str(&c.escape_unicode().to_string()),
            c => out.push(c),
        }
    }
    let mut out = out.into_bytes();
    out.extend_from_slice(end);
    Cow::Owned(out)
}

impl Write for RotatingLog {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // Looked at on every write (two stats a line): other processes append
        // and rotate too. Logging must not fail the app: a failed rotation
        // writes on where it is.
        self.make_room(buf.len() as u64).ok();
        let line = one_line(buf);
        self.file.write_all(&line)?;
        self.size += line.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn len(p: PathBuf) -> Option<u64> {
        std::fs::metadata(p).ok().map(|m| m.len())
    }

    #[test]
    fn the_log_and_its_rotations_stay_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let mut log = RotatingLog::open(dir.path(), "m.log", 1000, 2).unwrap();
        let line = [b'x'; 99];
        for _ in 0..100 {
            log.write_all(&line).unwrap();
            log.write_all(b"\n").unwrap();
        }
        log.flush().unwrap();
        let p = dir.path().join("m.log");
        assert!(len(p.clone()).unwrap() <= 1000);
        assert_eq!(len(log.numbered(1)), Some(1000));
        assert_eq!(len(log.numbered(2)), Some(1000));
        assert_eq!(len(log.numbered(3)), None, "only two kept");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
    }

    #[test]
    fn control_characters_cannot_forge_a_line() {
        assert_eq!(&*one_line(b"plain line\n"), b"plain line\n");
        let forged = "task=q1\n2026-01-01T00:00:00Z  INFO memdoor: forged\x1b[2J\r\u{9b}31m\tend\n";
        let safe = String::from_utf8(one_line(forged.as_bytes()).into_owned()).unwrap();
        assert_eq!(safe, "task=q1\\n2026-01-01T00:00:00Z  INFO memdoor: forged\\u{1b}[2J\\r\\u{9b}31m\tend\n");
        assert_eq!(safe.lines().count(), 1);
        let dir = tempfile::tempdir().unwrap();
        let mut log = RotatingLog::open(dir.path(), "m.log", 1 << 20, 1).unwrap();
        assert_eq!(log.write(forged.as_bytes()).unwrap(), forged.len());
        assert_eq!(std::fs::read_to_string(dir.path().join("m.log")).unwrap(), safe);
    }

    /// Two writers on one folder: the second follows the first's rotation
    /// instead of rotating the fresh file away.
    #[test]
    fn a_second_process_follows_a_rotation() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = RotatingLog::open(dir.path(), "m.log", 100, 3).unwrap();
        let mut b = RotatingLog::open(dir.path(), "m.log", 100, 3).unwrap();
        a.write_all(&[b'a'; 60]).unwrap();
        b.write_all(&[b'b'; 30]).unwrap();
        a.write_all(&[b'a'; 20]).unwrap(); // 90 + 20 > 100: a rotates
        b.write_all(&[b'b'; 20]).unwrap(); // b's file was rotated: b writes on in the new one
        assert_eq!(len(dir.path().join("m.log")), Some(40));
        assert_eq!(len(a.numbered(1)), Some(90));
        assert_eq!(len(a.numbered(2)), None);
    }
}
