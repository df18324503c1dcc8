//! memdoor's bottom layer, below the model backends and the store: plain
//! helpers every layer shares (and the log file), importing nothing of memdoor.

pub mod backoff;
pub mod hygiene;
pub mod logging;
pub mod tls;
