//! `memdoor watch`: the TUI on live sessions run elsewhere, through Redis.

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use super::setup;
use crate::config::Config;
use crate::tui::app::{self, Source};
use crate::tui::State;

#[derive(Args)]
pub struct WatchArgs {
    /// The Redis the sessions run in (a server's, or workers' answering `SET task:<id>`).
    #[arg(long, env = "MEMDOOR_REDIS", hide_env_values = true, value_name = "URL")]
    pub redis: String,
    /// The Redis key namespace to watch. Default: the config's [store] namespace ("default").
    /// Old name: --session.
    #[arg(long, alias = "session")]
    pub namespace: Option<String>,
    /// Watch this task only (default: the newest task, switching when a newer one starts).
    #[arg(long, value_name = "ID")]
    pub task: Option<String>,
    /// Colour theme.
    #[arg(long)]
    pub(crate) theme: Option<String>,
}

pub async fn watch(args: WatchArgs, mut cfg: Config) -> Result<ExitCode> {
    super::tui::ensure_terminal()?;
    cfg.store.namespace = args.namespace.clone().unwrap_or(cfg.store.namespace);
    let (theme, keymap, debug_keys) =
        super::tui::look(Some(args.theme.as_deref().unwrap_or(&cfg.tui.theme)), &cfg.keys)?;
    let store = setup::connect_redis(&args.redis, &cfg).await?;
    let panes = cfg.team_size();
    let label = crate::tui::runner::store_label(&store, Some("connecting"));
    let mut state = State::new(theme, keymap, panes, 0, label);
    state.debug_keys = debug_keys;
    app::run(state, Source::Watch { store, task: args.task, panes }).await?;
    Ok(ExitCode::SUCCESS)
}
