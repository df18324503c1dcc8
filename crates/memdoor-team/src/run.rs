//! A session: round 1 every agent proposes; in each later round an agent
//! rests, repairs, draws a fresh draft or refines, by its own standing
//! (`plan`); every draft of every round is a ballot in the vote, the team
//! stops early once a passing cluster holds a majority (after round 2, once
//! any draft passes), and the answer is written to the store, once.

use std::collections::BTreeMap;
use std::time::Instant;

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent::Agent;
use super::agent_turn::{emit, remember, run_agent, TurnRequest};
use super::aggregate::aggregate;
use super::decide::{decide_by_running, early_stop};
use super::draft_runs::{failing_tests, run_tests, runnable};
use super::extract::extract_code;
use super::plan::{fresh_seed, plan_turn, Own, Standing};
use super::pool::Pool;
use super::prompt::{messages_for, note_of, with_feedback};
use super::solo_prompt::{fresh_messages, repair_messages, Whose};
use super::team_run::{Continuation, TeamRun};
use super::test_inputs::write_tests;
use crate::domain::{AgentInfo, Draft, TeamEvent, Turn};
use crate::judge::{self_consistency, DraftKey, DraftRun};
use crate::memory::{Entry, EntryKind, MemoryStore};
use crate::model::Sampling;
use crate::problem::TestCase;

use crate::domain::Consensus;

/// Runs the session; returns the strategy's verdict (`None`: no draft had code).
pub async fn run_team(s: TeamRun<'_>, events: mpsc::Sender<TeamEvent>, cancel: CancellationToken) -> Option<Consensus> {
    match s.repo {
        Some(work) => super::patch_run::run_patch_rounds(s, work, None, events, cancel).await,
        None => run_rounds(s, None, events, cancel).await,
    }
}

/// Runs `s.rounds` more rounds of a session (see `Continuation`); on a
/// repository, from the team's latest patch.
pub async fn continue_team(
    s: TeamRun<'_>,
    more: Continuation,
    events: mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Consensus> {
    match s.repo {
        Some(work) => super::patch_run::run_patch_rounds(s, work, Some(more), events, cancel).await,
        None => run_rounds(s, Some(more), events, cancel).await,
    }
}

/// Latest drafts in the memory, by agent, keyed by the round they were written in.
fn drafts_from_memory(memory: &[Entry]) -> BTreeMap<usize, (DraftKey, Draft)> {
    let mut by_agent = BTreeMap::new();
    for e in memory.iter().filter(|e| e.kind == EntryKind::Draft) {
        if let Some(agent) = e.agent {
            // Code drafts are stored as their code, unfenced; a prose draft has none to run.
            let code = if e.prose { None } else { extract_code(&e.content).or_else(|| Some(e.content.clone())) };
            let draft = Draft {
                text: e.content.clone(),
                code,
                finish: crate::model::FinishReason::Stop,
                usage: Default::default(),
                repairs: Vec::new(),
                reasked: None,
            };
            by_agent.insert(agent, (DraftKey { round: e.round, agent }, draft));
        }
    }
    by_agent
}

/// The messages and sampling of `agent`'s `turn` (`None`: it rests).
fn turn_request<'a>(
    s: &TeamRun<'a>,
    agent: &Agent,
    turn: Turn,
    round: u32,
    memory: &[Entry],
    pool: &Pool,
    extra: &[TestCase],
) -> Option<TurnRequest<'a>> {
    let max_tokens = agent.max_tokens.unwrap_or(s.max_tokens);
    let repair_for = s.mechanisms.form_repair.then_some(s.problem);
    let failures = || {
        if s.mechanisms.repair_prompts {
            failing_tests(s.problem, pool.latest_run(agent.id), extra, &pool.runs)
        } else {
            Vec::new()
        }
    };
    let (messages, sampling) = match turn {
        Turn::Rest => return None,
        Turn::Propose => (s.problem.messages(), None),
        Turn::Refine => (
            messages_for(s.problem, agent.id, round, memory, agent.backend.context_tokens(), max_tokens, &failures()),
            None,
        ),
        Turn::Repair => {
            let own = memory.iter().rev().find(|e| e.kind == EntryKind::Draft && e.agent == Some(agent.id));
            (repair_messages(s.problem, own.map(|e| (e, Whose::Own)), &failures()), None)
        }
        Turn::RepairClosest => {
            // The draft closest to passing, whoever wrote it, and the tests it failed.
            // Its code comes from the pool, where it was run: the store may have failed to keep it.
            let closest = pool.closest()?;
            let code = pool.drafts.iter().find(|(k, _)| *k == closest).and_then(|(_, d)| d.code.clone())?;
            let entry = Entry::new(&s.problem.id, closest.round, Some(closest.agent), EntryKind::Draft, code);
            let whose = if closest.agent == agent.id { Whose::Own } else { Whose::Teammate };
            let failed = failing_tests(s.problem, pool.runs.get(&closest), extra, &pool.runs);
            (repair_messages(s.problem, Some((&entry, whose)), &failed), None)
        }
        Turn::Fresh(framing) => {
            let sampling = Sampling { seed: fresh_seed(agent.sampling.seed, round), ..agent.sampling.clone() };
            (fresh_messages(s.problem, framing), Some(sampling))
        }
    };
    Some(TurnRequest { messages, max_tokens, round, sampling, repair_for })
}

async fn read_memory(store: &dyn MemoryStore, task: &str) -> Vec<Entry> {
    match store.read(task, None).await {
        Ok(entries) => entries.into_iter().map(|(_, e)| e).collect(),
        Err(e) => {
            tracing::warn!("memory read failed: {e:#}");
            Vec::new()
        }
    }
}

async fn run_rounds(
    s: TeamRun<'_>,
    more: Option<Continuation>,
    events: mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Consensus> {
    let started = Instant::now();
    let task = s.problem.id.clone();
    let runnable = runnable(&s);
    let infos = s
        .agents
        .iter()
        .map(|a| AgentInfo {
            agent: a.id,
            model: a.backend.name().to_string(),
            temperature: a.sampling.temperature,
            seed: a.sampling.seed,
            role: a.role.clone(),
        })
        .collect();
    let sandbox = s.sandbox.as_ref().filter(|_| runnable).map(|sb| sb.describe());
    emit(
        &events,
        TeamEvent::TaskStarted { task: task.clone(), problem: s.problem.statement.clone(), agents: infos, sandbox },
    )
    .await;

    let mut pool = Pool::default();
    let mut extra: Vec<TestCase> = Vec::new();
    let first = more.as_ref().map_or(1, |m| m.round.max(1));
    let feedback = more.as_ref().and_then(|m| m.feedback.clone());
    if more.is_some() {
        // Every latest draft is run again: the re-prompted agents see their
        // failing tests, and the others' drafts are ballots.
        let all = drafts_from_memory(&read_memory(&*s.store, &task).await);
        let refs: Vec<(DraftKey, &Draft)> = all.values().map(|(k, d)| (*k, d)).collect();
        pool.runs = run_tests(&s, &refs, &[], &events).await;
        for (agent, (key, draft)) in all {
            pool.latest.insert(agent, key);
            if !s.agents.iter().any(|a| a.id == agent) {
                pool.drafts.push((key, draft));
            }
        }
    }
    let last_round = first + s.rounds.max(1) - 1;
    let mut final_round = first;
    for round in first..=last_round {
        if cancel.is_cancelled() {
            break;
        }
        final_round = round;
        let memory = read_memory(&*s.store, &task).await;
        let m = &s.mechanisms;
        let standing = Standing {
            any_passed: pool.any_passed(),
            runnable,
            reprompted: feedback.is_some(),
            fresh_drafts: m.fresh_drafts,
            framed_proposals: m.framed_proposals,
            repair_prompts: m.repair_prompts,
            early_stop: m.early_stop,
            lead_roles: m.lead_roles,
            closest: pool.closest().is_some(),
        };
        let own =
            |a: &Agent| Own { passes: pool.latest_run(a.id).is_some_and(DraftRun::all_public_pass), lead: a.lead };
        let turns: Vec<Turn> = s.agents.iter().map(|a| plan_turn(a.id, round, own(a), standing)).collect();
        for (a, turn) in s.agents.iter().zip(&turns) {
            emit(&events, TeamEvent::TurnStarted { agent: a.id, round, turn: *turn }).await;
        }
        let asks = s.agents.iter().zip(&turns).map(|(a, t)| {
            let req = turn_request(&s, a, *t, round, &memory, &pool, &extra).map(|mut req| {
                if let Some(f) = &feedback {
                    with_feedback(&mut req.messages, f);
                }
                req
            });
            let events = &events;
            let cancel = cancel.clone();
            async move {
                match req {
                    Some(req) => run_agent(a, req, events, cancel).await,
                    None => None,
                }
            }
        });
        let results = futures::future::join_all(asks).await;
        // Where public tests exist, agents' inputs cost most of the team's tokens (60 % of them on
        // Qwen2.5-Coder) and bought no answer in the ablations (docs/benchmarks.md): they are asked
        // for only when no test with a known output runs, where they are all there is to run.
        if round == 1 && s.mechanisms.agent_tests && runnable && s.problem.public_tests.is_empty() {
            extra = write_tests(&s, &events, cancel.clone()).await;
        }
        // A draft that repeats its agent's earlier code is no new ballot.
        let mut new: Vec<(DraftKey, Draft)> = Vec::new();
        for ((agent, turn), draft) in s.agents.iter().zip(&turns).zip(results) {
            let Some(draft) = draft else { continue };
            if *turn == Turn::Refine {
                if let Some(note) = note_of(&draft.text) {
                    remember(&*s.store, &events, Entry::new(&task, round, Some(agent.id), EntryKind::Note, note)).await;
                }
            }
            let entry = match &draft.code {
                Some(code) => Entry::new(&task, round, Some(agent.id), EntryKind::Draft, code.clone()),
                None => Entry::prose_draft(&task, round, agent.id, draft.text.clone()),
            };
            remember(&*s.store, &events, entry).await;
            let key = DraftKey { round, agent: agent.id };
            match pool.repeat_of(agent.id, draft.code.as_ref()) {
                Some(earlier) => {
                    // Not run again, but its pane still shows how the code fares.
                    if let Some(run) = pool.runs.get(&earlier) {
                        emit(&events, TeamEvent::TestRun { agent: agent.id, round, results: run.public.clone() }).await;
                    }
                    pool.latest.insert(agent.id, earlier);
                }
                None => {
                    pool.latest.insert(agent.id, key);
                    new.push((key, draft));
                }
            }
        }
        let refs: Vec<(DraftKey, &Draft)> = new.iter().map(|(k, d)| (*k, d)).collect();
        let tested = run_tests(&s, &refs, &extra, &events).await;
        pool.runs.extend(tested);
        pool.drafts.extend(new);
        emit(&events, TeamEvent::RoundFinished { round }).await;
        if round < last_round && s.mechanisms.early_stop {
            // Searching: later rounds only look for a passing draft (from the first round, or from
            // the second when repairs follow a pass); the user's feedback is always worked in.
            let searching = (round > first || !s.mechanisms.repairs_after_pass) && feedback.is_none();
            if let Some(why) = early_stop(&pool, searching) {
                remember(&*s.store, &events, Entry::new(&task, round, None, EntryKind::Note, why)).await;
                break;
            }
        }
    }

    let verdict = if runnable && !pool.runs.is_empty() {
        decide_by_running(&s, final_round, &pool, &events, cancel.clone()).await
    } else if s.mechanisms.aggregate && !cancel.is_cancelled() {
        let latest = pool.latest_drafts();
        aggregate(&s, final_round + 1, &latest, &events, cancel.clone()).await.or_else(|| self_consistency(&latest))
    } else {
        self_consistency(&pool.latest_drafts())
    };
    if let Some(v) = &verdict {
        let decision =
            format!("{}: {} of {} drafts agree (agents {:?})", v.decision, v.votes, pool.drafts.len(), v.agents);
        remember(&*s.store, &events, Entry::new(&task, final_round, None, EntryKind::Decision, decision)).await;
        match s.store.put_final(&task, &v.answer).await {
            Ok(true) => {}
            Ok(false) => tracing::info!(task, "a final answer was already stored; kept it"),
            Err(e) => tracing::warn!("storing the final answer failed: {e:#}"),
        }
        emit(&events, TeamEvent::Consensus(v.clone())).await;
    }
    emit(
        &events,
        TeamEvent::TaskFinished {
            task,
            answer: verdict.as_ref().map(|v| v.answer.clone()),
            elapsed_secs: started.elapsed().as_secs_f64(),
        },
    )
    .await;
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_draft_with_no_code_is_never_taken_for_code() {
        let memory = vec![
            Entry::new("t", 1, Some(0), EntryKind::Draft, "print(1)"),
            Entry::prose_draft("t", 1, 1, "I would loop over the string and compare."),
            Entry::new("t", 1, Some(2), EntryKind::Draft, "```python\nprint(2)\n```"),
        ];
        let drafts = drafts_from_memory(&memory);
        assert_eq!(drafts[&0].1.code.as_deref(), Some("print(1)"));
        assert_eq!(drafts[&1].1.code, None, "words are not run");
        assert_eq!(drafts[&2].1.code.as_deref(), Some("print(2)"));
        // And the flag survives the store's JSON; entries from before it read as code.
        let json = serde_json::to_string(&memory[1]).unwrap();
        assert!(serde_json::from_str::<Entry>(&json).unwrap().prose);
        let old = serde_json::to_string(&memory[0]).unwrap();
        assert!(!old.contains("prose") && !serde_json::from_str::<Entry>(&old).unwrap().prose);
    }
}
