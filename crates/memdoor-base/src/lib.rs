//! memdoor's bottom layer, below the model backends and the store: plain
//! helpers every layer shares, importing nothing of memdoor.

pub mod backoff;
pub mod hygiene;
pub mod tls;
