//! Unit tests of `distinguish.rs`; their helpers serve `split_majority.rs`'s too.

use super::*;
use crate::judge::grade::TestVerdict;

pub(crate) fn out(k: &str) -> TestResult {
    TestResult { verdict: TestVerdict::Ran, got: None, key: Some(k.into()), error: None }
}
pub(crate) fn crash() -> TestResult {
    TestResult { verdict: TestVerdict::RuntimeError, got: None, key: None, error: Some("x".into()) }
}

#[test]
fn only_inputs_where_the_two_differ_count_and_crashes_side_with_no_one() {
    let a = vec![out("1"), out("5")];
    let b = vec![out("1"), out("6")];
    let all = vec![a.clone(), b.clone(), vec![out("1"), out("6")], vec![crash(), crash()], vec![out("2"), out("7")]];
    assert_eq!(side_votes(&a, &b, &all), (1, 1, 2));
}

#[test]
fn predictions_match_answers_by_value_not_by_spelling() {
    let f = Mode::Functional { fn_name: "f".into() };
    assert!(same_answer(&f, "[1, 2]", "[1,2]"));
    assert!(same_answer(&f, "True", "true"));
    assert!(!same_answer(&f, "[2, 1]", "[1, 2]"));
    assert!(same_answer(&Mode::Stdin, "  3\n 4 \n", "3\n4"));
    assert!(!same_answer(&Mode::Stdin, "3", "3\n4"));
    assert!(same_answer(&f, "1", "1.0"), "the grader's ==: 1 == 1.0");
    assert!(same_answer(&f, "True", "1"), "the grader's ==: True == 1");
    assert!(!same_answer(&f, "18446744073709551617", "18446744073709551616"), "big integers exactly");
    assert!(same_answer(&Mode::Stdin, "0.50\n", "0.5"), "stdin numbers as decimals");
    assert!(!same_answer(&f, "not a value", "1"));
}

#[test]
fn a_functions_input_takes_as_many_arguments_as_its_first_example() {
    let lcb = serde_json::json!({
        "question_content": "Return the values in exactly one of a and b.",
        "starter_code": "class Solution:\n    def f(self, a: List[int], b: List[int]) -> List[int]:\n        ",
        "public_test_cases": "[{\"input\": \"[5,1]\\n[3]\", \"output\": \"[1,3,5]\", \"testtype\": \"functional\"}]",
        "metadata": "{\"func_name\": \"f\"}",
    });
    let p = Problem::from_task("t", lcb.to_string().as_bytes()).unwrap();
    assert!(in_form(&p, "[1]\n[2, 3]\n"));
    assert!(!in_form(&p, "[1, 4, 6]"), "one array of two");
    assert!(!in_form(&p, "[1]\n[2]\n[3]"), "three inputs in one block");
    let text = ask_text(&p, "A", "B");
    assert!(text.contains("exactly in the form of this example input:\n```input\n[5,1]\n[3]\n```"), "{text}");
    let stdin = Problem::from_text("Read two lines and print them.").unwrap();
    assert!(in_form(&stdin, "anything\n"), "stdin has no argument count");
}

#[test]
fn a_crash_of_one_side_is_a_difference() {
    let a = vec![out("3")];
    let b = vec![crash()];
    let all = vec![a.clone(), b.clone(), vec![out("3")]];
    assert_eq!(side_votes(&a, &b, &all), (1, 2, 0));
}

pub(crate) fn key(agent: usize) -> DraftKey {
    DraftKey { round: 1, agent }
}

pub(crate) fn draft(code: &str) -> Draft {
    Draft {
        text: String::new(),
        code: Some(code.into()),
        finish: crate::domain::FinishReason::Stop,
        usage: Default::default(),
        repairs: Vec::new(),
        reasked: None,
    }
}

fn cluster(agents: &[usize], answer: &str, passes: bool) -> Cluster {
    Cluster {
        drafts: agents.iter().map(|&a| key(a)).collect(),
        answer: answer.into(),
        tests_passed: 2,
        all_public_pass: passes,
    }
}

#[test]
fn rivals_are_two_passing_clusters_or_two_programs_of_a_cluster_without_a_majority() {
    let drafts = [draft("a"), draft("b"), draft("a"), draft("x"), draft("y")];
    let pool: Vec<(DraftKey, &Draft)> = drafts.iter().enumerate().map(|(i, d)| (key(i), d)).collect();
    assert_eq!(rivals(&[cluster(&[0], "a", true), cluster(&[1], "b", true)], &pool), Some((key(0), key(1), true)));
    assert_eq!(rivals(&[cluster(&[0, 1], "a", true), cluster(&[3], "x", false)], &pool), Some((key(0), key(1), false)));
    assert_eq!(rivals(&[cluster(&[0, 1, 2], "a", true)], &pool), None, "a majority of the ballots stands");
    assert_eq!(rivals(&[cluster(&[0, 2], "a", true)], &pool), None, "the same code twice is nothing to tell apart");
    assert_eq!(rivals(&[cluster(&[3], "x", false), cluster(&[4], "y", false)], &pool), None);
}

#[test]
fn a_split_puts_the_drafts_answering_like_b_first() {
    let mut clusters = vec![cluster(&[0, 1, 2], "a", true), cluster(&[3], "x", false)];
    let (ra, rb) = (vec![out("1"), out("same")], vec![out("2"), out("same")]);
    let ran = vec![
        (key(0), ra.clone()),
        (key(1), rb.clone()),
        (key(2), vec![out("2"), out("other")]),
        (key(3), vec![out("2"), out("same")]),
    ];
    split_first(&mut clusters, &ran, &ra, &rb, "b");
    let firsts: Vec<(Vec<usize>, &str)> =
        clusters.iter().map(|c| (c.drafts.iter().map(|k| k.agent).collect(), c.answer.as_str())).collect();
    assert_eq!(
        firsts,
        [(vec![1, 2], "b"), (vec![0], "a"), (vec![3], "x")],
        "only the telling input counts; failing drafts stay out"
    );
}

#[test]
fn b_leads_its_split_even_where_it_failed_a_telling_input() {
    let mut clusters = vec![cluster(&[0, 1, 2], "a", true)];
    let (ra, rb) = (vec![out("1"), out("7")], vec![crash(), out("8")]);
    let ran = vec![(key(0), ra.clone()), (key(1), rb.clone()), (key(2), vec![out("2"), out("8")])];
    split_first(&mut clusters, &ran, &ra, &rb, "    return b\n");
    let firsts: Vec<(Vec<usize>, &str)> =
        clusters.iter().map(|c| (c.drafts.iter().map(|k| k.agent).collect(), c.answer.as_str())).collect();
    assert_eq!(
        firsts,
        [(vec![1, 2], "    return b\n"), (vec![0], "a")],
        "B and the draft answering as B where B answered"
    );
}

#[test]
fn no_drafts_promote_nothing_and_an_answer_keeps_its_indentation() {
    let mut clusters = vec![cluster(&[0, 1], "a", true)];
    promote(&mut clusters, &[], "b");
    assert_eq!(clusters.len(), 1);
    assert_eq!(clusters[0].drafts, [key(0), key(1)]);
    let drafts = [draft("    return x\n")];
    let pool: Vec<(DraftKey, &Draft)> = vec![(key(0), &drafts[0])];
    assert_eq!(answer_of(&pool, key(0)), Some("    return x\n"), "a HumanEval body runs after its prompt");
    assert_eq!(code_of(&pool, key(0)), Some("return x"));
}
