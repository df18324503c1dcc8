//! The app loop: messages in (terminal, team, replay, effect results), one
//! `update` per message, effects out; the screen redrawn when something
//! changed, at most every 16 ms, inside a synchronized update.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use tokio::signal::unix::{signal, SignalKind};
use tokio::sync::mpsc;

use super::events::InputThread;
use super::msg::{Effect, Msg};
use super::replayer::Replayer;
use super::runner::TeamRunner;
use super::state::{ReplayState, State};
use super::{effects, terminal, update, view};
use crate::memory::journal::Record;
use crate::problem::Problem;
use crate::session::{JournalThread, SessionSpec};

/// What the app runs: a team (live), or a journal (replay).
// Made once per app run: the size of the larger variant does not matter.
#[allow(clippy::large_enum_variant)]
pub enum Source {
    Team {
        spec: SessionSpec,
        problem: Option<Problem>,
        journal: Option<JournalThread>,
    },
    Replay {
        records: Vec<Record>,
        speed: f64,
    },
    /// Sessions run elsewhere, followed through their Redis (`memdoor watch`).
    Watch {
        store: crate::memory::redis::RedisStore,
        task: Option<String>,
        panes: usize,
    },
}

/// How the session ended, for the caller to report after the terminal is back.
pub struct Outcome {
    pub accepted: Option<String>,
    pub journal: Option<std::path::PathBuf>,
}

const FRAME: Duration = Duration::from_millis(16);

pub async fn run(mut state: State, source: Source) -> Result<Outcome> {
    terminal::install_panic_hook();
    let mut tui = terminal::enter()?;
    let result = run_loop(&mut tui, &mut state, source).await;
    terminal::restore();
    result
}

async fn run_loop(tui: &mut terminal::Tui, state: &mut State, source: Source) -> Result<Outcome> {
    let (tx, mut rx) = mpsc::channel::<Msg>(4096);
    let input = InputThread::spawn(tx.clone());
    let started = Instant::now();
    let size = tui.size()?;
    update(state, Msg::Resize(size.width, size.height));

    let mut watching = None;
    let (mut runner, replayer, journal) = match source {
        Source::Team { spec, problem, journal } => {
            let mut runner = TeamRunner::new(spec, journal.as_ref().map(JournalThread::sink), tx.clone());
            // `running` follows from the task's TaskStarted, as in every mode.
            if let Some(p) = problem {
                runner.start(p);
            }
            (Some(runner), None, journal)
        }
        Source::Replay { records, speed } => {
            state.replay = Some(ReplayState { speed, paused: false, done: false });
            (None, Some(Replayer::spawn(records, speed, tx.clone())), None)
        }
        Source::Watch { store, task, panes } => {
            // Held until the loop ends: dropping it stops the watch.
            watching = Some(super::watcher::spawn(store, task, panes, tx.clone()));
            (None, None, None)
        }
    };

    let mut sigterm = signal(SignalKind::terminate())?;
    let mut sighup = signal(SignalKind::hangup())?;
    let mut frame = tokio::time::interval(FRAME);
    frame.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut dirty = true;
    while !state.quit {
        tokio::select! {
            Some(msg) = rx.recv() => {
                update(state, Msg::Tick(started.elapsed().as_millis() as u64));
                let effects = update(state, msg);
                for effect in effects {
                    run_effect(effect, tui, &input, runner.as_mut(), replayer.as_ref(), &tx)?;
                }
                dirty = true;
            }
            _ = frame.tick(), if dirty => {
                draw(tui, state)?;
                dirty = false;
            }
            _ = sigterm.recv() => break,
            _ = sighup.recv() => break,
        }
    }
    if let Some(r) = runner.as_mut() {
        r.cancel();
    }
    drop(watching);
    let journal = match journal {
        Some(j) => j.finish().await.map_err(|e| tracing::warn!("journal: {e:#}")).ok(),
        None => None,
    };
    Ok(Outcome { accepted: state.accepted.clone(), journal })
}

fn draw(tui: &mut terminal::Tui, state: &State) -> Result<()> {
    execute!(tui.backend_mut(), BeginSynchronizedUpdate)?;
    let drawn = tui.draw(|f| view::draw(f, state)).map(|_| ());
    execute!(tui.backend_mut(), EndSynchronizedUpdate)?;
    tui.backend_mut().flush()?;
    Ok(drawn?)
}

/// Queues a message for the loop from inside it (never waits: the loop is the reader).
fn send(tx: &mpsc::Sender<Msg>, msg: Msg) {
    if let Err(e) = tx.try_send(msg) {
        tracing::warn!("dropped a message, the queue is full: {e}");
    }
}

/// Runs one effect. It changes no state: what it finds out comes back to
/// `update` as a message.
fn run_effect(
    effect: Effect,
    tui: &mut terminal::Tui,
    input: &InputThread,
    runner: Option<&mut TeamRunner>,
    replayer: Option<&Replayer>,
    tx: &mpsc::Sender<Msg>,
) -> Result<()> {
    match effect {
        Effect::Start { problem } => match (runner, Problem::from_text(&problem)) {
            (Some(r), Ok(p)) => r.start(p),
            (_, Err(e)) => send(tx, Msg::StartFailed(format!("{e:#}"))),
            (None, _) => {}
        },
        Effect::Reprompt { feedback, agents, round } => {
            if let Some(r) = runner {
                r.reprompt(feedback, agents, round);
            }
        }
        Effect::CancelRound => {
            if let Some(r) = runner {
                r.cancel();
            }
        }
        Effect::LoadTrees { mine, other } => match runner {
            Some(r) => r.trees(mine, other),
            None => send(tx, Msg::Trees { mine, other, trees: None }),
        },
        Effect::Judge(code) => match runner {
            Some(r) => r.judge(code),
            None => send(tx, Msg::Judged(super::state::JudgeOutcome::NoTests)),
        },
        Effect::Save { path, contents, overwrite } => effects::save(path, contents, overwrite, tx.clone()),
        Effect::Copy(text) => effects::copy(text, tui, tx.clone()),
        Effect::ApplyPatch(patch) => match runner {
            Some(r) => r.apply(patch),
            None => send(tx, Msg::Applied(Err("no repository session to apply it to".into()))),
        },
        Effect::ExternalEdit(text) => {
            input.pause(true);
            let edited = terminal::suspended(tui, || effects::external_edit(&text));
            input.pause(false);
            let msg = match edited {
                Ok(r) => Msg::Edited(r),
                Err(e) => Msg::Edited(Err(format!("{e:#}"))),
            };
            // Back through the loop like any result, so its effects run there.
            send(tx, msg);
        }
        Effect::ReplaySpeed(s) => replayer.iter().for_each(|r| r.set_speed(s)),
        Effect::ReplayPause(p) => replayer.iter().for_each(|r| r.set_paused(p)),
        Effect::ReplayStep => replayer.iter().for_each(|r| r.step()),
        // `update` set `quit` when it asked for this; the loop ends on it.
        Effect::Quit => {}
        Effect::Panic => panic!("memdoor: panic on purpose (MEMDOOR_TEST_PANIC)"),
    }
    Ok(())
}
