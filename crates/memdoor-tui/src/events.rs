//! Terminal input on a thread of its own (crossterm's reads block), handed to
//! the app as `Msg`s; paused while `$EDITOR` owns the terminal.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use ratatui::crossterm::event::{self, Event};
use tokio::sync::mpsc;

use super::msg::Msg;

pub(crate) struct InputThread {
    paused: Arc<AtomicBool>,
    /// Set by the thread once it is no longer reading (so `$EDITOR` gets every key).
    parked: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
}

impl InputThread {
    pub fn spawn(tx: mpsc::Sender<Msg>) -> InputThread {
        let paused = Arc::new(AtomicBool::new(false));
        let stop = Arc::new(AtomicBool::new(false));
        let parked = Arc::new(AtomicBool::new(false));
        let (p, k, s) = (paused.clone(), parked.clone(), stop.clone());
        std::thread::Builder::new()
            .name("memdoor-input".into())
            .spawn(move || {
                while !s.load(Ordering::SeqCst) {
                    if p.load(Ordering::SeqCst) {
                        k.store(true, Ordering::SeqCst);
                        std::thread::park_timeout(Duration::from_millis(20));
                        continue;
                    }
                    k.store(false, Ordering::SeqCst);
                    // Poll with a timeout so a pause or stop is seen promptly.
                    match event::poll(Duration::from_millis(30)) {
                        Ok(true) => {}
                        Ok(false) => continue,
                        Err(_) => break,
                    }
                    let msg = match event::read() {
                        Ok(Event::Key(k)) => Msg::Key(k),
                        Ok(Event::Mouse(m)) => Msg::Mouse(m),
                        Ok(Event::Paste(t)) => Msg::Paste(t),
                        Ok(Event::Resize(w, h)) => Msg::Resize(w, h),
                        Ok(_) => continue,
                        Err(_) => break,
                    };
                    if tx.blocking_send(msg).is_err() {
                        break;
                    }
                }
            })
            .expect("spawning the input thread");
        InputThread { paused, parked, stop }
    }

    /// Pausing returns once the thread has stopped reading (it finishes its
    /// current poll first, at most ~30 ms); resuming returns at once.
    pub(crate) fn pause(&self, on: bool) {
        self.paused.store(on, Ordering::SeqCst);
        if on {
            let deadline = std::time::Instant::now() + Duration::from_secs(1);
            while !self.parked.load(Ordering::SeqCst) && std::time::Instant::now() < deadline {
                std::thread::yield_now();
            }
        }
    }
}

impl Drop for InputThread {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}
