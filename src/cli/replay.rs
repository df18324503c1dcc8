//! `memdoor replay FILE`: a journal played back headless, through the same
//! view as a live session, ending with a check of the rebuilt answer.

use std::process::ExitCode;

use std::io::IsTerminal;

use anyhow::{Context, Result};

use super::ReplayArgs;
use crate::memory::journal;
use crate::memory::MemoryStore;
use crate::solve_view::SolveView;

pub async fn replay(args: ReplayArgs) -> Result<ExitCode> {
    let records = journal::read(&args.file)?;
    if !(args.speed > 0.0 && args.speed.is_finite()) {
        anyhow::bail!("--speed must be a positive number (got {})", args.speed);
    }
    if !args.json && !args.headless && std::io::stdout().is_terminal() {
        let speed = if args.instant { 1000.0 } else { args.speed };
        return super::tui::replay(records, speed, args.theme.as_deref()).await;
    }
    let mut view = SolveView::new(args.json, false, 512);
    let speed = (!args.instant).then_some(args.speed);
    let out = crate::replay::replay(&records, speed, |e| view.handle(e).context("writing output")).await?;
    let entries = match &out.task {
        Some(t) => out.store.read(t, None).await?.len(),
        None => 0,
    };
    let same = if out.answer == out.recorded_answer { "matches the recording" } else { "DIFFERS from the recording" };
    eprintln!("memdoor: replayed {} events; memory rebuilt with {entries} entries; the answer {same}", out.events);
    Ok(if out.answer == out.recorded_answer { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
