//! What an agent working on a repository is shown: the task and its files
//! (the problem's statement), how to write an edit, how the tests stood
//! before any change; in a repair, its last answer and what went wrong; in a
//! re-prompt, the team's current patch and the user's feedback on it.

use std::collections::BTreeSet;

use crate::model::Message;
use crate::problem::Problem;
use crate::repo::edit::Shown;
use crate::repo::failures::Failure;
use crate::repo::fences::{files_prompt, FILES_HEADING};
use crate::repo::lang::Language;
use crate::repo::TestReport;

/// How agents are asked to write their changes. The parser reads every
/// form whatever was asked; the ask decides what small models write, since
/// they copy the worked example's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EditStyle {
    /// SEARCH/REPLACE blocks (aider's): any language.
    Blocks,
    /// Whole definitions, each replacing its namesake (`repo::edit`),
    /// SEARCH/REPLACE for anything else: when the code shown is Python,
    /// JavaScript or Rust (`repo::lang`).
    Definitions,
}

impl EditStyle {
    /// `Definitions` when some file shown is code whose definitions are
    /// read and every other is too, or is data or text (`Cargo.toml`, a
    /// README); else `Blocks`.
    pub(crate) fn for_files<'a>(paths: impl IntoIterator<Item = &'a std::path::Path>) -> EditStyle {
        let (mut read, mut other_code) = (false, false);
        for path in paths {
            match Language::of(path) {
                Some(_) => read = true,
                None => other_code |= !is_data_or_text(path),
            }
        }
        if read && !other_code {
            EditStyle::Definitions
        } else {
            EditStyle::Blocks
        }
    }

    /// The form, said again in a repair: how to write the change once more
    /// ("the same form" repeated what had failed).
    pub(crate) fn again(self) -> &'static str {
        match self {
            EditStyle::Blocks => "in SEARCH/REPLACE blocks, each under its file's path",
            EditStyle::Definitions => {
                "each function you change whole, with the change made, in a fenced code block under its file's path"
            }
        }
    }

    fn format(self) -> &'static str {
        match self {
            EditStyle::Blocks => BLOCKS_FORMAT,
            EditStyle::Definitions => DEFINITIONS_FORMAT,
        }
    }

    /// The worked exchange: a task with its file, and the answer in this
    /// style. SEARCH/REPLACE only: shown one in Python, the models wrote it
    /// again word for word, and the definitions they write unprompted are
    /// what the parser reads (a block under its path, or under prose, by
    /// the names it defines).
    fn example(self) -> Option<(String, &'static str)> {
        match self {
            EditStyle::Blocks => Some((example_task(), BLOCKS_ANSWER)),
            EditStyle::Definitions => None,
        }
    }
}

/// A file that holds no code: data, configuration, prose (a file without
/// an extension may be a script: code, unless it is a known name).
fn is_data_or_text(path: &std::path::Path) -> bool {
    const EXTENSIONS: [&str; 12] =
        ["toml", "md", "txt", "rst", "json", "yaml", "yml", "cfg", "ini", "lock", "csv", "in"];
    const NAMES: [&str; 6] = ["README", "LICENSE", "CHANGELOG", "NOTICE", ".gitignore", ".editorconfig"];
    let named = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| NAMES.contains(&n));
    named || path.extension().and_then(|e| e.to_str()).is_some_and(|e| EXTENSIONS.contains(&e))
}

/// The closing line's opening. Asked for the change alone, the models (the
/// 1.5B too) handed the files back unchanged; saying first what changes
/// makes them change it (docs/benchmarks.md).
const SAY_FIRST: &str = "Say in a sentence which lines must change and how, then";

/// Paths the closing line names at most.
const PATHS_NAMED: usize = 6;

/// What every prompt of one repository session shares: the task with its
/// files (the problem's statement), how the tests stood before any change,
/// the form asked for, and the paths shown, to be named in the closing line.
pub(crate) struct PatchAsk<'a> {
    pub problem: &'a Problem,
    pub tests: Option<&'a str>,
    pub style: EditStyle,
    /// The last line of the first turn's message (`closing_line`).
    closing: String,
    /// The first function the task names that a shown file defines once,
    /// else the first type, else the function the failing tests reach
    /// (`reaching`): what a focused second ask shows alone
    /// (`patch_read::reask_messages`).
    pub focus: Option<Focus>,
    /// The files shown, as the session read them.
    pub shown: &'a [Shown],
}

/// A focus found, and whether it is a type's definition rather than a function's.
struct Found {
    focus: Focus,
    is_type: bool,
}

impl Focus {
    /// `name`'s definition in the first of `files` that defines it once.
    fn of<'s>(name: &str, files: impl Iterator<Item = &'s Shown>) -> Option<Found> {
        files.into_iter().find_map(|(path, text)| {
            let text = crate::repo::edit::definition_text(path, text, name)?;
            let is_type = Language::of(path.as_path())?.defines_type(&text);
            let tag = Language::fence_tag(path.as_path());
            Some(Found { focus: Focus { name: name.to_string(), path: path.to_string(), text, tag }, is_type })
        })
    }
}

/// The function a call names: `parse_duration("1h30m")` → `parse_duration`,
/// `inv.count('apple')` → `count`, `Cart().total()` → `total`.
fn called_name(call: &str) -> Option<&str> {
    let head = call.trim().strip_suffix(')')?;
    // The last call's name: what stands before its opening parenthesis.
    let mut depth = 0;
    let open = head.char_indices().rev().find_map(|(i, c)| {
        match c {
            ')' => depth += 1,
            '(' if depth == 0 => return Some(i),
            '(' => depth -= 1,
            _ => {}
        }
        None
    })?;
    let name = head[..open].rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).next()?;
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit())).then_some(name)
}

/// One function of a shown file, as a focused ask shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Focus {
    pub name: String,
    pub path: String,
    /// Its text as the file holds it (decorators included).
    pub text: String,
    /// The fence's language tag (`python`).
    pub tag: &'static str,
}

impl<'a> PatchAsk<'a> {
    /// The ask for `problem`, whose statement shows the files `shown`: the
    /// style follows their kind (`EditStyle::for_files`); the closing line
    /// names the functions the task names, or else the files.
    pub fn new(problem: &'a Problem, tests: Option<&'a str>, shown: &'a [Shown]) -> Self {
        let style = EditStyle::for_files(shown.iter().map(|(p, _)| p.as_path()));
        let task = problem.statement.split(FILES_HEADING).next().unwrap_or_default();
        let named = named_definitions(task, shown);
        let closing = closing_line(style, &named, &named_paths(shown));
        // A function before a type the task also names (`Pager::page_count`: the method, not the struct).
        let focus = named
            .iter()
            .filter_map(|(name, path)| Focus::of(name, shown.iter().filter(|(p, _)| p.to_string() == *path)))
            .min_by_key(|focus| focus.is_type)
            .map(|focus| focus.focus);
        PatchAsk { problem, tests, style, closing, focus, shown }
    }

    /// The ask with the function the failing tests reach as its focus,
    /// where the task names none: the innermost function of a failure's
    /// frames that a shown code file defines, else the function its failing
    /// comparison calls (`parse_duration("1h30m") == 5400`).
    pub(crate) fn reaching(mut self, failures: &[Failure]) -> Self {
        let shown = self.shown;
        if self.focus.is_some() {
            return self;
        }
        let called = |f: &Failure| f.example.as_ref().and_then(|e| called_name(&e.call)).map(str::to_string);
        let names = failures
            .iter()
            .flat_map(|f| f.functions().into_iter().map(str::to_string).chain(called(f)))
            .filter(|name| !name.starts_with("test"));
        self.focus = names
            .filter_map(|name| Focus::of(&name, shown.iter().filter(|(p, _)| !p.is_test())))
            .find(|focus| !focus.is_type)
            .map(|focus| focus.focus);
        self
    }

    /// The ask with a reproduction test asked for too: where every test of
    /// the repository passes before any change, none of them can tell a
    /// right change from a wrong one (`repo::rank::reproductions` weighs
    /// the test an agent adds).
    /// The task as the user wrote it, without the files shown under it.
    pub(crate) fn task(&self) -> &str {
        self.problem.statement.split(FILES_HEADING).next().unwrap_or_default().trim()
    }

    pub(crate) fn asking_for_a_test(mut self) -> Self {
        self.closing += " ";
        self.closing += REPRODUCE;
        self
    }
}

/// The reproduction test, asked for after the change: in a new file, whole
/// (a block of test calls added to a file shown is no definition the
/// parser can place, and a file in a language it does not read would be
/// replaced whole).
const REPRODUCE: &str = "Every test passes now, so also add a new test file beside the repository's tests, \
under its path, with one test that fails now and passes with your change.";

/// The paths shown, the ones to change first (tests last), at most
/// `PATHS_NAMED` and "and N more"; empty when none is shown.
fn named_paths(shown: &[Shown]) -> String {
    let mut paths: Vec<&crate::repo::RepoPath> = shown.iter().map(|(p, _)| p).collect();
    paths.sort_by_key(|p| p.is_test());
    let paths: Vec<String> = paths.iter().map(|p| p.to_string()).collect();
    let mut named = paths.iter().take(PATHS_NAMED).cloned().collect::<Vec<_>>().join(", ");
    if paths.len() > PATHS_NAMED {
        named += &format!(" and {} more", paths.len() - PATHS_NAMED);
    }
    named
}

/// Functions the closing line names at most.
const DEFINITIONS_NAMED: usize = 4;

/// The functions the task names, each with the file defining it: the words
/// of `task` that a shown code file, not a test's, defines (`def NAME`, `fn NAME`…
/// `class NAME`, at any depth), in the task's order, at most
/// `DEFINITIONS_NAMED`.
fn named_definitions(task: &str, shown: &[Shown]) -> Vec<(String, String)> {
    // Each file's names read once: a task's words are looked up, not searched for.
    let code: Vec<(String, BTreeSet<String>)> = shown
        .iter()
        .filter(|(p, _)| !p.is_test())
        .filter_map(|(p, text)| Some((p.to_string(), Language::of(p.as_path())?.names_at_any_depth(text))))
        .collect();
    let mut found: Vec<(String, String)> = Vec::new();
    for word in task.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        if word.len() < 3 || word.starts_with(|c: char| c.is_ascii_digit()) || found.iter().any(|(n, _)| n == word) {
            continue;
        }
        if let Some((path, _)) = code.iter().find(|(_, names)| names.contains(word)) {
            found.push((word.to_string(), path.clone()));
            if found.len() == DEFINITIONS_NAMED {
                break;
            }
        }
    }
    found
}

/// The closing line: say first what changes, then the form once more,
/// naming what to write — the functions the task names (`defs`), else this
/// repository's files (`paths`). Asked for the change alone, the models
/// (the 1.5B too) handed the files back unchanged; without the names they
/// answered the worked example again on half the Python repositories
/// (docs/benchmarks.md).
fn closing_line(style: EditStyle, defs: &[(String, String)], paths: &str) -> String {
    match (style, defs, paths) {
        (EditStyle::Blocks, _, "") => format!("{SAY_FIRST} answer with SEARCH/REPLACE blocks for the files above."),
        (EditStyle::Blocks, _, _) => {
            format!("{SAY_FIRST} answer with SEARCH/REPLACE blocks for this repository's files ({paths}).")
        }
        (EditStyle::Definitions, [(name, path)], _) => format!(
            "{SAY_FIRST} write the whole new `{name}` of {path} with that change made, in a ```{} block under \
its file's path (and any other function you change, the same way).",
            Language::fence_tag(std::path::Path::new(path))
        ),
        (EditStyle::Definitions, [_, _, ..], _) => {
            let names: Vec<String> = defs.iter().map(|(n, p)| format!("`{n}` of {p}")).collect();
            // One language's fence by name; files of several, a fenced block each in its own.
            let tags: std::collections::BTreeSet<&str> =
                defs.iter().map(|(_, p)| Language::fence_tag(std::path::Path::new(p))).collect();
            let fence = match tags.iter().next() {
                Some(tag) if tags.len() == 1 => format!("a ```{tag} block"),
                _ => "a fenced code block".to_string(),
            };
            format!(
                "{SAY_FIRST} write the whole new definition of each function you change (the task names {}) with \
that change made, each in {fence} under its file's path.",
                names.join(", ")
            )
        }
        (EditStyle::Definitions, [], "") => format!(
            "{SAY_FIRST} answer with the whole new definition of each function you change, under its file's path."
        ),
        (EditStyle::Definitions, [], _) => format!(
            "{SAY_FIRST} answer for this repository's files ({paths}) with the whole new definition of each \
function you change, under its file's path."
        ),
    }
}

/// The edit format, said plainly; for blocks, an example exchange follows it.
const BLOCKS_FORMAT: &str = "You change a repository's files to do a task. First say in a sentence or two which \
lines must change and how. Then write one SEARCH/REPLACE block for each change: the file's path on a line; <<<<<<< SEARCH; only the few lines to change, copied exactly as they \
are in the file, with their indentation; =======; the lines to put in their place; >>>>>>> REPLACE. Keep blocks \
short: never copy a whole function when one line changes. To create a file, leave SEARCH empty. Change tests only \
if the task asks for it.";

/// The form for code whose definitions are read: whole definitions, which
/// small models write far more reliably than lines quoted exactly
/// (docs/benchmarks.md).
const DEFINITIONS_FORMAT: &str = "You change a repository's code to do a task. Write each function, method or \
class you change whole, with the change made, in a fenced code block under its file's path, with any imports it \
needs; nothing else. A change outside any function is a SEARCH/REPLACE block: the file's path; <<<<<<< SEARCH; \
the lines exactly as in the file; =======; the new lines; >>>>>>> REPLACE. Change tests only if the task asks.";

/// The worked example's file: an answer editing it, where the repository
/// has no such file, copied the example (`patch_run` refuses it).
pub(crate) const EXAMPLE_PATH: &str = "geometry/shapes.py";

/// A worked exchange on another repository: small models keep a format they
/// have seen answered (told it in words, they echo the words or an example).
const EXAMPLE_TASK: &str = "area in geometry/shapes.py returns the wrong value for rectangles.";
const EXAMPLE_FILE: &str = "def area(width, height):
    return width * width


def perimeter(width, height):
    return 2 * (width + height)
";

/// The worked exchange's task, its file shown as a real task's files are.
fn example_task() -> String {
    let files = files_prompt([(std::path::Path::new(EXAMPLE_PATH), EXAMPLE_FILE)]);
    format!("{EXAMPLE_TASK}\n\n{}", files.trim_end())
}
const BLOCKS_ANSWER: &str = "area multiplies width by itself; it must multiply width by height.

geometry/shapes.py
<<<<<<< SEARCH
    return width * width
=======
    return width * height
>>>>>>> REPLACE";
/// Characters of a test run's output shown to an agent.
const OUTPUT_CHARS: usize = 1_500;
/// Characters of the team's current patch shown in a re-prompt.
const PATCH_CHARS: usize = 8_000;

/// Where the tests stood before any change, for the prompt.
pub(crate) fn tests_before(command: &str, before: &TestReport, shown: &[Shown]) -> String {
    let failing = before.failing();
    let mut out = format!("The repository's tests (`{command}`) run on every change.");
    if before.passed() {
        out += " Before any change they all pass.";
        return out;
    }
    if failing.is_empty() {
        out += &format!(" Before any change the command ends with {}.", before.ending());
    } else {
        let names: Vec<&str> = failing.iter().take(8).copied().collect();
        out += &format!(" Before any change these fail: {}.", names.join(", "));
    }
    out += &how_they_fail(before, shown);
    out
}

/// Line `line` (from 1) of the shown file `path`.
fn line_shown(shown: &[Shown], path: &str, line: u32) -> Option<String> {
    let (_, text) = shown.iter().find(|(p, _)| p.to_string() == path)?;
    text.lines().nth(usize::try_from(line).ok()?.checked_sub(1)?).map(str::to_string)
}

/// Failures shown at most, each at most `SAYS_SHOWN` lines of its error.
const FAILURES_SHOWN: usize = 4;
const SAYS_SHOWN: usize = 4;

/// How the failing tests fail, read from the runner's report: each test's
/// failing line, then the call with what it should be and what it is (the
/// problem form), or else the error's words, and where it was raised. Where
/// the runner's report is not read, the end of the output.
fn how_they_fail(run: &TestReport, shown: &[Shown]) -> String {
    if run.failures.is_empty() {
        return format!("\nThe end of its output:\n```\n{}\n```", tail(&run.tail));
    }
    let mut out = String::from("\nHow they fail:");
    for f in run.failures.iter().take(FAILURES_SHOWN) {
        // The failing line, where the runner prints none, from the files shown (never from disk).
        let mut f = f.clone();
        f.read_source(|at| line_shown(shown, &at.path, at.line));
        out += &format!("\n- {}", f.test);
        if let Some(at) = &f.at {
            out += &format!(" ({}:{})", at.path, at.line);
        }
        if let Some(source) = &f.source {
            out += &format!(": `{source}`");
        }
        match &f.example {
            Some(e) => out += &format!("\n  `{}` should be {}; it is {}.", e.call, e.expected, e.got),
            None => {
                for said in f.says.iter().take(SAYS_SHOWN) {
                    out += &format!("\n  {said}");
                }
            }
        }
        if let Some(frame) = f.frames.last() {
            let function = frame.function.as_deref().map(|n| format!("`{n}`, ")).unwrap_or_default();
            out += &format!("\n  raised in {function}{}:{}", frame.at.path, frame.at.line);
        }
    }
    if run.failures.len() > FAILURES_SHOWN {
        out += &format!("\n- and {} more", run.failures.len() - FAILURES_SHOWN);
    }
    out
}

fn tail(text: &str) -> String {
    let skip = text.chars().count().saturating_sub(OUTPUT_CHARS);
    text.chars().skip(skip).collect::<String>().trim().to_string()
}

/// The first turn's messages: the format (and for blocks a worked example), then the
/// task and files, the tests, and the format once more in a line that
/// names the repository's files.
pub(crate) fn propose_messages(ask: &PatchAsk<'_>) -> Vec<Message> {
    let mut user = ask.problem.statement.trim_end().to_string();
    if let Some(tests) = ask.tests {
        user += &format!("\n\n{tests}");
    }
    user += &format!("\n\n{}", ask.closing);
    let mut messages = vec![Message::system(ask.style.format())];
    if let Some((task, answer)) = ask.style.example() {
        messages.extend([Message::user(task), Message::assistant(answer.to_string())]);
    }
    messages.push(Message::user(user));
    messages
}

/// What went wrong with the agent's last answer.
pub(crate) enum Setback<'a> {
    /// Its blocks did not apply: why.
    EditFailed(&'a str),
    /// Its patch applied and the tests ran: which fail, and the output's end.
    TestsFailed { patch: &'a str, run: &'a TestReport },
}

/// A repair: the first turn's messages, the agent's last answer and what went wrong.
pub(crate) fn repair_messages(ask: &PatchAsk<'_>, last_answer: &str, setback: &Setback<'_>) -> Vec<Message> {
    let mut messages = propose_messages(ask);
    let what = match setback {
        Setback::EditFailed(why) => format!("Your edit could not be applied: {why}."),
        Setback::TestsFailed { patch, run } => tests_failed("Your change", patch, run, ask.shown),
    };
    messages.push(Message::assistant(last_answer));
    messages.push(Message::user(format!(
        "{what}\nWrite the whole change again against the files as shown above (they are unchanged), {}, fixing \
the mistake.",
        ask.style.again()
    )));
    messages
}

/// A patch, and what its run of the tests said.
fn tests_failed(whose: &str, patch: &str, run: &TestReport, shown: &[Shown]) -> String {
    let failing = run.failing();
    let which = if failing.is_empty() {
        format!("the test command ends with {}", run.ending())
    } else {
        format!("these tests fail: {}", failing.iter().take(8).copied().collect::<Vec<_>>().join(", "))
    };
    format!("{whose}, as a patch:\n```diff\n{}\n```\nWith it, {which}.{}", patch.trim_end(), how_they_fail(run, shown))
}

/// The lead's repair of a teammate's patch, the one closest to passing:
/// the first turn's messages, then the patch and what its tests said, in
/// the same user message (the agent did not write it).
pub(crate) fn repair_closest_messages(ask: &PatchAsk<'_>, patch: &str, run: &TestReport) -> Vec<Message> {
    let mut messages = propose_messages(ask);
    let request = format!(
        "{}\nWrite the whole change again against the files as shown above (they are unchanged), {}, fixing its \
mistake.",
        tests_failed("A teammate's change (not applied to the files above)", patch, run, ask.shown),
        ask.style.again()
    );
    if let Some(last) = messages.last_mut() {
        last.content = format!("{}\n\n{request}", last.content.trim_end());
    }
    messages
}

/// A re-prompt: the first turn's messages, then the team's current patch
/// (`None`: no patch stood) and the user's feedback on it. The files are
/// shown as the session read them, so the answer is the whole change again.
pub(crate) fn continue_messages(ask: &PatchAsk<'_>, patch: Option<&str>, feedback: Option<&str>) -> Vec<Message> {
    let mut messages = propose_messages(ask);
    let mut request = String::new();
    if let Some(patch) = patch {
        let mut shown: String = patch.trim_end().chars().take(PATCH_CHARS).collect();
        if shown.len() < patch.trim_end().len() {
            shown += "\n… (the rest of the patch is left out)";
        }
        request +=
            &format!("The team's change so far, as a patch (not applied to the files above):\n```diff\n{shown}\n```\n");
    }
    if let Some(feedback) = feedback.map(str::trim).filter(|f| !f.is_empty()) {
        request += &format!("The user's feedback on it: {feedback}\n");
    }
    request += &format!(
        "Write the whole change again against the files as shown above, {}, taking the feedback into account.",
        ask.style.again()
    );
    if let Some(last) = messages.last_mut() {
        last.content = format!("{}\n\n{request}", last.content.trim_end());
    }
    messages
}

#[cfg(test)]
#[path = "patch_prompt_tests.rs"]
mod tests;
