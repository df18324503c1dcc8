//! The methods `memdoor bench --problems` compares on one problem, each
//! graded on every test (public and private; private ones are never shown
//! to a model): the team (with its single agent and oracle read off its
//! drafts), one greedy answer of a model alone, and the independent
//! sample both these and sample-and-select (`sample_select.rs`) draw.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use futures::StreamExt;
use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::spend::{written_before, DraftRecord};
use crate::domain::{Decision, Draft, FinishReason, Repair, TeamEvent, Turn, Usage};
use crate::judge::grade::{all_pass, grade};
use crate::judge::sandbox::Sandbox;
use crate::judge::DraftKey;
use crate::memory::embedded::EmbeddedStore;
use crate::model::counting::CountingBackend;
use crate::model::{ChatRequest, Chunk, ModelBackend};
use crate::problem::{Problem, TestCase};
use crate::session::{drive, Recorder, SessionSettings, SessionSpec, Step};
use crate::team::{agent_sampling, draft_code, extract_code, no_code, repair_for_problem, Mechanisms, TeamConfig};

/// One method's result on one problem.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Arm {
    pub pass: bool,
    /// Tokens generated, every step counted.
    pub tokens: usize,
    pub wall_s: f64,
    /// CPU seconds of this process and of the programs it ran and waited
    /// for (the sandboxed drafts), over the arm; 0 where not measured apart
    /// (the single agent is part of the team's run).
    pub cpu_s: f64,
}

/// CPU seconds so far: this process (the engine's threads) and its
/// waited-for children (the drafts run in the sandbox).
pub(crate) fn cpu_seconds() -> f64 {
    let of = |who| {
        // SAFETY: getrusage writes one rusage into the zeroed struct it is given.
        let mut u: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(who, &mut u) } != 0 {
            return 0.0;
        }
        let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 / 1e6;
        t(u.ru_utime) + t(u.ru_stime)
    };
    of(libc::RUSAGE_SELF) + of(libc::RUSAGE_CHILDREN)
}

/// The team's run and what its drafts say.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TeamRun {
    pub team: Arm,
    /// Agent 0's first draft (greedy), its own tokens.
    pub single: Arm,
    /// Any draft of any round passes.
    pub oracle: bool,
    /// How the team chose its answer (`None`: no draft had code).
    pub decision: Option<Decision>,
    pub drafts: usize,
    /// Drafts whose repaired form passes while the code as written does not, by repair.
    pub(crate) repairs_saved: BTreeMap<String, usize>,
    /// Every draft: its turn, tokens and whether it passes every test.
    pub records: Vec<DraftRecord>,
    /// Tokens the team spent beside its drafts (test inputs, distinguishing inputs, predictions, aggregation).
    pub(crate) side_tokens: usize,
}

pub(crate) fn every_test(problem: &Problem) -> Vec<TestCase> {
    problem.public_tests.iter().chain(&problem.private_tests).cloned().collect()
}

pub async fn passes(sandbox: &Sandbox, problem: &Problem, tests: &[TestCase], code: Option<&str>) -> bool {
    match code {
        Some(code) => grade(sandbox, &problem.mode, code, tests).await.map(|r| all_pass(&r)).unwrap_or(false),
        None => false,
    }
}

/// The drafts saved by their repairs: each repaired draft that passes is
/// graded again as written.
async fn repairs_saved(
    sandbox: &Sandbox,
    problem: &Problem,
    tests: &[TestCase],
    drafts: &BTreeMap<DraftKey, Draft>,
    passing: &[DraftKey],
) -> BTreeMap<String, usize> {
    let mut saved = BTreeMap::new();
    for key in passing {
        let draft = &drafts[key];
        if draft.repairs.is_empty() || passes(sandbox, problem, tests, extract_code(&draft.text).as_deref()).await {
            continue;
        }
        for r in &draft.repairs {
            let name = serde_json::to_value(r).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            *saved.entry(name).or_insert(0) += 1;
        }
    }
    saved
}

/// Runs the team with `mechanisms` and grades its answer and drafts.
/// `models[i]`: agent i's backend (the same one for all, or a mixed team's);
/// `lead`: the agent that leads, if one does.
pub(crate) async fn team_run(
    problem: &Problem,
    models: &[Arc<dyn ModelBackend>],
    lead: Option<usize>,
    cfg: &TeamConfig,
    rounds: u32,
    mechanisms: Mechanisms,
    sandbox: &Sandbox,
) -> Result<TeamRun> {
    let started = Instant::now();
    let cpu = cpu_seconds();
    // One counter an agent: the team's tokens are their sum.
    let counting: Vec<Arc<CountingBackend>> =
        models.iter().map(|m| Arc::new(CountingBackend::new(m.clone()))).collect();
    let settings = SessionSettings::plain(cfg.clone(), rounds, mechanisms, lead);
    let agents = settings.agents(|id| -> Arc<dyn ModelBackend> { counting[id % counting.len()].clone() });
    let spec = SessionSpec::new(&settings, agents, Arc::new(EmbeddedStore::new()), Some(sandbox.clone()));
    let mut recorder = Recorder::default();
    let verdict = drive(&spec, problem, Step::Start, &mut [&mut recorder], CancellationToken::new()).await?;
    let mut turns: BTreeMap<DraftKey, Turn> = BTreeMap::new();
    let mut drafts: BTreeMap<DraftKey, Draft> = BTreeMap::new();
    let mut public_pass: BTreeMap<DraftKey, bool> = BTreeMap::new();
    for e in recorder.events {
        match e {
            TeamEvent::TestRun { agent, round, results } => {
                _ = public_pass.insert(DraftKey { round, agent }, all_pass(&results))
            }
            TeamEvent::TurnStarted { agent, round, turn } => _ = turns.insert(DraftKey { round, agent }, turn),
            TeamEvent::AgentDone { agent, round, draft } => _ = drafts.insert(DraftKey { round, agent }, draft),
            _ => {}
        }
    }
    let wall_s = started.elapsed().as_secs_f64();
    let all = every_test(problem);
    let first = DraftKey { round: 1, agent: 0 };
    let single_draft = drafts.get(&first);
    let single = Arm {
        pass: passes(sandbox, problem, &all, single_draft.and_then(|d| d.code.as_deref())).await,
        tokens: single_draft.map_or(0, |d| d.usage.completion_tokens),
        wall_s: single_draft.map_or(0.0, |d| d.usage.prompt_secs.unwrap_or(0.0) + d.usage.generate_secs.unwrap_or(0.0)),
        cpu_s: 0.0,
    };
    let mut passing = Vec::new();
    for (key, d) in &drafts {
        if passes(sandbox, problem, &all, d.code.as_deref()).await {
            passing.push(*key);
        }
    }
    let team = Arm {
        pass: passes(sandbox, problem, &all, verdict.as_ref().map(|v| v.answer.as_str())).await,
        tokens: counting.iter().map(|c| c.generated()).sum(),
        wall_s,
        cpu_s: cpu_seconds() - cpu,
    };
    let codes: Vec<(u32, usize, Option<&str>)> =
        drafts.iter().map(|(k, d)| (k.round, k.agent, d.code.as_deref())).collect();
    let records: Vec<DraftRecord> = drafts
        .iter()
        .map(|(key, d)| DraftRecord {
            round: key.round,
            agent: key.agent,
            turn: turns.get(key).copied(),
            tokens: d.usage.completion_tokens,
            repeat: written_before(&codes, key.round, key.agent, d.code.as_deref(), true),
            copy: written_before(&codes, key.round, key.agent, d.code.as_deref(), false),
            public_pass: public_pass.get(key).copied().unwrap_or(false),
            pass: passing.contains(key),
            reasked: d.reasked,
            no_code: d.code.is_none(),
        })
        .collect();
    let side_tokens = team.tokens.saturating_sub(records.iter().map(|r| r.tokens).sum());
    Ok(TeamRun {
        records,
        side_tokens,
        team,
        single,
        oracle: !passing.is_empty(),
        decision: verdict.map(|v| v.decision),
        drafts: drafts.len(),
        repairs_saved: repairs_saved(sandbox, problem, &all, &drafts, &passing).await,
    })
}

/// One independent sample: the problem's own prompt, nothing else, on the
/// model of agent `n % agents` (a mixed team samples its own mixture).
pub(super) async fn sample(
    models: &[Arc<dyn ModelBackend>],
    problem: &Problem,
    cfg: &TeamConfig,
    n: usize,
    form_repair: bool,
) -> Result<Draft> {
    let mut sampling = agent_sampling(cfg, n % cfg.agents.max(1));
    if n >= cfg.agents {
        // Past the first five, a greedy sample would repeat the first one.
        sampling.temperature = sampling.temperature.max(0.3);
        sampling.seed = cfg.seed.wrapping_add(1000 + n as u64);
    }
    let req = ChatRequest { messages: problem.messages(), sampling, max_tokens: cfg.max_tokens, ignore_stop: false };
    let (text, finish, usage) = answer(&models[n % cfg.agents.max(1) % models.len()], req).await?;
    // The team's rule for what counts as code (a cut-off block's complete
    // part; a placeholder is none), without its re-ask.
    let (code, repairs) = match draft_code(&text, finish).filter(|c| no_code(c).is_none()) {
        Some(c) if form_repair => {
            let (c, r) = repair_for_problem(&c, problem);
            (Some(c), r)
        }
        other => (other, Vec::<Repair>::new()),
    };
    Ok(Draft { code, text, finish, usage, repairs, reasked: None })
}

/// One whole answer to `req`: its text, why it ended, what it cost.
pub(super) async fn answer(model: &Arc<dyn ModelBackend>, req: ChatRequest) -> Result<(String, FinishReason, Usage)> {
    let mut stream = model.stream(req, CancellationToken::new()).await?;
    let mut text = String::new();
    while let Some(chunk) = stream.next().await {
        match chunk? {
            Chunk::Text(t) => text.push_str(&t),
            Chunk::Restart => text.clear(),
            Chunk::Done { finish, usage } => return Ok((text, finish, usage)),
        }
    }
    anyhow::bail!("the stream ended without finishing")
}

/// One greedy answer of `model` alone (agent 0's sampling), graded on every test.
pub async fn greedy(
    problem: &Problem,
    model: &Arc<dyn ModelBackend>,
    cfg: &TeamConfig,
    form_repair: bool,
    sandbox: &Sandbox,
) -> Result<Arm> {
    let (started, cpu) = (Instant::now(), cpu_seconds());
    let draft = sample(std::slice::from_ref(model), problem, cfg, 0, form_repair).await?;
    let pass = passes(sandbox, problem, &every_test(problem), draft.code.as_deref()).await;
    Ok(Arm {
        pass,
        tokens: draft.usage.completion_tokens,
        wall_s: started.elapsed().as_secs_f64(),
        cpu_s: cpu_seconds() - cpu,
    })
}
