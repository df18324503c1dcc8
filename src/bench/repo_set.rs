//! A repository set on disk (`assets/repos/`: per repository a folder with
//! `task.md`, `repo/`, `hidden/` and `meta.toml`), and what the repository
//! bench does with its files: a committed git copy of a repository, and a
//! candidate with the private tests laid over it.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context as _, Result};

use crate::repo::{edit::RepoPath, Candidate, Change};

/// One repository of a set.
#[derive(Debug, Clone)]
pub struct RepoCase {
    pub name: String,
    pub task: String,
    pub test: String,
    /// The repository's files (the bench makes a git repository of a copy).
    pub files: PathBuf,
    /// The private tests, laid out as in the tree.
    pub(crate) hidden: PathBuf,
}

#[derive(Debug, serde::Deserialize)]
struct Meta {
    test: String,
}

/// The set's repositories, in name order.
pub fn load_set(dir: &Path) -> Result<Vec<RepoCase>> {
    let mut cases = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if !path.join("meta.toml").is_file() {
            continue;
        }
        let meta: Meta = toml::from_str(&std::fs::read_to_string(path.join("meta.toml"))?)
            .with_context(|| format!("{}/meta.toml", path.display()))?;
        cases.push(RepoCase {
            name: path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            task: std::fs::read_to_string(path.join("task.md"))?.trim().to_string(),
            test: meta.test,
            files: path.join("repo"),
            hidden: path.join("hidden"),
        });
    }
    if cases.is_empty() {
        bail!("no repositories in {} (each a folder with meta.toml, task.md, repo/, hidden/)", dir.display());
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cases)
}

/// A git repository of a copy of `files` (and `extra` over it), committed.
pub(super) fn checkout(files: &Path) -> Result<tempfile::TempDir> {
    let dir = tempfile::Builder::new().prefix("memdoor-bench-repo-").tempdir()?;
    crate::judge::sandbox::copy_tree(files, dir.path())?;
    git(dir.path(), &["init", "-q"])?;
    commit(dir.path(), "bench")?;
    Ok(dir)
}

/// Commits every change in the work tree at `dir`.
pub(super) fn commit(dir: &Path, message: &str) -> Result<()> {
    git(dir, &["add", "-A"])?;
    git(dir, &["-c", "user.name=memdoor", "-c", "user.email=bench@memdoor", "commit", "-qm", message])
}

fn git(dir: &Path, args: &[&str]) -> Result<()> {
    let out = Command::new("git").arg("-C").arg(dir).args(args).output()?;
    if !out.status.success() {
        bail!("git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(())
}

/// `candidate` with the private tests laid over it, as new or replaced files.
pub(super) fn with_hidden(candidate: &Candidate, hidden: &Path) -> Result<Candidate> {
    let mut graded = candidate.clone();
    let mut stack = vec![hidden.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(hidden)?.to_string_lossy().into_owned();
            let rel = RepoPath::parse(&rel).map_err(|e| anyhow::anyhow!("{rel}: {e}"))?;
            graded.changes.insert(rel, Change { before: None, after: std::fs::read_to_string(&path)? });
        }
    }
    Ok(graded)
}
