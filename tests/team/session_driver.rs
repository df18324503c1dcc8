//! `drive`, the one session driver: every sink sees every event in order,
//! the journal (written on its own thread) holds what the live sinks saw, a
//! failing sink stops the team with its error, and a journal that cannot be
//! written stops `solve` but not a session told to go on. Scripted agents;
//! nothing is run (no sandbox), so the drafts' text decides.

use memdoor_testkit::scripted;

use std::sync::Arc;

use async_trait::async_trait;
use memdoor::domain::TeamEvent;
use memdoor::memory::embedded::EmbeddedStore;
use memdoor::memory::journal::{self, JournalWriter};
use memdoor::model::Sampling;
use memdoor::problem::Problem;
use memdoor::session::{drive, EventSink, JournalThread, OnJournalError, Recorder, SessionSpec, Step};
use memdoor::team::{Agent, Mechanisms};
use scripted::{fenced, Scripted};
use tokio_util::sync::CancellationToken;

const ANSWER: &str = "def is_palindrome(s):\n    return s == s[::-1]\n";

fn spec(agents: usize) -> SessionSpec {
    scripted_spec(agents).0
}

fn scripted_spec(agents: usize) -> (SessionSpec, Vec<Arc<Scripted>>) {
    let backends: Vec<Arc<Scripted>> = (0..agents).map(|_| Arc::new(Scripted::new(vec![fenced(ANSWER)]))).collect();
    let agents = backends
        .iter()
        .enumerate()
        .map(|(id, b)| Agent::new(id, b.clone(), Sampling { seed: id as u64, ..Sampling::default() }))
        .collect();
    let mechanisms = Mechanisms { agent_tests: false, aggregate: false, ..Mechanisms::default() };
    let spec = SessionSpec {
        agents,
        store: Arc::new(EmbeddedStore::new()),
        sandbox: None,
        rounds: 1,
        max_tokens: 32,
        mechanisms,
        unique_ids: false,
        repo: None,
    };
    (spec, backends)
}

fn problem() -> Problem {
    Problem::from_text("Write a Python function is_palindrome(s: str) -> bool.").unwrap()
}

#[tokio::test]
async fn every_sink_sees_every_event_and_the_journal_holds_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    let journal = JournalThread::start(JournalWriter::create(&path).unwrap(), OnJournalError::Stop);
    let (mut first, mut second, mut sink) = (Recorder::default(), Recorder::default(), journal.sink());
    let (spec, backends) = scripted_spec(3);
    let verdict =
        drive(&spec, &problem(), Step::Start, &mut [&mut sink, &mut first, &mut second], CancellationToken::new())
            .await
            .unwrap();
    assert_eq!(verdict.expect("a verdict").agents, vec![0, 1, 2]);
    for b in &backends {
        let asked = b.prompts();
        assert!(
            asked.len() == 1 && asked[0].contains("is_palindrome"),
            "each agent was asked the problem once: {asked:?}"
        );
    }
    assert_eq!(journal.finish().await.unwrap(), path);

    assert_eq!(first.events, second.events);
    assert!(matches!(first.events.first(), Some(TeamEvent::TaskStarted { .. })), "{:?}", first.events.first());
    assert!(matches!(first.events.last(), Some(TeamEvent::TaskFinished { .. })), "{:?}", first.events.last());
    let journaled: Vec<TeamEvent> = journal::read(&path).unwrap().into_iter().map(|r| r.event).collect();
    assert_eq!(journaled, first.events, "the journal holds what the live sinks saw, in order");
}

/// Fails on its `n`th event.
struct FailsAt {
    n: usize,
    seen: usize,
    finished: bool,
}

#[async_trait]
impl EventSink for FailsAt {
    async fn handle(&mut self, _: &TeamEvent) -> anyhow::Result<()> {
        self.seen += 1;
        anyhow::ensure!(self.seen < self.n, "the screen went away");
        Ok(())
    }
    async fn finish(&mut self) -> anyhow::Result<()> {
        self.finished = true;
        Ok(())
    }
}

#[tokio::test]
async fn a_failing_sink_stops_the_session_with_its_error() {
    let mut failing = FailsAt { n: 2, seen: 0, finished: false };
    let mut after = Recorder::default();
    let err = drive(&spec(3), &problem(), Step::Start, &mut [&mut failing, &mut after], CancellationToken::new())
        .await
        .expect_err("the sink's error");
    assert!(format!("{err:#}").contains("the screen went away"), "{err:#}");
    assert!(failing.finished, "every sink is finished, the failed one too");
    // Only the event before the failure reached the sink after it.
    assert_eq!(after.events.len(), 1, "{:?}", after.events);
    assert!(!after.events.iter().any(|e| matches!(e, TeamEvent::Consensus(_))));
}

#[tokio::test]
async fn a_journal_that_cannot_be_written_stops_solve_but_not_the_tui() {
    for (on_error, stops) in [(OnJournalError::Stop, true), (OnJournalError::Warn, false)] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        // A disk that is always full: every write of the journal fails.
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let journal = JournalThread::start(JournalWriter::over_file(&path, full), on_error);
        let mut sink = journal.sink();
        let mut recorder = Recorder::default();
        let run =
            drive(&spec(2), &problem(), Step::Start, &mut [&mut sink, &mut recorder], CancellationToken::new()).await;
        let finished = format!("{:#}", journal.finish().await.expect_err("no journal on a full disk"));
        assert!(finished.contains("writing the journal"), "{on_error:?}: {finished}");
        if stops {
            // The thread's error reaches the session at its next event; a
            // session already past its last one learns it from `finish`.
            if let Err(e) = &run {
                assert!(format!("{e:#}").contains("writing the journal"), "{e:#}");
            }
        } else {
            assert!(run.unwrap().is_some(), "the session went on to its answer");
            assert!(recorder.events.iter().any(|e| matches!(e, TeamEvent::Consensus(_))));
        }
    }
}
