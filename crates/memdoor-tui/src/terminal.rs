//! The terminal: raw mode, the alternate screen, mouse and paste on entry;
//! all of it undone on every way out (normal exit, error, panic, signal,
//! suspension for `$EDITOR`). The UI draws on /dev/tty, so stdout stays
//! free for `--print` and pipes.

use std::fs::File;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture};
use ratatui::crossterm::terminal::{self, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::crossterm::{cursor, execute};
use ratatui::Terminal;

pub(crate) type Tui = Terminal<CrosstermBackend<File>>;

static ACTIVE: AtomicBool = AtomicBool::new(false);

fn tty() -> io::Result<File> {
    std::fs::OpenOptions::new().read(true).write(true).open("/dev/tty")
}

/// Raw mode, alternate screen, mouse and bracketed paste.
pub(crate) fn enter() -> Result<Tui> {
    let mut out =
        tty().context("opening the terminal (/dev/tty): the TUI needs one; use `memdoor solve` without a terminal")?;
    terminal::enable_raw_mode().context("switching the terminal to raw mode")?;
    ACTIVE.store(true, Ordering::SeqCst);
    if let Err(e) = execute!(out, EnterAlternateScreen, EnableMouseCapture, EnableBracketedPaste, cursor::Hide) {
        restore();
        return Err(e).context("setting up the terminal");
    }
    let backend = CrosstermBackend::new(out);
    Terminal::new(backend).map_err(|e| {
        restore();
        anyhow::anyhow!("setting up the terminal: {e}")
    })
}

/// Puts the terminal back as it was; safe to call more than once, from a
/// panic hook or a signal path.
pub(crate) fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    let _ = terminal::disable_raw_mode();
    if let Ok(mut out) = tty() {
        let _ = execute!(out, DisableBracketedPaste, DisableMouseCapture, LeaveAlternateScreen, cursor::Show);
        let _ = out.flush();
    }
}

/// Restores the terminal before the default panic message prints, so the
/// message is readable and the shell usable.
pub(crate) fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

/// Runs `f` with the terminal as the user's shell has it (for `$EDITOR`),
/// then takes it back and redraws from scratch.
pub(crate) fn suspended<T>(tui: &mut Tui, f: impl FnOnce() -> T) -> Result<T> {
    restore();
    let out = f();
    terminal::enable_raw_mode().context("re-entering raw mode")?;
    ACTIVE.store(true, Ordering::SeqCst);
    let mut fresh = tty().context("reopening the terminal (/dev/tty)")?;
    execute!(
        fresh,
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste,
        cursor::Hide,
        Clear(ClearType::All)
    )?;
    // A new Terminal starts with empty buffers, so the next draw paints every
    // cell. (`Terminal::clear` would ask for the cursor position, a query
    // crossterm writes to stdout — a file or a pipe under `--print`.)
    *tui = Terminal::new(CrosstermBackend::new(fresh)).map_err(|e| anyhow::anyhow!("setting up the terminal: {e}"))?;
    Ok(out)
}
