//! A session on the user's repository (#30): the untouched tree's tests run
//! first (what fails before); round 1 every agent answers with edit blocks;
//! each answer is applied to the session's copy (a block that does not apply
//! is a failed ballot, counted and shown to the agent) and its patch runs
//! the repository's tests in the sandbox (`patch_check`: also the agents'
//! reproduction tests); in later rounds an agent whose
//! patch makes the whole suite pass rests and the others repair from what
//! went wrong — a lead (a mixed team's bigger model; `lead_roles`) repairs
//! instead the patch closest to passing, whoever wrote it. The answer — a
//! patch — is chosen by the tests (`repo::rank`),
//! or, with no tests to run, is the patch most agents wrote, unverified.
//! A re-prompt (`Continuation`) continues from the team's latest patch: every
//! agent is shown it with the user's feedback and writes the change again;
//! the untouched tree's run is not repeated, and only the new patches vote.
//! The same `TeamEvent`s as a problem's session: a draft's code is its patch.

use std::collections::BTreeMap;
use std::time::Instant;

use futures::future::BoxFuture;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent::Agent;
use super::agent_turn::{emit, remember, stream_answer};
use super::patch_check::{cancellable, unapplied_note, Attempt, Judge};
use super::patch_prompt::{
    continue_messages, propose_messages, repair_closest_messages, repair_messages, tests_before, PatchAsk, Setback,
};
use super::patch_read::{read_patch, reask_messages, turn_sampling, Patch, Unpatched};
use super::team_run::{Continuation, TeamRun};
use crate::domain::Consensus;
use crate::domain::{AgentInfo, Draft, NoCode, TeamEvent, Turn};
use crate::judge::{self_consistency, DraftKey};
use crate::memory::{Entry, EntryKind};
use crate::model::{ChatRequest, FinishReason, Message, Usage};
use crate::repo::outcomes::TestOutcome;
use crate::repo::patch::{touches, FileTouch};
use crate::repo::rank::{decide, standing, Ballot};
use crate::repo::{run_tests, test_limits, RepoTask, TestReport};

/// An agent's answer of a turn, read: its text, how it ended, what it cost
/// (both asks, when it was asked again), its patch or why none, and why it
/// was asked again.
struct Read {
    text: String,
    finish: FinishReason,
    usage: Usage,
    patch: Result<Patch, Unpatched>,
    reasked: Option<NoCode>,
}

/// Streams the agent's answer to `req` and reads it; an answer that is no
/// draft (`Unpatched::no_draft`) is followed by a second ask in the same
/// round — `second_ask` (`patch_read::reask_messages`), at a seed of its
/// own — and the second answer is the turn's. `None`: the agent failed.
async fn answer_once_more(
    agent: &Agent,
    req: ChatRequest,
    round: u32,
    events: &mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
    read: impl Fn(&str) -> Result<Patch, Unpatched>,
    second_ask: impl Fn(NoCode, &[Message]) -> Vec<Message>,
) -> Option<Read> {
    let (text, finish, usage) = stream_answer(agent, req.clone(), round, events, cancel.clone()).await.ok()?;
    let patch = read(&text);
    // Read: the first answer goes into no prompt (below) and is replaced by the second.
    let why = match &patch {
        Err(Unpatched { no_draft: Some(why), .. }) if finish != FinishReason::Cancelled && !cancel.is_cancelled() => {
            *why
        }
        _ => return Some(Read { text, finish, usage, patch, reasked: None }),
    };
    tracing::info!(agent = agent.id, round, ?why, "an answer with no new change: asking again");
    let mut second = req;
    second.sampling = turn_sampling(&agent.sampling, round, true);
    second.messages = second_ask(why, &second.messages);
    emit(events, TeamEvent::AgentRestarted { agent: agent.id, round }).await;
    let (text, finish, more) = stream_answer(agent, second, round, events, cancel).await.ok()?;
    let patch = read(&text);
    Some(Read { text, finish, usage: usage.plus(&more), patch, reasked: Some(why) })
}

pub(super) async fn run_patch_rounds(
    s: TeamRun<'_>,
    work: &RepoTask,
    more: Option<Continuation>,
    events: mpsc::Sender<TeamEvent>,
    cancel: CancellationToken,
) -> Option<Consensus> {
    let started = Instant::now();
    let task = s.problem.id.clone();
    let sandbox = s.sandbox.as_ref().filter(|_| work.test.is_some());
    let agents = s.agents.iter().map(info).collect();
    let sandbox_line = sandbox.map(|sb| {
        let cmd = work.test.as_ref().map_or("", |t| t.line.as_str());
        format!("{}, as patches on a copy of the repository, by `{cmd}`", sb.describe())
    });
    emit(
        &events,
        TeamEvent::TaskStarted {
            task: task.clone(),
            problem: s.problem.statement.clone(),
            agents,
            sandbox: sandbox_line,
        },
    )
    .await;
    let tester = sandbox.map(|sb| sb.clone().with_limits(test_limits(sb.limits(), work.timeout)));
    let before = match (&tester, &work.test, work.before()) {
        // The tree does not change under a session: a re-prompt reads the run already made.
        (Some(_), Some(_), Some(known)) => Some(known),
        (Some(sb), Some(cmd), None) => match cancellable(run_tests(sb, &work.bench, None, cmd), &cancel).await {
            Some(Ok(report)) => {
                work.set_before(&report);
                Some(report)
            }
            Some(Err(e)) => {
                let why = format!("the tests could not be run: {e:#}");
                remember(&*s.store, &events, Entry::new(&task, 0, None, EntryKind::Error, why)).await;
                None
            }
            None => None,
        },
        _ => None,
    };
    let tests_line = match (&before, &work.test) {
        (Some(b), Some(cmd)) => {
            if more.is_none() {
                let note = format!("before any change: {}", summary(b));
                remember(&*s.store, &events, Entry::new(&task, 0, None, EntryKind::Note, note)).await;
            }
            Some(tests_before(&cmd.line, b, &work.shown))
        }
        _ => None,
    };
    // A re-prompt: the patch the team stood behind, and the user's words on it.
    let (first_round, current, feedback) = match &more {
        Some(m) => (m.round.max(1), work.answer(), m.feedback.clone()),
        None => (1, None, None),
    };
    let last_round = first_round + s.rounds.max(1) - 1;
    let ask = PatchAsk::new(s.problem, tests_line.as_deref(), &work.shown);
    let ask = match &before {
        Some(b) => ask.reaching(&b.failures),
        None => ask,
    };
    // Tests that all pass tell no change apart: each agent adds one that reproduces the task.
    // (Only where outcomes are read per test: a test is told apart by its name.)
    let ask = match &before {
        Some(b) if s.mechanisms.agent_tests && b.passed() && b.outcomes.is_some() => ask.asking_for_a_test(),
        _ => ask,
    };

    let mut attempts: Vec<Attempt> = Vec::new();
    let mut latest: BTreeMap<usize, usize> = BTreeMap::new();
    for round in first_round..=last_round {
        if cancel.is_cancelled() {
            break;
        }
        // The lead (a mixed team's bigger model) repairs the patch closest to passing, whoever wrote it.
        let closest = before.as_ref().and_then(|b| closest_patch(&attempts, b));
        let turns: Vec<Turn> = s
            .agents
            .iter()
            .map(|agent| match latest.get(&agent.id).map(|&i| &attempts[i]) {
                None if more.is_some() => Turn::Refine,
                None => Turn::Propose,
                Some(own) if own.complete() => Turn::Rest,
                Some(_)
                    if agent.lead
                        && s.mechanisms.lead_roles
                        && closest.is_some_and(|i| attempts[i].key.agent != agent.id) =>
                {
                    Turn::RepairClosest
                }
                Some(_) => Turn::Repair,
            })
            .collect();
        for (a, turn) in s.agents.iter().zip(&turns) {
            emit(&events, TeamEvent::TurnStarted { agent: a.id, round, turn: *turn }).await;
        }
        // Patches judged before this round that did not pass: one handed in
        // again is no draft (a patch that passed, written again, is a vote).
        let judged: Vec<&str> = attempts
            .iter()
            .filter(|a| a.run.is_some() && !a.complete())
            .filter_map(|a| a.patch.as_ref().ok().map(|(_, d)| d.as_str()))
            .collect();
        let mut asks: Vec<BoxFuture<'_, Option<Read>>> = Vec::new();
        for (agent, turn) in s.agents.iter().zip(&turns) {
            let last = latest.get(&agent.id).map(|&i| &attempts[i]);
            let messages = match (turn, last) {
                (Turn::Rest, _) => None,
                (Turn::RepairClosest, _) => closest.map(|i| &attempts[i]).and_then(|c| {
                    let (Ok((_, patch)), Some(run)) = (&c.patch, &c.run) else { return None };
                    Some(repair_closest_messages(&ask, patch, run))
                }),
                (_, Some(last)) => Some(repair_messages(&ask, &last.text, &setback(last))),
                (Turn::Refine, None) => Some(continue_messages(&ask, current.as_deref(), feedback.as_deref())),
                (_, None) => Some(propose_messages(&ask)),
            };
            let max_tokens = agent.max_tokens.unwrap_or(s.max_tokens);
            let (events, cancel, judged, ask) = (&events, cancel.clone(), &judged, &ask);
            asks.push(Box::pin(async move {
                let messages = messages?;
                let sampling = turn_sampling(&agent.sampling, round, false);
                let req = ChatRequest { messages, sampling, max_tokens, ignore_stop: false };
                let read = |text: &str| read_patch(text, work, judged);
                answer_once_more(agent, req, round, events, cancel, read, |why, first| reask_messages(ask, why, first))
                    .await
            }));
        }
        let answers = futures::future::join_all(asks).await;
        let first_new = attempts.len();
        for (agent, answer) in s.agents.iter().zip(answers) {
            let Some(Read { text, finish, usage, patch, reasked }) = answer else { continue };
            let key = DraftKey { round, agent: agent.id };
            let patch = patch.map_err(|u| u.why);
            let draft = Draft {
                text: text.clone(),
                code: patch.as_ref().ok().map(|(_, d)| d.clone()),
                finish,
                usage,
                repairs: Vec::new(),
                reasked,
            };
            emit(&events, TeamEvent::AgentDone { agent: agent.id, round, draft }).await;
            let entry = match &patch {
                Ok((_, diff)) => Entry::new(&task, round, Some(agent.id), EntryKind::Draft, diff.clone()),
                Err(why) => {
                    let note = format!("{}{why}", unapplied_note(agent.id));
                    remember(&*s.store, &events, Entry::new(&task, round, Some(agent.id), EntryKind::Note, note)).await;
                    Entry::prose_draft(&task, round, agent.id, text.clone())
                }
            };
            remember(&*s.store, &events, entry).await;
            latest.insert(agent.id, attempts.len());
            attempts.push(Attempt::new(key, text, patch));
        }
        if let (Some(sandbox), Some(cmd), Some(before)) = (&tester, &work.test, &before) {
            let judge = Judge { sandbox, work, cmd, before, cancel: &cancel };
            judge.test_new(&mut attempts[first_new..], s.mechanisms.agent_tests, &events).await;
            for a in attempts[first_new..].iter().filter(|a| a.run.is_some()) {
                let Some(run) = &a.run else { continue };
                let s_ = standing(before, run);
                let note = format!(
                    "agent {}'s patch: fixes {}, breaks {}{}, {} failing{}",
                    a.key.agent,
                    s_.fixed,
                    s_.broken.len(),
                    if s_.broken.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", s_.broken.iter().take(3).cloned().collect::<Vec<_>>().join(", "))
                    },
                    s_.failing,
                    match a.reproduces.len() {
                        0 => String::new(),
                        n => format!("; {n} test(s) it adds fail without its change and pass with it"),
                    }
                );
                let edited: Vec<String> = match &a.patch {
                    Ok((c, _)) => c.edited_tests().iter().map(ToString::to_string).collect(),
                    Err(_) => Vec::new(),
                };
                let note = match edited.is_empty() {
                    true => note,
                    false => format!(
                        "{note}; it edits the repository's tests ({}): each counts as the worse of its runs as \
                         they were and as it leaves them",
                        edited.join(", ")
                    ),
                };
                remember(&*s.store, &events, Entry::new(&task, round, Some(a.key.agent), EntryKind::Note, note)).await;
            }
        }
        emit(&events, TeamEvent::RoundFinished { round }).await;
        if round < last_round && s.mechanisms.early_stop && attempts.iter().any(Attempt::complete) {
            let why = "stopping: a patch makes every test pass; further rounds only search while none does";
            remember(&*s.store, &events, Entry::new(&task, round, None, EntryKind::Note, why)).await;
            break;
        }
    }

    if let (Some(sandbox), Some(cmd), Some(before), true) = (&tester, &work.test, &before, s.mechanisms.agent_tests) {
        let round = attempts.last().map_or(1, |a| a.key.round);
        let judge = Judge { sandbox, work, cmd, before, cancel: &cancel };
        for note in judge.cross_check(&mut attempts).await {
            remember(&*s.store, &events, Entry::new(&task, round, None, EntryKind::Note, note)).await;
        }
    }
    let verdict = match &before {
        Some(before) => {
            let touched: Vec<Vec<FileTouch>> =
                attempts.iter().map(|a| a.patch.as_ref().map(|(c, _)| touches(c)).unwrap_or_default()).collect();
            let ballots: Vec<Ballot<'_>> = attempts
                .iter()
                .zip(&touched)
                .filter_map(|(a, touched)| {
                    let (patch, run) = (&a.patch.as_ref().ok()?.1, a.run.as_ref()?);
                    Some(Ballot { key: a.key, patch, run, reproductions: a.backed, touched })
                })
                .collect();
            decide(before, &ballots)
        }
        // Nothing to run: the patch most agents wrote, said to be unverified.
        None => {
            let drafts: Vec<(DraftKey, Draft)> = latest
                .values()
                .map(|&i| &attempts[i])
                .map(|a| (a.key, Draft { code: a.patch.as_ref().ok().map(|(_, d)| d.clone()), ..blank_draft() }))
                .collect();
            self_consistency(&drafts)
        }
    };
    let round = attempts.last().map_or(1, |a| a.key.round);
    match &verdict {
        Some(v) => {
            work.set_answer(&v.answer);
            let words =
                format!("{}: {} of {} patches agree (agents {:?})", v.decision, v.votes, attempts.len(), v.agents);
            remember(&*s.store, &events, Entry::new(&task, round, None, EntryKind::Decision, words)).await;
            if let Err(e) = s.store.put_final(&task, &v.answer).await {
                tracing::warn!("storing the final answer failed: {e:#}");
            }
            emit(&events, TeamEvent::Consensus(v.clone())).await;
        }
        None if !attempts.is_empty() => {
            let why = match &before {
                Some(_) => "no patch stands: every one failed to apply, or broke a test that passed before",
                None => "no patch stands: no agent's edit blocks applied",
            };
            remember(&*s.store, &events, Entry::new(&task, round, None, EntryKind::Decision, why)).await;
        }
        None => {}
    }
    let answer = verdict.as_ref().map(|v| v.answer.clone());
    emit(&events, TeamEvent::TaskFinished { task, answer, elapsed_secs: started.elapsed().as_secs_f64() }).await;
    verdict
}

/// The patch closest to passing, of every one that ran and does not pass
/// whole: fewest tests broken, then most fixed, then fewest failing, the
/// earliest on ties. `None` when none ran.
fn closest_patch(attempts: &[Attempt], before: &TestReport) -> Option<usize> {
    attempts
        .iter()
        .enumerate()
        .filter(|(_, a)| a.patch.is_ok() && !a.complete())
        .filter_map(|(i, a)| Some((i, standing(before, a.run.as_ref()?))))
        .min_by_key(|(i, st)| (st.broken.len(), std::cmp::Reverse(st.fixed), st.failing, *i))
        .map(|(i, _)| i)
}

fn info(a: &Agent) -> AgentInfo {
    AgentInfo {
        agent: a.id,
        model: a.backend.name().to_string(),
        temperature: a.sampling.temperature,
        seed: a.sampling.seed,
        role: a.role.clone(),
    }
}

fn blank_draft() -> Draft {
    Draft {
        text: String::new(),
        code: None,
        finish: crate::model::FinishReason::Stop,
        usage: Default::default(),
        repairs: Vec::new(),
        reasked: None,
    }
}

fn setback(last: &Attempt) -> Setback<'_> {
    match (&last.patch, &last.run) {
        (Err(why), _) => Setback::EditFailed(why),
        (Ok((_, patch)), Some(run)) => Setback::TestsFailed { patch, run },
        // Applied but not run (the run could not be set up): nothing to say but the patch.
        (Ok(_), None) => Setback::EditFailed("the tests could not run on it"),
    }
}

/// One line on how a run went: "3 of 4 tests pass (failing: a)" or its ending.
fn summary(run: &TestReport) -> String {
    match &run.outcomes {
        Some(o) => {
            let pass = o.values().filter(|o| matches!(o, TestOutcome::Pass)).count();
            let failing = run.failing();
            let mut line = format!("{pass} of {} tests pass", o.len());
            if !failing.is_empty() {
                let names: Vec<&str> = failing.iter().take(5).copied().collect();
                line += &format!(" (failing: {}{})", names.join(", "), if failing.len() > 5 { ", …" } else { "" });
            }
            line
        }
        None => format!("the test command: {}", run.ending()),
    }
}
