//! `memdoor models`: the named models and what is cached, and fetching one.

use std::process::ExitCode;

use anyhow::Result;

use super::ModelsAction;
use crate::model::catalog::{self, CATALOG};
use crate::model::resolve::{self, ModelSpec};

pub fn models(action: Option<ModelsAction>) -> Result<ExitCode> {
    match action.unwrap_or(ModelsAction::List) {
        ModelsAction::List => list(),
        ModelsAction::Pull { spec } => {
            let path = resolve::resolve(&ModelSpec::parse(spec.as_deref().unwrap_or("default")))?;
            println!("{}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn list() {
    println!("named models (use the name with --model, [team] model, [[agents]] model, `memdoor models pull NAME`):");
    for m in CATALOG {
        let path = resolve::cached_path(m);
        let state = if crate::model::verified::stamped(&path, m) {
            format!("verified  {}", path.display())
        } else if path.is_file() {
            format!("fetched, not yet checked (`memdoor models pull {}` checks it)", m.name)
        } else {
            "not fetched".to_string()
        };
        let default = if m.name == catalog::DEFAULT_NAME { " (default)" } else { "" };
        println!("  {:<13}{:>8.1} MB  {}{default}", m.name, m.bytes as f64 / 1e6, m.about);
        println!("  {:<13}            {state}", "");
        println!(
            "  {:<13}            from {}/{} at {}, else PyPI {}",
            "",
            m.hub.repo,
            m.hub.file,
            m.hub.revision.unwrap_or("main"),
            m.pypi
                .packages
                .first()
                .map(|p| if m.pypi.packages.len() > 1 {
                    format!("{p} … ({} wheels)", m.pypi.packages.len())
                } else {
                    p.to_string()
                })
                .unwrap_or_default()
        );
    }
    let named: Vec<_> = CATALOG.iter().map(resolve::cached_path).collect();
    let others: Vec<_> = resolve::cached_models().into_iter().filter(|(p, _)| !named.contains(p)).collect();
    if !others.is_empty() {
        println!("other GGUF files in the caches (use the path with --model):");
        for (path, size) in others {
            println!("  {:>8.1} MB  {}", size as f64 / 1e6, path.display());
        }
    }
}
