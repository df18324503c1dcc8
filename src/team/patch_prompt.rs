//! What an agent working on a repository is shown: the task and its files
//! (the problem's statement), how to write an edit, how the tests stood
//! before any change; in a repair, its last answer and what went wrong.

use crate::model::Message;
use crate::problem::Problem;
use crate::repo::TestReport;

/// The edit format, said plainly; an example exchange follows it.
const EDIT_FORMAT: &str = "You change a repository's files to do a task. Answer with one SEARCH/REPLACE block \
for each change: the file's path on a line; <<<<<<< SEARCH; only the few lines to change, copied exactly as they \
are in the file, with their indentation; =======; the lines to put in their place; >>>>>>> REPLACE. Keep blocks \
short: never copy a whole function when one line changes. To create a file, leave SEARCH empty. Change tests only \
if the task asks for it.";

/// A worked exchange on another repository: small models keep a format they
/// have seen answered (told it in words, they echo the words or an example).
const EXAMPLE_TASK: &str = "area in geometry/shapes.py returns the wrong value for rectangles.

### geometry/shapes.py
```python
def area(width, height):
    return width * width
```";
const EXAMPLE_ANSWER: &str = "geometry/shapes.py
<<<<<<< SEARCH
    return width * width
=======
    return width * height
>>>>>>> REPLACE";

/// Characters of a test run's output shown to an agent.
const OUTPUT_CHARS: usize = 1_500;

/// Where the tests stood before any change, for the prompt.
pub fn tests_before(command: &str, before: &TestReport) -> String {
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
    out += &format!("\nThe end of its output:\n```\n{}\n```", tail(&before.tail));
    out
}

fn tail(text: &str) -> String {
    let skip = text.chars().count().saturating_sub(OUTPUT_CHARS);
    text.chars().skip(skip).collect::<String>().trim().to_string()
}

/// The first turn's messages: the format and a worked example, then the
/// task and files, the tests, and the format once more in a line.
pub fn propose_messages(problem: &Problem, tests: Option<&str>) -> Vec<Message> {
    let mut user = problem.statement.trim_end().to_string();
    if let Some(tests) = tests {
        user += &format!("\n\n{tests}");
    }
    user += "\n\nAnswer with SEARCH/REPLACE blocks for the files above.";
    vec![
        Message::system(EDIT_FORMAT),
        Message::user(EXAMPLE_TASK),
        Message::assistant(EXAMPLE_ANSWER),
        Message::user(user),
    ]
}

/// What went wrong with the agent's last answer.
pub enum Setback<'a> {
    /// Its blocks did not apply: why.
    EditFailed(&'a str),
    /// Its patch applied and the tests ran: which fail, and the output's end.
    TestsFailed { patch: &'a str, run: &'a TestReport },
}

/// A repair: the first turn's messages, the agent's last answer and what went wrong.
pub fn repair_messages(
    problem: &Problem,
    tests: Option<&str>,
    last_answer: &str,
    setback: &Setback<'_>,
) -> Vec<Message> {
    let mut messages = propose_messages(problem, tests);
    let what = match setback {
        Setback::EditFailed(why) => format!("Your edit could not be applied: {why}."),
        Setback::TestsFailed { patch, run } => {
            let failing = run.failing();
            let which = if failing.is_empty() {
                format!("the test command ends with {}", run.ending())
            } else {
                format!("these tests fail: {}", failing.iter().take(8).copied().collect::<Vec<_>>().join(", "))
            };
            format!(
                "Your change, as a patch:\n```diff\n{}\n```\nWith it, {which}. The end of the output:\n```\n{}\n```",
                patch.trim_end(),
                tail(&run.tail)
            )
        }
    };
    messages.push(Message::assistant(last_answer));
    messages.push(Message::user(format!(
        "{what}\nWrite the whole change again as SEARCH/REPLACE blocks against the files as shown above \
(they are unchanged), fixing the mistake."
    )));
    messages
}
