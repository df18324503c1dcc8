//! A real `redis-server` for tests: one per test, on a free loopback port and
//! a unix socket in its own temp dir, killed when dropped.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = "redis-server";
/// How long a starting server may take to answer PING.
const START_DEADLINE: Duration = Duration::from_secs(20);
/// Pause between PING attempts while the server starts.
const POLL: Duration = Duration::from_millis(10);

pub struct RedisServer {
    child: Child,
    pub port: u16,
    pub socket: PathBuf,
    dir: tempfile::TempDir,
    /// AOF on, fsynced on every write: nothing acknowledged is lost on a crash.
    aof: bool,
    /// More settings, as `redis-server` arguments (`--cluster-enabled yes` …).
    extra: Vec<String>,
}

fn spawn(
    port: u16,
    dir: &std::path::Path,
    socket: &std::path::Path,
    aof: bool,
    extra: &[String],
) -> Result<Child, String> {
    let persistence: &[&str] =
        if aof { &["--appendonly", "yes", "--appendfsync", "always"] } else { &["--appendonly", "no"] };
    Command::new(BIN)
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", ""])
        .args(persistence)
        .args(extra)
        .arg("--unixsocket")
        .arg(socket)
        .args(["--unixsocketperm", "700", "--dir"])
        .arg(dir)
        .arg("--logfile")
        .arg(dir.join("redis.log"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("spawning {BIN}: {e}"))
}

impl RedisServer {
    /// Starts a server and returns once it answers PING; panics if it cannot.
    pub fn start() -> Self {
        Self::start_with(false, &[])
    }

    /// A server with AOF on (fsync always), for restart tests.
    pub fn start_with_aof() -> Self {
        Self::start_with(true, &[])
    }

    /// A server with more settings, given as `redis-server` arguments.
    pub fn start_with_args(extra: &[&str]) -> Self {
        Self::start_with(false, extra)
    }

    /// Kills the server (SIGKILL, a crash) and starts it again on the same
    /// port and data dir; returns once it answers PING.
    pub fn restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.socket);
        self.child =
            spawn(self.port, self.dir.path(), &self.socket, self.aof, &self.extra).expect("restarting redis-server");
        if let Err(e) = self.wait_ready() {
            panic!("redis-server did not come back: {e}");
        }
    }

    fn start_with(aof: bool, extra: &[&str]) -> Self {
        let extra: Vec<String> = extra.iter().map(|a| a.to_string()).collect();
        // A port found free can be taken again before redis binds it; then
        // redis exits and another port is tried.
        let mut why = String::new();
        for _ in 0..5 {
            match Self::try_start(aof, &extra) {
                Ok(server) => return server,
                Err(e) => why = e,
            }
        }
        panic!("could not start {BIN}: {why}");
    }

    fn try_start(aof: bool, extra: &[String]) -> Result<Self, String> {
        let port = free_port()?;
        let dir = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
        let socket = dir.path().join("redis.sock");
        let log = dir.path().join("redis.log");
        let child = spawn(port, dir.path(), &socket, aof, extra)?;
        // From here on Drop kills the child, whatever happens.
        let mut server = Self { child, port, socket, dir, aof, extra: extra.to_vec() };
        server.wait_ready().map_err(|e| format!("{e}; log:\n{}", std::fs::read_to_string(&log).unwrap_or_default()))?;
        Ok(server)
    }

    /// Polls PING on the unix socket: it lives in our own temp dir, so a reply
    /// comes from this server (a TCP PING could reach a stranger on the port),
    /// and redis opens it only after binding the TCP port.
    fn wait_ready(&mut self) -> Result<(), String> {
        let deadline = Instant::now() + START_DEADLINE;
        loop {
            if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                return Err(format!("{BIN} exited early ({status})"));
            }
            if ping(&self.socket) {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(format!("{BIN} did not answer PING within {START_DEADLINE:?}"));
            }
            std::thread::sleep(POLL);
        }
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    pub fn unix_url(&self) -> String {
        format!("redis+unix://{}", self.socket.display())
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> Result<u16, String> {
    let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("binding a free port: {e}"))?;
    listener.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

fn ping(socket: &PathBuf) -> bool {
    let Ok(mut stream) = UnixStream::connect(socket) else { return false };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
    let mut reply = [0u8; 7];
    stream.write_all(b"PING\r\n").is_ok() && stream.read_exact(&mut reply).is_ok() && &reply == b"+PONG\r\n"
}
