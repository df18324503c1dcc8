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
    EXAMPLE_PATH,
};
use super::team_run::{Continuation, TeamRun};
use crate::domain::Consensus;
use crate::domain::{AgentInfo, Draft, TeamEvent, Turn};
use crate::judge::{self_consistency, DraftKey};
use crate::memory::{Entry, EntryKind};
use crate::model::ChatRequest;
use crate::repo::outcomes::TestOutcome;
use crate::repo::patch::{touches, FileTouch};
use crate::repo::rank::{decide, standing, Ballot};
use crate::repo::{parse_edits, patch, run_tests, test_limits, RepoTask, TestReport};

/// A streamed answer: its text, how it ended, what it cost.
type Answer = (String, crate::model::FinishReason, crate::model::Usage);

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
            Some(tests_before(&cmd.line, b))
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
        let mut asks: Vec<BoxFuture<'_, Option<Answer>>> = Vec::new();
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
            let (events, cancel) = (&events, cancel.clone());
            asks.push(Box::pin(async move {
                let messages = messages?;
                let req = ChatRequest { messages, sampling: agent.sampling.clone(), max_tokens, ignore_stop: false };
                stream_answer(agent, req, round, events, cancel).await.ok()
            }));
        }
        let answers = futures::future::join_all(asks).await;
        let first_new = attempts.len();
        for (agent, answer) in s.agents.iter().zip(answers) {
            let Some((text, finish, usage)) = answer else { continue };
            let key = DraftKey { round, agent: agent.id };
            let patch = parse_edits(&text, &work.shown)
                .map_err(|e| e.to_string())
                .and_then(|edits| match copied_example(&edits, work) {
                    Some(why) => Err(why),
                    None => work.bench.apply(&edits).map_err(|e| e.to_string()),
                })
                .map(|c| {
                    let diff = patch::unified(&c);
                    work.keep(&diff, &c);
                    (c, diff)
                });
            let draft = Draft {
                text: text.clone(),
                code: patch.as_ref().ok().map(|(_, d)| d.clone()),
                finish,
                usage,
                repairs: Vec::new(),
                reasked: None,
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

/// Why an answer is the worked example's and not a change to this
/// repository: it edits the example's file, which the repository has not
/// (coder-0.5b answered with the example itself in 10 of 18 repositories,
/// docs/benchmarks.md) — a new file there would otherwise be a patch.
fn copied_example(edits: &[crate::repo::Edit], work: &RepoTask) -> Option<String> {
    let example = std::path::Path::new(EXAMPLE_PATH);
    let copied = edits.iter().any(|e| e.path.as_path() == example) && !work.bench.is_tracked(example);
    copied.then(|| format!("it edits {EXAMPLE_PATH}, the worked example's file, not one of this repository's"))
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
