//! The team: its mechanisms, the one session driver, seeds, cancelling,
//! re-prompts, journals kept and replayed, and the team on a real git
//! repository (a hostile one included).

mod cancel;
mod journal_kept;
mod journal_replay;
mod repo_commands;
mod repo_fixture;
mod repo_hostile;
mod repo_patch;
mod repo_rounds;
mod repo_sets;
mod repo_team;
mod reprompt;
mod scripted_team;
mod seed_flow;
mod session_driver;
mod team_drafts;
mod team_mechanisms;
