use super::*;
use crate::config::Config;

/// A backend never asked anything here: the tests look at the team, not its answers.
struct Silent;

#[async_trait::async_trait]
impl crate::model::ModelBackend for Silent {
    fn name(&self) -> &str {
        "silent"
    }
    async fn stream(
        &self,
        _req: crate::model::ChatRequest,
        _cancel: tokio_util::sync::CancellationToken,
    ) -> anyhow::Result<futures::stream::BoxStream<'static, anyhow::Result<crate::model::Chunk>>> {
        anyhow::bail!("not asked in these tests")
    }
}

fn config(text: &str) -> Config {
    toml::from_str(text).expect("a valid config")
}

const TEAM: &str = r#"
[team]
rounds = 3
max_tokens = 300
agent_tests = false
distinguish = true
framed_proposals = true
split_majority = true
lead_roles = true
temperature = 0.5

[[agents]]
role = "a tester"
max_tokens = 100

[[agents]]
temperature = 0.9

[sandbox]
mode = "weak"
test_timeout_secs = 2
run_processes = 9
"#;

#[test]
fn settings_carry_every_team_setting_of_the_config() {
    let s = SessionSettings::from_config(&config(TEAM));
    assert_eq!((s.rounds, s.team.max_tokens, s.team.agents), (3, 300, 5));
    assert!(!s.mechanisms.agent_tests);
    assert!(s.mechanisms.distinguish, "off by default, on from the file");
    assert!(s.mechanisms.framed_proposals, "off by default, on from the file");
    assert!(s.mechanisms.split_majority, "off by default, on from the file");
    assert!(s.mechanisms.lead_roles, "off by default, on from the file");
    let defaults = SessionSettings::from_config(&Config::default()).mechanisms;
    assert!(!defaults.distinguish && !defaults.framed_proposals && !defaults.split_majority && !defaults.lead_roles);
    assert_eq!(
        s.agents[0],
        AgentPlan { temperature: None, role: Some("a tester".into()), max_tokens: Some(100), lead: false }
    );
    assert_eq!(s.agents[1].temperature, Some(0.9));
    assert_eq!(s.sandbox_mode, crate::judge::sandbox::SandboxMode::Weak);
    assert_eq!((s.limits.wall.as_secs(), s.limits.run_processes), (2, 9));
}

#[test]
fn agents_get_their_entry_before_the_team_and_the_ladder() {
    let s = SessionSettings::from_config(&config(TEAM));
    let backend: std::sync::Arc<dyn crate::model::ModelBackend> = std::sync::Arc::new(Silent);
    let agents = s.agents(|_| backend.clone());
    let temps: Vec<f64> = agents.iter().map(|a| a.sampling.temperature).collect();
    // The team's one temperature for agents without their own; agent 1's own wins.
    assert_eq!(temps, vec![0.5, 0.9, 0.5, 0.5, 0.5]);
    assert_eq!(agents[0].role.as_deref(), Some("a tester"));
    assert_eq!(agents[0].max_tokens, Some(100));
    let seeds: std::collections::BTreeSet<u64> = agents.iter().map(|a| a.sampling.seed).collect();
    assert_eq!(seeds.len(), 5, "each agent samples with its own seed");
}

#[test]
fn a_spec_takes_the_settings_and_suffixes_ids_only_when_shared() {
    let s = SessionSettings::from_config(&config(TEAM));
    let backend: std::sync::Arc<dyn crate::model::ModelBackend> = std::sync::Arc::new(Silent);
    let store = std::sync::Arc::new(crate::memory::embedded::EmbeddedStore::new());
    let mut spec = SessionSpec::new(&s, s.agents(|_| backend.clone()), store, None);
    assert_eq!((spec.rounds, spec.max_tokens, spec.mechanisms), (3, 300, s.mechanisms));
    assert_eq!(spec.longest_answer(), 300);
    assert_eq!(spec.task_id("t"), "t");
    spec.unique_ids = true;
    assert!(spec.task_id("t").starts_with("t-") && spec.task_id("t").len() > 2);
}
