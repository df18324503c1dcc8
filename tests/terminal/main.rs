//! The real binary in a terminal: the command line, config, hostile text, the
//! layering of the source, and the TUI under tmux (alone, hostile, on Redis).

mod cli;
mod config_cli;
mod hostile_text;
mod hostile_tui;
mod layering;
mod mixed_teams_and_bench;
mod tui;
mod tui_redis;
