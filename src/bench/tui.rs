//! `memdoor bench tui`: the cost of drawing. Five panes of 2,000 lines each
//! while all five agents stream at 50 tok/s; each 16 ms frame applies the
//! tokens due and draws the whole screen (ratatui's TestBackend: widgets,
//! buffer and diff, without the terminal write). Reported with and without
//! syntax highlighting.

use std::time::{Duration, Instant};

use anyhow::Result;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use serde::Serialize;

use crate::domain::{AgentInfo, TeamEvent};
use crate::tui::keymap::Keymap;
use crate::tui::theme::Theme;
use crate::tui::{update, Msg, State};

#[derive(Debug, Serialize)]
pub struct TuiReport {
    pub(crate) highlight: bool,
    pub width: u16,
    pub height: u16,
    pub frames: usize,
    pub tokens: usize,
    pub(crate) frame_ms_mean: f64,
    pub(crate) frame_ms_p50: f64,
    pub(crate) frame_ms_p99: f64,
    pub(crate) frame_ms_max: f64,
    /// Share of one core the UI would use drawing every frame at 60 fps.
    pub(crate) cpu_at_60fps_pct: f64,
}

const AGENTS: usize = 5;
const LINES_BEFORE: usize = 2000;
const TOKENS_PER_SEC: f64 = 50.0;
const FRAME: Duration = Duration::from_millis(16);

/// A token-sized piece of plausible Python, the n-th of a stream.
fn token(n: usize) -> &'static str {
    const PIECES: &[&str] = &[
        "def",
        " solve",
        "(",
        "nums",
        ":",
        " list",
        "[int]",
        ")",
        " ->",
        " int",
        ":\n",
        "    ",
        "total",
        " =",
        " 0",
        "\n",
        "    for",
        " x",
        " in",
        " nums",
        ":\n",
        "        total",
        " +=",
        " x",
        "  # add",
        "\n",
        "    return",
        " total",
        "\n",
    ];
    PIECES[n % PIECES.len()]
}

fn start(highlight: bool, width: u16, height: u16) -> State {
    let mut s = State::new(Theme::default(), Keymap::default(), AGENTS, 2, "embedded store".into());
    update(&mut s, Msg::Resize(width, height));
    if !highlight {
        update(
            &mut s,
            Msg::Key(ratatui::crossterm::event::KeyEvent::from(ratatui::crossterm::event::KeyCode::Char('h'))),
        );
    }
    let agents = (0..AGENTS)
        .map(|agent| AgentInfo { agent, model: "bench".into(), temperature: 0.0, seed: 0, role: None })
        .collect();
    update(
        &mut s,
        Msg::Team(TeamEvent::TaskStarted { task: "bench".into(), problem: "bench".into(), agents, sandbox: None }),
    );
    let mut body = String::from("```python\n");
    for i in 0..LINES_BEFORE {
        body += &format!("    value_{i} = compute(value_{}, {i}) + 1  # line {i}\n", i.saturating_sub(1));
    }
    for agent in 0..AGENTS {
        update(&mut s, Msg::Team(TeamEvent::AgentToken { agent, round: 1, text: body.clone() }));
    }
    s
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Runs `seconds` of simulated streaming as fast as frames can be made.
pub fn run(highlight: bool, width: u16, height: u16, seconds: f64) -> Result<TuiReport> {
    let mut state = start(highlight, width, height);
    let mut term = Terminal::new(TestBackend::new(width, height))?;
    let frames = (seconds / FRAME.as_secs_f64()).ceil() as usize;
    let (mut sent, mut times) = (0usize, Vec::with_capacity(frames));
    for f in 0..frames {
        let now_ms = (f as u64 + 1) * FRAME.as_millis() as u64;
        let due = (now_ms as f64 / 1000.0 * TOKENS_PER_SEC) as usize;
        let t0 = Instant::now();
        update(&mut state, Msg::Tick(now_ms));
        while sent < due {
            for agent in 0..AGENTS {
                update(&mut state, Msg::Team(TeamEvent::AgentToken { agent, round: 1, text: token(sent).to_string() }));
            }
            sent += 1;
        }
        term.draw(|frame| crate::tui::view::draw(frame, &state))?;
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
    }
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    times.sort_by(f64::total_cmp);
    Ok(TuiReport {
        highlight,
        width,
        height,
        frames,
        tokens: sent * AGENTS,
        frame_ms_mean: mean,
        frame_ms_p50: percentile(&times, 0.5),
        frame_ms_p99: percentile(&times, 0.99),
        frame_ms_max: times.last().copied().unwrap_or(0.0),
        cpu_at_60fps_pct: mean / (1000.0 / 60.0) * 100.0,
    })
}

pub fn print_table(reports: &[TuiReport]) {
    println!("five panes × {LINES_BEFORE} lines, five streams at {TOKENS_PER_SEC} tok/s, one frame per 16 ms");
    println!(
        "{:<12} {:>9} {:>7} {:>9} {:>9} {:>9} {:>9} {:>13}",
        "highlight", "size", "frames", "mean ms", "p50 ms", "p99 ms", "max ms", "CPU @60fps"
    );
    for r in reports {
        println!(
            "{:<12} {:>9} {:>7} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>12.1}%",
            if r.highlight { "on" } else { "off" },
            format!("{}x{}", r.width, r.height),
            r.frames,
            r.frame_ms_mean,
            r.frame_ms_p50,
            r.frame_ms_p99,
            r.frame_ms_max,
            r.cpu_at_60fps_pct
        );
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_short_run_streams_every_token_and_draws_every_frame() {
        let r = super::run(true, 120, 40, 0.2).unwrap();
        assert_eq!(r.frames, 13);
        assert_eq!(r.tokens, 10 * super::AGENTS, "50 tok/s for 0.208 s");
        assert!(r.frame_ms_max >= r.frame_ms_p50);
    }
}
