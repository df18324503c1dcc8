//! `memdoor [PROBLEM]`: the terminal UI on a live team.

use std::io::IsTerminal;
use std::process::ExitCode;

use anyhow::{bail, Result};

use super::setup::{self, AgentChoice, StoreChoice};
use super::TuiArgs;
use crate::config::Config;
use crate::memory::journal;
use crate::session::{JournalChoice, OnJournalError};
use crate::tui::app::{self, Source};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::State;

/// Theme and keys for the TUI, with the test-build debug key when asked for.
pub fn look(
    theme: Option<&str>,
    keys: &std::collections::BTreeMap<String, crate::config::KeyEntry>,
) -> Result<(Theme, Keymap, bool)> {
    let theme = Theme::load(theme.unwrap_or("dark"))?;
    let mut keys = keys.clone();
    // A hidden key that panics, for the terminal-restore test; never in release builds.
    let debug_keys = cfg!(debug_assertions) && std::env::var("MEMDOOR_TEST_PANIC").is_ok_and(|v| v == "1");
    if debug_keys {
        keys.insert("f12".into(), crate::config::KeyEntry::from("DebugPanic"));
    }
    Ok((theme, Keymap::with_overrides(&keys)?, debug_keys))
}

pub(super) fn ensure_terminal() -> Result<()> {
    if !std::io::stdin().is_terminal() && std::fs::File::open("/dev/tty").is_err() {
        bail!("the TUI needs a terminal; without one use `memdoor solve`");
    }
    Ok(())
}

pub async fn tui(args: TuiArgs, file: Config) -> Result<ExitCode> {
    ensure_terminal()?;
    // With --repo the task comes with the files it concerns, and answers are patches.
    let (problem, context) = match &args.session.repo {
        Some(dir) => {
            let (problem, context) = args.session.read_repo_context(dir)?;
            (Some(problem), Some(context))
        }
        None => (args.session.read_problem()?, None),
    };
    let cfg = setup::apply_team_flags(&args.session.team, file);
    let (theme, keymap, debug_keys) = look(Some(args.theme.as_deref().unwrap_or(&cfg.tui.theme)), &cfg.keys)?;
    let opened = setup::open_session(&cfg, "drafts run", StoreChoice::Config, AgentChoice::Config).await?;
    let mut spec = opened.spec();
    if let Some(context) = &context {
        spec.repo = Some(std::sync::Arc::new(super::solve::repo_task(&args.tests, context, &opened.sandbox)?));
    }
    let label = crate::tui::runner::store_label(&*spec.store, None);
    let choice = JournalChoice::from_flags(args.session.journal.as_deref(), args.session.no_journal);
    let journal = choice.start(problem.as_ref().map_or("tui", |p| p.id.as_str()), OnJournalError::Warn)?;
    let mut state = State::new(theme, keymap, spec.agents.len(), cfg.team.rounds, label);
    state.debug_keys = debug_keys;
    state.force_overwrite = args.force;
    state.repo = context.as_ref().map(|c| c.root.clone());
    // Shown from the first frame, not only once a task has started.
    state.session.sandbox = Some(opened.sandbox.describe());
    if let Some(p) = &problem {
        state.default_save = args.save_as.clone().unwrap_or_else(|| format!("{}.py", p.id.replace('-', "_")).into());
    } else if let Some(p) = &args.save_as {
        state.default_save = p.clone();
    }
    let out = app::run(state, Source::Team { spec, problem, journal }).await?;
    if let Some(j) = &out.journal {
        eprintln!("memdoor: session journal: {}", j.display());
    }
    match (args.print, &out.accepted) {
        (true, Some(answer)) => {
            // Byte-exact into a file or pipe; on a terminal, no escape sequence of the model's.
            use std::io::IsTerminal;
            let answer =
                if std::io::stdout().is_terminal() { crate::hygiene::terminal_safe(answer) } else { answer.into() };
            print!("{answer}");
            if !answer.ends_with('\n') {
                println!();
            }
            Ok(ExitCode::SUCCESS)
        }
        (true, None) => {
            eprintln!("memdoor: no answer was accepted; nothing to print");
            Ok(ExitCode::from(1))
        }
        (false, _) => Ok(ExitCode::SUCCESS),
    }
}

/// `memdoor replay FILE` in the TUI.
pub async fn replay(records: Vec<journal::Record>, speed: f64, theme: Option<&str>) -> Result<ExitCode> {
    ensure_terminal()?;
    let (theme, keymap, debug_keys) = look(theme, &Default::default())?;
    let agents = records
        .iter()
        .find_map(|r| match &r.event {
            crate::domain::TeamEvent::TaskStarted { agents, .. } => Some(agents.len()),
            _ => None,
        })
        .unwrap_or(5);
    let mut state = State::new(theme, keymap, agents, 0, "replay (embedded store)".into());
    state.debug_keys = debug_keys;
    app::run(state, Source::Replay { records, speed }).await?;
    Ok(ExitCode::SUCCESS)
}
