//! `memdoor serve` against a stranger (issue #27), the real binary on a free
//! loopback port, its team's agents an OpenAI-compatible server in this
//! test that holds every generation open until the client leaves (so a
//! request holds its session as long as the test needs): connections that
//! never finish their headers are closed within the header timeout and
//! lock no one out; past the connection caps new connections get a 503
//! while open ones keep working; a server without a key answers only
//! loopback `Host` names; ids with control characters get a 400; a body
//! over the limit a 413 before it is read, a body too slow a 408; and one
//! client's flood fills only its share of the queue.
//!
//! Clients from several "addresses" are sockets bound to 127.0.0.2, .3 …
//! (all loopback on Linux), since the server tells clients apart by peer address.

use memdoor_testkit::openai_server;

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::stream::{self, BoxStream, StreamExt};
use memdoor::model::{ChatRequest, Chunk, ModelBackend};
use memdoor_testkit::eventually::eventually;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_util::sync::CancellationToken;

const BIN: &str = env!("CARGO_BIN_EXE_memdoor");

/// A model that writes nothing until it is cancelled: a request's session stays busy until its client leaves.
struct Hold;

#[async_trait::async_trait]
impl ModelBackend for Hold {
    fn name(&self) -> &str {
        "hold"
    }
    async fn stream(
        &self,
        _req: ChatRequest,
        cancel: CancellationToken,
    ) -> anyhow::Result<BoxStream<'static, anyhow::Result<Chunk>>> {
        Ok(stream::once(async move {
            cancel.cancelled().await;
            Err(anyhow::anyhow!("cancelled"))
        })
        .boxed())
    }
}

/// A model that writes 64 KB of text after 64 KB until it is cancelled: a
/// streamed reply that a client does not read fills the socket and stalls.
struct Flood;

#[async_trait::async_trait]
impl ModelBackend for Flood {
    fn name(&self) -> &str {
        "hold"
    }
    async fn stream(
        &self,
        _req: ChatRequest,
        cancel: CancellationToken,
    ) -> anyhow::Result<BoxStream<'static, anyhow::Result<Chunk>>> {
        let text = "flood ".repeat((64 << 10) / 6);
        Ok(stream::unfold(cancel, move |cancel| {
            let text = text.clone();
            async move {
                // Yield to the runtime between chunks, so cancelling is heard.
                tokio::task::yield_now().await;
                (!cancel.is_cancelled()).then(|| (Ok(Chunk::Text(text)), cancel))
            }
        })
        .boxed())
    }
}

/// A `memdoor serve` on a free port, killed when dropped.
struct Serve {
    child: Child,
    addr: SocketAddr,
    base: String,
    _dir: tempfile::TempDir,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the server, one agent on `upstream`, with `args`; reads the address it bound from its stderr.
fn serve(upstream: &str, args: &[&str], envs: &[(&str, &str)]) -> Serve {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("memdoor.toml");
    std::fs::write(
        &config,
        format!(
            "[team]\nagents = 1\nrounds = 1\nagent_tests = false\n[sandbox]\nmode = \"weak\"\n\
             [[agents]]\nbackend = \"openai\"\nbase_url = {upstream:?}\nmodel = \"hold\"\nfirst_token_timeout_secs = 600\n"
        ),
    )
    .unwrap();
    start(dir, &config, args, envs)
}

fn start(dir: tempfile::TempDir, config: &Path, args: &[&str], envs: &[(&str, &str)]) -> Serve {
    let mut child = Command::new(BIN)
        .args(["serve", "--config"])
        .arg(config)
        .args(["--bind", "127.0.0.1:0"])
        .args(args)
        .envs(envs.iter().copied())
        .env("MEMDOOR_LOG_DIR", dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting memdoor serve");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = String::new();
    while let Some(Ok(line)) = lines.next() {
        seen += &line;
        seen += "\n";
        if let Some(rest) = line.split_once("listening on http://").map(|(_, r)| r) {
            let addr: SocketAddr = rest.split('/').next().unwrap().parse().unwrap();
            // Kept draining: a closed pipe would fail the server's next line on stderr.
            std::thread::spawn(move || lines.for_each(drop));
            return Serve { child, addr, base: format!("http://{addr}/v1"), _dir: dir };
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("memdoor serve exited before listening:\n{seen}");
}

async fn upstream() -> String {
    openai_server::serve(Arc::new(Hold), None).await.base
}

/// A TCP connection to the server from `from` (a loopback address).
async fn connect(server: &Serve, from: &str) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from.parse().unwrap(), 0)).unwrap();
    socket.connect(server.addr).await.unwrap()
}

/// Reads one HTTP/1.1 response with a `content-length` (or to the end of
/// the stream): its head and body, within `within`.
async fn read_response(sock: &mut TcpStream, within: Duration) -> String {
    let mut got = Vec::new();
    let read = async {
        let mut buf = [0u8; 4096];
        loop {
            let text = String::from_utf8_lossy(&got).to_string();
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let length = head.lines().find_map(|l| {
                    l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse::<usize>().unwrap())
                });
                if length.is_some_and(|n| body.len() >= n) {
                    return;
                }
            }
            match sock.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    };
    tokio::time::timeout(within, read).await.expect("a response within the deadline");
    String::from_utf8_lossy(&got).to_string()
}

/// Whether the server closes `sock` within `within` (whatever it sends first).
async fn closed_within(sock: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let drained = async {
        loop {
            match sock.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(within, drained).await.is_ok()
}

fn models_request() -> &'static str {
    "GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
}

fn client_from(ip: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(ip.parse::<IpAddr>().unwrap())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

async fn error_of(response: reqwest::Response) -> serde_json::Value {
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "an OpenAI error object: {body}");
    body["error"].clone()
}

/// Connections that never finish their headers.
const SLOW: usize = 300;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_that_never_finish_their_headers_are_closed_and_lock_no_one_out() {
    let server = serve(
        &upstream().await,
        &["--header-timeout-secs", "1", "--max-connections", "1000", "--max-connections-per-client", "1000"],
        &[],
    );
    let opened = Instant::now();
    let mut slow = Vec::new();
    for _ in 0..SLOW {
        let mut sock = connect(&server, "127.0.0.2").await;
        // Half a request's headers, and then nothing.
        sock.write_all(b"GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ").await.unwrap();
        slow.push(sock);
    }
    // A real client is answered at once, whatever the slow ones hold.
    let asked = Instant::now();
    let models = client_from("127.0.0.1").get(format!("{}/models", server.base)).send().await.unwrap();
    assert_eq!(models.status(), 200);
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "GET /v1/models took {:?} beside {SLOW} slow connections",
        asked.elapsed()
    );
    // Every slow connection is closed within the header timeout (1 s), give or take the machine's load.
    let closed = futures::future::join_all(slow.iter_mut().map(|s| closed_within(s, Duration::from_secs(15)))).await;
    let open = closed.iter().filter(|c| !**c).count();
    assert_eq!(open, 0, "{open} of {SLOW} slow connections still open {:?} after they were opened", opened.elapsed());
    assert!(opened.elapsed() < Duration::from_secs(15));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_connection_caps_new_connections_get_503_and_open_ones_keep_working() {
    let server = serve(
        &upstream().await,
        &["--header-timeout-secs", "60", "--max-connections", "12", "--max-connections-per-client", "6"],
        &[],
    );
    // A client already here, on a kept-alive connection.
    let mut here = connect(&server, "127.0.0.1").await;
    here.write_all(models_request().as_bytes()).await.unwrap();
    assert!(read_response(&mut here, Duration::from_secs(10)).await.starts_with("HTTP/1.1 200"));
    // One address takes its share (6) of idle connections; its seventh is refused.
    let mut idle_a = Vec::new();
    for _ in 0..6 {
        idle_a.push(connect(&server, "127.0.0.2").await);
    }
    let mut seventh = connect(&server, "127.0.0.2").await;
    let refused = read_response(&mut seventh, Duration::from_secs(10)).await;
    assert!(refused.starts_with("HTTP/1.1 503") && refused.contains("too_many_connections"), "{refused}");
    assert!(closed_within(&mut seventh, Duration::from_secs(5)).await, "a refused connection is closed");
    // Another fills the server (1 + 6 + 5 = 12): anyone's next is refused.
    let mut idle_b = Vec::new();
    for _ in 0..5 {
        idle_b.push(connect(&server, "127.0.0.3").await);
    }
    let mut late = connect(&server, "127.0.0.4").await;
    let refused = read_response(&mut late, Duration::from_secs(10)).await;
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    // The client already connected is still served, on its own connection.
    here.write_all(models_request().as_bytes()).await.unwrap();
    assert!(read_response(&mut here, Duration::from_secs(10)).await.starts_with("HTTP/1.1 200"));
    // Once the idle ones leave, newcomers get in again.
    drop(idle_a);
    let base = server.base.clone();
    eventually("a new client served once idle connections closed", Duration::from_secs(10), || {
        let url = format!("{base}/models");
        async move { client_from("127.0.0.4").get(url).send().await.is_ok_and(|r| r.status() == 200) }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_key_only_loopback_host_names_are_answered() {
    let upstream = upstream().await;
    let open = serve(&upstream, &[], &[]);
    let client = client_from("127.0.0.1");
    let url = format!("{}/models", open.base);
    for host in ["evil.example", "evil.example:8080", "localhost.evil.example"] {
        let response = client.get(&url).header("host", host).send().await.unwrap();
        assert_eq!(response.status(), 403, "Host: {host}");
        assert_eq!(error_of(response).await["code"], "host_not_allowed");
    }
    let chat = serde_json::json!({ "model": "memdoor-team", "messages": [{ "role": "user", "content": "Write f." }] });
    let response = client
        .post(format!("{}/chat/completions", open.base))
        .header("host", "rebound.example")
        .json(&chat)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403, "a rebinding page cannot run the team");
    for host in ["localhost", &format!("localhost:{}", open.addr.port()), &open.addr.to_string(), "[::1]:80"] {
        let response = client.get(&url).header("host", host).send().await.unwrap();
        assert_eq!(response.status(), 200, "Host: {host}");
    }
    // With a key, the key is the check: any Host.
    let keyed = serve(&upstream, &["--api-key-env", "HOSTILE_KEY"], &[("HOSTILE_KEY", "k3y-for-the-host-test")]);
    let url = format!("{}/models", keyed.base);
    let response =
        client.get(&url).header("host", "evil.example").bearer_auth("k3y-for-the-host-test").send().await.unwrap();
    assert_eq!(response.status(), 200);
    let response = client.get(&url).header("host", "evil.example").send().await.unwrap();
    assert_eq!(response.status(), 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ids_with_control_characters_get_400_and_forge_no_log_line() {
    let server = serve(&upstream().await, &[], &[("MEMDOOR_LOG", "debug")]);
    let client = client_from("127.0.0.1");
    let forged = "q1\n\x1b[2K2026-12-02T04:00:00Z  INFO memdoor: FORGED-LINE";
    let problem =
        serde_json::json!({ "question_content": "Write a Python function f() that returns 1.", "question_id": forged })
            .to_string();
    for body in [
        serde_json::json!({ "model": "memdoor-team", "messages": [{ "role": "user", "content": problem }] }),
        serde_json::json!({ "model": format!("memdoor-team{forged}"), "messages": [{ "role": "user", "content": "Write f." }] }),
    ] {
        let response = client.post(format!("{}/chat/completions", server.base)).json(&body).send().await.unwrap();
        assert_eq!(response.status(), 400);
        let error = error_of(response).await;
        assert!(error["message"].as_str().unwrap().contains("control character"), "{error}");
    }
    let long = serde_json::json!({ "question_content": "Write f.", "question_id": "q".repeat(300) }).to_string();
    let body = serde_json::json!({ "model": "memdoor-team", "messages": [{ "role": "user", "content": long }] });
    let response = client.post(format!("{}/chat/completions", server.base)).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 400, "an id over 200 bytes");
    let mut written = String::new();
    for entry in std::fs::read_dir(server._dir.path()).unwrap().flatten() {
        written += &String::from_utf8_lossy(&std::fs::read(entry.path()).unwrap_or_default());
    }
    assert!(!written.contains("FORGED-LINE"), "the id reached the log:\n{written}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_over_the_limit_gets_413_unread_and_a_slow_body_408() {
    let server = serve(&upstream().await, &["--max-body-kib", "64", "--body-timeout-secs", "1"], &[]);
    let head = |length: &str| {
        format!("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{length}\r\n\r\n")
    };
    // A gigabyte announced: refused from its headers, after the few bytes sent.
    let mut sock = connect(&server, "127.0.0.1").await;
    sock.write_all(head("Content-Length: 1073741824").as_bytes()).await.unwrap();
    sock.write_all(&[b' '; 16 * 1024]).await.unwrap();
    let response = read_response(&mut sock, Duration::from_secs(10)).await;
    assert!(response.starts_with("HTTP/1.1 413"), "{response}");
    assert!(response.contains("\"error\"") && response.contains("65536 bytes"), "{response}");
    // Chunked, with no length: cut off once past 64 KiB (256 KiB sent, never ended).
    let mut sock = connect(&server, "127.0.0.1").await;
    sock.write_all(head("Transfer-Encoding: chunked").as_bytes()).await.unwrap();
    for _ in 0..32 {
        // The server may close mid-way: what it answers is what counts.
        if sock.write_all(format!("2000\r\n{}\r\n", " ".repeat(0x2000)).as_bytes()).await.is_err() {
            break;
        }
    }
    let response = read_response(&mut sock, Duration::from_secs(10)).await;
    assert!(response.starts_with("HTTP/1.1 413"), "{response}");
    // A body that stops coming: 408 once the body timeout (1 s) is up.
    let mut sock = connect(&server, "127.0.0.1").await;
    sock.write_all(head("Content-Length: 100").as_bytes()).await.unwrap();
    sock.write_all(b"{\"model\":").await.unwrap();
    let sent = Instant::now();
    let response = read_response(&mut sock, Duration::from_secs(10)).await;
    assert!(response.starts_with("HTTP/1.1 408"), "{response}");
    assert!(sent.elapsed() >= Duration::from_millis(900), "not before the timeout: {:?}", sent.elapsed());
}

fn chat() -> serde_json::Value {
    serde_json::json!({ "model": "memdoor-team", "stream": true, "messages": [{ "role": "user", "content": "Write a Python function f() that returns 1." }] })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_clients_flood_fills_only_its_share_of_the_queue() {
    let server = serve(&upstream().await, &["--sessions", "1", "--queue", "4", "--queue-per-client", "2"], &[]);
    let url = format!("{}/chat/completions", server.base);
    let flooder = client_from("127.0.0.2");
    // One client sends six streamed requests: the first runs, two wait, the rest are turned away.
    let mut held = Vec::new();
    let mut turned_away = Vec::new();
    for _ in 0..6 {
        let response = flooder.post(&url).json(&chat()).send().await.unwrap();
        match response.status().as_u16() {
            200 => held.push(response),
            429 => turned_away.push(error_of(response).await),
            other => panic!("status {other}"),
        }
    }
    assert_eq!(
        (held.len(), turned_away.len()),
        (3, 3),
        "one running, its share of 2 waiting; then 429s: {turned_away:?}"
    );
    assert!(turned_away[0]["message"].as_str().unwrap().contains("your address"), "{}", turned_away[0]);
    // Another client still gets a place in the queue, and hears it waits.
    let mut other = client_from("127.0.0.3").post(&url).json(&chat()).send().await.unwrap();
    assert_eq!(other.status(), 200, "the flood did not take the whole queue");
    let first = tokio::time::timeout(Duration::from_secs(10), other.chunk()).await.unwrap().unwrap().unwrap();
    assert!(String::from_utf8_lossy(&first).contains("3 request(s) waiting"), "{first:?}");
    // A session ran, and without --journal it wrote no journal (a request costs no disk).
    let journals = std::fs::read_dir(server._dir.path().join("journal")).map(|d| d.count()).unwrap_or(0);
    assert_eq!(journals, 0, "no journal unless asked");
    drop(held);
}

/// #62 item 3: what a browser sends when a page it shows posts to the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_web_page_cannot_make_a_keyless_server_work() {
    let upstream = upstream().await;
    let open = serve(&upstream, &[], &[]);
    let client = client_from("127.0.0.1");
    let url = format!("{}/chat/completions", open.base);
    let models = format!("{}/models", open.base);
    let chat = serde_json::json!({ "model": "memdoor-team", "messages": [{ "role": "user", "content": "Write a Python function f() that returns 1." }] });
    // A form or a `fetch` with a "simple" type: the browser sends it with no preflight.
    for content_type in
        [Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("multipart/form-data; boundary=x"), None]
    {
        let mut request = client.post(&url).body(chat.to_string());
        if let Some(t) = content_type {
            request = request.header("content-type", t);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 415, "{content_type:?}");
        assert_eq!(error_of(response).await["code"], "unsupported_media_type");
    }
    // JSON from a page elsewhere (or a sandboxed frame, `null`): refused by its Origin, on every route.
    for origin in ["https://evil.example", "null", "http://localhost.evil.example", "http://127.0.0.1.nip.io"] {
        let response = client.post(&url).header("origin", origin).json(&chat).send().await.unwrap();
        assert_eq!(response.status(), 403, "{origin}");
        assert_eq!(error_of(response).await["code"], "origin_not_allowed");
        let response = client.get(&models).header("origin", origin).send().await.unwrap();
        assert_eq!(response.status(), 403, "{origin}");
        let response = client
            .post(&url)
            .header("origin", origin)
            .header("content-type", "text/plain")
            .body(chat.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 403, "{origin}, text/plain");
    }
    // A page served from this machine's loopback is the user's own.
    for origin in [format!("http://localhost:{}", open.addr.port()), "http://127.0.0.1:3000".to_string()] {
        let response = client.get(&models).header("origin", &origin).send().await.unwrap();
        assert_eq!(response.status(), 200, "{origin}");
    }
    // With a key, the key is the check, whatever page sends it.
    let keyed = serve(&upstream, &["--api-key-env", "ORIGIN_KEY"], &[("ORIGIN_KEY", "k3y-for-the-origin-test")]);
    let response = client
        .get(format!("{}/models", keyed.base))
        .header("origin", "https://app.example")
        .bearer_auth("k3y-for-the-origin-test")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

/// A streamed request for the flooding model, sent on a raw socket from
/// `from`: the response's head is read, then nothing more, ever.
async fn stalled_client(server: &Serve, from: &str) -> TcpStream {
    let body =
        serde_json::json!({ "model": "hold", "stream": true, "messages": [{ "role": "user", "content": "go" }] })
            .to_string();
    let mut sock = connect(server, from).await;
    let head = format!(
        "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    sock.write_all(head.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    let mut byte = [0u8; 1];
    while !got.ends_with(b"\r\n\r\n") {
        assert_eq!(sock.read(&mut byte).await.unwrap(), 1, "the server closed before its head");
        got.push(byte[0]);
    }
    assert!(got.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&got));
    sock
}

/// Whether another client (127.0.0.3) gets the only session now: 200, or 429 while it is taken.
async fn session_free(server: &Serve) -> bool {
    let body =
        serde_json::json!({ "model": "hold", "stream": true, "messages": [{ "role": "user", "content": "go" }] });
    let response =
        client_from("127.0.0.3").post(format!("{}/chat/completions", server.base)).json(&body).send().await.unwrap();
    match response.status().as_u16() {
        // Dropped at once: the probe leaves, and its place with it.
        200 => true,
        429 => false,
        other => panic!("status {other}"),
    }
}

/// #62 item 3: a client that stops reading a streamed reply holds the only
/// session until its deadline at most (a timer, not the reply's next poll),
/// and its connection until the write timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_holds_the_session_no_longer_than_its_deadline_or_the_write_timeout() {
    let flood = openai_server::serve(Arc::new(Flood), None).await.base;
    // The deadline alone (3 s; writes may wait 10 minutes).
    let server =
        serve(&flood, &["--sessions", "1", "--queue", "0", "--deadline-secs", "3", "--write-timeout-secs", "600"], &[]);
    let _stalled = stalled_client(&server, "127.0.0.2").await;
    let stalled_at = Instant::now();
    assert!(!session_free(&server).await, "the stalled client holds the session");
    eventually("the session freed at the stalled client's deadline", Duration::from_secs(30), || session_free(&server))
        .await;
    assert!(stalled_at.elapsed() >= Duration::from_secs(2), "not before the deadline: {:?}", stalled_at.elapsed());
    // The write timeout alone (2 s; the deadline 15 minutes): the connection is closed, the session freed.
    let server = serve(&flood, &["--sessions", "1", "--queue", "0", "--write-timeout-secs", "2"], &[]);
    let mut stalled = stalled_client(&server, "127.0.0.2").await;
    assert!(!session_free(&server).await, "the stalled client holds the session");
    eventually("the session freed at the write timeout", Duration::from_secs(30), || session_free(&server)).await;
    // What the socket still holds is read, then the end: the server closed it.
    assert!(closed_within(&mut stalled, Duration::from_secs(30)).await, "the stalled connection is still open");
}
