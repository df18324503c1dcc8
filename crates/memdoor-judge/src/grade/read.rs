//! The harness's results, read as they come: one line per test, each read
//! under a length limit and judged at once, so that what memdoor holds of a
//! run is one line, whatever the number of tests and whatever the program
//! writes to fd 1 besides (counted, never kept). Each line is parsed and
//! compared on a blocking-pool thread, where the comparison's CPU does not
//! hold up the async runtime. A result is due within a test's time of the
//! last one: a program that outlasts the harness's per-test alarm (it
//! ignores SIGALRM) is stopped then, not at the end of the run's budget.

use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use tokio::sync::mpsc::Receiver;
use tokio::time::Instant;

use super::{judged, HarnessResult, MARK};
use crate::domain::{TestResult, TestVerdict};

/// Nesting a result line may have (one flat object: a deeper line is not the harness's).
const RESULT_DEPTH: usize = 2;

/// One result line: the test's index and what the harness says of it.
#[derive(Deserialize)]
struct Line {
    i: usize,
    #[serde(flatten)]
    result: HarnessResult,
}

pub struct Reader {
    /// The tests' expected outputs, in order.
    pub expected: Vec<Option<String>>,
    pub(crate) stdin_mode: bool,
    /// The longest result line read.
    pub(crate) line_cap: usize,
    /// The most bytes of other output (the program's own writes to fd 1) let through unread.
    pub(crate) other_cap: usize,
    /// The first result is due within this (start, compile and one test), each next within `then_within` of the last.
    pub(crate) first_within: Duration,
    pub(crate) then_within: Duration,
}

/// What was read: verdicts of the first tests, in order, and, when the
/// reading stopped before the end of the output, the verdict of the tests
/// left and why (the run is ended for it: the channel closes).
pub struct Reading {
    pub results: Vec<TestResult>,
    pub stopped: Option<(TestVerdict, String)>,
}

impl Reader {
    /// A whole stdout given at once, read on a runtime of its own with the
    /// caps `grade` uses for a test of `out_cap` bytes: how the fuzz target
    /// (`memdoor::fuzzing`) drives the same reader the judge does.
    pub fn read_all(expected: Vec<Option<String>>, stdin_mode: bool, out_cap: usize, stdout: Vec<u8>) -> Reading {
        let reader = Reader {
            expected,
            stdin_mode,
            line_cap: 6 * out_cap + (64 << 10),
            other_cap: 1 << 20,
            first_within: Duration::from_secs(60),
            then_within: Duration::from_secs(60),
        };
        let runtime =
            tokio::runtime::Builder::new_current_thread().enable_time().build().expect("a current-thread runtime");
        runtime.block_on(async move {
            let (chunks, rx) = tokio::sync::mpsc::channel(1);
            // The receiver is alive until `read` ends, and the channel has room for one.
            let _ = chunks.send(stdout).await;
            drop(chunks);
            reader.read(rx).await
        })
    }

    pub async fn read(self, mut chunks: Receiver<Vec<u8>>) -> Reading {
        let reader = Arc::new(self);
        let mut state = State {
            reader: reader.clone(),
            results: Vec::new(),
            line: Vec::new(),
            discarding: false,
            other: 0,
            ready: Vec::new(),
        };
        let mut due = Instant::now() + reader.first_within;
        let stop = |results, verdict, why| Reading { results, stopped: Some((verdict, why)) };
        loop {
            let chunk = match tokio::time::timeout_at(due, chunks.recv()).await {
                Ok(Some(chunk)) => chunk,
                Ok(None) => break,
                Err(_) => {
                    let (n, secs) = (
                        state.results.len(),
                        if state.results.is_empty() { reader.first_within } else { reader.then_within }.as_secs(),
                    );
                    let why = format!("Time Limit Exceeded: test {} gave no result within {secs} s (the program outlasted the per-test alarm)", n + 1);
                    return stop(state.results, TestVerdict::TimeLimit, why);
                }
            };
            let before = state.results.len();
            let fed = state.feed(&chunk);
            if let Err(why) = state.judge_ready().await.and(fed) {
                return stop(state.results, TestVerdict::RuntimeError, why);
            }
            if state.results.len() > before {
                due = Instant::now() + reader.then_within;
            }
        }
        let ended = state.end();
        match state.judge_ready().await.and(ended) {
            Ok(()) => Reading { results: state.results, stopped: None },
            Err(why) => stop(state.results, TestVerdict::RuntimeError, why),
        }
    }
}

struct State {
    reader: Arc<Reader>,
    results: Vec<TestResult>,
    /// The line being read (never more than `line_cap`).
    line: Vec<u8>,
    /// The line under way ran past `line_cap` and is not a result: skipped to its end.
    discarding: bool,
    /// Bytes of output that were not results.
    other: usize,
    /// Result lines read and not judged yet (MARK stripped): at most a chunk's worth and one line.
    ready: Vec<Vec<u8>>,
}

impl State {
    fn feed(&mut self, mut chunk: &[u8]) -> Result<(), String> {
        while !chunk.is_empty() {
            let (piece, ended) = match chunk.iter().position(|&b| b == b'\n') {
                Some(at) => (&chunk[..at], true),
                None => (chunk, false),
            };
            chunk = &chunk[piece.len() + usize::from(ended)..];
            if self.discarding {
                self.other += piece.len();
            } else if self.line.len() + piece.len() > self.reader.line_cap {
                let mut head = std::mem::take(&mut self.line);
                self.other += head.len() + piece.len();
                head.extend_from_slice(&piece[..MARK.len().min(piece.len())]);
                if head.starts_with(MARK.as_bytes()) {
                    return Err(format!(
                        "output limit: a result line longer than the judge reads ({} bytes)",
                        self.reader.line_cap
                    ));
                }
                self.discarding = true;
            } else {
                self.line.extend_from_slice(piece);
            }
            if ended {
                self.end_line();
            }
            if self.other > self.reader.other_cap {
                return Err(format!(
                    "output limit: the program wrote more than {} bytes of its own to stdout",
                    self.reader.other_cap
                ));
            }
        }
        Ok(())
    }

    fn end_line(&mut self) {
        let mut line = std::mem::take(&mut self.line);
        if std::mem::replace(&mut self.discarding, false) {
            return;
        }
        if line.starts_with(MARK.as_bytes()) {
            line.drain(..MARK.len());
            self.ready.push(line);
        } else {
            // With its newline: a flood of empty lines counts too.
            self.other += line.len() + 1;
        }
    }

    fn end(&mut self) -> Result<(), String> {
        if !self.line.is_empty() {
            self.end_line();
        }
        Ok(())
    }

    /// Parses and compares the result lines read, in order, each on a blocking-pool thread.
    async fn judge_ready(&mut self) -> Result<(), String> {
        for text in std::mem::take(&mut self.ready) {
            let due = self.results.len();
            let Some(expected) = self.reader.expected.get(due).cloned() else {
                return Err(format!("unreadable results: more results than the {due} tests"));
            };
            let stdin_mode = self.reader.stdin_mode;
            let judge = move || -> Result<TestResult, String> {
                let text = std::str::from_utf8(&text)
                    .map_err(|_| format!("unreadable results: the result of test {} is not UTF-8", due + 1))?;
                let line = parse(text)?;
                if line.i != due {
                    return Err(format!(
                        "unreadable results: a result for test {} where test {} was due",
                        line.i.saturating_add(1),
                        due + 1
                    ));
                }
                Ok(judged(stdin_mode, expected.as_deref(), line.result))
            };
            let judged = tokio::task::spawn_blocking(judge)
                .await
                .map_err(|e| format!("comparing the output of test {}: {e}", due + 1))?;
            self.results.push(judged?);
        }
        Ok(())
    }
}

/// One result line's JSON, nested at most `RESULT_DEPTH` deep (checked
/// before serde walks it: a deep line costs one linear scan, not a recursion).
fn parse(text: &str) -> Result<Line, String> {
    let depth = json_depth(text);
    if depth > RESULT_DEPTH {
        return Err(format!("unreadable results: a result line nests {depth} deep (at most {RESULT_DEPTH})"));
    }
    serde_json::from_str(text).map_err(|e| format!("unreadable results: a result line that does not read ({e})"))
}

/// The deepest nesting of `[`/`{` in JSON text, strings skipped.
fn json_depth(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for b in text.bytes() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(tests: usize) -> Reader {
        let within = Duration::from_secs(5);
        Reader {
            expected: vec![Some("1".into()); tests],
            stdin_mode: true,
            line_cap: 1000,
            other_cap: 100,
            first_within: within,
            then_within: within,
        }
    }

    fn read(reader: Reader, chunks: &[&[u8]]) -> Reading {
        let (tx, rx) = tokio::sync::mpsc::channel(chunks.len().max(1));
        for c in chunks {
            tx.try_send(c.to_vec()).unwrap();
        }
        drop(tx);
        tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(reader.read(rx))
    }

    fn why(reading: Reading) -> String {
        reading.stopped.map(|(_, why)| why).unwrap_or_default()
    }

    fn line(i: usize, out: &str) -> String {
        format!("\n{MARK}{}\n", serde_json::json!({"i": i, "status": "ran", "out": out}))
    }

    #[test]
    fn results_are_read_across_chunks_between_other_output() {
        let text = format!("noise{}{}", line(0, "1\n"), line(1, "2\n"));
        let (a, b) = text.as_bytes().split_at(text.len() / 2);
        let got = read(reader(2), &[a, &b""[..], b]);
        assert_eq!(got.stopped, None);
        let verdicts: Vec<TestVerdict> = got.results.iter().map(|r| r.verdict).collect();
        assert_eq!(verdicts, [TestVerdict::Pass, TestVerdict::WrongAnswer]);
    }

    #[test]
    fn deep_long_unreadable_miscounted_and_noisy_output_stops_the_reading() {
        assert_eq!(json_depth(r#"{"status": "ran", "out": "[[[[[[\"]]"}"#), 1);
        let deep = format!("{MARK}{}{}\n", "[".repeat(300), "]".repeat(300));
        let stop = |text: &str| why(read(reader(1), &[text.as_bytes()]));
        assert!(stop(&deep).contains("nests 300 deep"), "{}", stop(&deep));
        assert!(stop(&format!("{MARK}{}\n", "x".repeat(2000))).contains("longer than the judge reads (1000 bytes)"));
        assert!(stop(&format!("{MARK}{{\"status\": \"ran\"}}\n")).contains("does not read"));
        assert!(stop(&format!("{}{}", line(0, "1"), line(1, "1"))).contains("more results than the 1 tests"));
        assert!(stop(&line(3, "1")).contains("a result for test 4 where test 1 was due"));
        // Other output is counted, never kept: 100 bytes pass, more stop it, in long lines or short.
        assert_eq!(read(reader(1), &[&[b'x'; 100][..]]).stopped, None);
        assert!(stop(&"x".repeat(5000)).contains("more than 100 bytes of its own"));
        assert!(stop(&"x\n".repeat(60)).contains("more than 100 bytes of its own"));
    }

    #[tokio::test(start_paused = true)]
    async fn a_result_is_due_within_a_tests_time_of_the_last() {
        let mut r = reader(3);
        (r.first_within, r.then_within) = (Duration::from_secs(9), Duration::from_secs(2));
        let (tx, rx) = tokio::sync::mpsc::channel(4);
        let reading = tokio::spawn(r.read(rx));
        // The first result late but within its 9 s, the second never: stopped 2 s after the first.
        tokio::time::sleep(Duration::from_secs(8)).await;
        tx.send(line(0, "1").into_bytes()).await.unwrap();
        let sent = Instant::now();
        let got = reading.await.unwrap();
        assert_eq!(sent.elapsed(), Duration::from_secs(2));
        assert_eq!(got.results.len(), 1);
        let (verdict, why) = got.stopped.unwrap();
        assert_eq!(verdict, TestVerdict::TimeLimit);
        assert!(why.contains("test 2 gave no result within 2 s"), "{why}");
        drop(tx);
    }
}
