//! `memdoor bench …`: speed figures, printed as a table or JSON.

use std::process::ExitCode;

use std::sync::Arc;

use anyhow::Result;

use super::BenchWhat;
use crate::model::local::{parse_device, LoadOptions};
use crate::memory::embedded::EmbeddedStore;
use crate::memory::redis::RedisStore;
use crate::model::resolve::{self, ModelSpec};

pub async fn bench(what: BenchWhat) -> Result<ExitCode> {
    match what {
        BenchWhat::Engine { agents, max_tokens, json, model } => {
            let device = parse_device(&model.device)?;
            let spec = ModelSpec::parse(&model.model);
            let path = tokio::task::spawn_blocking(move || resolve::resolve(&spec)).await??;
            let report = crate::bench::engine(&path, &LoadOptions { device }, agents.max(1), max_tokens.max(2)).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                crate::bench::print_table(&report);
            }
            Ok(ExitCode::SUCCESS)
        }
        BenchWhat::Team { redis, agents, rounds, max_tokens, json, model } => {
            let model = super::solve::load_model(&model).await?;
            let (agents, rounds) = (agents.clamp(1, 64), rounds.max(1));
            let mut reports = vec![
                crate::bench::team_overhead(model.clone(), Arc::new(EmbeddedStore::new()), agents, rounds, max_tokens).await?,
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
