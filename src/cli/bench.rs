//! `memdoor bench …`: speed figures, printed as a table or JSON.

use std::process::ExitCode;

use std::sync::Arc;

use anyhow::{Context, Result};

use super::BenchWhat;
use crate::judge::sandbox::{Limits, Sandbox};
use crate::memory::embedded::EmbeddedStore;
use crate::memory::redis::RedisStore;
use crate::model::resolve::{self, ModelSpec};

pub async fn bench(what: BenchWhat, cfg: &crate::config::Config) -> Result<ExitCode> {
    match what {
        BenchWhat::Serve(args) => super::serve::bench(args, cfg.clone()).await,
        BenchWhat::Engine { agents, max_tokens, prompt_tokens, json, vs_openai, openai_model, model } => {
            let model = model.or_config(cfg);
            let spec = ModelSpec::parse(model.spec());
            let path = tokio::task::spawn_blocking(move || resolve::resolve(&spec)).await??;
            // Benchmark figures, not a team: no retries, and room for a slow server's prefill.
            let vs = vs_openai.map(|url| crate::model::openai::OpenAiConfig {
                retries: 0,
                first_token_timeout: std::time::Duration::from_secs(600),
                ..crate::model::openai::OpenAiConfig::new(url, openai_model)
            });
            let opts = model.load_options()?;
            let report =
                crate::bench::engine(&path, &opts, agents.max(1), max_tokens.max(2), prompt_tokens, vs).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                crate::bench::print_table(&report);
            }
            Ok(ExitCode::SUCCESS)
        }
        BenchWhat::Sampling { tokens, model, json } => {
            let report = tokio::task::spawn_blocking(move || {
                let rows = match model {
                    Some(spec) => {
                        Some(crate::bench::sampling::model_rows(&resolve::resolve(&ModelSpec::parse(&spec))?)?)
                    }
                    None => None,
                };
                crate::bench::sampling::run(tokens, rows)
            })
            .await??;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                crate::bench::sampling::print_table(&report);
            }
            Ok(ExitCode::SUCCESS)
        }
        BenchWhat::Kernels { device, json } => {
            let checks = tokio::task::spawn_blocking(move || {
                let device = crate::model::local::parse_device(&device)?;
                crate::model::local::check_kernels(&device)
            })
            .await??;
            if json {
                println!("{}", serde_json::to_string_pretty(&checks)?);
            } else {
                for c in &checks {
                    let verdict = if c.agrees() { "agrees" } else { "DIFFERS" };
                    println!("{:<17} {verdict:<8} {:>10.2e} (≤ {:.0e})  {}", c.kernel, c.max_diff, c.tolerance, c.case);
                }
            }
            let differing = checks.iter().filter(|c| !c.agrees()).count();
            if differing > 0 {
                eprintln!("memdoor bench kernels: {differing} of {} cases differ from the CPU's", checks.len());
                return Ok(ExitCode::FAILURE);
            }
            Ok(ExitCode::SUCCESS)
        }
        BenchWhat::Prompts { problems, samples, agents, max_tokens, json, model } => {
            let mut set = Vec::new();
            for path in &problems {
                set.extend(crate::problem::load_set(path)?);
            }
            let set = crate::bench::prompts::stdin_problems(set);
            let sandbox = Sandbox::open(Default::default(), Limits::default()).await?;
            let model: Arc<dyn crate::model::ModelBackend> = super::setup::load_model(&model.or_config(cfg)).await?;
            let team = crate::team::TeamConfig { agents: agents.clamp(1, 64), max_tokens, ..Default::default() };
            eprintln!(
                "memdoor bench prompts: {} stdin problems × {samples} samples × {} formats on {}",
                set.len(),
                crate::problem::StdinFormat::ALL.len(),
                model.name()
            );
            let report = crate::bench::prompts::run(&set, model, &team, samples, &sandbox).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                crate::bench::prompts::print_table(&report);
            }
            Ok(ExitCode::SUCCESS)
        }
        BenchWhat::Tui { seconds, width, height, json } => {
            if !(seconds > 0.0 && seconds.is_finite()) || width < 20 || height < 8 {
                anyhow::bail!("bench tui needs --seconds > 0 and a size of at least 20x8");
            }
            let reports = tokio::task::spawn_blocking(move || {
                [true, false]
                    .map(|on| crate::bench::tui::run(on, width, height, seconds))
                    .into_iter()
                    .collect::<Result<Vec<_>>>()
            })
            .await??;
            if json {
                println!("{}", serde_json::to_string_pretty(&reports)?);
            } else {
                crate::bench::tui::print_table(&reports);
            }
            Ok(ExitCode::SUCCESS)
        }
        BenchWhat::Team {
            redis,
            tasks: Some(tasks),
            workers,
            retention_secs,
            agents,
            rounds,
            max_tokens,
            json,
            ..
        } => {
            let Some(url) = redis else {
                anyhow::bail!("bench team --tasks needs --redis URL (the scale bench runs through a real Redis)")
            };
            let mut settings = crate::session::SessionSettings::from_config(cfg);
            settings.team.agents = agents.clamp(1, 64);
            settings.team.max_tokens = max_tokens;
            settings.rounds = rounds.max(1);
            settings.agents.resize(settings.team.agents, Default::default());
            let retention = std::time::Duration::from_secs(retention_secs.max(1));
            let report = crate::bench::coordination::scale(&url, tasks, workers, settings, retention).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                crate::bench::coordination::print(&report);
            }
            Ok(ExitCode::SUCCESS)
        }
        BenchWhat::Team { redis, agents, rounds, max_tokens, json, model, .. } => {
            let model = super::setup::load_model(&model.or_config(cfg)).await?;
            let (agents, rounds) = (agents.clamp(1, 64), rounds.max(1));
            let mut reports = vec![
                crate::bench::team_overhead(model.clone(), Arc::new(EmbeddedStore::new()), agents, rounds, max_tokens)
                    .await?,
            ];
            if let Some(url) = redis {
                let store = RedisStore::connect(&url, "bench").await?;
                reports.push(crate::bench::team_overhead(model, Arc::new(store), agents, rounds, max_tokens).await?);
            }
            if json {
                println!("{}", serde_json::to_string_pretty(&reports)?);
            } else {
                for r in &reports {
                    println!(
                        "{:<24} {} rounds: wall {:>6.1} s, model {:>6.1} s, coordination {:>5.2} s",
                        r.store, r.rounds, r.wall_s, r.model_s, r.overhead_s
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `team`: the config whose `[[agents]]` are the team (mixed models, each
/// loaded once), or `None` for `--agents` agents on one model.
pub(crate) async fn bench_set(args: super::SetBenchArgs, team: Option<crate::config::Config>) -> Result<ExitCode> {
    if let Some(dir) = &args.repos {
        return bench_repos(&args, dir, team).await;
    }
    let Some(path) = &args.problems else {
        anyhow::bail!(
            "give a problem set: memdoor bench --problems FILE or --repos DIR (or `bench engine`, `bench team`)"
        );
    };
    let mut problems = crate::problem::load_set(path)?;
    if let Some(n) = args.limit {
        problems.truncate(n.max(1));
    }
    let sandbox = Sandbox::open(args.sandbox.unwrap_or_default(), Limits::default()).await?;
    // Read before any model loads: a mistyped --mixed fails in a second, not after a minute.
    let mixed_config = match &args.mixed {
        Some(path) => Some(
            crate::config::Config::load(Some(path.as_path())).with_context(|| format!("--mixed {}", path.display()))?,
        ),
        None => None,
    };
    if mixed_config.as_ref().is_some_and(|c| c.agents.is_empty()) {
        anyhow::bail!(
            "--mixed: the config has no [[agents]] entries: nothing to mix (see assets/teams/mixed-1.5b.toml)"
        );
    }
    let mut loaded = super::setup::LoadedModels::default();
    let models: Vec<Arc<dyn crate::model::ModelBackend>> = match &team {
        Some(config) => {
            super::setup::build_agents_sharing(config, &mut loaded).await?.into_iter().map(|a| a.backend).collect()
        }
        None => vec![loaded.load_flags(&args.model).await?; args.agents.clamp(1, 64)],
    };
    let names: Vec<&str> = models.iter().map(|m| m.name()).collect();
    eprintln!(
        "memdoor bench: {} problems, {} agents ({}), {} rounds, {}",
        problems.len(),
        models.len(),
        names.join(", "),
        args.rounds,
        sandbox.describe()
    );
    let cfg = crate::team::TeamConfig { agents: models.len(), max_tokens: args.max_tokens, ..Default::default() };
    let mechanisms = crate::team::Mechanisms { agent_tests: !args.no_agent_tests, ..Default::default() };
    let vs: Option<Arc<dyn crate::model::ModelBackend>> = match &args.vs {
        Some(spec) => {
            let opts = super::ModelArgs { model: Some(spec.clone()), ..args.model.clone() };
            Some(loaded.load_flags(&opts).await?)
        }
        None => None,
    };
    if let Some(vs) = &vs {
        let whose = if args.mixed.is_some() { "each team's" } else { "the team's" };
        eprintln!("memdoor bench: against {} alone (greedy; sample-and-select for {whose} wall time)", vs.name());
    }
    let lead = team.as_ref().and_then(|c| c.lead());
    if let Some(lead) = lead {
        eprintln!(
            "memdoor bench: agent {lead} ({}) leads (its roles, off by default: `--ablate=lead-roles`)",
            names[lead]
        );
    }
    let mut ablate = args.ablations();
    if lead.is_none() && ablate.contains(&crate::team::Ablation::LeadRoles) {
        // Without a lead the row would be the team again, at the cost of a whole run.
        eprintln!("memdoor bench: no agent leads (`lead = true` in a --config [[agents]] entry): the lead-roles row is left out");
        ablate.retain(|a| *a != crate::team::Ablation::LeadRoles);
    }
    let mixed = match mixed_config {
        Some(mut config) => {
            // This bench's device and load options, so a file both teams use is the same load.
            let t = &mut config.team;
            (t.device, t.quant) = (args.model.device().to_string(), args.model.quant().to_string());
            t.keep_prefix_mb = args.model.keep_prefix_mb.unwrap_or(t.keep_prefix_mb);
            t.context = args.model.context.or(t.context);
            let models: Vec<_> = super::setup::build_agents_sharing(&config, &mut loaded)
                .await?
                .into_iter()
                .map(|a| a.backend)
                .collect();
            let name = team_name(&models);
            let lead = config.lead();
            eprintln!(
                "memdoor bench: beside it the team {name}{}",
                lead.map(|l| format!(", agent {l} leading")).unwrap_or_default()
            );
            Some(crate::bench::problems::OtherTeam { name, models, lead })
        }
        None => None,
    };
    let bench =
        crate::bench::problems::SetBench { cfg, rounds: args.rounds.max(1), mechanisms, ablate, vs, lead, mixed };
    let report = crate::bench::problems::run_set(&problems, &models, &bench, &sandbox).await?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        crate::bench::print_set(&report);
    }
    Ok(ExitCode::SUCCESS)
}

/// `memdoor bench --repos DIR`: the repository mode on a set of repositories,
/// with `--agents` agents on one model or `team`'s `[[agents]]` (mixed
/// models; with `[team] lead_roles = true` its `lead = true` agent repairs
/// the patch closest to passing).
async fn bench_repos(
    args: &super::SetBenchArgs,
    dir: &std::path::Path,
    team: Option<crate::config::Config>,
) -> Result<ExitCode> {
    let mut cases = crate::bench::repos::load_set(dir)?;
    if let Some(n) = args.limit {
        cases.truncate(n.max(1));
    }
    let sandbox = Sandbox::open(args.sandbox.unwrap_or_default(), Limits::default()).await?;
    let mut loaded = super::setup::LoadedModels::default();
    let models: Vec<Arc<dyn crate::model::ModelBackend>> = match &team {
        Some(config) => {
            super::setup::build_agents_sharing(config, &mut loaded).await?.into_iter().map(|a| a.backend).collect()
        }
        None => vec![loaded.load_flags(&args.model).await?; args.agents.clamp(1, 64)],
    };
    eprintln!(
        "memdoor bench: {} repositories, {} agents ({}), {} rounds, {}",
        cases.len(),
        models.len(),
        team_name(&models),
        args.rounds,
        sandbox.describe()
    );
    let lead = team.as_ref().and_then(|c| c.lead());
    // No --ablate here: the config's `[team] lead_roles` says whether the lead repairs the closest patch.
    let lead_roles = team.as_ref().is_some_and(|c| c.team.lead_roles);
    if let Some(lead) = lead {
        let roles = if lead_roles { "its roles on" } else { "its roles off: `[team] lead_roles = true` turns them on" };
        eprintln!("memdoor bench: agent {lead} ({}) leads ({roles})", models[lead].name());
    }
    let cfg = crate::team::TeamConfig { agents: models.len(), max_tokens: args.max_tokens, ..Default::default() };
    let opts = crate::bench::repos::RepoBenchOptions {
        rounds: args.rounds.max(1),
        lead,
        mechanisms: crate::team::Mechanisms { agent_tests: !args.no_agent_tests, lead_roles, ..Default::default() },
        hide_failing: args.hide_failing,
    };
    let report = crate::bench::repos::run_repos(&cases, &models, &cfg, &sandbox, &opts).await?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        crate::bench::repos::print_repos(&report);
    }
    Ok(ExitCode::SUCCESS)
}

/// A team's name for the rows: its models with their counts, in first-seen order ("4 x coder, 1 x big").
fn team_name(models: &[Arc<dyn crate::model::ModelBackend>]) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for m in models {
        match counts.iter_mut().find(|(n, _)| *n == m.name()) {
            Some((_, c)) => *c += 1,
            None => counts.push((m.name(), 1)),
        }
    }
    counts.iter().map(|(n, c)| format!("{c} x {n}")).collect::<Vec<_>>().join(", ")
}
