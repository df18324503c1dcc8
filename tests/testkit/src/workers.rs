//! `memdoor agent` worker processes of the real binary on the real model,
//! resumed (if paused) and killed when the test ends, however it ends.

use std::path::Path;
use std::process::{Child, Command, Stdio};

pub struct Workers(pub Vec<Child>);

impl Workers {
    /// `n` workers with ids w0…w{n-1} on `url`, each with `extra` arguments.
    pub fn start(url: &str, n: usize, extra: &[&str], model: &Path, logs: &Path) -> Self {
        Self(
            (0..n)
                .map(|i| {
                    Command::new(crate::memdoor_bin())
                        .args(["agent", "--redis", url, "--id", &format!("w{i}")])
                        .args(extra)
                        .env("MEMDOOR_MODEL", model)
                        .env("MEMDOOR_LOG_DIR", logs)
                        // Several workers share this machine's cores: one compute
                        // thread each, or candle's spinning pools oversubscribe them.
                        .env("CANDLE_NUM_THREADS", "1")
                        .stdout(Stdio::null())
                        .stderr(Stdio::null())
                        .spawn()
                        .expect("starting a memdoor agent")
                })
                .collect(),
        )
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = Command::new("kill").args(["-CONT", &c.id().to_string()]).status();
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}
