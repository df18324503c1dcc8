//! pytest's failure reports: the sections under `= FAILURES =` and
//! `= ERRORS =`, one per test (`____ test_x ____`), each a list of frames.
//! In the long form (pytest's default) a frame is source lines, the failing
//! one marked `>`, the error's `E` lines, and its place last
//! (`tests/test_x.py:12: AssertionError`), frames apart by `_ _ _` lines;
//! in the short form (`--tb=short`) each frame opens with its place and
//! function (`calc/x.py:39: in evaluate`) over its one source line.
//! Checked against pytest 7.2 and 8.3's real output (failures_tests.rs).

use super::{example, kept, place, Failure, Frame, Place, MAX_FAILURES, MAX_FRAMES, MAX_SAYS};

/// One frame as read, before it is known to be the test's own or not.
struct Read {
    at: Place,
    function: Option<String>,
    source: Option<String>,
}

/// A section being read.
#[derive(Default)]
struct Section {
    test: String,
    frames: Vec<Read>,
    says: Vec<String>,
    /// The long form's frame so far: the first `def` line's name and the `>` line.
    def_name: Option<String>,
    marked: Option<String>,
    /// The short form: the frame whose source line comes next.
    wants_source: bool,
    /// Past a `--- Captured stdout call ---` line: what the test printed,
    /// not pytest's report (a test may print lines that look like it).
    captured: bool,
}

pub(super) fn failures(out: &str) -> Vec<Failure> {
    let mut found = Vec::new();
    let mut inside = false;
    let mut section: Option<Section> = None;
    for line in out.lines() {
        if is_heading(line) {
            if let Some(s) = section.take() {
                found.push(s.finish());
            }
            inside = line.contains(" FAILURES ") || line.contains(" ERRORS ");
            if found.len() >= MAX_FAILURES {
                break;
            }
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(title) = title(line) {
            if let Some(s) = section.take() {
                found.push(s.finish());
                if found.len() >= MAX_FAILURES {
                    break;
                }
            }
            section = Some(Section { test: kept(title), ..Section::default() });
            continue;
        }
        if let Some(s) = section.as_mut() {
            s.read(line);
        }
    }
    if let Some(s) = section.take() {
        found.push(s.finish());
    }
    found.truncate(MAX_FAILURES);
    found
}

/// `===== FAILURES =====`, `==== short test summary info ====`, `=== 1 failed in 0.1s ===`.
fn is_heading(line: &str) -> bool {
    line.starts_with("==") && line.trim_end().ends_with("==") && line.trim_matches('=').trim() != ""
}

/// A section's title: `____ test_x ____`, `____ ERROR at setup of test_y ____`.
fn title(line: &str) -> Option<&str> {
    let line = line.trim_end();
    if !(line.starts_with("__") && line.ends_with("__")) {
        return None;
    }
    let name = line.trim_matches('_').trim();
    (!name.is_empty()).then_some(name)
}

impl Section {
    fn read(&mut self, line: &str) {
        if line.starts_with("---") && line.contains(" Captured ") {
            self.captured = true;
        }
        if self.captured {
            return;
        }
        if line.starts_with("_ _") {
            // Between frames of the long form.
            (self.def_name, self.marked, self.wants_source) = (None, None, false);
            return;
        }
        if let Some(said) = line.strip_prefix('E').filter(|r| r.is_empty() || r.starts_with(' ')) {
            if self.says.len() < MAX_SAYS {
                self.says.push(kept(said.trim()));
            }
            return;
        }
        if let Some((at, rest)) = location(line) {
            match rest.strip_prefix("in ") {
                Some(function) => {
                    // The short form: the frame opens here, its source line comes next.
                    let function = Some(kept(function.trim()));
                    self.push(Read { at, function, source: None });
                    self.wants_source = true;
                }
                None => {
                    let (function, source) = (self.def_name.take(), self.marked.take());
                    self.push(Read { at, function, source });
                }
            }
            return;
        }
        if self.wants_source && line.starts_with("    ") {
            self.wants_source = false;
            if let Some(last) = self.frames.last_mut() {
                last.source = Some(kept(line.trim()));
            }
            return;
        }
        if let Some(marked) = line.strip_prefix('>') {
            self.marked = Some(kept(marked.trim()));
            return;
        }
        let code = line.trim_start();
        if self.def_name.is_none() {
            let def = code.strip_prefix("async ").unwrap_or(code).strip_prefix("def ");
            if let Some(name) = def.and_then(|d| d.split('(').next()).map(str::trim).filter(|n| is_identifier(n)) {
                self.def_name = Some(name.to_string());
            }
        }
    }

    /// A frame read: the test's own first, then at most `MAX_FRAMES` more,
    /// the innermost kept where there are more.
    fn push(&mut self, frame: Read) {
        if self.frames.len() > MAX_FRAMES {
            self.frames.remove(1);
        }
        self.frames.push(frame);
    }

    fn finish(self) -> Failure {
        let mut frames = self.frames.into_iter();
        let own = frames.next();
        let (at, source) = own.map_or((None, None), |f| (Some(f.at), f.source));
        let example = source.as_deref().zip(self.says.first()).and_then(|(s, said)| example(s, said));
        Failure {
            test: self.test,
            at,
            source,
            says: self.says,
            frames: frames.map(|f| Frame { at: f.at, function: f.function }).collect(),
            compared: None,
            example,
        }
    }
}

/// A frame's place line: `tests/test_x.py:12: AssertionError`,
/// `tests/test_x.py:24: ` (the long form), `calc/x.py:39: in evaluate` (the
/// short form) → the place and what follows it.
fn location(line: &str) -> Option<(Place, &str)> {
    if line.starts_with(char::is_whitespace) {
        return None;
    }
    let (head, rest) = line.split_once(": ").or_else(|| line.strip_suffix(':').map(|h| (h, "")))?;
    let at = place(head)?;
    let is_source_file = at.path.ends_with(".py") || at.path.ends_with(".pyx");
    is_source_file.then_some((at, rest.trim_end()))
}

fn is_identifier(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_alphanumeric() || c == '_')
}
