//! How the team chose its answer, and how far that answer was checked. Its
//! words (`Display`) are what the panes, `solve` and the memory show; code
//! asks the enum (`unverified`), never the words.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

/// What the drafts of an execution vote were run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Checked {
    /// The problem's public tests, and the winners pass every one.
    PublicTests,
    /// The public tests, but no draft passed every one: the best behaviour won.
    NoDraftPassed,
    /// Only inputs (the agents', or examples without outputs): behaviours
    /// agree, but nothing says they are right.
    InputsOnly,
}

/// Distinguishing inputs told the top two clusters apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settled {
    /// Inputs on which the two behaved differently.
    pub inputs: usize,
    /// Drafts agreeing with the winner's outputs : with the runner-up's.
    pub agree: (usize, usize),
    /// With no majority: agents predicting the winner's output : the runner-up's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub predicted: Option<(usize, usize)>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Drafts ran; the largest cluster of alike behaviour won.
    ExecutionVote {
        checked: Checked,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        settled: Option<Settled>,
    },
    /// Candidate patches ran the repository's own tests: those breaking a
    /// test that passed before were ruled out, the most fixes won, then the
    /// largest cluster of alike outcomes (`repo::rank`).
    RepoTests {
        /// Tests failing before that the answer makes pass.
        fixed: usize,
        failing_before: usize,
        /// Tests still failing with the answer.
        failing_after: usize,
        /// Per-test outcomes were read (else the command's exit status alone).
        per_test: bool,
        /// Reproductions that pass with the answer (tests an agent added
        /// that fail without its change and pass with it, its own and its
        /// teammates', `repo::rank`): evidence, never a verification.
        reproduced: usize,
    },
    /// Nothing could run: agent 0 wrote one answer from every draft.
    Aggregator,
    /// Nothing could run: the code most agents wrote.
    SelfConsistency,
    /// From a journal written before decisions were typed: its words.
    Recorded(String),
}

impl Decision {
    /// Nothing with a known output checked the answer.
    pub fn unverified(&self) -> bool {
        match self {
            Decision::ExecutionVote { checked, .. } => *checked == Checked::InputsOnly,
            // No test confirms the change: it fixes nothing that failed.
            Decision::RepoTests { fixed, .. } => *fixed == 0,
            Decision::Aggregator | Decision::SelfConsistency => true,
            Decision::Recorded(words) => words.contains("unverified"),
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::ExecutionVote { checked, settled } => {
                f.write_str(match checked {
                    Checked::PublicTests => "execution vote",
                    Checked::NoDraftPassed => "execution vote (no draft passed every public test)",
                    Checked::InputsOnly => {
                        "execution vote on the agents' inputs (unverified: no tests with known outputs)"
                    }
                })?;
                if let Some(s) = settled {
                    write!(
                        f,
                        " · distinguishing inputs ({} told the top two apart; {} : {} drafts agree",
                        s.inputs, s.agree.0, s.agree.1
                    )?;
                    if let Some((lead, other)) = s.predicted {
                        write!(f, "; agents predicted the output {lead} : {other}")?;
                    }
                    f.write_str(")")?;
                }
                Ok(())
            }
            Decision::RepoTests { fixed, failing_before, failing_after, per_test: true, reproduced } => {
                write!(
                    f,
                    "the repository's tests: fixes {fixed} of {failing_before} failing before, breaks none, \
{failing_after} still failing"
                )?;
                if *reproduced > 0 {
                    write!(
                        f,
                        "; {reproduced} reproduction(s) pass with it (agents' tests that fail without a change)"
                    )?;
                }
                f.write_str(match (*fixed, *reproduced) {
                    (0, 0) => " (unverified: no test shows the change)",
                    (0, _) => " (unverified by the repository's own tests)",
                    _ => "",
                })
            }
            Decision::RepoTests { fixed, per_test: false, .. } => f.write_str(if *fixed > 0 {
                "the repository's test command: passes now, failed before"
            } else {
                "the repository's test command: breaks nothing (unverified: it passed before too, or fails still)"
            }),
            Decision::Aggregator => f.write_str("aggregator (unverified: no tests to run)"),
            Decision::SelfConsistency => f.write_str("self-consistency (unverified: no tests to run)"),
            Decision::Recorded(words) => f.write_str(words),
        }
    }
}

/// Journals from before decisions were typed hold a sentence (`"strategy":
/// "execution vote"`): it is kept as `Recorded`.
impl<'de> Deserialize<'de> for Decision {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename_all = "snake_case")]
        enum Typed {
            ExecutionVote {
                checked: Checked,
                #[serde(default)]
                settled: Option<Settled>,
            },
            RepoTests {
                fixed: usize,
                failing_before: usize,
                failing_after: usize,
                per_test: bool,
                #[serde(default)]
                reproduced: usize,
            },
            Aggregator,
            SelfConsistency,
            Recorded(String),
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Typed(Typed),
            Words(String),
        }
        Ok(match Either::deserialize(d)? {
            Either::Typed(Typed::ExecutionVote { checked, settled }) => Decision::ExecutionVote { checked, settled },
            Either::Typed(Typed::RepoTests { fixed, failing_before, failing_after, per_test, reproduced }) => {
                Decision::RepoTests { fixed, failing_before, failing_after, per_test, reproduced }
            }
            Either::Typed(Typed::Aggregator) => Decision::Aggregator,
            Either::Typed(Typed::SelfConsistency) => Decision::SelfConsistency,
            Either::Typed(Typed::Recorded(w)) | Either::Words(w) => Decision::Recorded(w),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_say_what_was_checked() {
        let vote = |checked| Decision::ExecutionVote { checked, settled: None };
        assert_eq!(vote(Checked::PublicTests).to_string(), "execution vote");
        assert!(!vote(Checked::PublicTests).unverified());
        assert!(!vote(Checked::NoDraftPassed).unverified(), "it ran on tests with known outputs");
        assert!(vote(Checked::InputsOnly).unverified());
        assert!(Decision::Aggregator.unverified() && Decision::SelfConsistency.unverified());
        let settled = Decision::ExecutionVote {
            checked: Checked::PublicTests,
            settled: Some(Settled { inputs: 2, agree: (3, 1), predicted: Some((4, 0)) }),
        };
        assert_eq!(
            settled.to_string(),
            "execution vote · distinguishing inputs (2 told the top two apart; 3 : 1 drafts agree; agents predicted the output 4 : 0)"
        );
    }

    #[test]
    fn decisions_round_trip_and_old_journals_keep_their_words() {
        for d in [
            Decision::ExecutionVote {
                checked: Checked::InputsOnly,
                settled: Some(Settled { inputs: 1, agree: (2, 2), predicted: None }),
            },
            Decision::Aggregator,
            Decision::SelfConsistency,
            Decision::Recorded("majority".into()),
        ] {
            let json = serde_json::to_string(&d).unwrap();
            assert_eq!(serde_json::from_str::<Decision>(&json).unwrap(), d, "{json}");
        }
        let old: Decision = serde_json::from_str(r#""self-consistency (unverified: no tests to run)""#).unwrap();
        assert_eq!(old, Decision::Recorded("self-consistency (unverified: no tests to run)".into()));
        assert!(old.unverified());
        assert!(serde_json::from_str::<Decision>("42").is_err());
    }
}
