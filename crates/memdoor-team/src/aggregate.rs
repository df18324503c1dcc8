//! With nothing to run, agent 0 writes one answer from every draft, in a
//! last round of its own (a Mixture-of-Agents aggregation); the answer is
//! marked unverified.

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent_turn::{remember, run_agent, TurnRequest};
use super::prompt::aggregate_messages;
use super::team_run::TeamRun;
use crate::domain::Consensus;
use crate::domain::{Decision, Draft, DraftEvidence, TeamEvent};
use crate::judge::DraftKey;
use crate::memory::{Entry, EntryKind};

/// Agent 0 writes one answer from all drafts, in round `round`.
pub async fn aggregate(
    s: &TeamRun<'_>,
    round: u32,
    drafts: &[(DraftKey, Draft)],
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Consensus> {
    let shown: Vec<(usize, String)> = drafts.iter().filter_map(|(k, d)| d.code.clone().map(|c| (k.agent, c))).collect();
    if shown.len() < 2 {
        return None; // nothing to synthesise
    }
    let agent = s.agents.first()?;
    let max_tokens = agent.max_tokens.unwrap_or(s.max_tokens);
    let messages = aggregate_messages(s.problem, &shown, agent.backend.context_tokens(), max_tokens);
    let turn = TurnRequest { messages, max_tokens, round, sampling: None, repair_for: None };
    let draft = run_agent(agent, turn, events, cancel).await?;
    let answer = draft.code?;
    let entry = Entry::new(&s.problem.id, round, Some(agent.id), EntryKind::Draft, answer.clone());
    remember(&*s.store, events, entry).await;
    Some(Consensus {
        answer,
        decision: Decision::Aggregator,
        cluster: 0,
        votes: shown.len(),
        agents: shown.iter().map(|(a, _)| *a).collect(),
        evidence: drafts
            .iter()
            .map(|(k, d)| DraftEvidence {
                agent: k.agent,
                round: k.round,
                cluster: d.code.as_ref().map(|_| 0),
                tests: None,
            })
            .collect(),
        tests: Vec::new(),
        alternatives: Vec::new(),
    })
}
