//! `memdoor [PROBLEM]`: the terminal UI on a live team.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Result};

use super::solve::{load_model, warn_if_not_persistent};
use super::TuiArgs;
use crate::judge::sandbox::{Limits, Sandbox};
use crate::memory::embedded::EmbeddedStore;
use crate::memory::journal::{self, JournalWriter};
use crate::memory::redis::RedisStore;
use crate::memory::MemoryStore;
use crate::problem::Problem;
use crate::team::{Agent, TeamConfig};
use crate::tui::app::{self, Source};
use crate::tui::keymap::Keymap;
use crate::tui::runner::TeamSetup;
use crate::tui::theme::Theme;
use crate::tui::State;

/// Theme and keys for the TUI, with the test-build debug key when asked for.
pub fn look(theme: Option<&str>, keys: &std::collections::BTreeMap<String, String>) -> Result<(Theme, Keymap, bool)> {
    let theme = Theme::load(theme.unwrap_or("dark"))?;
    let mut keys = keys.clone();
    // A hidden key that panics, for the terminal-restore test; never in release builds.
    let debug_keys = cfg!(debug_assertions) && std::env::var("MEMDOOR_TEST_PANIC").is_ok_and(|v| v == "1");
    if debug_keys {
        keys.insert("f12".into(), "DebugPanic".into());
    }
    Ok((theme, Keymap::with_overrides(&keys)?, debug_keys))
}

fn ensure_terminal() -> Result<()> {
    if !std::io::stdin().is_terminal() && std::fs::File::open("/dev/tty").is_err() {
        bail!("the TUI needs a terminal; without one use `memdoor solve`");
    }
    Ok(())
}

pub async fn tui(args: TuiArgs) -> Result<ExitCode> {
    ensure_terminal()?;
    let problem = match (&args.text, &args.problem) {
        (Some(t), None) => Some(Problem::from_text(t)?),
        (None, Some(f)) => Some(Problem::from_file(f)?),
        (Some(_), Some(_)) => bail!("give the problem as text or as --problem FILE, not both"),
        (None, None) => None,
    };
    let (theme, keymap, debug_keys) = look(args.theme.as_deref(), &Default::default())?;
    let cfg = TeamConfig { agents: args.agents as usize, max_tokens: args.max_tokens, temperature: args.temperature, seed: args.seed, ..TeamConfig::default() };
    let model = load_model(&args.model).await?;
    let agents = Agent::team_on(model, &cfg);
    let (store, label): (Arc<dyn MemoryStore>, String) = match &args.redis {
        None => (Arc::new(EmbeddedStore::new()), "embedded store".into()),
        Some(url) => {
            let redis = RedisStore::connect(url, &args.session).await?;
            warn_if_not_persistent(&redis).await;
            let label = redis.describe();
            (Arc::new(redis), label)
        }
    };
    let sandbox = Sandbox::detect(Limits::default()).await;
    let journal = match (&args.journal, args.no_journal) {
        (_, true) => None,
        (Some(p), _) => Some(JournalWriter::create(p)?),
        (None, _) => Some(JournalWriter::create(&journal::default_path(problem.as_ref().map_or("tui", |p| p.id.as_str())))?),
    };
    let mut state = State::new(theme, keymap, cfg.agents, args.rounds, label);
    state.debug_keys = debug_keys;
    if let Some(p) = &problem {
        state.default_save = args.save_as.clone().unwrap_or_else(|| format!("{}.py", p.id.replace('-', "_")).into());
    } else if let Some(p) = &args.save_as {
        state.default_save = p.clone();
    }
    let setup = TeamSetup {
        agents,
        store,
        sandbox: Some(sandbox),
        rounds: args.rounds,
        max_tokens: args.max_tokens,
        agent_tests: !args.no_agent_tests,
        unique_ids: args.redis.is_some(),
    };
    let out = app::run(state, Source::Team { setup, problem, journal }).await?;
    if let Some(j) = &out.journal {
        eprintln!("memdoor: session journal: {}", j.display());
    }
    match (args.print, &out.accepted) {
        (true, Some(answer)) => {
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
            crate::event::TeamEvent::TaskStarted { agents, .. } => Some(agents.len()),
            _ => None,
        })
        .unwrap_or(5);
    let mut state = State::new(theme, keymap, agents, 0, "replay (embedded store)".into());
    state.debug_keys = debug_keys;
    app::run(state, Source::Replay { records, speed }).await?;
    Ok(ExitCode::SUCCESS)
}
