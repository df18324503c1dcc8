//! How `memdoor solve` shows a session in a plain terminal: JSON lines of
//! events on stdout (`--json`), or one live line per agent on stderr (progress,
//! tok/s, the tail of its text) and the team's code on stdout.

use std::io::{IsTerminal, Write};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::domain::{TeamEvent, Turn};
use crate::hygiene::terminal_safe;
use crate::memory::EntryKind;
use crate::session::SessionView;

/// Characters of an agent's latest text shown on its line.
const TAIL_CHARS: usize = 48;
/// Tests of a repository's answer listed on stderr at most (the TUI lists all it is given).
const TESTS_LISTED: usize = 20;

pub(crate) struct SolveView {
    json: bool,
    show_drafts: bool,
    /// Print the team's answer on stdout at the end (a review prints its findings instead).
    print_answer: bool,
    max_tokens: usize,
    live: Option<(MultiProgress, Vec<ProgressBar>)>,
    /// The session so far (the TUI renders from the same model).
    model: SessionView,
    /// The round whose block of live lines is shown.
    shown_round: u32,
}

/// The last `TAIL_CHARS` characters of `text`, on one line.
fn tail(text: &str) -> String {
    // Only the end matters: look at a bounded suffix, not the whole draft.
    let mut start = text.len().saturating_sub(8 * TAIL_CHARS);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let text = &text[start..];
    let flat: String = terminal_safe(text)
        .chars()
        .map(|c| {
            if c == '\n' {
                '⏎'
            } else if c.is_control() {
                ' '
            } else {
                c
            }
        })
        .collect();
    let n = flat.chars().count();
    flat.chars().skip(n.saturating_sub(TAIL_CHARS)).collect()
}

impl SolveView {
    pub fn new(json: bool, show_drafts: bool, max_tokens: usize) -> Self {
        Self {
            json,
            show_drafts,
            print_answer: true,
            max_tokens,
            live: None,
            model: SessionView::default(),
            shown_round: 0,
        }
    }

    /// The view without the answer on stdout: the caller prints what it stands for.
    pub(crate) fn without_answer(self) -> Self {
        Self { print_answer: false, ..self }
    }

    /// A line on stderr. Lines quote agents, workers and journals: they are
    /// made terminal-safe here, once for every kind of line.
    fn note(&self, line: String) {
        let line = terminal_safe(&line).into_owned();
        match &self.live {
            Some((mp, _)) => {
                let _ = mp.println(line);
            }
            None => eprintln!("{line}"),
        }
    }

    fn enter_round(&mut self, round: u32) {
        if round != self.shown_round {
            self.start_round(round);
        }
    }

    fn bar(&self, agent: usize) -> Option<&ProgressBar> {
        self.live.as_ref().and_then(|(_, bars)| bars.get(agent))
    }

    /// A block of live lines for a new round; the last round's stay above it.
    fn start_round(&mut self, round: u32) {
        self.shown_round = round;
        self.live = None;
        if !std::io::stderr().is_terminal() {
            eprintln!("round {round}: {} agents writing", self.model.agents.len());
            return;
        }
        let mp = MultiProgress::with_draw_target(ProgressDrawTarget::stderr());
        let style =
            ProgressStyle::with_template("{prefix:.bold} {bar:12.cyan/blue} {pos:>4} tok {rate:>10} │ {wide_msg}")
                .expect("static template")
                .with_key("rate", |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.1} tok/s", s.per_sec());
                })
                .progress_chars("█▉▊▋▌▍▎▏ ");
        let bars = self
            .model
            .agents
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let bar = mp.add(ProgressBar::new(self.max_tokens as u64).with_style(style.clone()));
                let temperature = a.info.as_ref().map_or(String::new(), |info| format!(" t={:.1}", info.temperature));
                bar.set_prefix(format!("r{round} A{i}{temperature}"));
                bar
            })
            .collect();
        self.live = Some((mp, bars));
    }

    pub fn handle(&mut self, event: &TeamEvent) -> std::io::Result<()> {
        if self.json {
            let mut out = std::io::stdout().lock();
            serde_json::to_writer(&mut out, event)?;
            out.write_all(b"\n")?;
            return out.flush();
        }
        self.model.apply(event);
        match event {
            TeamEvent::TaskStarted { task, agents, sandbox, .. } => {
                eprintln!("memdoor: {} agents on `{}`", agents.len(), terminal_safe(task));
                if let Some(sb) = sandbox {
                    eprintln!("memdoor: drafts run on the public tests in a {}", terminal_safe(sb));
                }
            }
            TeamEvent::TurnStarted { round, .. } => self.enter_round(*round),
            TeamEvent::AgentToken { agent, round, .. } => {
                self.enter_round(*round);
                if let (Some(bar), Some(a)) = (self.bar(*agent), self.model.agents.get(*agent)) {
                    bar.set_position(a.tokens as u64);
                    bar.set_message(tail(&a.text));
                }
            }
            TeamEvent::AgentDone { agent, round, draft } => {
                self.enter_round(*round);
                let code = if draft.code.is_some() { "code block" } else { "no code block" };
                let finish = serde_json::to_value(draft.finish)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                let turn = self.model.agents.get(*agent).and_then(|a| a.turn).filter(|t| *t != Turn::Propose);
                let turn = turn.map(|t| format!(" ({})", t.label())).unwrap_or_default();
                let line = format!("A{agent}{turn} done: {} tok, {finish}, {code}", draft.usage.completion_tokens);
                if let Some(bar) = self.bar(*agent) {
                    bar.set_position(draft.usage.completion_tokens as u64);
                    bar.abandon_with_message(line);
                } else {
                    self.note(line);
                }
            }
            TeamEvent::AgentFailed { agent, round, error } => {
                self.enter_round(*round);
                let line = terminal_safe(&format!("A{agent} failed: {error}")).into_owned();
                if let Some(bar) = self.bar(*agent) {
                    bar.abandon_with_message(line);
                } else {
                    self.note(line);
                }
            }
            TeamEvent::AgentRestarted { agent, round } => {
                self.enter_round(*round);
                if let Some(bar) = self.bar(*agent) {
                    bar.set_position(0);
                }
                self.note(format!("A{agent} restarted: its worker was lost and another took over"));
            }
            TeamEvent::MemoryEntry(e) if e.kind == EntryKind::Note => {
                // The team's own notes (early stop, distinguishing inputs) have no agent.
                let who = e.agent.map_or_else(|| "team".to_string(), |a| format!("A{a}"));
                self.note(format!("{who} note: {}", tail(&e.content)));
            }
            TeamEvent::MemoryEntry(_) => {}
            TeamEvent::RoundFinished { round } => self.note(format!("round {round} done")),
            TeamEvent::Rejected { total } => self.note(format!(
                "memdoor: {total} item(s) in Redis were not the team's (forged, foreign or malformed) and were dropped"
            )),
            TeamEvent::TestRun { agent, .. } => {
                if let Some((passed, run)) = self.model.agents.get(*agent).and_then(|a| a.tests) {
                    let mark = if passed == run { "✓" } else { "✗" };
                    self.note(format!("A{agent} {mark} {passed}/{run} public tests"));
                }
            }
            TeamEvent::Consensus(crate::domain::Consensus { decision, votes, agents, tests, .. }) => {
                let who: Vec<String> = agents.iter().map(|a| format!("A{a}")).collect();
                let total = self.model.agents.len();
                self.note(format!("team answer · {decision} · {votes}/{total} votes ({})", who.join(", ")));
                // On a repository: the tests the patch changes, failures first.
                for t in tests.iter().take(TESTS_LISTED) {
                    self.note(format!("  {} {}  {}", t.mark(), t.name, t.how()));
                }
                if tests.len() > TESTS_LISTED {
                    self.note(format!("  … and {} more tests the patch changes", tests.len() - TESTS_LISTED));
                }
            }
            TeamEvent::TaskFinished { answer, elapsed_secs, .. } => {
                self.live = None;
                // Model text on a terminal loses its escape sequences; redirected, it stays byte-exact.
                let tty = std::io::stdout().is_terminal();
                let shown = |text: &str| if tty { terminal_safe(text).into_owned() } else { text.to_string() };
                if self.show_drafts {
                    let mut out = std::io::stdout().lock();
                    let drafts =
                        self.model.agents.iter().enumerate().filter_map(|(i, a)| Some((i, a.last_draft.as_ref()?)));
                    for (agent, d) in drafts {
                        writeln!(out, "──── A{agent} ({:?}) ────\n{}\n", d.finish, shown(d.text.trim_end()))?;
                    }
                }
                match answer {
                    Some(code) if self.print_answer => {
                        eprintln!("memdoor: done in {elapsed_secs:.1} s; the team's answer follows on stdout (code, or a patch with --repo)");
                        println!("{}", shown(code.trim_end()));
                    }
                    Some(_) => eprintln!("memdoor: done in {elapsed_secs:.1} s; the findings follow on stdout"),
                    None => {
                        // The memory's notes above say which (a repository's: the edits that did not apply).
                        eprintln!(
                            "memdoor: no answer to stand behind: no draft held code (with --repo: no edit applied, \
or every patch broke a test that passed before)"
                        )
                    }
                }
            }
        }
        Ok(())
    }
}

#[async_trait::async_trait]
impl crate::session::EventSink for SolveView {
    async fn handle(&mut self, event: &TeamEvent) -> anyhow::Result<()> {
        use anyhow::Context;
        SolveView::handle(self, event).context("writing output")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_is_one_line_of_the_latest_text() {
        assert_eq!(tail("a\nb"), "a⏎b");
        let long = "x".repeat(100) + "END";
        let t = tail(&long);
        assert_eq!(t.chars().count(), TAIL_CHARS);
        assert!(t.ends_with("END"));
        let wide = "é".repeat(500) + "→end";
        assert!(
            tail(&wide).ends_with("é→end") && tail(&wide).chars().count() == TAIL_CHARS,
            "cut on a character boundary"
        );
    }
}
