//! The `memdoor` binary: environment, logging and runtime; commands live in `memdoor::cli`.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // candle's compute threads: its default (every core) since the llama
    // engine is batched — one engine thread runs one forward per step for the
    // whole team (measured on 2 cores: 1 thread 21.9 tok/s for five streams,
    // 2 threads 32.7). CANDLE_NUM_THREADS still wins when set.
    pin_thread_count();
    // Before any TLS connection, whichever library makes it (see tls.rs).
    memdoor::tls::ensure_provider();
    let cli = memdoor::cli::Cli::parse();
    let _log = memdoor::logging::init();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("memdoor: error: starting the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(memdoor::cli::run(cli)) {
        Ok(code) => code,
        Err(e) => {
            tracing::error!("{e:#}");
            // Errors quote servers, workers and journals: no escape sequence of theirs reaches the terminal.
            eprintln!("memdoor: error: {}", memdoor::hygiene::terminal_safe(&format!("{e:#}")));
            ExitCode::FAILURE
        }
    }
}

/// Fixes RAYON_NUM_THREADS to candle's default before any thread starts.
/// Unset, candle works the default out again on every f32 matrix product
/// (attention does two a layer), reading /proc/cpuinfo each time: ~10 % of
/// the engine thread's time in a one-stream decode (perf, 2-core VM).
fn pin_thread_count() {
    if std::env::var_os("RAYON_NUM_THREADS").is_none() {
        let n = candle_core::utils::get_num_threads();
        // Sound here: main has not started another thread yet.
        std::env::set_var("RAYON_NUM_THREADS", n.to_string());
    }
}
