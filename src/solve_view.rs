//! How `memdoor solve` shows a session in a plain terminal: JSON lines of
//! events on stdout (`--json`), or one live line per agent on stderr (progress,
//! tok/s, the tail of its text) and the team's code on stdout.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::event::{Draft, TeamEvent};

/// Characters of an agent's latest text shown on its line.
const TAIL_CHARS: usize = 48;

pub struct SolveView {
    json: bool,
    show_drafts: bool,
    max_tokens: usize,
    live: Option<(MultiProgress, Vec<ProgressBar>)>,
    tails: Vec<String>,
    drafts: BTreeMap<usize, Draft>,
}

fn tail(text: &str) -> String {
    let flat: String = text.chars().map(|c| if c == '\n' { '⏎' } else if c.is_control() { ' ' } else { c }).collect();
    let n = flat.chars().count();
    flat.chars().skip(n.saturating_sub(TAIL_CHARS)).collect()
}

impl SolveView {
    pub fn new(json: bool, show_drafts: bool, max_tokens: usize) -> Self {
        Self { json, show_drafts, max_tokens, live: None, tails: Vec::new(), drafts: BTreeMap::new() }
    }

    fn note(&self, line: String) {
        match &self.live {
            Some((mp, _)) => {
                let _ = mp.println(line);
            }
            None => eprintln!("{line}"),
        }
    }

    pub fn handle(&mut self, event: &TeamEvent) -> std::io::Result<()> {
        if self.json {
            let mut out = std::io::stdout().lock();
            serde_json::to_writer(&mut out, event)?;
            out.write_all(b"\n")?;
            return out.flush();
        }
        match event {
            TeamEvent::TaskStarted { task, agents, .. } => {
                eprintln!("memdoor: {} agents on `{task}`", agents.len());
                self.tails = vec![String::new(); agents.len()];
                if std::io::stderr().is_terminal() {
                    let mp = MultiProgress::with_draw_target(ProgressDrawTarget::stderr());
                    let style = ProgressStyle::with_template("{prefix:.bold} {bar:12.cyan/blue} {pos:>4} tok {per_sec:>11} │ {wide_msg}")
                        .expect("static template")
                        .progress_chars("█▉▊▋▌▍▎▏ ");
                    let bars = agents
                        .iter()
                        .map(|a| {
                            let bar = mp.add(ProgressBar::new(self.max_tokens as u64).with_style(style.clone()));
                            bar.set_prefix(format!("A{} t={:.1}", a.agent, a.temperature));
                            bar.set_message("reading the problem…");
                            bar
                        })
                        .collect();
                    self.live = Some((mp, bars));
                }
            }
            TeamEvent::AgentToken { agent, text, .. } => {
                if let Some(t) = self.tails.get_mut(*agent) {
                    t.push_str(text);
                    if t.len() > 4 * TAIL_CHARS {
                        *t = tail(t);
                    }
                }
                if let Some((_, bars)) = &self.live {
                    bars[*agent].inc(1);
                    bars[*agent].set_message(tail(&self.tails[*agent]));
                }
            }
            TeamEvent::AgentDone { agent, draft, .. } => {
                let code = if draft.code.is_some() { "code block" } else { "no code block" };
                let line = format!("A{agent} done: {} tok, {:?}, {code}", draft.usage.completion_tokens, draft.finish);
                if let Some((_, bars)) = &self.live {
                    bars[*agent].finish_with_message(line);
                } else {
                    self.note(line);
                }
                self.drafts.insert(*agent, draft.clone());
            }
            TeamEvent::AgentFailed { agent, error, .. } => {
                let line = format!("A{agent} failed: {error}");
                if let Some((_, bars)) = &self.live {
                    bars[*agent].abandon_with_message(line);
                } else {
                    self.note(line);
                }
            }
            TeamEvent::Consensus { strategy, votes, agents, .. } => {
                let who: Vec<String> = agents.iter().map(|a| format!("A{a}")).collect();
                let total = self.tails.len();
                self.note(format!("team answer · strategy: {strategy} · {votes}/{total} votes ({})", who.join(", ")));
            }
            TeamEvent::TaskFinished { answer, elapsed_secs, .. } => {
                self.live = None;
                if self.show_drafts {
                    let mut out = std::io::stdout().lock();
                    for (agent, d) in &self.drafts {
                        writeln!(out, "──── A{agent} ({:?}) ────\n{}\n", d.finish, d.text.trim_end())?;
                    }
                }
                match answer {
                    Some(code) => {
                        eprintln!("memdoor: done in {elapsed_secs:.1} s; the team's code follows on stdout");
                        println!("{}", code.trim_end());
                    }
                    None => eprintln!("memdoor: no agent wrote a fenced code block; there is no answer to stand behind"),
                }
            }
        }
        Ok(())
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
    }
}
