//! The real binary's TUI under tmux: how a test starts it, what it hands
//! it, and how it quits it and checks the terminal afterwards.

use std::path::Path;
use std::time::Duration;

use super::tmux::{wait_for_file, Tmux};

pub const MODEL_WAIT: Duration = Duration::from_secs(300);
pub const UI_WAIT: Duration = Duration::from_secs(20);

/// A pane command: the app, then the exit status and the terminal's settings
/// as the shell sees them afterwards.
pub fn pane_command(dir: &Path, args: &str) -> String {
    let (bin, d) = (crate::memdoor_bin(), dir.display());
    format!("{} {args} 2> {d}/stderr; echo $? > {d}/exit; stty -a > {d}/stty", bin.display())
}

pub fn assert_terminal_restored(dir: &Path) {
    let stty = wait_for_file(&dir.join("stty"), UI_WAIT);
    let flags: Vec<&str> = stty.split_whitespace().collect();
    assert!(
        flags.contains(&"echo") && flags.contains(&"icanon") && flags.contains(&"icrnl"),
        "terminal not restored:\n{stty}"
    );
}

pub fn env(dir: &Path) -> Vec<(&'static str, String)> {
    vec![
        ("MEMDOOR_LOG_DIR", dir.join("log").display().to_string()),
        ("MEMDOOR_NO_CLIPBOARD", "1".into()),
        ("TERM", "xterm-256color".into()),
    ]
}

/// Quits, answering the quit question if the app asks (it asks when an answer
/// was not accepted), and checks the app exited 0.
pub fn quit(t: &Tmux, d: &Path) {
    t.keys(&["q"]);
    let exit = d.join("exit");
    let s = t.wait_for("the app to exit or ask", UI_WAIT, |s| s.contains("Quit anyway?") || exit.exists());
    if s.contains("Quit anyway?") {
        t.keys(&["y"]);
    }
    assert_eq!(wait_for_file(&exit, UI_WAIT).trim(), "0");
}
