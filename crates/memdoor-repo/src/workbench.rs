//! The session's own copy of the repository (#30 item 3): every tracked file
//! as it was when the session began — a dirty tree is worked from as it is —
//! copied once into a private directory. Candidates are edits applied to
//! that copy's text, never to the user's working tree; each runs its tests
//! on the copy with its changed files laid over it (`judge::sandbox::TreeRun`).
//! The digest of every file read is kept, so that accepting a patch can
//! refuse a file the user changed meanwhile (`accept`).

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};
use sha2::{Digest, Sha256};

use super::accept::PlannedWrite;
use super::context::{through_no_link, MAX_FILE_BYTES};
use super::edit::{apply_edit, Edit, EditError, RepoPath};
use super::git::Git;

/// Tracked files a repository may have for the session to copy it.
pub(crate) const MAX_TREE_FILES: usize = 20_000;
/// Bytes the tracked files may hold together.
pub(crate) const MAX_TREE_BYTES: u64 = 512 << 20;

/// A tracked file as the session read it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tracked {
    File {
        digest: [u8; 32],
    },
    /// Not copied and never edited: a link could lead anywhere.
    Symlink,
}

/// One file a candidate changes: its text before (`None`: the candidate creates it) and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub before: Option<String>,
    pub after: String,
}

/// A candidate patch: the files it changes, by path.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Candidate {
    pub changes: BTreeMap<RepoPath, Change>,
}

impl Candidate {
    /// Its changes to test files alone (`RepoPath::is_test`), when it also
    /// changes other files: run on the tree, they show whether the tests it
    /// writes fail without the rest of its change (a reproduction, `rank`).
    pub fn tests_alone(&self) -> Option<Candidate> {
        let (tests, code): (BTreeMap<_, _>, BTreeMap<_, _>) =
            self.changes.iter().map(|(p, c)| (p.clone(), c.clone())).partition(|(p, _)| p.is_test());
        (!tests.is_empty() && !code.is_empty()).then_some(Candidate { changes: tests })
    }

    /// The repository's own test files it edits (`RepoPath::is_test`,
    /// files the tree has): what it must not be judged by alone.
    pub fn edited_tests(&self) -> Vec<&RepoPath> {
        self.changes.iter().filter(|(p, c)| is_repository_test(p, c)).map(|(p, _)| p).collect()
    }

    /// This candidate with the repository's test files as they were (its
    /// new test files kept): the run that shows what its code does to the
    /// repository's tests, with no test rewritten to pass.
    pub fn with_tests_as_they_were(&self) -> Candidate {
        let changes = self.changes.iter().filter(|(p, c)| !is_repository_test(p, c));
        Candidate { changes: changes.map(|(p, c)| (p.clone(), c.clone())).collect() }
    }

    /// This candidate with `tests` (a teammate's test files alone) laid
    /// over it, in place of its own changes to those files: how a
    /// teammate's reproduction fares on this change.
    pub fn with_tests(&self, tests: &Candidate) -> Candidate {
        let mut changes = self.changes.clone();
        changes.extend(tests.changes.iter().map(|(p, c)| (p.clone(), c.clone())));
        Candidate { changes }
    }

    /// The files either candidate changes, as they stand after this one and
    /// after `other`, each under a `### path` line, in path order: two texts
    /// whose diff is the difference between the two trees (a file the other
    /// leaves alone stands as the session read it; one not made, empty).
    pub(crate) fn trees_beside(&self, other: &Candidate) -> (String, String) {
        let paths: std::collections::BTreeSet<&RepoPath> = self.changes.keys().chain(other.changes.keys()).collect();
        let (mut mine, mut theirs) = (String::new(), String::new());
        for path in paths {
            let read = self.changes.get(path).or_else(|| other.changes.get(path)).and_then(|c| c.before.as_deref());
            let read = read.unwrap_or("");
            let after_mine = self.changes.get(path).map_or(read, |c| c.after.as_str());
            let after_other = other.changes.get(path).map_or(read, |c| c.after.as_str());
            for (out, text) in [(&mut mine, after_mine), (&mut theirs, after_other)] {
                *out += &format!("### {path}\n{text}");
                if !text.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        (mine, theirs)
    }
}

/// A change of one of the repository's own test files (not one the candidate creates).
fn is_repository_test(path: &RepoPath, change: &Change) -> bool {
    path.is_test() && change.before.is_some()
}

pub struct Workbench {
    /// The user's repository (its top level).
    root: PathBuf,
    /// git on it (for its ignore rules, when a candidate makes a file).
    git: Git,
    /// Holds `base`; only its owner may list it.
    _dir: tempfile::TempDir,
    /// The copy, under a name nobody else can guess: readable by the sandbox's uids.
    base: PathBuf,
    files: BTreeMap<PathBuf, Tracked>,
    bytes: u64,
}

impl Workbench {
    /// Copies the tracked files of the repository holding `dir`.
    pub fn snapshot(dir: &Path) -> Result<Workbench> {
        let git = Git::open(dir)?;
        let root = git.top().to_path_buf();
        let tracked = git.tracked_files()?;
        if tracked.len() > MAX_TREE_FILES {
            bail!("{} tracks {} files; memdoor copies at most {MAX_TREE_FILES}", root.display(), tracked.len());
        }
        let holder = tempfile::Builder::new().prefix("memdoor-repo-").tempdir().context("creating the work copy")?;
        std::fs::set_permissions(holder.path(), std::fs::Permissions::from_mode(0o711))?;
        let base = tempfile::Builder::new().prefix("base-").rand_bytes(24).tempdir_in(holder.path())?.keep();
        std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o755))?;
        let mut bench = Workbench { root, git, _dir: holder, base, files: BTreeMap::new(), bytes: 0 };
        for rel in tracked {
            bench.copy_one(&rel)?;
        }
        Ok(bench)
    }

    fn copy_one(&mut self, rel: &Path) -> Result<()> {
        let from = self.root.join(rel);
        // Deleted in the work tree but still tracked: the tree as it is has none.
        let Ok(meta) = std::fs::symlink_metadata(&from) else { return Ok(()) };
        // A link, or below a directory that has become one: it could lead anywhere.
        if meta.file_type().is_symlink() || !through_no_link(&self.root, rel) {
            self.files.insert(rel.to_path_buf(), Tracked::Symlink);
            return Ok(());
        }
        if !meta.is_file() {
            return Ok(()); // a submodule's directory
        }
        self.bytes += meta.len();
        if self.bytes > MAX_TREE_BYTES {
            bail!("the tracked files of {} pass {} MB; memdoor copies less", self.root.display(), MAX_TREE_BYTES >> 20);
        }
        let bytes = std::fs::read(&from).with_context(|| format!("reading {}", from.display()))?;
        let to = self.base.join(rel);
        if let Some(parent) = to.parent() {
            make_dirs(&self.base, parent)?;
        }
        std::fs::write(&to, &bytes).with_context(|| format!("copying {}", rel.display()))?;
        // Readable by the sandbox's uid; an executable stays executable.
        let mode = if meta.permissions().mode() & 0o111 != 0 { 0o755 } else { 0o644 };
        std::fs::set_permissions(&to, std::fs::Permissions::from_mode(mode))?;
        self.files.insert(rel.to_path_buf(), Tracked::File { digest: Sha256::digest(&bytes).into() });
        Ok(())
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The copy's directory (for `TreeRun::base`).
    pub fn base(&self) -> &Path {
        &self.base
    }

    /// Bytes of the tracked files copied.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    pub fn is_tracked(&self, rel: &Path) -> bool {
        self.files.contains_key(rel)
    }

    /// Tracked paths (files and symlinks), sorted.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.files.keys().map(PathBuf::as_path)
    }

    /// The text of `path` as the session read it; `None`: the path is free
    /// for a new file. An error when the file cannot be edited.
    pub fn original(&self, path: &RepoPath) -> Result<Option<String>, EditError> {
        let refuse = |why: &str| EditError::NotEditable { path: path.clone(), why: why.to_string() };
        let rel = path.as_path();
        match self.files.get(rel) {
            Some(Tracked::Symlink) => return Err(refuse("a symlink")),
            Some(Tracked::File { .. }) => {
                let bytes = std::fs::read(self.base.join(rel)).map_err(|_| refuse("unreadable"))?;
                if bytes.len() as u64 > MAX_FILE_BYTES {
                    return Err(refuse("over 256 KB"));
                }
                if bytes.contains(&0) {
                    return Err(refuse("binary"));
                }
                return String::from_utf8(bytes).map(Some).map_err(|_| refuse("not UTF-8"));
            }
            None => {}
        }
        // A new file: not below a tracked file or link, and nothing of the user's in the way.
        for ancestor in rel.ancestors().skip(1).filter(|a| !a.as_os_str().is_empty()) {
            if self.files.contains_key(ancestor) {
                return Err(refuse("below a tracked file or symlink"));
            }
            if std::fs::symlink_metadata(self.root.join(ancestor)).is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(refuse("through a symlink"));
            }
        }
        if std::fs::symlink_metadata(self.root.join(rel)).is_ok() {
            return Err(refuse("it exists but git does not track it"));
        }
        // Only where the repository could track a file: below the nearest
        // folder that exists, which holds tracked files or is empty (git
        // tracks no empty folder: a `tests/` made for the change), and
        // nothing its ignore rules leave out — never a virtualenv's
        // site-packages, a build folder.
        if let Some(folder) = self.folder_tracking_nothing(rel) {
            return Err(refuse(&format!("inside {}, a folder git tracks nothing in", folder.display())));
        }
        match self.git.ignores(rel) {
            Ok(false) => Ok(None),
            Ok(true) => Err(refuse("a path the repository's ignore rules leave out")),
            Err(e) => Err(refuse(&format!("git could not say whether it is ignored ({e:#})"))),
        }
    }

    /// The nearest folder above `rel` that exists in the user's tree, when
    /// git tracks nothing below it and it holds something.
    fn folder_tracking_nothing<'p>(&self, rel: &'p Path) -> Option<&'p Path> {
        let folder = rel
            .ancestors()
            .skip(1)
            .filter(|a| !a.as_os_str().is_empty())
            .find(|a| std::fs::symlink_metadata(self.root.join(a)).is_ok())?;
        let empty = std::fs::read_dir(self.root.join(folder)).is_ok_and(|mut d| d.next().is_none());
        (!empty && !self.files.keys().any(|f| f.starts_with(folder))).then_some(folder)
    }

    /// `edits` applied in order to the files as read (a file edited twice takes both).
    pub fn apply(&self, edits: &[Edit]) -> Result<Candidate, EditError> {
        // Per path: the text as read, and as the blocks so far leave it.
        let mut texts: BTreeMap<RepoPath, (Option<String>, Option<String>)> = BTreeMap::new();
        for (i, edit) in edits.iter().enumerate() {
            if !texts.contains_key(&edit.path) {
                let before = self.original(&edit.path)?;
                texts.insert(edit.path.clone(), (before.clone(), before));
            }
            let Some((_, current)) = texts.get_mut(&edit.path) else { continue };
            *current = Some(apply_edit(current.as_deref(), edit, i + 1)?);
        }
        let changes: BTreeMap<RepoPath, Change> = texts
            .into_iter()
            .filter_map(|(path, (before, after))| {
                let after = after.filter(|a| before.as_ref() != Some(a))?;
                Some((path, Change { before, after }))
            })
            .collect();
        if changes.is_empty() {
            return Err(EditError::NoChange);
        }
        Ok(Candidate { changes })
    }

    /// Writes the candidate's changed files under `dir`, as the overlay of a `TreeRun`.
    pub(crate) fn write_overlay(&self, candidate: &Candidate, dir: &Path) -> Result<()> {
        for (path, change) in &candidate.changes {
            let to = dir.join(path.as_path());
            if let Some(parent) = to.parent() {
                make_dirs(dir, parent)?;
            }
            std::fs::write(&to, &change.after).with_context(|| format!("writing {path}"))?;
            let mode = std::fs::metadata(self.base.join(path.as_path())).map_or(0o644, |m| m.permissions().mode());
            std::fs::set_permissions(&to, std::fs::Permissions::from_mode(mode & 0o777 | 0o444))?;
        }
        Ok(())
    }

    /// What accepting `candidate` writes, each with the digest of what the
    /// session read. A file it makes is checked again as a new file (the
    /// user's tree may have changed since): an error says why one is refused.
    pub fn plan(&self, candidate: &Candidate) -> Result<Vec<PlannedWrite>, EditError> {
        candidate
            .changes
            .iter()
            .map(|(path, change)| {
                let before = match self.files.get(path.as_path()) {
                    Some(Tracked::File { digest }) => Some(*digest),
                    _ => {
                        self.original(path)?;
                        None
                    }
                };
                Ok(PlannedWrite { path: path.as_path().to_path_buf(), before, after: change.after.clone() })
            })
            .collect()
    }
}

/// Makes `dir` and its parents below `top`, each readable by the sandbox's uids.
fn make_dirs(top: &Path, dir: &Path) -> Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for d in dir.ancestors().take_while(|d| d.starts_with(top) && *d != top) {
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755))?;
    }
    Ok(())
}

#[cfg(test)]
#[path = "workbench_tests.rs"]
mod tests;
