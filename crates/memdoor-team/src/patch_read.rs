//! An agent's answer read as a patch (#63 items 3 and 4): its edits in
//! whatever form it wrote them (`repo::parse_edits`), applied to the
//! session's copy; where they fail or change nothing, the sentences that
//! state an edit (`repo::edit::prose_edits`) — small models asked to say
//! first what changes often say it and stop there. An answer that holds no
//! edit at all, hands the code back unchanged or repeats a patch the tests
//! already failed is **no draft**: the agent is asked once more in the same round,
//! at a seed of its own, told what to do (`reask_messages`), and the draft records why
//! (`Draft::reasked`).

use crate::domain::NoCode;
use crate::model::{Message, Sampling};
use crate::repo::edit::prose_edits;
use crate::repo::fences::longest_backtick_run;
use crate::repo::{parse_edits, patch, Candidate, Edit, EditError, RepoTask};

use super::patch_prompt::{Focus, PatchAsk, EXAMPLE_PATH};
use super::plan::fresh_seed;

/// A patch read from an answer: the candidate and its unified diff.
pub(super) type Patch = (Candidate, String);

/// Why an answer is no patch: in words, for the agent and the memory, and
/// — when it is no draft at all rather than an edit that failed — which kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Unpatched {
    pub why: String,
    pub no_draft: Option<NoCode>,
}

/// `text` as a patch on `work`'s copy; `judged`: the diffs of the patches
/// the tests failed before this round, which an answer may not hand in again.
pub(super) fn read_patch(text: &str, work: &RepoTask, judged: &[&str]) -> Result<Patch, Unpatched> {
    let blocks = parse_edits(text, &work.shown).map_err(Failure::Edit).and_then(|edits| apply(&edits, work));
    let candidate = match blocks {
        Ok(c) => c,
        // The blocks failed or changed nothing: a sentence may still say the change.
        Err(first) => match prose_edits(text, &work.shown) {
            edits if edits.is_empty() => return Err(first.unpatched()),
            edits => apply(&edits, work).map_err(|_| first.unpatched())?,
        },
    };
    let diff = patch::unified(&candidate);
    if judged.contains(&diff.as_str()) {
        return Err(Unpatched {
            why: "it is a patch the tests already failed in an earlier round: the same change again".into(),
            no_draft: Some(NoCode::Repeated),
        });
    }
    work.keep(&diff, &candidate);
    Ok((candidate, diff))
}

/// Why reading an answer's edits failed.
enum Failure {
    Edit(EditError),
    /// The edits are the worked example's, not this repository's.
    CopiedExample(String),
}

impl Failure {
    fn unpatched(self) -> Unpatched {
        match self {
            Failure::Edit(e) => {
                let no_draft = match e {
                    EditError::NoBlocks => Some(NoCode::NoEdit),
                    EditError::NoChange => Some(NoCode::Unchanged),
                    _ => None,
                };
                Unpatched { why: e.to_string(), no_draft }
            }
            Failure::CopiedExample(why) => Unpatched { why, no_draft: None },
        }
    }
}

fn apply(edits: &[Edit], work: &RepoTask) -> Result<Candidate, Failure> {
    if let Some(why) = copied_example(edits, work) {
        return Err(Failure::CopiedExample(why));
    }
    work.bench.apply(edits).map_err(Failure::Edit)
}

/// Why an answer is the worked example's and not a change to this
/// repository: it edits the example's file, which the repository has not
/// (coder-0.5b answered with the example itself in 10 of 18 repositories,
/// docs/benchmarks.md) — a new file there would otherwise be a patch.
fn copied_example(edits: &[Edit], work: &RepoTask) -> Option<String> {
    let example = std::path::Path::new(EXAMPLE_PATH);
    let copied = edits.iter().any(|e| e.path.as_path() == example) && !work.bench.is_tracked(example);
    copied.then(|| format!("it edits {EXAMPLE_PATH}, the worked example's file, not one of this repository's"))
}

/// The second ask of an agent whose answer (to `first`) was no draft.
/// Where there is a focus (`PatchAsk::focus`): for code handed back
/// unchanged or a failed patch again, the problem form (`problem_form`: the
/// body left out); for an answer with no edit, the focused form — the task,
/// that function alone as it is now, how the tests fail, and one fenced
/// block asked for, nothing else. Else the same messages with what to do
/// said at the end. Never the answer itself: shown its own answer,
/// coder-0.5b wrote it again word for word (1 of 64 second answers became a
/// patch, docs/benchmarks.md).
pub(super) fn reask_messages(ask: &PatchAsk<'_>, why: NoCode, first: &[Message]) -> Vec<Message> {
    let what = match why {
        NoCode::Unchanged => {
            "The code you write must differ from the file as it is: code copied back unchanged changes nothing."
        }
        NoCode::Repeated => "A change already tried did not do the task: write a different one.",
        NoCode::NoEdit | NoCode::Empty | NoCode::Placeholder => "Do not only describe the change: write the code.",
    };
    if let (NoCode::Unchanged | NoCode::Repeated, Some(focus)) = (why, &ask.focus) {
        if let Some(messages) = problem_form(ask, focus, why) {
            return messages;
        }
    }
    let Some(focus) = &ask.focus else {
        let mut messages = first.to_vec();
        let more = format!("{what} Write the change now, {}.", ask.style.again());
        match messages.last_mut() {
            Some(last) if last.role == "user" => last.content = format!("{}\n\n{more}", last.content),
            _ => messages.push(Message::user(more)),
        }
        return messages;
    };
    let Focus { name, path, text, tag } = focus;
    let fence = "`".repeat(longest_backtick_run(text).max(2) + 1);
    let mut user = format!("{}\n\n`{name}` of {path} as it is now:\n{fence}{tag}\n{text}\n{fence}", ask.task());
    if let Some(tests) = ask.tests {
        user += &format!("\n\n{tests}");
    }
    user += &format!(
        "\n\n{what} Write the whole new `{name}` with the change made, in one {fence}{tag} block, and nothing else."
    );
    vec![Message::system(FOCUSED_FORMAT), Message::user(user)]
}

/// The second ask of an agent that handed the code back unchanged or
/// wrote a failed patch again, in the problem form: the file with the
/// focus's body left out (its signature, docstring and the rest of the file
/// stay), how the tests fail, and the function asked for whole. Shown the
/// body, coder-0.5b copied it back (1 of 46 such second asks became a
/// patch, docs/benchmarks.md); asked for a function by its signature and
/// examples, it writes one. `None` when the file or its language is not read.
fn problem_form(ask: &PatchAsk<'_>, focus: &Focus, why: NoCode) -> Option<Vec<Message>> {
    let Focus { name, path, text, tag } = focus;
    let (repo_path, file) = ask.shown.iter().find(|(p, _)| p.to_string() == *path)?;
    let lang = crate::repo::lang::Language::of(repo_path.as_path())?;
    let head = lang.head_of(text);
    let indent: String = head
        .lines()
        .find(|l| !l.trim_start().starts_with(['@', '#', '/']))
        .map(|l| l.chars().take_while(|c| c.is_whitespace()).collect())
        .unwrap_or_default();
    let left_out = match lang {
        crate::repo::lang::Language::Python => format!("{indent}    ...  # the body, left out\n"),
        _ => format!("{indent}    // the body, left out\n{indent}}}\n"),
    };
    let shown = file.replacen(text.as_str(), &format!("{}{}", head, left_out.trim_end()), 1);
    let fence = "`".repeat(longest_backtick_run(&shown).max(2) + 1);
    let what = match why {
        NoCode::Repeated => "A change already tried did not do the task.",
        _ => "Its body as it was does not do the task.",
    };
    let mut user = format!(
        "{}\n\n{path}, with the body of `{name}` left out:\n{fence}{tag}\n{}\n{fence}",
        ask.task(),
        shown.trim_end()
    );
    if let Some(tests) = ask.tests {
        user += &format!("\n\n{tests}");
    }
    user += &format!(
        "\n\n{what} Write `{name}` whole — its signature as it is and a body of your own that does the task — in \
one {fence}{tag} block, and nothing else."
    );
    Some(vec![Message::system(FOCUSED_FORMAT), Message::user(user)])
}

/// The focused ask's system message.
const FOCUSED_FORMAT: &str =
    "You change one function of a repository to do a task. Answer with the whole changed function in one fenced \
code block, and nothing else: no explanation, no example.";

/// The sampling of an agent's turn in `round`: its own in round 1, a seed
/// of the round's after (the same seed and a near-same prompt drew the same
/// repair token for token, #63); a second ask in the round, another seed yet.
pub(super) fn turn_sampling(own: &Sampling, round: u32, asked_again: bool) -> Sampling {
    let seed = match (round, asked_again) {
        (0 | 1, false) => own.seed,
        (_, false) => fresh_seed(own.seed, round),
        (_, true) => fresh_seed(own.seed, round).wrapping_add(REASK_SEED_OFFSET),
    };
    Sampling { seed, ..own.clone() }
}

/// Far from any agent's own seed (the config's seed plus the agent's index).
const REASK_SEED_OFFSET: u64 = 500;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_round_and_every_second_ask_draws_at_a_seed_of_its_own() {
        let own = Sampling { seed: 42, ..Sampling::default() };
        let seeds: Vec<u64> = [(1, false), (1, true), (2, false), (2, true), (3, false)]
            .iter()
            .map(|&(round, again)| turn_sampling(&own, round, again).seed)
            .collect();
        assert_eq!(seeds[0], 42, "round 1 keeps the agent's own seed");
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len(), "{seeds:?}");
        // Another agent's seeds (43 …) do not meet these.
        let other = Sampling { seed: 43, ..Sampling::default() };
        for (round, again) in [(1, false), (1, true), (2, false), (2, true)] {
            assert!(!seeds.contains(&turn_sampling(&other, round, again).seed), "{round} {again}");
        }
    }

    #[test]
    fn the_second_ask_shows_the_named_function_alone_or_says_what_to_do_after_the_first() {
        let calc = "def add(a, b):\n    return a - b\n";
        let statement = format!(
            "add in calc.py subtracts\n\n{}\n### calc.py\n```python\n{calc}```\n",
            crate::repo::fences::FILES_HEADING
        );
        let problem = crate::problem::Problem::from_text(&statement).unwrap();
        let shown = vec![(crate::repo::RepoPath::parse("calc.py").unwrap(), calc.to_string())];
        let ask = PatchAsk::new(&problem, Some("Before any change: test_add fails."), &shown);
        let first = vec![Message::system("format"), Message::user("the whole first ask")];
        let focused = reask_messages(&ask, NoCode::NoEdit, &first);
        let user = &focused[1].content;
        assert!(user.starts_with("add in calc.py subtracts\n\n`add` of calc.py as it is now:\n```python\ndef add(a, b):\n    return a - b\n```"), "{user}");
        assert!(
            user.contains("test_add fails")
                && user.contains("Do not only describe the change")
                && user.ends_with("and nothing else."),
            "{user}"
        );
        // Code handed back unchanged: the problem form, the body left out.
        let problem = reask_messages(&ask, NoCode::Unchanged, &first);
        let user = &problem[1].content;
        assert!(
            user.starts_with("add in calc.py subtracts\n\ncalc.py, with the body of `add` left out:\n```python\ndef add(a, b):\n    ...  # the body, left out\n```"),
            "{user}"
        );
        assert!(
            !user.contains("a - b") && user.contains("test_add fails") && user.contains("a body of your own"),
            "{user}"
        );
        assert!(!user.contains(crate::repo::fences::FILES_HEADING), "the function alone, not the files: {user}");
        // A task that names no function: the first ask, with what to do at its end, and no answer in it.
        let vague = crate::problem::Problem::from_text(&statement.replace("add in calc.py", "the sum")).unwrap();
        let ask = PatchAsk::new(&vague, None, &shown);
        let again = reask_messages(&ask, NoCode::NoEdit, &first);
        assert_eq!(again.len(), 2);
        assert!(again[1]
            .content
            .starts_with("the whole first ask\n\nDo not only describe the change: write the code."));
    }
}
