//! The `memdoor` binary: environment, logging and runtime; commands live in `memdoor::cli`.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // One compute thread per stream: with five streams on few cores, candle's
    // shared pool would serialise them (measured best on 2 cores). Set before
    // any thread starts; a user's own setting wins.
    if std::env::var_os("CANDLE_NUM_THREADS").is_none() {
        std::env::set_var("CANDLE_NUM_THREADS", "1");
    }
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
            eprintln!("memdoor: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
