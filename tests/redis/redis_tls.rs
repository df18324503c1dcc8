//! `rediss://`: the Redis store over TLS to a real `redis-server` with a
//! certificate made here, passing the shared store suite. Its own test
//! binary, because it points `SSL_CERT_FILE` at the test's CA for the process.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use memdoor::memory::redis::RedisStore;
use memdoor_testkit::eventually::eventually_ok;

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn openssl(dir: &Path, args: &[&str]) {
    let ok = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(ok.success(), "openssl {args:?}");
}

/// A CA, and a server certificate for 127.0.0.1 signed by it.
fn make_certs(dir: &Path) {
    openssl(
        dir,
        &[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "ca.key",
            "-out",
            "ca.pem",
            "-days",
            "1",
            "-subj",
            "/CN=memdoor test CA",
        ],
    );
    openssl(
        dir,
        &[
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "server.key",
            "-out",
            "server.csr",
            "-subj",
            "/CN=127.0.0.1",
        ],
    );
    std::fs::write(dir.join("san.ext"), "subjectAltName=IP:127.0.0.1\n").unwrap();
    openssl(
        dir,
        &[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-out",
            "server.pem",
            "-days",
            "1",
            "-extfile",
            "san.ext",
        ],
    );
}

#[tokio::test]
async fn the_store_works_over_tls() {
    let dir = tempfile::tempdir().unwrap();
    make_certs(dir.path());
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let _server = Server(
        Command::new("redis-server")
            .args([
                "--port",
                "0",
                "--tls-port",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ])
            .args([
                "--tls-cert-file",
                "server.pem",
                "--tls-key-file",
                "server.key",
                "--tls-ca-cert-file",
                "ca.pem",
                "--tls-auth-clients",
                "no",
            ])
            .args(["--dir", "."])
            .current_dir(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    // The process's trust store is the test CA (rustls-native-certs reads it).
    std::env::set_var("SSL_CERT_FILE", dir.path().join("ca.pem"));
    let url = format!("rediss://127.0.0.1:{port}/");
    let store = eventually_ok("the TLS redis to answer", Duration::from_secs(20), || {
        let url = url.clone();
        async move { RedisStore::connect(&url, "tls").await.map_err(|e| format!("{e:#}")) }
    })
    .await;
    assert_eq!(memdoor::memory::MemoryStore::describe(&store), format!("rediss 127.0.0.1:{port}"));
    memdoor_testkit::store_suite::run_all(&store, "tls").await;
}
