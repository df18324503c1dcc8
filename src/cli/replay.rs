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
    // Checked before the journal is read: a bad flag costs nothing.
    crate::replay::check_speed(args.speed)?;
    let journal = journal::read_journal(&args.file)?;
    if let Some(torn) = journal.torn {
        eprintln!("memdoor: warning: {}: {torn}", args.file.display());
        tracing::warn!("{}: {torn}", args.file.display());
    }
    let records = journal.records;
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

/// `--speed` as clap should parse it (`value_parser = replay::parse_speed`
/// in `ReplayArgs`): NaN, infinities and speeds out of range refused at once.
#[allow(dead_code)]
pub(crate) fn parse_speed(s: &str) -> Result<f64, String> {
    let speed: f64 = s.parse().map_err(|e| format!("{e}"))?;
    crate::replay::check_speed(speed).map_err(|e| e.to_string())
}
