//! Entry points for the fuzz targets (fuzz/, docs/fuzzing.md) and for the
//! plain test that runs their corpus (tests/fuzz_corpus.rs): one function
//! per parser of untrusted input, from raw bytes. Each must return whatever
//! the bytes are (an error is a fine answer) and, where it is cheap to say,
//! hold a property of what it returns: a round trip, a limit. A panic here
//! is a finding; libFuzzer keeps the input that caused it.
//!
//! Where the parsing sits inside a function that needs a sandbox, a server
//! or Redis (the judge's reading of harness.py's output, the OpenAI
//! client's stream), the same steps are taken here on the same types,
//! with a pointer to the code they mirror.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::distributed::fence::{Fence, FenceCall};
use crate::distributed::wire::{Job, Reply, ReplyItem, WireRequest};
use crate::domain::FinishReason;
use crate::judge::grade;
use crate::memory::auth::TeamKey;
use crate::memory::journal::{self, Record};
use crate::memory::redis::entries::EntryCheck;
use crate::model::openai::{caps, wire as openai_wire};
use crate::model::ChatRequest;
use crate::problem::literal::{arguments, literal, literal_prefix};
use crate::problem::{Mode, Problem, TestCase};
use crate::repo::outcomes::{read_outcomes, Runner, MAX_NAME_CHARS, MAX_OUTCOMES};
use crate::serve::wire::ChatCompletionRequest;
use crate::session::SessionView;
use crate::team::{draft_code, extract_code, no_code};

/// What the inputs go through. The name is the folder of the target's
/// corpus (`fuzz/corpus/<name>/`) and of its regressions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// `Problem::from_text`: a prompt as the TUI, `solve` and serve take it.
    ProblemText,
    /// `Problem::parse`: a problem file (LiveCodeBench JSON or free text).
    ProblemFile,
    /// `Problem::from_task`: a plain client's `task:<id>` (first line: the id), and its run label.
    ProblemTask,
    /// `problem::load_set`: a problem set (JSON Lines, a JSON array, gzip).
    ProblemSet,
    /// `problem::literal`: Python literals, call arguments.
    Literal,
    /// `problem::stated`: the examples a free text states.
    Examples,
    /// How `judge::grade` reads harness.py's output back and judges it.
    JudgeResults,
    /// A journal file as `memdoor replay` reads and replays it.
    Journal,
    /// A memory entry as read back from a Redis stream (`entries.rs`).
    RedisEntry,
    /// Jobs and reply items between requesters and workers (`distributed/wire.rs`, the fence).
    DistributedWire,
    /// An OpenAI-compatible server's streamed body, as the client reads it.
    Sse,
    /// `POST /v1/chat/completions` bodies, as `memdoor serve` reads them.
    ServeBody,
    /// A model's answer as the team reads its code (`team::draft_code`, `no_code`).
    ModelAnswer,
    /// A test run's output as `repo::outcomes` reads per-test outcomes from it, in every runner's format.
    TestOutcomes,
    /// A model's answer as the repository mode reads its edit blocks, applied to a file (`repo::edit`).
    EditBlocks,
}

impl Target {
    pub const ALL: [Target; 15] = [
        Target::ProblemText,
        Target::ProblemFile,
        Target::ProblemTask,
        Target::ProblemSet,
        Target::Literal,
        Target::Examples,
        Target::JudgeResults,
        Target::Journal,
        Target::RedisEntry,
        Target::DistributedWire,
        Target::Sse,
        Target::ServeBody,
        Target::ModelAnswer,
        Target::TestOutcomes,
        Target::EditBlocks,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::ProblemText => "problem_text",
            Target::ProblemFile => "problem_file",
            Target::ProblemTask => "problem_task",
            Target::ProblemSet => "problem_set",
            Target::Literal => "literal",
            Target::Examples => "examples",
            Target::JudgeResults => "judge_results",
            Target::Journal => "journal",
            Target::RedisEntry => "redis_entry",
            Target::DistributedWire => "distributed_wire",
            Target::Sse => "sse",
            Target::ServeBody => "serve_body",
            Target::ModelAnswer => "model_answer",
            Target::TestOutcomes => "test_outcomes",
            Target::EditBlocks => "edit_blocks",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Runs one input; whether the parser accepted it (the corpus test asks
    /// that every target's corpus holds inputs that get past the parser).
    pub fn run(self, data: &[u8]) -> bool {
        match self {
            Target::ProblemText => problem_text(data),
            Target::ProblemFile => problem_file(data),
            Target::ProblemTask => problem_task(data),
            Target::ProblemSet => problem_set(data),
            Target::Literal => literals(data),
            Target::Examples => examples(data),
            Target::JudgeResults => judge_results(data),
            Target::Journal => journal_file(data),
            Target::RedisEntry => redis_entry(data),
            Target::DistributedWire => distributed_wire(data),
            Target::Sse => sse(data),
            Target::ServeBody => serve_body(data),
            Target::ModelAnswer => model_answer(data),
            Target::TestOutcomes => test_outcomes(data),
            Target::EditBlocks => edit_blocks(data),
        }
    }
}

/// The text before the first line feed, and the bytes after it.
fn first_line(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[]),
    }
}

/// A file of this process's own for the parsers that read a path, removed after use.
fn with_file<T>(name: &str, data: &[u8], f: impl FnOnce(&std::path::Path) -> T) -> T {
    let path: PathBuf = std::env::temp_dir().join(format!("memdoor-fuzz-{}-{name}", std::process::id()));
    std::fs::write(&path, data).expect("writing the fuzz input's file");
    let out = f(&path);
    let _ = std::fs::remove_file(&path);
    out
}

/// The tests a free text's examples became: functional ones are one JSON
/// value per input line and a JSON output (what harness.py reads); stdin
/// ones are whole lines.
fn check_stated(mode: &Mode, tests: &[TestCase]) {
    for t in tests {
        let output = t.output.as_deref().expect("a stated example has its output");
        match mode {
            Mode::Functional { .. } => {
                for line in t.input.lines() {
                    assert!(serde_json::from_str::<Value>(line).is_ok(), "an input line that is not JSON: {line:?}");
                }
                assert!(serde_json::from_str::<Value>(output).is_ok(), "an output that is not JSON: {output:?}");
            }
            Mode::Stdin => assert!(t.input.ends_with('\n') && output.ends_with('\n'), "{t:?}"),
            Mode::HumanEval { .. } => panic!("free text became a HumanEval task"),
        }
    }
}

fn problem_text(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(p) = Problem::from_text(&text) else { return false };
    assert_eq!(p.statement, text.trim());
    check_stated(&p.mode, &p.public_tests);
    assert!(p.private_tests.is_empty());
    let _ = (p.messages(), p.is_runnable(), p.can_judge_public());
    true
}

fn problem_file(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(p) = Problem::parse(&text) else { return false };
    if !p.livecodebench {
        check_stated(&p.mode, &p.public_tests);
    }
    let _ = (p.messages(), p.is_runnable());
    true
}

/// First byte: odd, the answer was cut off at the token limit; the text after.
fn model_answer(data: &[u8]) -> bool {
    let (finish, text) = match data.split_first() {
        Some((b, rest)) => {
            (if b & 1 == 1 { FinishReason::Length } else { FinishReason::Stop }, String::from_utf8_lossy(rest))
        }
        None => (FinishReason::Stop, String::new().into()),
    };
    let last = extract_code(&text);
    if let Some(code) = &last {
        assert!(text.contains(code.as_str()), "the last block is not in the answer: {code:?}");
    }
    let draft = draft_code(&text, finish);
    // Where every block is closed, the team reads LiveCodeBench's block.
    if text.split('\n').filter(|l| l.contains("```")).count() % 2 == 0 {
        assert_eq!(draft, last, "with every block closed the draft's code is the last block");
    }
    let Some(code) = draft else { return false };
    // The team's code is what the model wrote, never anything else.
    assert!(text.contains(code.as_str()), "a draft's code is not in the answer: {code:?}");
    let _ = no_code(&code);
    true
}

/// An answer's edit blocks (`repo::edit`): the file's text before the first
/// 0xff byte, the answer after. Every block is bounded, every path stays a
/// plain relative path outside `.git`, and an edit that applies changes only
/// what its SEARCH lines cover: the text before them is kept.
fn edit_blocks(data: &[u8]) -> bool {
    use crate::repo::edit::{apply_edit, parse_edits, RepoPath, MAX_BLOCKS, MAX_SECTION_BYTES};
    let (file, answer) = match data.iter().position(|b| *b == 0xff) {
        Some(at) => (String::from_utf8_lossy(&data[..at]), String::from_utf8_lossy(&data[at + 1..])),
        None => (String::new().into(), String::from_utf8_lossy(data)),
    };
    let shown: Vec<(RepoPath, String)> =
        RepoPath::parse("a.py").map(|p| vec![(p, file.to_string())]).unwrap_or_default();
    let Ok(edits) = parse_edits(&answer, &shown) else { return false };
    assert!(edits.len() <= MAX_BLOCKS);
    for (i, e) in edits.iter().enumerate() {
        // A written section is at most MAX_SECTION_BYTES; a whole-definitions edit's SEARCH is
        // the file's own definition (files go to 256 KB) and its REPLACE the block's definitions
        // with the file's gaps between them.
        assert!(
            e.search.len() <= MAX_SECTION_BYTES || file.contains(e.search.as_str()),
            "a long SEARCH not the file's"
        );
        assert!(e.replace.len() <= MAX_SECTION_BYTES.max(answer.len() + file.len()), "a REPLACE past its sources");
        let path = e.path.as_path();
        assert!(path.is_relative() && path.components().all(|c| matches!(c, std::path::Component::Normal(_))));
        assert!(!path.components().any(|c| c.as_os_str().eq_ignore_ascii_case(".git")));
        if let Ok(after) = apply_edit(Some(&file), e, i + 1) {
            if !e.search.trim().is_empty() {
                // Where the block's lines stand as written, at a line start, it was applied there
                // (a block at another depth is shifted to the file's: no simple oracle for where).
                let at = if file.starts_with(e.search.as_str()) {
                    Some(0)
                } else {
                    file.find(&format!("\n{}", e.search)).map(|nl| nl + 1)
                };
                let Some(at) = at else { continue };
                assert!(after.starts_with(&file[..at]), "the text before the SEARCH lines changed");
            }
        }
    }
    true
}

/// A test run's output as `repo::testrun` reads it: stdout before the first
/// 0xff byte, stderr after (0xff is never in UTF-8: real output holds none),
/// through every runner's reader. What is read stays within the bounds — at
/// most `MAX_OUTCOMES` outcomes, keys of at most `MAX_NAME_CHARS` chars (not
/// bytes), never an empty map — and `Unknown` reads what the first runner
/// that finds any reads.
fn test_outcomes(data: &[u8]) -> bool {
    let (out, err) = match data.iter().position(|&b| b == 0xff) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let (out, err) = (String::from_utf8_lossy(out), String::from_utf8_lossy(err));
    let mut first = None;
    for runner in [Runner::Pytest, Runner::Unittest, Runner::Cargo, Runner::NodeTest, Runner::GoTest] {
        let Some(read) = read_outcomes(runner, &out, &err) else { continue };
        assert!(!read.is_empty() && read.len() <= MAX_OUTCOMES, "{runner:?}: {} outcomes", read.len());
        for key in read.keys() {
            assert!(key.chars().count() <= MAX_NAME_CHARS, "{runner:?}: a key of {} chars", key.chars().count());
        }
        first = first.or(Some(read));
    }
    assert_eq!(read_outcomes(Runner::Unknown, &out, &err), first, "Unknown reads as the first runner that finds any");
    first.is_some()
}

fn problem_task(data: &[u8]) -> bool {
    let (id, raw) = first_line(data);
    let id = String::from_utf8_lossy(id);
    // What the workers read first, before the task itself.
    let _ = crate::distributed::runs::run_label(raw);
    let Ok(p) = Problem::from_task(&id, raw) else { return false };
    assert_eq!(p.id, id, "a task keeps the id it was written under");
    let _ = p.messages();
    true
}

fn problem_set(data: &[u8]) -> bool {
    let name = if data.starts_with(&[0x1f, 0x8b]) { "set.jsonl.gz" } else { "set.jsonl" };
    let Ok(set) = with_file(name, data, crate::problem::load_set) else { return false };
    assert!(!set.is_empty(), "a set loads with at least one problem or fails");
    true
}

/// A value written back as a Python literal (JSON's strings and numbers are
/// Python's too), for the round trip through the literal parser.
fn python(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Number(_) | Value::String(_) => v.to_string(),
        Value::Array(items) => format!("[{}]", items.iter().map(python).collect::<Vec<_>>().join(", ")),
        Value::Object(map) => {
            let items: Vec<String> =
                map.iter().map(|(k, v)| format!("{}: {}", Value::String(k.clone()), python(v))).collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}

fn literals(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else { return false };
    let prefix = literal_prefix(text);
    if let Some((_, used)) = &prefix {
        assert!(
            *used <= text.len() && text.is_char_boundary(*used),
            "literal_prefix took {used} of {} bytes",
            text.len()
        );
    }
    let whole = literal(text);
    if let Some(v) = &whole {
        let (pv, used) = prefix.expect("a whole literal is also a prefix");
        assert_eq!(&pv, v);
        assert!(
            text[used..].chars().all(|c| matches!(c, ' ' | '\t' | '\n' | '\r')),
            "after the literal: {:?}",
            &text[used..]
        );
        let printed = python(v);
        assert_eq!(literal(&printed).as_ref(), Some(v), "{printed} does not read back");
    }
    let args = arguments(text);
    for a in args.iter().flatten() {
        let printed = python(a);
        assert_eq!(literal(&printed).as_ref(), Some(a), "{printed} does not read back");
    }
    whole.is_some() || args.is_some()
}

fn examples(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Some(stated) = crate::problem::stated(&text) else { return false };
    check_stated(&stated.mode, &stated.tests);
    true
}

/// What `grade::grade` does with the sandbox's stdout: the streaming reader
/// (`grade::read::Reader`) over the whole output, each result line judged
/// against its test. The first byte says how: bit 0 set for functional, bit
/// 1 set for tests without an expected output, bits 2-4 one less than the
/// number of tests; the next line is every test's expected output.
fn judge_results(data: &[u8]) -> bool {
    let Some((&how, rest)) = data.split_first() else { return false };
    let stdin = how & 1 == 0;
    let (expected, stdout) = first_line(rest);
    let expected = (how & 2 == 0).then(|| String::from_utf8_lossy(expected).into_owned());
    let tests = usize::from((how >> 2) & 7) + 1;
    let reading = grade::read::Reader::read_all(vec![expected; tests], stdin, 64 << 10, stdout.to_vec());
    assert!(reading.results.len() <= tests, "{} results for {tests} tests", reading.results.len());
    // What a result shows is cut to its limits, the marker between its halves.
    let cut_max = |max: usize| max + "...(truncated)...".len();
    for judged in &reading.results {
        if let Some(got) = &judged.got {
            assert!(
                got.chars().count() <= cut_max(grade::SHOWN_CHARS),
                "a shown output of {} chars",
                got.chars().count()
            );
        }
        if let Some(key) = &judged.key {
            assert!(
                key.chars().count() <= cut_max(grade::KEY_CHARS),
                "a behaviour key of {} chars",
                key.chars().count()
            );
        }
    }
    reading.stopped.is_none() && reading.results.len() == tests
}

/// Floats aside, the same JSON; serde_json reads floats back within an ulp
/// (exactly only with its `float_roundtrip` feature).
fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x == y
                || matches!((x.as_f64(), y.as_f64()), (Some(x), Some(y)) if (x - y).abs() <= 1e-12 * x.abs().max(y.abs()))
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

/// What was read from JSON writes back as JSON that reads back the same.
fn round_trips<T: Serialize + DeserializeOwned>(value: &T) {
    let json = serde_json::to_string(value).expect("what was read writes back");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
    let (a, b) = (serde_json::to_value(value).expect("to a value"), serde_json::to_value(&back).expect("to a value"));
    assert!(same_json(&a, &b), "{json} read back as {b}");
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| tokio::runtime::Builder::new_current_thread().enable_time().build().expect("a tokio runtime"))
}

/// A journal as `memdoor replay` takes it: read, replayed into a rebuilt
/// memory (at once: no pacing) and folded into the session model the views
/// render from.
fn journal_file(data: &[u8]) -> bool {
    let Ok(records) = with_file("journal.jsonl", data, journal::read) else { return false };
    for r in &records {
        round_trips::<Record>(r);
    }
    let mut model = SessionView::with_agents(5);
    let replayed = runtime().block_on(crate::replay::replay(&records, None, |e| {
        model.apply(e);
        Ok(())
    }));
    if let Ok(out) = replayed {
        assert_eq!(out.events, records.len());
    }
    !records.is_empty()
}

/// A stream item of a task's log as a reader takes it: the log key on the
/// first line, the tag on the second, the entry's JSON after. Without a
/// secret the entry must name the log's task; with one it must also carry
/// the tag made for exactly that key and JSON.
fn redis_entry(data: &[u8]) -> bool {
    let (log, rest) = first_line(data);
    let (tag, json) = first_line(rest);
    let (log, tag) = (String::from_utf8_lossy(log), String::from_utf8_lossy(tag));
    let sid = ::redis::streams::StreamId {
        id: "1-0".into(),
        map: [
            ("entry".to_string(), ::redis::Value::BulkString(json.to_vec())),
            ("mac".to_string(), ::redis::Value::BulkString(tag.as_bytes().to_vec())),
        ]
        .into_iter()
        .collect(),
        ..Default::default()
    };
    let plain = EntryCheck::default();
    let taken = plain.take(&log, sid.clone());
    let Ok(json) = std::str::from_utf8(json) else {
        assert!(taken.is_none(), "an entry that is not UTF-8 was taken");
        return false;
    };
    let checked = plain.check(&log, json, "").ok();
    assert_eq!(taken.map(|(_, e)| e), checked);
    let secret = TeamKey::new(b"memdoor-fuzz-team-secret-0123456789").expect("a long enough secret");
    let keyed = EntryCheck { key: Some(secret), ..Default::default() };
    let signed = keyed.tag(&log, json);
    assert_eq!(
        keyed.check(&log, json, &signed).ok(),
        checked,
        "a signed entry is taken exactly when an unsigned one is without a secret"
    );
    if tag != signed {
        assert!(keyed.check(&log, json, &tag).is_err(), "a tag not made under the secret verified");
        assert!(keyed.take(&log, sid).is_none());
    }
    let Some(entry) = checked else { return false };
    assert_eq!(log.split_once("}:log:").map(|(_, task)| task), Some(entry.task.as_str()));
    let again = serde_json::to_string(&entry).expect("an entry writes back");
    assert_eq!(plain.check(&log, &again, "").ok(), Some(entry), "an entry written back reads back the same");
    true
}

/// Lines of JSON as workers read jobs and requesters read reply items; the
/// reply items go through one fence in order, as one job's reply stream.
fn distributed_wire(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let mut fence = Fence::default();
    let mut accepted = false;
    for line in text.lines() {
        if let Ok(job) = serde_json::from_str::<Job>(line) {
            accepted = true;
            round_trips(&job);
            if job.has_valid_id() {
                // A valid id can never reach into another key.
                assert!(!job.id.contains(['{', '}', ':']), "{:?}", job.id);
                assert_eq!(job.reply_key("s"), format!("memdoor:{{s}}:tok:{}", job.id));
            }
            let request: ChatRequest = job.request.clone().into();
            assert_eq!(WireRequest::from(&request), job.request);
        }
        if let Ok(item) = serde_json::from_str::<ReplyItem>(line) {
            accepted = true;
            round_trips(&item);
            let reply = item.reply.clone();
            match fence.accept(item) {
                FenceCall::Pass(passed) => {
                    assert_eq!(passed, reply);
                    assert!(!matches!(passed, Reply::Taken { .. }), "a take is not passed on");
                }
                FenceCall::Restart => assert!(matches!(reply, Reply::Taken { .. }), "only a new take restarts"),
                FenceCall::Skip => {}
            }
        }
    }
    accepted
}

/// The caps the SSE target reads under (small, so that inputs reach them).
const SSE_MAX_EVENT: usize = 512;
const SSE_MAX_ANSWER: usize = 4096;

/// An OpenAI-compatible server's body as `model/openai/pump.rs` reads it:
/// through the byte caps, the SSE parser, each event's JSON. The body
/// arrives in pieces cut at 0xff bytes (never in UTF-8). Nothing past the
/// answer cap reaches the parser. The event cap is checked where a piece
/// ends, so an event may pass it by at most one piece's length.
fn sse(data: &[u8]) -> bool {
    use eventsource_stream::Eventsource;
    use futures::StreamExt;

    let piece_max = data.split(|&b| b == 0xff).map(<[u8]>::len).max().unwrap_or(0);
    let pieces: Vec<reqwest::Result<bytes::Bytes>> =
        data.split(|&b| b == 0xff).map(|p| Ok(bytes::Bytes::copy_from_slice(p))).collect();
    let passed = Arc::new(AtomicUsize::new(0));
    let counted = passed.clone();
    let body = caps::capped(futures::stream::iter(pieces), SSE_MAX_EVENT, SSE_MAX_ANSWER).inspect(move |b| {
        if let Ok(b) = b {
            counted.fetch_add(b.len(), Ordering::Relaxed);
        }
    });
    let mut events = body.eventsource();
    let mut accepted = false;
    futures::executor::block_on(async {
        while let Some(event) = events.next().await {
            let Ok(event) = event else { break };
            let most = SSE_MAX_EVENT + piece_max;
            assert!(
                event.data.len() <= most,
                "an event of {} bytes passed the cap of {SSE_MAX_EVENT} (+ a piece of {piece_max})",
                event.data.len()
            );
            accepted |= stream_event(&event.data);
        }
    });
    assert!(
        passed.load(Ordering::Relaxed) <= SSE_MAX_ANSWER,
        "{} bytes passed the cap of {SSE_MAX_ANSWER}",
        passed.load(Ordering::Relaxed)
    );
    // Said only once a stream failed: from its raw tail, and from an error body.
    let _ = (openai_wire::llama_error_line(data), openai_wire::http_error_message(data));
    accepted
}

/// One event's data, the steps of `pump.rs`'s loop.
fn stream_event(data: &str) -> bool {
    let data = data.trim();
    if data == "[DONE]" {
        return true;
    }
    let Ok(chunk) = serde_json::from_str::<openai_wire::StreamChunk>(data) else { return false };
    if let Some(e) = &chunk.error {
        let _ = openai_wire::error_text(e);
    }
    for choice in chunk.choices.into_iter().flatten().filter(|c| c.index == 0) {
        let delta = choice.delta.unwrap_or_default();
        let _ = (delta.content, delta.reasoning_content.or(delta.reasoning), choice.finish_reason);
    }
    true
}

/// A chat completion request as `serve/http.rs` reads it: the body, the
/// problem in its last user message.
fn serve_body(data: &[u8]) -> bool {
    let Ok(req) = serde_json::from_slice::<ChatCompletionRequest>(data) else { return false };
    let _ = (req.max_tokens(), req.include_usage());
    for m in &req.messages {
        let _ = m.text();
    }
    if let Some(text) = req.last_user_text() {
        assert!(!text.trim().is_empty());
        let _ = Problem::parse(&text);
    }
    true
}
