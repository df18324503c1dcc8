//! The session journal written on a thread of its own, so that its fsyncs
//! (at each round's end and at the answer) never hold up the live view or
//! the TUI's loop. One journal can span several runs (a TUI session and its
//! re-prompts): every run's sink is a clone of the same handle.

use std::path::{Path, PathBuf};
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex};

use anyhow::{anyhow, Result};
use async_trait::async_trait;

use super::EventSink;
use crate::domain::TeamEvent;
use crate::memory::journal::JournalWriter;

enum Order {
    Write(Box<TeamEvent>),
    Finish,
}

/// What to do when the disk refuses a write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnJournalError {
    /// Stop the session with the error (`solve`: a journal asked for must be whole).
    Stop,
    /// Log it once and go on without the journal (the TUI, a worker's task).
    Warn,
}

/// Where the user asked for the session's journal: a journal asked for
/// (`File`) must be whole, so its failure is an error; the default one is
/// a convenience, so its failure is a warning and the session runs on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JournalChoice {
    Off,
    /// A new file under the log dir's `journal/`.
    Default,
    File(PathBuf),
}

impl JournalChoice {
    /// From `--journal FILE` / `--no-journal`.
    pub fn from_flags(file: Option<&Path>, off: bool) -> Self {
        match (file, off) {
            (_, true) => JournalChoice::Off,
            (Some(f), _) => JournalChoice::File(f.to_path_buf()),
            (None, _) => JournalChoice::Default,
        }
    }

    /// Whether the user named the journal (its failure is then an error).
    pub fn asked(&self) -> bool {
        matches!(self, JournalChoice::File(_))
    }

    /// Starts the journal for `task`. `File`'s that cannot be made is an
    /// error and a later write failure does `on_error`; the default one
    /// that cannot be made is warned of (stderr and log) and skipped, and a
    /// later failure of it only warns.
    pub fn start(&self, task: &str, on_error: OnJournalError) -> Result<Option<JournalThread>> {
        match self {
            JournalChoice::Off => Ok(None),
            JournalChoice::File(path) => Ok(Some(JournalThread::start(JournalWriter::create(path)?, on_error))),
            JournalChoice::Default => match JournalWriter::create_default(task) {
                Ok(w) => Ok(Some(JournalThread::start(w, OnJournalError::Warn))),
                Err(e) => {
                    eprintln!("memdoor: warning: no journal for this session: {e:#}");
                    tracing::warn!("no journal for this session: {e:#}");
                    Ok(None)
                }
            },
        }
    }
}

/// A handle that queues events for the journal's thread.
#[derive(Clone)]
pub struct JournalSink {
    tx: std_mpsc::Sender<Order>,
    error: Arc<Mutex<Option<String>>>,
    on_error: OnJournalError,
    warned: bool,
}

/// The thread that owns the `JournalWriter`.
pub struct JournalThread {
    sink: JournalSink,
    thread: std::thread::JoinHandle<Result<PathBuf>>,
}

impl JournalThread {
    pub fn start(mut writer: JournalWriter, on_error: OnJournalError) -> Self {
        let (tx, rx) = std_mpsc::channel();
        let error = Arc::new(Mutex::new(None));
        let seen = error.clone();
        let thread = std::thread::spawn(move || {
            for order in rx {
                match order {
                    Order::Write(event) => {
                        if let Err(e) = writer.write(&event) {
                            let message = format!("writing the journal {}: {e:#}", writer.part_path().display());
                            *seen.lock().unwrap_or_else(|p| p.into_inner()) = Some(message.clone());
                            return Err(anyhow!(message));
                        }
                    }
                    Order::Finish => break,
                }
            }
            writer.finish()
        });
        JournalThread { sink: JournalSink { tx, error, on_error, warned: false }, thread }
    }

    pub fn sink(&self) -> JournalSink {
        self.sink.clone()
    }

    /// Writes what is queued, syncs, and renames the journal into place.
    pub async fn finish(self) -> Result<PathBuf> {
        let _ = self.sink.tx.send(Order::Finish);
        let thread = self.thread;
        tokio::task::spawn_blocking(move || thread.join())
            .await?
            .map_err(|_| anyhow!("the journal's thread panicked"))?
    }
}

impl JournalSink {
    fn failure(&self) -> Option<String> {
        self.error.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

#[async_trait]
impl EventSink for JournalSink {
    async fn handle(&mut self, event: &TeamEvent) -> Result<()> {
        if let Some(message) = self.failure() {
            return match self.on_error {
                OnJournalError::Stop => Err(anyhow!(message)),
                OnJournalError::Warn => {
                    if !std::mem::replace(&mut self.warned, true) {
                        tracing::warn!("{message}; the session goes on unjournaled");
                    }
                    Ok(())
                }
            };
        }
        // A closed channel means the journal was finished: later events have nowhere to go.
        let _ = self.tx.send(Order::Write(Box::new(event.clone())));
        Ok(())
    }
}
