//! `memdoor bench --repos DIR` (#30 item 7): the repository mode on a set of
//! small repositories (`assets/repos/`: a task, the files, visible tests
//! with one failing, private tests kept apart). Per repository, every
//! method's patch is graded by the private tests laid over the tree with
//! the patch (a patch that writes a private test's path is overridden):
//! - single: agent 0's first patch (the team's round 1, greedy);
//! - sample-and-select: one round of independent patches at the team's
//!   temperatures, as many as the team's tokens buy at its round-1 mean,
//!   chosen by the visible tests as the team chooses (`repo::rank`);
//! - team: the whole session (repairs from failing tests);
//! - oracle: any of the team's patches passes.
//!
//! With `hide_failing`, each repository's failing visible tests are taken
//! out first (`hide_failing`): every visible test passes, as for a bug
//! report no test shows, and only the agents' reproduction tests can tell
//! patches apart; the private tests grade as before.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};
use serde::Serialize;
use tokio_util::sync::CancellationToken;

use super::repo_set::{checkout, commit, with_hidden};
pub use super::repo_set::{load_set, RepoCase};
use crate::domain::TeamEvent;
use crate::judge::sandbox::Sandbox;
use crate::memory::embedded::EmbeddedStore;
use crate::model::counting::CountingBackend;
use crate::model::ModelBackend;
use crate::problem::Problem;
use crate::repo::{edit::RepoPath, gather, run_tests, test_limits, RepoTask, TestCommand, Workbench};
use crate::session::{drive, Recorder, SessionSettings, SessionSpec, Step};
use crate::team::{Mechanisms, TeamConfig};

/// One method's patch on one repository.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct PatchArm {
    /// The private tests pass with its patch.
    pub pass: bool,
    /// It wrote a patch that applied at all.
    pub(crate) patched: bool,
    pub tokens: usize,
    pub wall_s: f64,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct RepoRow {
    pub name: String,
    pub single: PatchArm,
    pub sampled: PatchArm,
    /// Patches sample-and-select drew.
    pub samples: usize,
    pub team: PatchArm,
    pub oracle: bool,
    /// Answers whose edit blocks did not apply, of all the team's answers.
    pub failed_edits: (usize, usize),
    /// The team's answers that were no draft and so asked again in their
    /// round, by why: no edit at all, the code unchanged, a patch repeated.
    pub asked_again: AskedAgain,
    /// The team's answers that did not apply, each with why: what to read
    /// to learn which forms the model writes that the parser does not take.
    pub unapplied: Vec<Unapplied>,
    /// Failing visible tests taken out before the team started (`hide_failing`).
    pub hidden_failing: usize,
    /// How the team's answer was chosen, in words (the tests' standing,
    /// reproductions passed); `None` when no patch stood.
    pub decision: Option<String>,
}

/// Answers asked again in their round, by why (`Draft::reasked`).
#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq)]
pub(crate) struct AskedAgain {
    pub no_edit: usize,
    pub unchanged: usize,
    pub repeated: usize,
    /// Of those, the second answers that became a patch.
    pub patched: usize,
}

impl AskedAgain {
    fn of<'a>(drafts: impl Iterator<Item = &'a crate::domain::Draft>) -> AskedAgain {
        use crate::domain::NoCode;
        let mut n = AskedAgain::default();
        for d in drafts {
            match d.reasked {
                Some(NoCode::NoEdit) => n.no_edit += 1,
                Some(NoCode::Unchanged) => n.unchanged += 1,
                Some(NoCode::Repeated) => n.repeated += 1,
                _ => {}
            }
            n.patched += usize::from(d.reasked.is_some() && d.code.is_some());
        }
        n
    }

    fn total(&self) -> usize {
        self.no_edit + self.unchanged + self.repeated
    }
}

/// One answer of the team whose edit did not apply.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Unapplied {
    pub round: u32,
    pub agent: usize,
    /// The memory's note (`agent N's edit does not apply: …`).
    pub why: String,
    /// The answer as the model wrote it (at most 4,000 characters).
    pub answer: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct RepoReport {
    pub model: String,
    pub agents: usize,
    pub rounds: u32,
    pub hide_failing: bool,
    pub rows: Vec<RepoRow>,
    /// Repositories left out, each with why (a failing test that could not be taken out).
    pub skipped: Vec<(String, String)>,
}

/// How a repository bench runs the team.
#[derive(Debug, Clone)]
pub(crate) struct RepoBenchOptions {
    pub rounds: u32,
    /// The agent that leads (the config's `lead = true`): with
    /// `mechanisms.lead_roles` it repairs the patch closest to passing.
    pub lead: Option<usize>,
    pub mechanisms: Mechanisms,
    /// Each repository's failing visible tests taken out first.
    pub hide_failing: bool,
}

struct Bench<'a> {
    /// Agent i's backend (one for all, or a mixed team's).
    models: &'a [Arc<dyn ModelBackend>],
    cfg: &'a TeamConfig,
    sandbox: &'a Sandbox,
    opts: &'a RepoBenchOptions,
}

impl Bench<'_> {
    /// Whether the private tests pass with `patch` (the text of one of `work`'s candidates).
    async fn grade(&self, work: &RepoTask, case: &RepoCase, patch: Option<&str>) -> Result<bool> {
        let Some(candidate) = patch.and_then(|p| work.candidate(p)) else { return Ok(false) };
        let graded = with_hidden(&candidate, &case.hidden)?;
        let tester = self.sandbox.clone().with_limits(test_limits(self.sandbox.limits(), work.timeout));
        let cmd = TestCommand::given(&case.test);
        Ok(run_tests(&tester, &work.bench, Some(&graded), &cmd).await?.passed())
    }

    /// A session of `agents` agents (sampling as agent `i` of the team, on
    /// model `i` of a mixed team) for `rounds`.
    async fn session(
        &self,
        problem: &Problem,
        work: &Arc<RepoTask>,
        agents: usize,
        rounds: u32,
    ) -> Result<(Option<crate::domain::Consensus>, Vec<TeamEvent>, usize, f64)> {
        let counting: Vec<Arc<CountingBackend>> =
            self.models.iter().map(|m| Arc::new(CountingBackend::new(m.clone()))).collect();
        let team = TeamConfig { agents, ..self.cfg.clone() };
        let settings = SessionSettings::plain(team, rounds, self.opts.mechanisms, self.opts.lead);
        let agents = settings.agents(|id| -> Arc<dyn ModelBackend> { counting[id % counting.len()].clone() });
        let store = Arc::new(EmbeddedStore::new());
        let spec = SessionSpec {
            repo: Some(work.clone()),
            ..SessionSpec::new(&settings, agents, store, Some(self.sandbox.clone()))
        };
        let started = Instant::now();
        let mut recorder = Recorder::default();
        let verdict = drive(&spec, problem, Step::Start, &mut [&mut recorder], CancellationToken::new()).await?;
        let tokens = counting.iter().map(|c| c.generated()).sum();
        Ok((verdict, recorder.events, tokens, started.elapsed().as_secs_f64()))
    }

    /// The row of `case`, or why it was left out.
    async fn run_case(&self, case: &RepoCase) -> Result<Result<RepoRow, String>> {
        let dir = checkout(&case.files)?;
        let timeout = Duration::from_secs(crate::repo::testrun::TEST_TIMEOUT_SECS);
        let hidden_failing = match self.opts.hide_failing {
            true => match self.hide_failing(dir.path(), case, timeout).await? {
                Ok(n) => n,
                Err(why) => return Ok(Err(why)),
            },
            false => 0,
        };
        let context = gather(dir.path(), &case.task, &[], 6000)?;
        let problem = Problem::from_text_with_context(&case.task, &context.as_prompt())?;
        let test = Some(TestCommand::given(&case.test));
        let work = Arc::new(RepoTask::new(Workbench::snapshot(dir.path())?, test.clone(), &context, timeout));

        let (verdict, events, tokens, wall_s) =
            self.session(&problem, &work, self.cfg.agents, self.opts.rounds).await?;
        let mut drafts = Vec::new();
        for e in &events {
            if let TeamEvent::AgentDone { agent, round, draft } = e {
                drafts.push((*round, *agent, draft.clone()));
            }
        }
        let failed = drafts.iter().filter(|(.., d)| d.code.is_none()).count();
        let unapplied = unapplied(&events, &drafts);
        let team = PatchArm {
            pass: self.grade(&work, case, verdict.as_ref().map(|v| v.answer.as_str())).await?,
            patched: verdict.is_some(),
            tokens,
            wall_s,
        };
        let first = drafts.iter().find(|(r, a, _)| *r == 1 && *a == 0).map(|(.., d)| d);
        let single = PatchArm {
            pass: self.grade(&work, case, first.and_then(|d| d.code.as_deref())).await?,
            patched: first.is_some_and(|d| d.code.is_some()),
            tokens: first.map_or(0, |d| d.usage.completion_tokens),
            wall_s: first.map_or(0.0, |d| d.usage.generate_secs.unwrap_or(0.0) + d.usage.prompt_secs.unwrap_or(0.0)),
        };
        let mut oracle = false;
        for (.., d) in &drafts {
            if !oracle && d.code.is_some() {
                oracle = self.grade(&work, case, d.code.as_deref()).await?;
            }
        }
        // Sample-and-select: the team's tokens, at its first round's mean a patch.
        let round1: Vec<usize> =
            drafts.iter().filter(|(r, ..)| *r == 1).map(|(.., d)| d.usage.completion_tokens).collect();
        let mean = (round1.iter().sum::<usize>() / round1.len().max(1)).max(1);
        let samples = (tokens / mean).clamp(1, 64);
        let sampled_work = Arc::new(RepoTask::new(Workbench::snapshot(dir.path())?, test, &context, timeout));
        let (pick, _, s_tokens, s_wall) = self.session(&problem, &sampled_work, samples, 1).await?;
        let sampled = PatchArm {
            pass: self.grade(&sampled_work, case, pick.as_ref().map(|v| v.answer.as_str())).await?,
            patched: pick.is_some(),
            tokens: s_tokens,
            wall_s: s_wall,
        };
        Ok(Ok(RepoRow {
            name: case.name.clone(),
            single,
            sampled,
            samples,
            team,
            oracle,
            failed_edits: (failed, drafts.len()),
            asked_again: AskedAgain::of(drafts.iter().map(|(.., d)| d)),
            unapplied,
            hidden_failing,
            decision: verdict.as_ref().map(|v| v.decision.to_string()),
        }))
    }

    /// Takes out of the repository at `dir` the visible tests that fail
    /// there — each a top-level test function of the file its name gives
    /// (pytest's `path::test`, cargo's `tests/x.rs::test`) — and commits:
    /// how many, or why not (a name without a file, a test in a class, a
    /// language whose definitions are not read, tests still failing).
    async fn hide_failing(&self, dir: &Path, case: &RepoCase, timeout: Duration) -> Result<Result<usize, String>> {
        let tester = self.sandbox.clone().with_limits(test_limits(self.sandbox.limits(), timeout));
        let cmd = TestCommand::given(&case.test);
        let before = run_tests(&tester, &Workbench::snapshot(dir)?, None, &cmd).await?;
        let failing: Vec<String> = before.failing().into_iter().map(str::to_string).collect();
        let mut by_file: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
        for name in &failing {
            let Some((file, test)) = name.split_once("::") else {
                return Ok(Err(format!("the failing test {name:?} names no file")));
            };
            let test = test.split('[').next().unwrap_or(test);
            by_file.entry(file).or_default().push(test);
        }
        for (file, tests) in &by_file {
            let Ok(path) = RepoPath::parse(file) else { return Ok(Err(format!("{file:?} is not a path"))) };
            let text = std::fs::read_to_string(dir.join(path.as_path())).with_context(|| format!("reading {file}"))?;
            let Some(kept) = crate::repo::edit::without_definitions(&path, &text, tests) else {
                return Ok(Err(format!("{tests:?} are not top-level definitions of {file}")));
            };
            std::fs::write(dir.join(path.as_path()), kept)?;
        }
        commit(dir, "the failing tests taken out")?;
        let after = run_tests(&tester, &Workbench::snapshot(dir)?, None, &cmd).await?;
        if !after.passed() || after.outcomes.is_none() {
            return Ok(Err(format!("with {failing:?} taken out the tests end with {}", after.ending())));
        }
        Ok(Ok(failing.len()))
    }
}

/// The team's answers that did not apply, with the note saying why.
fn unapplied(events: &[TeamEvent], drafts: &[(u32, usize, crate::domain::Draft)]) -> Vec<Unapplied> {
    drafts
        .iter()
        .filter(|(.., d)| d.code.is_none())
        .map(|(round, agent, d)| {
            let prefix = crate::team::unapplied_note(*agent);
            let why = events
                .iter()
                .find_map(|e| match e {
                    TeamEvent::MemoryEntry(m) if m.round == *round && m.content.starts_with(&prefix) => {
                        Some(m.content[prefix.len()..].to_string())
                    }
                    _ => None,
                })
                .unwrap_or_default();
            Unapplied { round: *round, agent: *agent, why, answer: d.text.chars().take(4_000).collect() }
        })
        .collect()
}

/// Runs every method on every repository of the set, one after another;
/// `lead`: the agent that leads, if one does.
pub(crate) async fn run_repos(
    cases: &[RepoCase],
    models: &[Arc<dyn ModelBackend>],
    cfg: &TeamConfig,
    sandbox: &Sandbox,
    opts: &RepoBenchOptions,
) -> Result<RepoReport> {
    let bench = Bench { models, cfg, sandbox, opts };
    let (mut rows, mut skipped) = (Vec::new(), Vec::new());
    for (i, case) in cases.iter().enumerate() {
        let row = match bench.run_case(case).await.with_context(|| format!("repository {}", case.name))? {
            Ok(row) => row,
            Err(why) => {
                eprintln!("[{}/{}] {:<24} left out: {why}", i + 1, cases.len(), case.name);
                skipped.push((case.name.clone(), why));
                continue;
            }
        };
        let mark = |b: bool| if b { "✓" } else { "·" };
        eprintln!(
            "[{}/{}] {:<24} single {}  sample-and-select {} ({} patches)  team {}  oracle {}  ({} tok, {:.0} s; {} of {} answers did not apply)",
            i + 1,
            cases.len(),
            row.name,
            mark(row.single.pass),
            mark(row.sampled.pass),
            row.samples,
            mark(row.team.pass),
            mark(row.oracle),
            row.team.tokens,
            row.team.wall_s,
            row.failed_edits.0,
            row.failed_edits.1
        );
        rows.push(row);
    }
    let mut names: Vec<String> = Vec::new();
    for m in models {
        if !names.iter().any(|n| n == m.name()) {
            names.push(m.name().to_string());
        }
    }
    let model = names.join(", ");
    Ok(RepoReport { model, agents: cfg.agents, rounds: opts.rounds, hide_failing: opts.hide_failing, rows, skipped })
}

pub(crate) fn print_repos(report: &RepoReport) {
    let n = report.rows.len();
    let count = |f: &dyn Fn(&RepoRow) -> bool| report.rows.iter().filter(|r| f(r)).count();
    let tokens = |f: &dyn Fn(&RepoRow) -> usize| report.rows.iter().map(f).sum::<usize>();
    let wall = |f: &dyn Fn(&RepoRow) -> f64| report.rows.iter().map(f).sum::<f64>();
    println!("{} repositories · {} agents on {} · {} rounds", n, report.agents, report.model, report.rounds);
    if report.hide_failing {
        let hidden: usize = report.rows.iter().map(|r| r.hidden_failing).sum();
        println!("failing visible tests taken out first: {hidden}; left out: {}", report.skipped.len());
    }
    println!("{:<34} {:>7} {:>9} {:>9}", "method", "pass", "tokens", "wall s");
    let row = |name: &str, pass: usize, tok: usize, w: f64| println!("{name:<34} {pass:>3}/{n:<3} {tok:>9} {w:>9.0}");
    row(
        "single (agent 0, first patch)",
        count(&|r| r.single.pass),
        tokens(&|r| r.single.tokens),
        wall(&|r| r.single.wall_s),
    );
    row(
        "sample-and-select (equal tokens)",
        count(&|r| r.sampled.pass),
        tokens(&|r| r.sampled.tokens),
        wall(&|r| r.sampled.wall_s),
    );
    row("team", count(&|r| r.team.pass), tokens(&|r| r.team.tokens), wall(&|r| r.team.wall_s));
    println!("{:<34} {:>3}/{n:<3}", "oracle (any team patch)", count(&|r| r.oracle));
    let (failed, all) = report.rows.iter().fold((0, 0), |(f, a), r| (f + r.failed_edits.0, a + r.failed_edits.1));
    println!("answers whose edit blocks did not apply: {failed} of {all}");
    let asked = report.rows.iter().fold(AskedAgain::default(), |a, r| AskedAgain {
        no_edit: a.no_edit + r.asked_again.no_edit,
        unchanged: a.unchanged + r.asked_again.unchanged,
        repeated: a.repeated + r.asked_again.repeated,
        patched: a.patched + r.asked_again.patched,
    });
    println!(
        "answers asked again in their round (no draft): {} ({} no edit, {} unchanged, {} a patch repeated); \
{} became a patch the second time",
        asked.total(),
        asked.no_edit,
        asked.unchanged,
        asked.repeated,
        asked.patched
    );
}
