//! libtest's captured panics: under `---- NAME stdout ----`, the line
//! `thread 'NAME' (ID) panicked at src/lib.rs:22:17:`, the panic's message
//! (`assertion `left == right` failed`, `  left: 2`, ` right: 3`), and —
//! where `RUST_BACKTRACE` is set — a backtrace whose frames in the
//! repository (`at ./src/lib.rs:22:17`) are the failure's frames.
//! Checked against Rust 1.95's real output (failures_tests.rs).

use super::{kept, place, Compared, Failure, Frame, Place, MAX_FAILURES, MAX_FRAMES, MAX_SAYS};

#[derive(PartialEq)]
enum Part {
    /// Before the panic line.
    Head,
    /// The panic's message.
    Message,
    /// The backtrace's frames.
    Backtrace,
    /// Past what is read.
    Done,
}

pub(super) fn failures(out: &str) -> Vec<Failure> {
    let mut found: Vec<Failure> = Vec::new();
    let mut current: Option<(Failure, Part, Option<String>)> = None;
    for line in out.lines() {
        if let Some(name) = section(line) {
            if let Some((f, ..)) = current.take() {
                found.push(done(f));
                if found.len() >= MAX_FAILURES {
                    return found;
                }
            }
            current = Some((Failure { test: kept(name), ..Failure::default() }, Part::Head, None));
            continue;
        }
        let Some((failure, part, function)) = current.as_mut() else { continue };
        match part {
            Part::Head => {
                if let Some(at) = panic_place(line) {
                    failure.at = Some(at);
                    *part = Part::Message;
                }
            }
            Part::Message => {
                let t = line.trim();
                if t == "stack backtrace:" {
                    *part = Part::Backtrace;
                } else if t.is_empty() || t.starts_with("note: ") {
                    *part = Part::Done;
                } else if failure.says.len() < MAX_SAYS {
                    failure.says.push(kept(t));
                }
            }
            Part::Backtrace => {
                let t = line.trim();
                if let Some(at) = t.strip_prefix("at ") {
                    // The frame's place, under its function's line: kept when in the repository.
                    if let (Some(path), Some(name)) = (at.strip_prefix("./"), function.take()) {
                        let at = path.rsplit_once(':').and_then(|(p, _col)| place(p));
                        if let Some(at) = at.filter(|_| !name.contains("{{closure}}")) {
                            let name = name.rsplit("::").next().unwrap_or(&name).to_string();
                            // Innermost first, as the backtrace lists them: the innermost kept.
                            if name != short_name(&failure.test) && failure.frames.len() < MAX_FRAMES {
                                failure.frames.push(Frame { at, function: Some(kept(&name)) });
                            }
                        }
                    }
                } else if let Some((n, name)) = t.split_once(": ") {
                    *function = n.chars().all(|c| c.is_ascii_digit()).then(|| name.to_string());
                } else {
                    *part = Part::Done;
                }
            }
            Part::Done => {}
        }
    }
    if let Some((f, ..)) = current.take() {
        found.push(done(f));
    }
    found.truncate(MAX_FAILURES);
    found
}

/// A failure read whole: its frames outermost first, as `Failure` holds them.
/// `assert_eq!`'s `left:` and `right:` lines are the values compared.
fn done(mut failure: Failure) -> Failure {
    failure.frames.reverse();
    let value = |key: &str| failure.says.iter().find_map(|l| l.strip_prefix(key)).map(|v| v.trim().to_string());
    if let (Some(first), Some(second)) = (value("left:"), value("right:")) {
        failure.compared = Some(Compared { first, second });
    }
    failure
}

/// `---- tests::partial_page stdout ----` → `tests::partial_page`.
fn section(line: &str) -> Option<&str> {
    let name = line.strip_prefix("---- ")?.strip_suffix(" stdout ----")?.trim();
    (!name.is_empty()).then_some(name)
}

/// `thread 'x' (11386) panicked at src/lib.rs:22:17:` → `src/lib.rs`, 22.
fn panic_place(line: &str) -> Option<Place> {
    if !line.starts_with("thread '") {
        return None;
    }
    let (_, at) = line.rsplit_once(" panicked at ")?;
    let at = at.trim_end().strip_suffix(':').unwrap_or(at.trim_end());
    let (path_line, _col) = at.rsplit_once(':')?;
    place(path_line)
}

/// `tests::partial_page` → `partial_page`.
fn short_name(test: &str) -> &str {
    test.rsplit("::").next().unwrap_or(test)
}
