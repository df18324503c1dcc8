//! A session on the user's repository (#30): the untouched tree's tests run
//! first (what fails before); round 1 every agent answers with edit blocks;
//! each answer is applied to the session's copy (a block that does not apply
//! is a failed ballot, counted and shown to the agent) and its patch runs
//! the repository's tests in the sandbox; in later rounds an agent whose
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
use futures::StreamExt;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::agent::Agent;
use super::agent_turn::{emit, remember, stream_answer};
use super::patch_prompt::{
    continue_messages, propose_messages, repair_closest_messages, repair_messages, tests_before, PatchAsk, Setback,
    EXAMPLE_PATH,
};
use super::session::{Continuation, Session};
use crate::domain::Consensus;
use crate::domain::{AgentInfo, Draft, TeamEvent, Turn};
use crate::judge::grade::{TestResult, TestVerdict};
use crate::judge::sandbox::Sandbox;
use crate::judge::{self_consistency, DraftKey};
use crate::memory::{Entry, EntryKind};
use crate::model::ChatRequest;
use crate::repo::outcomes::TestOutcome;
use crate::repo::rank::{decide, reproductions, standing, Ballot};
use crate::repo::{parse_edits, patch, run_tests, test_limits, RepoTask, TestReport};

/// Outcomes one `TestRun` event carries at most (failures first): the panes count them.
const MAX_RESULTS_SHOWN: usize = 500;

/// A streamed answer: its text, how it ended, what it cost.
type Answer = (String, crate::model::FinishReason, crate::model::Usage);

/// One agent's answer in a round.
struct Attempt {
    key: DraftKey,
    text: String,
    /// The patch, or why the blocks did not apply.
    patch: Result<(crate::repo::Candidate, String), String>,
    run: Option<TestReport>,
    /// The tree with the patch's test files alone (`Candidate::tests_alone`):
    /// whether the tests it adds fail without its change.
    alone: Option<TestReport>,
    /// Teammates' reproductions that pass on its code (`cross_check`).
    confirmed: usize,
}

impl Attempt {
    fn complete(&self) -> bool {
        self.run.as_ref().is_some_and(TestReport::passed)
    }
}

pub(super) async fn run_patch_rounds(
    s: Session<'_>,
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
    let ask = match &before {
        Some(b) if s.mechanisms.agent_tests && b.passed() => ask.asking_for_a_test(),
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
                    let note = format!("agent {}'s edit does not apply: {why}", agent.id);
                    remember(&*s.store, &events, Entry::new(&task, round, Some(agent.id), EntryKind::Note, note)).await;
                    Entry::prose_draft(&task, round, agent.id, text.clone())
                }
            };
            remember(&*s.store, &events, entry).await;
            latest.insert(agent.id, attempts.len());
            attempts.push(Attempt { key, text, patch, run: None, alone: None, confirmed: 0 });
        }
        if let (Some(sb), Some(cmd), Some(before)) = (&tester, &work.test, &before) {
            let alone = s.mechanisms.agent_tests;
            test_new(sb, work, cmd, &mut attempts[first_new..], alone, &events, &cancel).await;
            for a in attempts[first_new..].iter().filter(|a| a.run.is_some()) {
                let Some(run) = &a.run else { continue };
                let s_ = standing(before, run);
                let reproduced = a.alone.as_ref().map_or(0, |alone| reproductions(before, alone, run).len());
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
                    if reproduced > 0 {
                        format!("; {reproduced} test(s) it adds fail without its change and pass with it")
                    } else {
                        String::new()
                    }
                );
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

    if let (Some(sb), Some(cmd), Some(before), true) = (&tester, &work.test, &before, s.mechanisms.agent_tests) {
        let round = attempts.last().map_or(1, |a| a.key.round);
        for note in cross_check(sb, work, cmd, before, &mut attempts, &latest, &cancel).await {
            remember(&*s.store, &events, Entry::new(&task, round, None, EntryKind::Note, note)).await;
        }
    }
    let verdict = match &before {
        Some(before) => {
            let ballots: Vec<Ballot<'_>> = attempts
                .iter()
                .filter_map(|a| {
                    let (patch, run) = (&a.patch.as_ref().ok()?.1, a.run.as_ref()?);
                    Some(Ballot { key: a.key, patch, run, alone: a.alone.as_ref(), confirmed: a.confirmed })
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

/// `fut`, or `None` once `cancel` fires (dropping it kills a running test command).
async fn cancellable<T>(fut: impl std::future::Future<Output = T>, cancel: &CancellationToken) -> Option<T> {
    tokio::select! {
        out = fut => Some(out),
        _ = cancel.cancelled() => None,
    }
}

/// Runs the tests on every new attempt whose patch applied, a few at once;
/// with `alone`, also on the tree with only the test files of a patch that
/// changes tests and code both (whether its new tests fail without its change).
async fn test_new(
    sandbox: &Sandbox,
    work: &RepoTask,
    cmd: &crate::repo::TestCommand,
    new: &mut [Attempt],
    alone: bool,
    events: &mpsc::Sender<TeamEvent>,
    cancel: &CancellationToken,
) {
    let width = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
    type Job<'a> = BoxFuture<'a, (usize, bool, Option<anyhow::Result<TestReport>>)>;
    let mut jobs: Vec<Job<'_>> = Vec::new();
    for (i, a) in new.iter().enumerate() {
        let Ok((candidate, _)) = &a.patch else { continue };
        let run = run_tests(sandbox, &work.bench, Some(candidate), cmd);
        jobs.push(Box::pin(async move { (i, false, cancellable(run, cancel).await) }));
        if let Some(tests) = candidate.tests_alone().filter(|_| alone) {
            jobs.push(Box::pin(async move {
                let run = run_tests(sandbox, &work.bench, Some(&tests), cmd);
                (i, true, cancellable(run, cancel).await)
            }));
        }
    }
    let done: Vec<_> = futures::stream::iter(jobs).buffer_unordered(width).collect().await;
    for (i, is_alone, result) in done {
        let a = &mut new[i];
        match result {
            Some(Ok(report)) if is_alone => a.alone = Some(report),
            Some(Ok(report)) => {
                emit(events, TeamEvent::TestRun { agent: a.key.agent, round: a.key.round, results: shown(&report) })
                    .await;
                a.run = Some(report);
            }
            Some(Err(e)) => tracing::warn!(key = ?a.key, is_alone, "the tests could not run: {e:#}"),
            None => {}
        }
    }
}

/// Reproductions run on teammates' patches, at most this many (each costs
/// a run of the suite on every other agent's latest patch).
const REPRODUCTIONS_SHARED: usize = 3;

/// Each agent's reproduction — the tests its patch adds that fail without
/// its change and pass with it — run on the other agents' latest patches
/// that break nothing (their code with its test files, `Candidate::code_with`):
/// a teammate's change that makes them pass gains `confirmed`. A notes line
/// per reproduction says where it passed.
async fn cross_check(
    sandbox: &Sandbox,
    work: &RepoTask,
    cmd: &crate::repo::TestCommand,
    before: &TestReport,
    attempts: &mut [Attempt],
    latest: &BTreeMap<usize, usize>,
    cancel: &CancellationToken,
) -> Vec<String> {
    let mut sources: Vec<(usize, crate::repo::Candidate, Vec<String>)> = Vec::new();
    for &i in latest.values() {
        let a = &attempts[i];
        let (Ok((candidate, _)), Some(run), Some(alone)) = (&a.patch, &a.run, &a.alone) else { continue };
        let names = reproductions(before, alone, run);
        let Some(tests) = candidate.tests_alone().filter(|_| !names.is_empty()) else { continue };
        if sources.len() < REPRODUCTIONS_SHARED && !sources.iter().any(|(_, t, _)| *t == tests) {
            sources.push((i, tests, names));
        }
    }
    let targets: Vec<usize> = latest
        .values()
        .copied()
        .filter(|&i| attempts[i].run.as_ref().is_some_and(|run| standing(before, run).broken.is_empty()))
        .collect();
    let width = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
    let mut jobs: Vec<BoxFuture<'_, (usize, usize, bool)>> = Vec::new();
    for (s, (author, tests, names)) in sources.iter().enumerate() {
        for &i in targets.iter().filter(|&&i| i != *author) {
            let Ok((candidate, _)) = &attempts[i].patch else { continue };
            let merged = candidate.code_with(tests);
            jobs.push(Box::pin(async move {
                let run = cancellable(run_tests(sandbox, &work.bench, Some(&merged), cmd), cancel).await;
                let passes = |name: &String| {
                    run.as_ref()
                        .and_then(|r| r.as_ref().ok()?.outcomes.as_ref()?.get(name).copied())
                        .is_some_and(|o| matches!(o, TestOutcome::Pass))
                };
                (s, i, names.iter().all(passes))
            }));
        }
    }
    let done: Vec<(usize, usize, bool)> = futures::stream::iter(jobs).buffer_unordered(width).collect().await;
    let mut notes = Vec::new();
    for (s, (author, _, names)) in sources.iter().enumerate() {
        let mut results: Vec<(usize, bool)> =
            done.iter().filter(|(src, ..)| *src == s).map(|(_, i, ok)| (attempts[*i].key.agent, *ok)).collect();
        results.sort();
        let agents = |ok: bool| results.iter().filter(|r| r.1 == ok).map(|r| r.0.to_string()).collect::<Vec<_>>();
        let (pass, fail) = (agents(true), agents(false));
        notes.push(format!(
            "agent {}'s reproduction ({}) on teammates' patches: passes with agents [{}], fails with [{}]",
            attempts[*author].key.agent,
            names.iter().take(3).cloned().collect::<Vec<_>>().join(", "),
            pass.join(", "),
            fail.join(", ")
        ));
    }
    for (_, i, ok) in done {
        attempts[i].confirmed += usize::from(ok);
    }
    notes
}

/// A run as the panes' test results: one per test (failures first, at most
/// `MAX_RESULTS_SHOWN`), or one for the whole command when no outcome was read.
fn shown(run: &TestReport) -> Vec<TestResult> {
    let result = |name: &str, verdict: TestVerdict| TestResult {
        verdict,
        got: None,
        key: Some(name.to_string()),
        error: (verdict != TestVerdict::Pass).then(|| name.to_string()),
    };
    match &run.outcomes {
        Some(outcomes) => {
            let verdict = |o: &TestOutcome| match o {
                TestOutcome::Pass | TestOutcome::Skip => TestVerdict::Pass,
                TestOutcome::Fail => TestVerdict::WrongAnswer,
                TestOutcome::Error => TestVerdict::RuntimeError,
            };
            let mut all: Vec<TestResult> = outcomes.iter().map(|(n, o)| result(n, verdict(o))).collect();
            all.sort_by_key(|r| r.verdict == TestVerdict::Pass);
            all.truncate(MAX_RESULTS_SHOWN);
            all
        }
        None if run.passed() => vec![result("the test command", TestVerdict::Pass)],
        None => vec![TestResult::failed(TestVerdict::RuntimeError, run.ending())],
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
