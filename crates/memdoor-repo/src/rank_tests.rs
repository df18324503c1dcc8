use std::time::Duration;

use super::*;
use crate::judge::sandbox::Exit;
use crate::patch::FileTouch;

fn report(outcomes: &[(&str, TestOutcome)]) -> TestReport {
    let failing = outcomes.iter().any(|(_, o)| matches!(o, TestOutcome::Fail | TestOutcome::Error));
    TestReport {
        status: Exit::Exited(if failing { 1 } else { 0 }),
        outcomes: Some(outcomes.iter().map(|(n, o)| (n.to_string(), *o)).collect()),
        tail: String::new(),
        failures: Vec::new(),
        wall: Duration::from_secs(1),
    }
}

fn exit_only(code: i32) -> TestReport {
    TestReport {
        status: Exit::Exited(code),
        outcomes: None,
        tail: String::new(),
        failures: Vec::new(),
        wall: Duration::ZERO,
    }
}

fn key(round: u32, agent: usize) -> DraftKey {
    DraftKey { round, agent }
}

use TestOutcome::{Fail, Pass};

#[test]
fn a_candidate_that_breaks_a_passing_test_is_ruled_out_whatever_it_fixes() {
    let before = report(&[("a", Pass), ("b", Fail), ("c", Fail)]);
    let breaks = report(&[("a", Fail), ("b", Pass), ("c", Pass)]);
    let fixes_one = report(&[("a", Pass), ("b", Pass), ("c", Fail)]);
    let s = standing(&before, &breaks);
    assert_eq!((s.fixed, s.broken.clone()), (2, vec!["a".to_string()]));
    let ballots = [
        Ballot { key: key(1, 0), patch: "breaks", run: &breaks, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 1), patch: "fixes one", run: &fixes_one, reproductions: 0, touched: &[] },
    ];
    let v = decide(&before, &ballots).unwrap();
    assert_eq!(v.answer, "fixes one");
    assert_eq!(
        v.decision,
        Decision::RepoTests { fixed: 1, failing_before: 2, failing_after: 1, per_test: true, reproduced: 0 }
    );
    assert!(!v.decision.unverified());
    // A test that is gone counts as broken: deleting the failing test is no fix.
    let deleted = report(&[("a", Pass), ("c", Pass)]);
    assert_eq!(standing(&report(&[("a", Pass), ("b", Pass)]), &deleted).broken, ["b"]);
}

#[test]
fn the_most_fixes_then_the_largest_cluster_then_the_earliest_win() {
    let before = report(&[("a", Pass), ("b", Fail), ("c", Fail)]);
    let all = report(&[("a", Pass), ("b", Pass), ("c", Pass)]);
    let one = report(&[("a", Pass), ("b", Pass), ("c", Fail)]);
    let ballots = [
        Ballot { key: key(1, 0), patch: "one", run: &one, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 1), patch: "one again", run: &one, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 2), patch: "one more", run: &one, reproductions: 0, touched: &[] },
        Ballot { key: key(2, 3), patch: "all, late", run: &all, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 4), patch: "all", run: &all, reproductions: 0, touched: &[] },
    ];
    let v = decide(&before, &ballots).unwrap();
    assert_eq!(v.answer, "all", "a complete patch beats a larger cluster of partial ones; the earliest draft speaks");
    assert_eq!((v.votes, v.agents.clone()), (2, vec![3, 4]));
    // A test a candidate adds does not split a cluster (each agent names its own): alike on the
    // repository's tests, one cluster, whose earliest draft speaks.
    let all_with_extra = report(&[("a", Pass), ("b", Pass), ("c", Pass), ("new", Pass)]);
    let alike = [
        Ballot { key: key(1, 1), patch: "second", run: &all_with_extra, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 0), patch: "first", run: &all, reproductions: 0, touched: &[] },
    ];
    let v = decide(&before, &alike).unwrap();
    assert_eq!((v.answer.as_str(), v.votes), ("first", 2));
    // Two clusters at the top, fixing as many: ties go to the earliest.
    let before = report(&[("a", Pass), ("b", Fail), ("c", Fail), ("d", Fail)]);
    let (b_c, b_d) = (
        report(&[("a", Pass), ("b", Pass), ("c", Pass), ("d", Fail)]),
        report(&[("a", Pass), ("b", Pass), ("c", Fail), ("d", Pass)]),
    );
    let tied = [
        Ballot { key: key(1, 1), patch: "second", run: &b_c, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 0), patch: "first", run: &b_d, reproductions: 0, touched: &[] },
    ];
    let v = decide(&before, &tied).unwrap();
    assert_eq!((v.answer.as_str(), v.votes), ("first", 1));
}

#[test]
fn without_outcomes_the_exit_status_decides_and_nothing_broken_stands() {
    let before = exit_only(1);
    let passes = exit_only(0);
    let fails = exit_only(1);
    let ballots = [
        Ballot { key: key(1, 0), patch: "fails", run: &fails, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 1), patch: "passes", run: &passes, reproductions: 0, touched: &[] },
    ];
    let v = decide(&before, &ballots).unwrap();
    assert_eq!(v.answer, "passes");
    assert_eq!(
        v.decision,
        Decision::RepoTests { fixed: 1, failing_before: 1, failing_after: 0, per_test: false, reproduced: 0 }
    );
    // Everything passed before: a candidate that makes the command fail is ruled out.
    assert!(decide(
        &exit_only(0),
        &[Ballot { key: key(1, 0), patch: "x", run: &fails, reproductions: 0, touched: &[] }]
    )
    .is_none());
    // A candidate that changes nothing the tests see is an answer, unverified.
    let v =
        decide(&exit_only(0), &[Ballot { key: key(1, 0), patch: "x", run: &passes, reproductions: 0, touched: &[] }])
            .unwrap();
    assert!(v.decision.unverified());
}

#[test]
fn a_run_whose_outcomes_vanish_breaks_what_passed() {
    let before = report(&[("a", Pass), ("b", Fail)]);
    let crashed = TestReport { outcomes: None, ..exit_only(2) };
    let s = standing(&before, &crashed);
    assert_eq!(s.broken, ["a"]);
    assert!(decide(&before, &[Ballot { key: key(1, 0), patch: "x", run: &crashed, reproductions: 0, touched: &[] }])
        .is_none());
}

#[test]
fn the_answer_lists_the_tests_that_tell_it_apart_failures_first_and_not_what_passes_as_before() {
    use TestOutcome::{Error, Skip};
    let before = report(&[("a", Pass), ("b", Fail), ("c", Fail), ("d", Error), ("e", Skip)]);
    let run = report(&[("a", Pass), ("b", Pass), ("c", Fail), ("d", Pass), ("e", Pass), ("new", Pass)]);
    let v =
        decide(&before, &[Ballot { key: key(1, 0), patch: "p", run: &run, reproductions: 0, touched: &[] }]).unwrap();
    let listed: Vec<(&str, Option<TestOutcome>, Option<TestOutcome>)> =
        v.tests.iter().map(|t| (t.name.as_str(), t.before, t.after)).collect();
    assert_eq!(
        listed,
        [
            ("c", Some(Fail), Some(Fail)),
            ("b", Some(Fail), Some(Pass)),
            ("d", Some(Error), Some(Pass)),
            ("e", Some(Skip), Some(Pass)),
            ("new", None, Some(Pass)),
        ],
        "a is left out: it passes as before"
    );
    assert!(v.tests[1].fixed() && !v.tests[4].fixed() && v.tests[4].passes());
    // Only the exit status known: nothing to list.
    assert!(test_changes(&exit_only(1), &exit_only(0)).is_empty());
    // A run naming thousands of failing tests lists at most MAX_TESTS_SHOWN.
    let many: Vec<(String, TestOutcome)> = (0..1000).map(|i| (format!("t{i}"), Fail)).collect();
    let many: Vec<(&str, TestOutcome)> = many.iter().map(|(n, o)| (n.as_str(), *o)).collect();
    assert_eq!(test_changes(&report(&many), &report(&many)).len(), MAX_TESTS_SHOWN);
}

#[test]
fn a_test_a_candidate_adds_that_fails_without_its_change_and_passes_with_it_goes_first_among_equals() {
    // Every test passes before: the repository's tests tell no candidate apart.
    let before = report(&[("t::a", Pass)]);
    let plain = report(&[("t::a", Pass)]);
    // Agent 1 adds t::new, which fails on the tree with its test alone and passes with its change.
    let alone = report(&[("t::a", Pass), ("t::new", Fail)]);
    let with = report(&[("t::a", Pass), ("t::new", Pass)]);
    assert_eq!(reproductions(&before, &alone, &with), ["t::new"]);
    // A test that passes without the change reproduces nothing; a test already there is no reproduction.
    assert!(reproductions(&before, &with, &with).is_empty());
    assert!(reproductions(&report(&[("t::a", Pass), ("t::new", Fail)]), &alone, &with).is_empty());
    // A test file that cannot even load without the change: its tests missing from a failed run.
    let unloadable = TestReport { outcomes: Some([("t.py".to_string(), TestOutcome::Error)].into()), ..exit_only(2) };
    assert_eq!(reproductions(&before, &unloadable, &with), ["t::new"]);
    // ...but only where the tree alone passed: a failing tree says nothing of why.
    assert!(reproductions(&report(&[("t::b", Fail)]), &unloadable, &with).is_empty());

    let ballots = [
        Ballot { key: key(1, 0), patch: "plain", run: &plain, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 1), patch: "plain again", run: &plain, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 2), patch: "reproduced", run: &with, reproductions: 1, touched: &[] },
    ];
    let v = decide(&before, &ballots).unwrap();
    assert_eq!(v.answer, "reproduced", "a reproduction outranks a larger cluster the tests cannot tell apart");
    assert_eq!(
        v.decision,
        Decision::RepoTests { fixed: 0, failing_before: 0, failing_after: 0, per_test: true, reproduced: 1 }
    );
    assert!(v.decision.unverified(), "its author's test is evidence, never a verification");
    assert!(v.decision.to_string().contains("1 reproduction(s) pass with it"), "{}", v.decision);
    // A change passing two agents' reproductions goes before one passing its own alone.
    let ballots = [
        Ballot { key: key(1, 0), patch: "own", run: &with, reproductions: 1, touched: &[] },
        Ballot { key: key(1, 1), patch: "confirmed", run: &plain, reproductions: 2, touched: &[] },
    ];
    let v = decide(&before, &ballots).unwrap();
    assert_eq!(
        (v.answer.as_str(), &v.decision),
        (
            "confirmed",
            &Decision::RepoTests { fixed: 0, failing_before: 0, failing_after: 0, per_test: true, reproduced: 2 }
        )
    );

    // Never before the repository's tests: a fix of a failing test outranks any reproduction.
    let before = report(&[("t::a", Fail)]);
    let fixes = report(&[("t::a", Pass)]);
    let reproduces = report(&[("t::a", Fail), ("t::new", Pass)]);
    let ballots = [
        Ballot { key: key(1, 0), patch: "reproduces", run: &reproduces, reproductions: 1, touched: &[] },
        Ballot { key: key(1, 1), patch: "fixes", run: &fixes, reproductions: 0, touched: &[] },
    ];
    assert_eq!(decide(&before, &ballots).unwrap().answer, "fixes");
}

fn touch(path: &str, definitions: &[&str]) -> Vec<FileTouch> {
    let definitions = definitions.iter().map(|d| d.to_string()).collect();
    vec![FileTouch { path: path.into(), definitions, added: 1, removed: 1, created: false }]
}

#[test]
fn patches_that_stand_and_change_other_definitions_are_the_answers_alternatives_best_first() {
    let before = report(&[("t::a", Fail), ("t::b", Pass)]);
    let (fixes, plain, breaks) = (
        report(&[("t::a", Pass), ("t::b", Pass)]),
        report(&[("t::a", Fail), ("t::b", Pass)]),
        report(&[("t::a", Pass), ("t::b", Fail)]),
    );
    let (add, add_too, double, parse, other_file) = (
        touch("calc.py", &["add"]),
        touch("calc.py", &["add"]),
        touch("calc.py", &["double"]),
        touch("calc.py", &["parse"]),
        touch("io.py", &["add"]),
    );
    let ballots = [
        Ballot { key: key(1, 0), patch: "add", run: &fixes, reproductions: 0, touched: &add },
        // The answer's definitions changed otherwise: no finding of its own.
        Ballot { key: key(1, 1), patch: "add, otherwise", run: &plain, reproductions: 0, touched: &add_too },
        Ballot { key: key(1, 2), patch: "parse", run: &plain, reproductions: 0, touched: &parse },
        Ballot { key: key(1, 3), patch: "double", run: &plain, reproductions: 0, touched: &double },
        Ballot { key: key(2, 2), patch: "double", run: &plain, reproductions: 0, touched: &double },
        // Breaks a test that passed: never an alternative.
        Ballot { key: key(1, 4), patch: "io", run: &breaks, reproductions: 0, touched: &other_file },
    ];
    let v = decide(&before, &ballots).unwrap();
    assert_eq!(v.answer, "add");
    let alternatives: Vec<(&str, &[usize])> =
        v.alternatives.iter().map(|a| (a.patch.as_str(), a.agents.as_slice())).collect();
    // Two drafts wrote `double` (agents 3 and 2): it goes before `parse`, written once.
    assert_eq!(alternatives, [("double", &[2, 3][..]), ("parse", &[2][..])]);
    assert_eq!(
        v.alternatives[0].decision,
        Decision::RepoTests { fixed: 0, failing_before: 1, failing_after: 1, per_test: true, reproduced: 0 }
    );
    assert_eq!(v.alternatives[0].tests.len(), 1, "t::a still failing is listed");
    // With nothing said of what patches change, there is one place, and no alternative.
    let ballots = [
        Ballot { key: key(1, 0), patch: "a", run: &fixes, reproductions: 0, touched: &[] },
        Ballot { key: key(1, 1), patch: "b", run: &plain, reproductions: 0, touched: &[] },
    ];
    assert!(decide(&before, &ballots).unwrap().alternatives.is_empty());
}

#[test]
fn a_test_rewritten_to_pass_keeps_the_outcome_it_has_as_it_was_written() {
    let mut whole = report(&[("t::a", Pass), ("t::b", Pass), ("t::new", Pass)]);
    whole.tail = "whole".into();
    let mut as_were = report(&[("t::a", Fail), ("t::b", Pass), ("t::gone", Pass)]);
    as_were.tail = "as they were".into();
    let run = whole.clone().strictest(as_were.clone());
    let outcomes: Vec<(&str, TestOutcome)> =
        run.outcomes.as_ref().unwrap().iter().map(|(n, o)| (n.as_str(), *o)).collect();
    // t::a fails as written by the repository; t::gone is removed by the patch; t::new is its own.
    assert_eq!(outcomes, [("t::a", Fail), ("t::b", Pass), ("t::new", Pass)]);
    assert_eq!((run.status, run.tail.as_str()), (Exit::Exited(1), "as they were"), "the worse ending, with its output");
    let before = report(&[("t::a", Fail), ("t::b", Pass), ("t::gone", Pass)]);
    let s = standing(&before, &run);
    assert_eq!((s.fixed, s.broken.as_slice()), (0, &["t::gone".to_string()][..]));
    // A run that read no outcomes makes the whole unread: the candidate did not get as far as its tests.
    let crashed = exit_only(2);
    let run = whole.strictest(crashed);
    assert!(run.outcomes.is_none() && run.status == Exit::Exited(2));
}
