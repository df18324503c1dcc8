//! `memdoor models`: what is cached, and fetching a model.

use std::process::ExitCode;

use anyhow::Result;

use super::ModelsAction;
use crate::model::resolve::{self, ModelSpec};

pub fn models(action: Option<ModelsAction>) -> Result<ExitCode> {
    match action.unwrap_or(ModelsAction::List) {
        ModelsAction::List => {
            let found = resolve::cached_models();
            if found.is_empty() {
                println!("no cached models in {} (fetch the default with `memdoor models pull`)", resolve::models_dir().display());
            }
            for (path, size) in found {
                println!("{:>8.1} MB  {}", size as f64 / 1e6, path.display());
            }
        }
        ModelsAction::Pull { spec } => {
            let path = resolve::resolve(&ModelSpec::parse(spec.as_deref().unwrap_or("default")))?;
            println!("{}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}
