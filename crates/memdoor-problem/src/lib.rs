//! A programming problem: free text, a LiveCodeBench problem object
//! (`question_content`, `starter_code`, tests), or a HumanEval task; its
//! tests; and the prompt agents are given. The crate `memdoor-problem`,
//! re-exported as `memdoor::problem`: it can import only the model layer
//! (its messages) and what lies below it.

mod cases;
mod examples;
pub mod limits;
pub mod literal;
mod set;

pub use cases::{Mode, TestCase};
pub use examples::{stated, Stated};
pub use limits::{Limit, LimitExceeded};
pub use set::load_set;

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};
use serde::Deserialize;

// The model layer under the name the rest of memdoor uses.
pub(crate) use memdoor_model as model;
use model::Message;

#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// A short id for events and files (e.g. LiveCodeBench's `question_id`).
    pub id: String,
    pub statement: String,
    /// Starter code (LiveCodeBench functional problems); empty for stdin ones.
    pub starter_code: String,
    /// Whether this came as a LiveCodeBench object (and gets its prompt).
    pub livecodebench: bool,
    pub mode: Mode,
    /// Tests agents may see (the examples).
    pub public_tests: Vec<TestCase>,
    /// Tests used only for grading, never shown to agents.
    pub private_tests: Vec<TestCase>,
}

#[derive(Deserialize)]
struct LcbProblem {
    question_content: String,
    #[serde(default)]
    starter_code: String,
    #[serde(default)]
    question_id: Option<String>,
    #[serde(default)]
    question_title: Option<String>,
    #[serde(default)]
    public_test_cases: Option<serde_json::Value>,
    #[serde(default)]
    private_test_cases: Option<serde_json::Value>,
    #[serde(default)]
    metadata: Option<serde_json::Value>,
}

// LiveCodeBench's generic prompt (lcb_runner/prompts/code_generation.py).
const LCB_SYSTEM: &str = "You are an expert Python programmer. You will be given a question (problem specification) and will generate a correct Python program that matches the specification and passes all tests.";
const LCB_WITH_STARTER: &str = "You will use the following starter code to write the solution to the problem and enclose your code within delimiters.";
const LCB_STDIN: &str = "Read the inputs from stdin solve the problem and write the answer to stdout (do not directly test on the sample inputs). Enclose your code within delimiters as follows. Ensure that when the python program runs, it reads the inputs, runs the algorithm and writes output to STDOUT.";
const LCB_ANSWER: &str = "### Answer: (use the provided format with backticks)\n\n";
/// LiveCodeBench's stdin format said in words, with no block to fill in:
/// shown `# YOUR CODE HERE` in a block, small models answer with that block
/// as it stands (docs/benchmarks.md, "Prompts no model copies").
const STDIN_PROSE: &str = "Read the inputs from stdin, solve the problem and write the answer to stdout (do not directly test on the sample inputs). Write the whole program in one ```python code block: when it runs, it reads the inputs, runs the algorithm and writes the output to STDOUT.";

/// How a LiveCodeBench stdin problem's prompt asks for the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StdinFormat {
    /// LiveCodeBench's own: a fenced block holding `# YOUR CODE HERE`.
    Placeholder,
    /// The same asked in words, with no block shown.
    #[default]
    Prose,
}

impl StdinFormat {
    pub const ALL: [StdinFormat; 2] = [StdinFormat::Placeholder, StdinFormat::Prose];
}

impl Problem {
    /// Free text. Past a limit of `limits` (statement or line bytes, stated
    /// examples, nesting of an example's literal) it is an error holding a
    /// [`LimitExceeded`].
    pub fn from_text(text: &str) -> Result<Self> {
        let statement = text.trim();
        if statement.is_empty() {
            bail!("the problem is empty");
        }
        check_statement(statement)?;
        // The examples the text states become public tests, so drafts are
        // run even on free text; without any it stays unverified.
        let Stated { mode, tests } =
            examples::checked_stated(statement)?.unwrap_or(Stated { mode: Mode::Stdin, tests: Vec::new() });
        Ok(Self {
            id: slug(statement),
            statement: statement.into(),
            starter_code: String::new(),
            livecodebench: false,
            mode,
            public_tests: tests,
            private_tests: Vec::new(),
        })
    }

    /// Free text `task` with `context` (a repository's files, `repo::Context::as_prompt`)
    /// shown after it. Examples are read from the task alone: a file's text is
    /// data, and an `f(x) == y` in it is no test of the answer.
    pub fn from_text_with_context(task: &str, context: &str) -> Result<Self> {
        let mut problem = Self::from_text(task)?;
        if !context.trim().is_empty() {
            problem.statement = format!("{}\n\n{}", problem.statement, context.trim_end());
            check_statement(&problem.statement)?;
        }
        Ok(problem)
    }

    /// Parses a file's contents: a JSON object with `question_content` is a
    /// LiveCodeBench problem; anything else is free text.
    /// Past a limit of `limits` it is an error holding a [`LimitExceeded`];
    /// the size of the whole is checked before anything is parsed.
    pub fn parse(contents: &str) -> Result<Self> {
        Limit::ProblemBytes.check(contents.len())?;
        let trimmed = contents.trim_start();
        if trimmed.starts_with('{') {
            let p: LcbProblem = serde_json::from_str(trimmed).context(
                "the problem looks like JSON but is not a LiveCodeBench problem object (it needs `question_content`)",
            )?;
            check_statement(&p.question_content)?;
            Limit::StarterBytes.check(p.starter_code.len())?;
            let id = match p.question_id {
                Some(id) => checked_id(id)?,
                None => p.question_title.as_deref().map(slug).unwrap_or_else(|| slug(&p.question_content)),
            };
            let public_tests = cases::parse_cases("public_test_cases", p.public_test_cases.as_ref())?;
            let private_tests = cases::parse_cases("private_test_cases", p.private_test_cases.as_ref())?;
            Limit::Tests.check(public_tests.len() + private_tests.len())?;
            return Ok(Self {
                id,
                statement: p.question_content,
                starter_code: p.starter_code,
                livecodebench: true,
                mode: cases::parse_mode(p.metadata.as_ref())?,
                public_tests,
                private_tests,
            });
        }
        Self::from_text(contents)
    }

    /// A task a plain client wrote to `task:<id>`: a JSON object with `prompt`
    /// (and optionally `id`), or a LiveCodeBench problem object.
    pub fn from_task(id: &str, raw: &[u8]) -> Result<Self> {
        if id.is_empty() || id.len() > 200 || id.chars().any(char::is_control) {
            bail!("task id {id:?} is empty, over 200 bytes or holds control characters");
        }
        if raw.is_empty() {
            bail!("task:{id} is empty or gone");
        }
        Limit::TaskBytes.check(raw.len())?;
        let text = std::str::from_utf8(raw).map_err(|_| anyhow::anyhow!("task:{id} is not UTF-8 text"))?;
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            anyhow::anyhow!("task:{id} is not JSON ({e}); write {{\"id\": \"{id}\", \"prompt\": \"...\"}}")
        })?;
        let mut problem = if let Some(prompt) = value.get("prompt").and_then(|p| p.as_str()) {
            Self::from_text(prompt)?
        } else if value.get("question_content").is_some() {
            Self::parse(text)?
        } else {
            bail!("task:{id} has neither `prompt` nor `question_content`");
        };
        problem.id = id.to_string();
        Ok(problem)
    }

    pub fn from_file(path: &Path) -> Result<Self> {
        let bytes = read_capped(path, Limit::ProblemBytes)
            .with_context(|| format!("reading the problem file {}", path.display()))?;
        let text = String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8 text", path.display()))?;
        Self::parse(&text).with_context(|| format!("in {}", path.display()))
    }

    /// Whether the team can run drafts on this problem: tests of its own, or
    /// a function to call on the inputs the agents write (free text that
    /// names its function; a HumanEval task's entry point).
    pub fn is_runnable(&self) -> bool {
        match self.mode {
            Mode::HumanEval { .. } | Mode::Functional { .. } => true,
            Mode::Stdin => !self.public_tests.is_empty(),
        }
    }

    /// Whether code (the user's edit, say) can be judged on public tests.
    pub fn can_judge_public(&self) -> bool {
        !self.public_tests.is_empty()
    }

    /// How drafts run on the public tests and on agents' inputs. A HumanEval
    /// task's public tests are its docstring's examples, calls of its entry
    /// point; its `check` is private, for grading only.
    pub fn run_mode(&self) -> Mode {
        match &self.mode {
            Mode::HumanEval { entry_point, .. } => Mode::Functional { fn_name: entry_point.clone() },
            mode => mode.clone(),
        }
    }

    /// The program that runs in [`Self::run_mode`] for a draft's code: a
    /// HumanEval completion follows its prompt (the prompt's imports, or its
    /// function continued by a body), as the task's `check` runs it.
    pub fn run_code<'a>(&self, code: &'a str) -> std::borrow::Cow<'a, str> {
        match &self.mode {
            Mode::HumanEval { prompt, .. } => format!("{prompt}{code}").into(),
            _ => code.into(),
        }
    }

    /// The conversation an agent starts from.
    pub fn messages(&self) -> Vec<Message> {
        self.messages_in(StdinFormat::default())
    }

    /// The conversation with a stdin problem's format said as `format`
    /// (`memdoor bench prompts` measures each; the others ignore it).
    pub fn messages_in(&self, format: StdinFormat) -> Vec<Message> {
        if let Mode::HumanEval { .. } = self.mode {
            let user = format!("Complete the following Python function. Answer with the whole function in one ```python code block.\n\n```python\n{}\n```", self.statement.trim_end());
            return vec![Message::user(user)];
        }
        if !self.livecodebench {
            // Free text goes to the model as the user wrote it, under the
            // model's own default system prompt.
            return vec![Message::user(&self.statement)];
        }
        let mut user = format!("### Question:\n{}\n\n", self.statement);
        if !self.starter_code.trim().is_empty() {
            user += &format!("### Format: {LCB_WITH_STARTER}\n```python\n{}\n```\n\n", self.starter_code);
            user += LCB_ANSWER;
        } else if format == StdinFormat::Placeholder {
            user += &format!("### Format: {LCB_STDIN}\n```python\n# YOUR CODE HERE\n```\n\n");
            user += LCB_ANSWER;
        } else {
            user += &format!("### Format: {STDIN_PROSE}\n\n### Answer: (the whole program in one ```python block)\n\n");
        }
        vec![Message::system(LCB_SYSTEM), Message::user(user)]
    }
}

/// The statement's size and its longest line, checked in one pass before
/// the example scans (which work line by line) run over it.
fn check_statement(statement: &str) -> Result<(), LimitExceeded> {
    Limit::StatementBytes.check(statement.len())?;
    let longest = statement.split('\n').map(str::len).max().unwrap_or(0);
    Limit::LineBytes.check(longest)
}

/// A problem's own id: it names journal files and appears in log lines.
pub(crate) fn checked_id(id: String) -> Result<String> {
    Limit::IdBytes.check(id.len())?;
    if id.chars().any(char::is_control) {
        bail!("the problem's id {id:?} holds control characters");
    }
    Ok(id)
}

/// A file's bytes, refused past `limit` before (and while) reading it, so a
/// huge file or a device that never ends costs no memory.
pub(crate) fn read_capped(path: &Path, limit: Limit) -> Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    if let Ok(meta) = file.metadata() {
        if meta.is_file() {
            limit.check(usize::try_from(meta.len()).unwrap_or(usize::MAX))?;
        }
    }
    capped(file, limit)
}

/// Everything `reader` gives, up to `limit` bytes; past them an error.
pub(crate) fn capped(reader: impl Read, limit: Limit) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(limit.max() as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > limit.max() {
        return Err(LimitExceeded { limit, value: bytes.len(), max: limit.max() }.into());
    }
    Ok(bytes)
}

/// A file-name-safe id from the first words of a text.
fn slug(text: &str) -> String {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .take(4)
        .map(|w| w.to_lowercase())
        .collect();
    if words.is_empty() {
        "task".into()
    } else {
        words.join("-").chars().take(48).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_text_is_the_user_message_as_written() {
        let p = Problem::parse("  Write is_even(n).\n").unwrap();
        assert_eq!(p.messages(), vec![Message::user("Write is_even(n).")]);
        assert_eq!(p.id, "write-is_even-n");
    }

    #[test]
    fn free_text_examples_become_public_tests_and_the_prompt_stays_as_written() {
        let text = include_str!("../../../assets/problems/is_palindrome.txt");
        let p = Problem::parse(text).unwrap();
        assert_eq!(p.mode, Mode::Functional { fn_name: "is_palindrome".into() });
        let tests: Vec<(&str, Option<&str>)> =
            p.public_tests.iter().map(|t| (t.input.as_str(), t.output.as_deref())).collect();
        assert_eq!(
            tests,
            vec![("\"A man, a plan, a canal: Panama\"", Some("true")), ("\"race a car\"", Some("false"))]
        );
        assert!(p.private_tests.is_empty());
        assert_eq!(p.messages(), vec![Message::user(text.trim())]);
        let stdin = Problem::from_text("Print n doubled.\n\nSample Input 1\n\n2\n\nSample Output 1\n\n4\n").unwrap();
        assert_eq!(
            (stdin.mode, stdin.public_tests),
            (Mode::Stdin, vec![TestCase { input: "2\n".into(), output: Some("4\n".into()) }])
        );
        let named = Problem::from_text("Write a Python function is_even(n).").unwrap();
        assert_eq!((named.mode, named.public_tests.len()), (Mode::Functional { fn_name: "is_even".into() }, 0));
        let plain = Problem::from_text("Write is_even(n).").unwrap();
        assert_eq!((plain.mode, plain.public_tests.len()), (Mode::Stdin, 0));
    }

    #[test]
    fn livecodebench_json_gets_the_livecodebench_prompt() {
        let p = Problem::parse(r#"{"question_content": "Add two numbers.", "starter_code": "class Solution:\n    def add(self, a, b):\n        ", "question_id": "q1"}"#).unwrap();
        assert_eq!(p.id, "q1");
        let m = p.messages();
        assert_eq!(m[0].role, "system");
        assert!(m[1]
            .content
            .starts_with("### Question:\nAdd two numbers.\n\n### Format: You will use the following starter code"));
        assert!(m[1].content.ends_with("### Answer: (use the provided format with backticks)\n\n"));
        let stdin = Problem::parse(r#"{"question_content": "Read n."}"#).unwrap();
        let placeholder = &stdin.messages_in(StdinFormat::Placeholder)[1].content;
        assert!(placeholder.contains("```python\n# YOUR CODE HERE\n```") && placeholder.ends_with(LCB_ANSWER));
        // The default shows no block a model could hand back as it stands.
        let prose = &stdin.messages()[1].content;
        assert!(
            prose.starts_with("### Question:\nRead n.\n\n### Format: Read the inputs from stdin")
                && !prose.contains("YOUR CODE"),
            "{prose}"
        );
        assert!(!prose.contains("```python\n"), "{prose}");
        // A starter-code problem's prompt is the same in both.
        assert_eq!(p.messages_in(StdinFormat::Placeholder), p.messages_in(StdinFormat::Prose));
    }

    #[test]
    fn tasks_from_clients_parse_or_fail_clearly() {
        let p = Problem::from_task("t1", br#"{"id": "t1", "prompt": "Write f."}"#).unwrap();
        assert_eq!((p.id.as_str(), p.statement.as_str()), ("t1", "Write f."));
        let lcb = Problem::from_task("t2", br#"{"question_content": "Read n."}"#).unwrap();
        assert!(lcb.livecodebench && lcb.id == "t2");
        for (raw, says) in [
            (&b"not json"[..], "not JSON"),
            (&b"\xff\xfe"[..], "not UTF-8"),
            (&br#"{"x": 1}"#[..], "neither `prompt`"),
            (&b""[..], "empty"),
        ] {
            let err = Problem::from_task("t", raw).unwrap_err().to_string();
            assert!(err.contains(says), "{err}");
        }
        assert!(Problem::from_task("a\u{1}b", b"{}").unwrap_err().to_string().contains("control characters"));
        let huge = format!(r#"{{"prompt": "{}"}}"#, "x".repeat(10 << 20));
        assert!(Problem::from_task("t", huge.as_bytes()).unwrap_err().to_string().contains("limit"));
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        assert!(Problem::parse("   ").unwrap_err().to_string().contains("empty"));
        let err = format!("{:#}", Problem::parse(r#"{"title": "x"}"#).unwrap_err());
        assert!(err.contains("question_content"), "{err}");
    }
}

#[cfg(test)]
#[path = "limits_tests.rs"]
mod limits_tests;
