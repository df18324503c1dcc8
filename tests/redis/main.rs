//! The team in a real Redis: the store, ACLs, TLS, a cluster, bounds, hostile
//! and forged items, signed entries (workers that fail: tests/workers).

mod redis_acl;
mod redis_bounds;
mod redis_cluster;
mod redis_hostile;
mod redis_namespaces;
mod redis_store;
mod redis_tls;
mod redis_trust;
