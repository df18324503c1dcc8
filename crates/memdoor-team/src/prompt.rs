//! What an agent is shown in each round. Round 1 (propose): the problem alone.
//! Later rounds (refine): the problem, the agent's own last draft, and the
//! others' drafts and notes from the shared memory — cut to fit the context.

use crate::judge::grade::TestResult;
use crate::memory::{Entry, EntryKind};
use crate::model::Message;
use crate::problem::{Problem, TestCase};

/// Conservative characters per token for budgeting (code averages ~3 with
/// SmolLM2's tokenizer); erring low keeps prompts inside the context.
const CHARS_PER_TOKEN: usize = 2;
/// Room for the problem's own prompt, the template and the instructions.
const FIXED_PROMPT_TOKENS: usize = 400;
/// A draft shown to others is cut to this many characters at most.
pub(super) const MAX_DRAFT_CHARS: usize = 2400;

// Code first: asked for a note first, small models (Qwen2.5-Coder-0.5B)
// wrote the note and no code, or looped in it to the token limit.
const REFINE_INSTRUCTIONS: &str = "Above are drafts from your teammates for the same problem. \
Write your best solution as one complete ```python code block. \
Then add one short line starting with \"Note:\" saying what you changed or why you kept it.";

/// Cuts `text` to at most `max` characters, saying so when it does.
pub(super) fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let kept: String = text.chars().take(max.saturating_sub(20)).collect();
    format!("{kept}\n… (cut to fit)")
}

/// The latest draft and note of every agent from the memory, by agent.
fn latest(entries: &[Entry], kind: EntryKind) -> std::collections::BTreeMap<usize, &Entry> {
    let mut by_agent = std::collections::BTreeMap::new();
    for e in entries.iter().filter(|e| e.kind == kind) {
        if let Some(a) = e.agent {
            by_agent.insert(a, e);
        }
    }
    by_agent
}

/// A draft as a teammate reads it: code in a fence, words (a draft with no
/// code) as they are.
pub(super) fn as_shown(draft: &Entry, chars: usize) -> String {
    if draft.prose {
        format!("(no code) {}\n", cut(&draft.content, chars))
    } else {
        format!("```python\n{}\n```\n", cut(&draft.content, chars))
    }
}

/// Messages for `agent` in `round`, given the memory so far.
pub fn messages_for(
    problem: &Problem,
    agent: usize,
    round: u32,
    memory: &[Entry],
    context_tokens: Option<usize>,
    max_tokens: usize,
    failures: &[(TestCase, TestResult)],
) -> Vec<Message> {
    let mut messages = problem.messages();
    if round <= 1 {
        return messages;
    }
    let drafts = latest(memory, EntryKind::Draft);
    let notes = latest(memory, EntryKind::Note);
    let others: Vec<usize> = drafts.keys().copied().filter(|a| *a != agent).collect();
    if others.is_empty() {
        return messages;
    }
    let budget_tokens = context_tokens
        .unwrap_or(8192)
        .saturating_sub(max_tokens + FIXED_PROMPT_TOKENS + problem.statement.len() / CHARS_PER_TOKEN);
    let per_draft = (budget_tokens * CHARS_PER_TOKEN / (others.len() + 1)).min(MAX_DRAFT_CHARS);

    let mut shown = String::new();
    if let Some(own) = drafts.get(&agent) {
        shown += &format!("Your previous draft:\n{}\n", as_shown(own, per_draft));
    }
    shown += &failures_shown(failures);
    for a in &others {
        shown += &format!("Teammate A{a}'s draft:\n{}", as_shown(drafts[a], per_draft));
        if let Some(n) = notes.get(a) {
            shown += &format!("A{a}'s note: {}\n", cut(&n.content, 300));
        }
        shown += "\n";
    }
    let last = messages.last_mut().expect("a problem has a user message");
    last.content = format!("{}\n\n{shown}{REFINE_INSTRUCTIONS}", last.content.trim_end());
    messages
}

/// The tests a draft failed, as its author is shown them (three at most).
pub(super) fn failures_shown(failures: &[(TestCase, TestResult)]) -> String {
    let mut shown = String::new();
    for (test, result) in failures.iter().take(3) {
        let error = result.error.as_deref().map(|e| format!("Error: {}\n", cut(e, 300))).unwrap_or_default();
        shown += &match &test.output {
            Some(expected) => format!(
                "Your draft failed a test ({:?}).\nInput:\n{}\nExpected:\n{}\nGot:\n{}\n{error}\n",
                result.verdict,
                cut(&test.input, 300),
                cut(expected, 300),
                cut(result.got.as_deref().unwrap_or(""), 300),
            ),
            // A teammate's input: no output is known, only that the draft did not finish well.
            None => {
                let what = if result.verdict == crate::judge::grade::TestVerdict::TimeLimit {
                    "ran out of time"
                } else {
                    "crashed"
                };
                format!(
                    "On an input a teammate wrote, your draft {what}.\nInput:\n{}\n{error}\n",
                    cut(&test.input, 300)
                )
            }
        };
    }
    shown
}

/// Adds the user's feedback (a re-prompt) to the last user message.
pub(crate) fn with_feedback(messages: &mut [Message], feedback: &str) {
    if let Some(last) = messages.last_mut() {
        last.content = format!(
            "{}\n\nThe user read the team's answer and says: {}\nTake this into account in your solution.",
            last.content.trim_end(),
            feedback.trim()
        );
    }
}

/// Adds `role` (a persona line) to the system prompt, or makes it the system
/// prompt. Note that a model's template may then drop its own default one.
pub(crate) fn with_role(mut messages: Vec<Message>, role: Option<&str>) -> Vec<Message> {
    let Some(role) = role.map(str::trim).filter(|r| !r.is_empty()) else { return messages };
    match messages.first_mut() {
        Some(first) if first.role == "system" => first.content = format!("{}\n\n{role}", first.content.trim_end()),
        _ => messages.insert(0, Message::system(role)),
    }
    messages
}

// The Mixture-of-Agents aggregation prompt (Wang et al., 2024), asking for code.
const AGGREGATE_INSTRUCTIONS: &str =
    "You have been provided with a set of solutions from various agents to the problem above. \
Your task is to synthesize these solutions into a single, high-quality solution. Critically evaluate them, \
recognizing that some may be incorrect. Do not simply copy one: write the most correct and complete solution \
as one complete ```python code block.";

/// Messages for the aggregator: the problem, then every draft, cut to fit.
pub(crate) fn aggregate_messages(
    problem: &Problem,
    drafts: &[(usize, String)],
    context_tokens: Option<usize>,
    max_tokens: usize,
) -> Vec<Message> {
    let mut messages = problem.messages();
    let budget_tokens = context_tokens
        .unwrap_or(8192)
        .saturating_sub(max_tokens + FIXED_PROMPT_TOKENS + problem.statement.len() / CHARS_PER_TOKEN);
    let per_draft = (budget_tokens * CHARS_PER_TOKEN / drafts.len().max(1)).min(MAX_DRAFT_CHARS);
    let mut shown = String::new();
    for (i, (_, code)) in drafts.iter().enumerate() {
        shown += &format!("Solution {}:\n```python\n{}\n```\n\n", i + 1, cut(code, per_draft));
    }
    let last = messages.last_mut().expect("a problem has a user message");
    last.content = format!("{}\n\n{shown}{AGGREGATE_INSTRUCTIONS}", last.content.trim_end());
    messages
}

/// The note in a refine answer: its line starting with "Note:" outside the
/// last code block (asked for after the code), else the text before that
/// block (models that wrote it first).
pub fn note_of(answer: &str) -> Option<String> {
    let fences: Vec<usize> = answer.match_indices("```").map(|(i, _)| i).collect();
    let (before, after) = match fences.len() {
        n if n >= 2 => (&answer[..fences[n - 2]], &answer[fences[n - 1] + 3..]),
        _ => (answer, ""),
    };
    let noted = after.lines().chain(before.lines()).map(str::trim).find_map(|l| l.strip_prefix("Note:"));
    let note = noted.unwrap_or(before).trim().trim_start_matches("Note:").trim();
    (!note.is_empty()).then(|| cut(note, 600))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(agent: usize, code: &str) -> Entry {
        Entry::new("t", 1, Some(agent), EntryKind::Draft, code)
    }

    #[test]
    fn round_one_is_the_problem_alone() {
        let p = Problem::from_text("Write f.").unwrap();
        assert_eq!(messages_for(&p, 0, 1, &[draft(1, "x")], Some(4096), 256, &[]), p.messages());
    }

    #[test]
    fn refine_shows_own_and_others_drafts_and_notes() {
        let p = Problem::from_text("Write f.").unwrap();
        let mut memory = vec![draft(0, "def f(): return 0"), draft(1, "def f(): return 1")];
        memory.push(Entry::new("t", 1, Some(1), EntryKind::Note, "A0 forgot the edge case"));
        let m = messages_for(&p, 0, 2, &memory, Some(4096), 256, &[]);
        let text = &m.last().unwrap().content;
        assert!(text.starts_with("Write f."));
        assert!(text.contains("Your previous draft:\n```python\ndef f(): return 0"));
        assert!(text.contains("Teammate A1's draft:\n```python\ndef f(): return 1"));
        assert!(text.contains("A1's note: A0 forgot the edge case"));
        assert!(text.ends_with(REFINE_INSTRUCTIONS));
    }

    #[test]
    fn a_draft_with_no_code_is_shown_as_words_not_as_code() {
        let p = Problem::from_text("Write f.").unwrap();
        let memory = vec![draft(0, "def f(): return 0"), Entry::prose_draft("t", 1, 1, "Use a loop.")];
        let text = messages_for(&p, 0, 2, &memory, Some(4096), 256, &[]).pop().unwrap().content;
        assert!(text.contains("Teammate A1's draft:\n(no code) Use a loop.\n"), "{text}");
        assert!(!text.contains("```python\nUse a loop."), "{text}");
    }

    #[test]
    fn drafts_are_cut_to_fit_a_small_context() {
        let p = Problem::from_text("Write f.").unwrap();
        let memory: Vec<Entry> = (0..5).map(|a| draft(a, &"x = 1\n".repeat(2000))).collect();
        let m = messages_for(&p, 0, 2, &memory, Some(2048), 512, &[]);
        let text = &m.last().unwrap().content;
        assert!(text.contains("(cut to fit)"));
        // At the conservative characters-per-token rate, prompt + answer fit.
        let estimate = text.chars().count() / CHARS_PER_TOKEN;
        assert!(estimate + 512 <= 2048, "{estimate} tokens estimated");
    }

    #[test]
    fn a_role_joins_or_becomes_the_system_prompt() {
        let user = vec![Message::user("Write f.")];
        assert_eq!(with_role(user.clone(), None), user);
        assert_eq!(with_role(user.clone(), Some("  ")), user);
        assert_eq!(
            with_role(user.clone(), Some("Be terse.")),
            vec![Message::system("Be terse."), Message::user("Write f.")]
        );
        let sys = vec![Message::system("Rules."), Message::user("Write f.")];
        assert_eq!(with_role(sys, Some("Be terse."))[0], Message::system("Rules.\n\nBe terse."));
    }

    #[test]
    fn the_note_is_the_text_before_the_last_block() {
        assert_eq!(note_of("Note: A1 is right.\n```python\nx\n```").as_deref(), Some("A1 is right."));
        assert_eq!(note_of("```python\nx\n```"), None);
        assert_eq!(
            note_of("```python\nx\n```\nNote: fixed the empty case.\nNote: again").as_deref(),
            Some("fixed the empty case.")
        );
        assert_eq!(note_of("Thinking.\n```python\nx\n```\nNote: kept A1's loop.").as_deref(), Some("kept A1's loop."));
    }
}
