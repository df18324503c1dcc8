//! `memdoor bench …`: speed figures, printed as a table or JSON.

use std::process::ExitCode;

use anyhow::Result;

use super::BenchWhat;
use crate::model::local::{parse_device, LoadOptions};
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
    }
}
