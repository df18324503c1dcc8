//! A real terminal for end-to-end tests: a private tmux server (its own
//! socket) running one command in a pane of a given size; keys in, screen
//! text out, and waits that poll for a condition.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use super::eventually::until;

pub struct Tmux {
    socket: String,
    /// A file whose text goes into timeout messages (the app's stderr).
    log: Option<std::path::PathBuf>,
}

impl Tmux {
    /// Starts `shell_command` (run by sh) in a `width`×`height` pane.
    pub fn start(shell_command: &str, width: u16, height: u16, env: &[(&str, String)]) -> Tmux {
        let socket = format!("memdoor-test-{}-{}", std::process::id(), unique());
        let mut cmd = Command::new("tmux");
        cmd.args([
            "-L",
            &socket,
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
        ]);
        for (k, v) in env {
            cmd.args(["-e", &format!("{k}={v}")]);
        }
        cmd.arg(shell_command);
        let status = cmd.status().expect("tmux (apt-get install tmux)");
        assert!(status.success(), "tmux new-session failed");
        let t = Tmux { socket, log: None };
        t.tmux(&["set-option", "-g", "remain-on-exit", "on"]);
        // Let the app's OSC 52 copy land in tmux's paste buffer, where a test can read it.
        t.tmux(&["set-option", "-g", "set-clipboard", "on"]);
        t
    }

    /// Timeouts will also show this file (e.g. the app's stderr).
    pub fn with_log(mut self, path: &Path) -> Self {
        self.log = Some(path.to_path_buf());
        self
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux").args(["-L", &self.socket]).args(args).output().expect("tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "t"])
    }

    /// Sends tmux key names ("a", "Enter", "Escape", "C-u", "F12") or literal text with `-l`.
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    pub fn text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "t", "-l", text]);
    }

    /// Resizes the window (the app sees a resize event).
    pub fn resize(&self, width: u16, height: u16) {
        self.tmux(&["resize-window", "-t", "t", "-x", &width.to_string(), "-y", &height.to_string()]);
    }

    /// tmux's newest paste buffer (what an OSC 52 copy put there).
    pub fn paste_buffer(&self) -> String {
        self.tmux(&["show-buffer"])
    }

    /// The shell's pid in the pane (the app is its child).
    pub fn pane_pid(&self) -> u32 {
        self.tmux(&["display-message", "-p", "-t", "t", "#{pane_pid}"]).trim().parse().expect("pane pid")
    }

    /// Polls the screen until `pred` holds; panics with the screen after `timeout`.
    pub fn wait_for(&self, what: &str, timeout: Duration, pred: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let s = self.screen();
            if pred(&s) {
                return s;
            }
            if Instant::now() > deadline {
                let log = self.log.as_ref().map(|p| std::fs::read_to_string(p).unwrap_or_default()).unwrap_or_default();
                panic!("timed out waiting for {what}; the screen:\n{s}\nthe app's stderr:\n{log}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// Polls until `path` exists (a marker the pane's shell writes).
pub fn wait_for_file(path: &Path, timeout: Duration) -> String {
    until(&path.display().to_string(), timeout, || std::fs::read_to_string(path).ok().filter(|s| !s.is_empty()))
}

pub fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::SeqCst)
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["-L", &self.socket, "kill-server"]).status();
    }
}
