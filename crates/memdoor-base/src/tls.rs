//! One TLS crypto provider for the whole process: ring. hf-hub's xet brings
//! aws-lc-rs beside the ring that redis and reqwest use, and rustls with two
//! providers compiled in cannot choose one: the first TLS connection (a
//! `rediss://` store, an HTTPS model server) would panic. Every TLS client
//! calls `ensure_provider` before it connects; the first call wins, later
//! ones (or a provider a library installed first) change nothing.

pub fn ensure_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}
