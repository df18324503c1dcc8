//! The team's mechanisms on scripted agents (real sandbox, real python3):
//! every draft of every round is a ballot, the rounds stop once a passing
//! cluster holds a majority (once any draft passes: from round 1 on by
//! default, from round 2 on with repairs after a pass, as in most of these
//! tests), an agent whose draft passes
//! rests while the others repair alone, fresh
//! drafts replace repairs while nothing passes (and, turned on, framed
//! proposals open round 1 the same way), distinguishing inputs part
//! two passing programs (turned on, a passing majority of different programs
//! too), and a lead takes the turns small agents do badly.
//! What counts as a draft is in `team_drafts`.

use memdoor::domain::{TeamEvent, Turn};
use memdoor::team::Mechanisms;
use memdoor_testkit::scripted::fenced;

use super::scripted_team::{reverse_problem, run, run_led, wrong, Run, DOUBLES_ONE, PLAIN, RIGHT};

#[tokio::test]
async fn the_team_stops_once_a_passing_cluster_holds_a_majority() {
    let scripts = vec![
        vec![fenced(RIGHT)],
        vec![fenced(RIGHT)],
        vec![fenced(RIGHT)],
        vec![fenced(&wrong(3))],
        vec![fenced(&wrong(4))],
    ];
    // One answer each: a second round would find no script left and fail the test.
    let r = run(scripts, 3, PLAIN).await;
    assert_eq!((r.verdict.answer.as_str(), r.verdict.votes), (RIGHT.trim_end(), 3));
    assert!(r.notes.iter().any(|n| n.starts_with("stopping early: 3 of 5 drafts")), "{:?}", r.notes);
    let rounds = r.events.iter().filter(|e| matches!(e, TeamEvent::RoundFinished { .. })).count();
    assert_eq!(rounds, 1);
}

#[tokio::test]
async fn from_the_second_round_on_the_team_goes_on_only_while_no_draft_passes() {
    // Round 2 brings one passing draft of ten (no majority): a third round would find no script left.
    let mut scripts = vec![vec![fenced(&wrong(0)), fenced(RIGHT)]];
    scripts.extend((1..5).map(|i| vec![fenced(&wrong(i)), fenced(&wrong(i + 10))]));
    let r = run(scripts, 4, PLAIN).await;
    let rounds = r.events.iter().filter(|e| matches!(e, TeamEvent::RoundFinished { .. })).count();
    assert_eq!(rounds, 2, "{:?}", r.notes);
    assert!(r.notes.iter().any(|n| n.starts_with("stopping: 1 of 10 drafts pass")), "{:?}", r.notes);
    assert_eq!(r.verdict.answer, RIGHT.trim_end());
    // While nothing passes, every round asked for is run.
    let scripts: Vec<Vec<String>> = (0..5).map(|i| (0..3).map(|k| fenced(&wrong(i + 10 * k))).collect()).collect();
    let r = run(scripts, 3, PLAIN).await;
    let rounds = r.events.iter().filter(|e| matches!(e, TeamEvent::RoundFinished { .. })).count();
    assert_eq!(rounds, 3);
    assert!(r.backends.iter().all(|b| b.prompts().len() == 3));
}

#[tokio::test]
async fn a_repair_that_breaks_the_passing_draft_does_not_lose_it() {
    let mut scripts = vec![vec![fenced(RIGHT), fenced(&wrong(9))]];
    scripts.extend((1..5).map(|i| vec![fenced(&wrong(i)), fenced(&wrong(i + 10))]));
    // Early stop off: the passing agent works in round 2 too (it would rest).
    let r = run(scripts, 2, Mechanisms { early_stop: false, ..PLAIN }).await;
    assert_eq!(r.verdict.answer, RIGHT.trim_end(), "{}", r.verdict.decision);
    assert_eq!(r.verdict.decision.to_string(), "execution vote");
    assert!(r.verdict.evidence.iter().any(|e| (e.round, e.agent, e.cluster) == (1, 0, Some(0))));
    assert_eq!(r.backends[0].prompts().len(), 2, "with one passing draft of five the team went on");
}

#[tokio::test]
async fn a_passing_agent_rests_while_the_failing_ones_repair_from_their_own_failed_tests() {
    // One answer for agent 0: asking it again would find no script and fail the test.
    let mut scripts = vec![vec![fenced(RIGHT)]];
    scripts.extend((1..5).map(|i| vec![fenced(&wrong(i)), fenced(RIGHT)]));
    let r = run(scripts, 2, PLAIN).await;
    assert_eq!(r.backends[0].prompts().len(), 1, "the passing agent rested");
    let rest = r.events.iter().any(|e| matches!(e, TeamEvent::TurnStarted { agent: 0, round: 2, turn: Turn::Rest }));
    assert!(rest, "its rest is told to the panes");
    for b in &r.backends[1..] {
        let repair = &b.prompts()[1];
        assert!(repair.contains("Your previous draft:") && repair.contains("Expected:\ndesserts"), "{repair}");
        assert!(
            !repair.contains("Teammate") && !repair.contains(RIGHT.trim_end()),
            "alone, no teammate's draft to copy: {repair}"
        );
    }
    assert_eq!((r.verdict.answer.as_str(), r.verdict.votes), (RIGHT.trim_end(), 5));
}

#[tokio::test]
async fn without_repairs_after_a_pass_the_team_stops_at_the_first_passing_draft() {
    // One answer each: a round 2 would find no script left and fail the test.
    let mut scripts = vec![vec![fenced(RIGHT)]];
    scripts.extend((1..5).map(|i| vec![fenced(&wrong(i))]));
    let r = run(scripts, 3, Mechanisms { repairs_after_pass: false, ..PLAIN }).await;
    let rounds = r.events.iter().filter(|e| matches!(e, TeamEvent::RoundFinished { .. })).count();
    assert_eq!(rounds, 1, "{:?}", r.notes);
    assert!(r.notes.iter().any(|n| n.starts_with("stopping: 1 of 5 drafts pass")), "{:?}", r.notes);
    assert_eq!((r.verdict.answer.as_str(), r.verdict.votes), (RIGHT.trim_end(), 1));
    // While nothing passes the rounds go on as before.
    let scripts: Vec<Vec<String>> = (0..5).map(|i| (0..2).map(|k| fenced(&wrong(i + 10 * k))).collect()).collect();
    let r = run(scripts, 2, Mechanisms { repairs_after_pass: false, ..PLAIN }).await;
    assert!(r.backends.iter().all(|b| b.prompts().len() == 2));
}

#[tokio::test]
async fn while_nothing_passes_every_agent_draws_a_fresh_draft_with_a_new_seed() {
    let scripts: Vec<Vec<String>> = (0..5).map(|i| (0..3).map(|k| fenced(&wrong(i + 10 * k))).collect()).collect();
    let r = run(scripts.clone(), 3, PLAIN).await;
    for (agent, b) in r.backends.iter().enumerate() {
        let prompts = b.prompts();
        let mut seeds: Vec<u64> = b.asked.lock().unwrap().iter().map(|q| q.sampling.seed).collect();
        for p in &prompts[1..] {
            assert!(!p.contains("Find the mistake"), "agent {agent}: {p}");
            assert!(!p.contains("Teammate") && !p.contains(&wrong(agent)), "agent {agent}: {p}");
        }
        assert_ne!(prompts[1], prompts[2], "agent {agent}: round 3 under another framing");
        seeds.dedup();
        assert_eq!(seeds.len(), 3, "agent {agent}: a new seed each round");
    }
    assert!(r.backends[1].prompts()[1].contains("Before any code, write the steps"), "the plan first");
    assert!(r.backends[3].prompts()[1].contains("read the input from standard input"), "the form spelled out");
    // Turned off, every agent repairs; without repair prompts either, it refines from its teammates' drafts.
    let off = run(scripts.clone(), 2, Mechanisms { fresh_drafts: false, ..PLAIN }).await;
    assert!(off.backends.iter().all(|b| b.prompts()[1].contains("Find the mistake")));
    let refine = run(scripts, 2, Mechanisms { fresh_drafts: false, repair_prompts: false, ..PLAIN }).await;
    assert!(refine.backends.iter().all(|b| b.prompts()[1].contains("Teammate")));
}

/// Framed proposals: round 1 already asks agents 1.. under the framings a
/// fresh draft uses (agent 0 keeps the plain prompt, its greedy draft the
/// single agent's), each on a moved seed, and round 2 moves each agent's on.
#[tokio::test]
async fn framed_proposals_frame_round_one_for_every_agent_but_the_greedy_one() {
    let scripts: Vec<Vec<String>> = (0..5).map(|i| vec![fenced(&wrong(i)), fenced(&wrong(i + 10))]).collect();
    let framed = run(scripts.clone(), 2, Mechanisms { framed_proposals: true, ..PLAIN }).await;
    let plain = run(scripts, 1, PLAIN).await;
    let first = |r: &Run, agent: usize| r.backends[agent].prompts()[0].clone();
    let seed = |r: &Run, agent: usize| r.backends[agent].asked.lock().unwrap()[0].sampling.seed;
    assert_eq!(first(&framed, 0), first(&plain, 0), "agent 0 keeps the plain prompt");
    assert_eq!(seed(&framed, 0), seed(&plain, 0));
    assert!(first(&framed, 1).contains("Do not run it on the examples. Write it as one complete"), "the form");
    assert!(first(&framed, 2).contains("Before any code, write the steps"), "{}", first(&framed, 2));
    assert!(first(&framed, 3).contains("Before any code, check each example"), "{}", first(&framed, 3));
    for agent in 1..5 {
        assert_ne!(first(&framed, agent), first(&plain, agent), "agent {agent}");
        assert_ne!(seed(&framed, agent), seed(&plain, agent), "agent {agent}: a framed draw on its own seed");
        let round2 = &framed.backends[agent].prompts()[1];
        assert_ne!(round2, &first(&framed, agent), "agent {agent}: round 2 moves the framing on");
    }
    let turns: Vec<Turn> = framed
        .events
        .iter()
        .filter_map(|e| match e {
            TeamEvent::TurnStarted { round: 1, turn, .. } => Some(*turn),
            _ => None,
        })
        .collect();
    assert_eq!(turns[0], Turn::Propose);
    assert!(turns[1..].iter().all(|t| matches!(t, Turn::Fresh(_))), "{turns:?}");
}

#[tokio::test]
async fn distinguishing_inputs_part_two_passing_programs_and_more_drafts_side_with_the_later_one() {
    // A0 (doubles a one-letter line) and A1 (right) both pass the examples:
    // one cluster of two of five, no majority. On the agents' input "z", A3
    // and A4 (failing the examples) print "z" as A1 does: A1's side wins.
    let agrees_on_one_letter =
        ["s = input().strip()\nprint(s if len(s) == 1 else 'no')\n", "print(input().strip()[:1])\n"];
    let script = |code: &str| vec![fenced(code), "```input\nz\n```\n".to_string()];
    let scripts = vec![
        script(DOUBLES_ONE),
        script(RIGHT),
        script(&wrong(2)),
        script(agrees_on_one_letter[0]),
        script(agrees_on_one_letter[1]),
    ];
    let r = run(scripts.clone(), 1, PLAIN).await;
    assert_eq!(r.verdict.answer, RIGHT.trim_end(), "{}", r.verdict.decision);
    assert!(
        r.verdict.decision.to_string().contains("1 told the top two apart; 3 : 1 drafts agree"),
        "{}",
        r.verdict.decision
    );
    assert!(r.backends[0].prompts()[1].contains("Program B"));
    assert!(r.notes.iter().any(|n| n.contains("tell two passing programs apart")), "{:?}", r.notes);
    let off = run(scripts, 1, Mechanisms { distinguish: false, ..PLAIN }).await;
    assert_eq!(off.verdict.answer, DOUBLES_ONE.trim_end(), "without the step the earliest passing draft stands");
}

#[tokio::test]
async fn with_no_majority_the_agents_predicted_output_decides() {
    // {A0} doubles a one-letter line, {A1} is right: on "z" nobody else
    // sides with either (the others print "z2", "z3", …), so the agents'
    // predicted output decides.
    let script = |code: &str| {
        vec![
            fenced(code),
            "```input\nz\n```\n".to_string(),
            "It is the line reversed.\n```output\nz\n```\n".to_string(),
        ]
    };
    let scripts = vec![script(DOUBLES_ONE), script(RIGHT), script(&wrong(2)), script(&wrong(3)), script(&wrong(4))];
    let r = run(scripts, 1, PLAIN).await;
    assert_eq!(r.verdict.answer, RIGHT.trim_end(), "{}", r.verdict.decision);
    assert!(
        r.verdict.decision.to_string().contains("1 : 1 drafts agree; agents predicted the output 5 : 0)"),
        "{}",
        r.verdict.decision
    );
    assert!(r.notes.iter().any(|n| n.contains("no majority")), "{:?}", r.notes);
}

/// Passes the first example ("stressed") and fails the second.
const HALF_RIGHT: &str = "s = input().strip()\nprint('desserts' if s == 'stressed' else s)\n";

#[tokio::test]
async fn while_nothing_passes_the_lead_repairs_the_closest_draft_and_the_others_draw_fresh() {
    // Round 1: no draft passes; agent 2's passes one example of two, the
    // others none. Agent 0 leads: round 2 shows it agent 2's draft and the
    // test it failed, and its repair is right.
    let mut scripts: Vec<Vec<String>> = (0..5).map(|i| vec![fenced(&wrong(i)), fenced(&wrong(i + 10))]).collect();
    scripts[2][0] = fenced(HALF_RIGHT);
    scripts[0][1] = fenced(RIGHT);
    let r = run_led(reverse_problem(), scripts.clone(), 2, PLAIN, Some(0)).await;
    let lead = r.backends[0].prompts();
    assert!(lead[1].contains("A teammate's draft, the closest to passing so far"), "{}", lead[1]);
    assert!(lead[1].contains("'desserts' if s == 'stressed'") && lead[1].contains("Find the mistake"), "{}", lead[1]);
    assert!(lead[1].contains("Expected:\n3c2b1a"), "the test it failed: {}", lead[1]);
    assert!(!lead[1].contains(&wrong(0)), "not the lead's own draft: {}", lead[1]);
    for (agent, b) in r.backends.iter().enumerate().skip(1) {
        assert!(!b.prompts()[1].contains("Find the mistake"), "agent {agent} draws fresh");
    }
    let turns: Vec<(usize, Turn)> = r
        .events
        .iter()
        .filter_map(|e| match e {
            TeamEvent::TurnStarted { agent, round: 2, turn } => Some((*agent, *turn)),
            _ => None,
        })
        .collect();
    assert_eq!(turns[0], (0, Turn::RepairClosest));
    assert_eq!(r.verdict.answer, RIGHT.trim_end(), "{}", r.verdict.decision);
    // Roles off, the lead draws fresh like the others.
    let off = run_led(reverse_problem(), scripts, 2, Mechanisms { lead_roles: false, ..PLAIN }, Some(0)).await;
    assert!(!off.backends[0].prompts()[1].contains("Find the mistake"), "{}", off.backends[0].prompts()[1]);
}

#[tokio::test]
async fn with_a_lead_it_alone_writes_the_distinguishing_inputs_and_predicts_the_output() {
    // As above, {A0} and {A1} pass and nobody sides with either; agent 2
    // leads: only it is asked for inputs and for the output (the others have
    // no answer left to give: asking them would fail the run).
    let mut scripts = vec![
        vec![fenced(DOUBLES_ONE)],
        vec![fenced(RIGHT)],
        vec![fenced(&wrong(2))],
        vec![fenced(&wrong(3))],
        vec![fenced(&wrong(4))],
    ];
    scripts[2].extend(["```input\nz\n```\n".to_string(), "```output\nz\n```\n".to_string()]);
    let r = run_led(reverse_problem(), scripts, 1, PLAIN, Some(2)).await;
    assert_eq!(r.verdict.answer, RIGHT.trim_end(), "{}", r.verdict.decision);
    assert!(r.verdict.decision.to_string().contains("agents predicted the output 1 : 0)"), "{}", r.verdict.decision);
    assert!(r.backends.iter().enumerate().all(|(i, b)| b.prompts().len() == if i == 2 { 3 } else { 1 }));
}

#[tokio::test]
async fn a_passing_majority_of_different_programs_is_told_apart_and_the_predictions_decide() {
    // A0, A1 (another program that doubles a one-letter line) and A3 (A0's
    // program again) with A2 (right) pass the examples: four of five, a
    // majority, answering with A0's program. On the judges' input "z" the
    // cluster parts 3 : 1, and the predicted output "z" picks A2's group.
    let also_doubles = "s = input().strip()\nprint(s + s if len(s) == 1 else s[::-1])\n";
    let script = |code: &str, predicted: &str| {
        vec![fenced(code), "```input\nz\n```\n".to_string(), format!("```output\n{predicted}\n```\n")]
    };
    let scripts = |predicted: &str| {
        vec![
            script(DOUBLES_ONE, predicted),
            script(also_doubles, predicted),
            script(RIGHT, predicted),
            script(DOUBLES_ONE, predicted),
            script(&wrong(4), predicted),
        ]
    };
    let on = Mechanisms { split_majority: true, ..PLAIN };
    let r = run(scripts("z"), 1, on).await;
    assert_eq!(r.verdict.answer, RIGHT.trim_end(), "{}", r.verdict.decision);
    let decision = r.verdict.decision.to_string();
    assert!(
        decision.contains("1 told the top two apart; 1 : 3 drafts agree; agents predicted the output 5 : 0"),
        "{decision}"
    );
    assert!(r.backends[0].prompts()[1].contains(also_doubles.trim()), "judge 0 looks at A1's program");
    assert!(r.backends[1].prompts()[1].contains(RIGHT.trim()), "judge 1 at A2's");
    assert!(
        r.notes.iter().any(|n| n.contains("a majority's 3 programs told apart") && n.contains("agents [2] now lead")),
        "{:?}",
        r.notes
    );
    // Predictions matching neither output leave the majority as it was.
    let r = run(scripts("q"), 1, on).await;
    assert_eq!(r.verdict.answer, DOUBLES_ONE.trim_end(), "{}", r.verdict.decision);
    assert!(r.notes.iter().any(|n| n.contains("the majority stands")), "{:?}", r.notes);
    // Off (the default), the majority's earliest program answers and nobody is asked.
    let r = run(scripts("z"), 1, PLAIN).await;
    assert_eq!(r.verdict.answer, DOUBLES_ONE.trim_end());
    assert!(r.backends.iter().all(|b| b.prompts().len() == 1));
}
