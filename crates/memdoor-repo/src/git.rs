//! The one way memdoor runs git on a repository (#62 item 1). A repository
//! is hostile data, and so is its `.git/config`: git obeys keys there that
//! run programs (`core.fsmonitor`, hooks, pagers, filters, `textconv`,
//! external diffs, credential helpers, transports for a partial clone's lazy
//! fetch). Every call goes through [`Git`], which
//!
//! - finds the top level itself (the nearest folder holding `.git`) and names
//!   it with `--work-tree`, so a `core.worktree` cannot point git (and the
//!   files memdoor reads and shows) at another folder such as the home;
//! - forces every key that runs a program off on git's command line (as
//!   `GIT_CONFIG_COUNT` pairs, which beat every config file): the fixed ones
//!   in `FORCED`, and each filter, diff and merge driver's command the
//!   repository's config names — those are found by reading the config
//!   first (`git config --list` reads files and runs nothing); a command
//!   that shows a diff also gets `--no-ext-diff --no-textconv` (`diff.external`
//!   cannot be emptied: git would run "");
//! - reads no system config (`GIT_CONFIG_NOSYSTEM`), takes no optional locks,
//!   never prompts, fetches nothing (`protocol.allow=never`,
//!   `GIT_NO_LAZY_FETCH`), and drops the caller's other `GIT_*` variables;
//! - caps what it reads of git's output, and stops a call past a minute;
//! - keeps a submodule's own config from mattering (`diff.submodule=short`:
//!   `diff` would otherwise run a `git diff` inside it, under its config).
//!
//! A repository whose tracked files name a filter that its config defines
//! (`filter=lfs` …) is refused: its files on disk are not what git holds,
//! and memdoor runs none of the programs that would make them so.
//! Needs git 2.31 or later (`GIT_CONFIG_COUNT`).

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStringExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{bail, Context as _, Result};

/// Keys that would run a program, each forced to a value that runs none.
/// (`core.hooksPath` at `/dev/null`: no hook is found below a file.)
const FORCED: &[(&str, &str)] = &[
    ("core.fsmonitor", "false"),
    ("core.hooksPath", "/dev/null"),
    ("core.pager", "cat"),
    ("core.editor", ":"),
    ("sequence.editor", ":"),
    ("core.askPass", ""),
    ("core.sshCommand", "false"),
    ("core.gitProxy", ""),
    ("credential.helper", ""),
    ("protocol.allow", "never"),
    ("gc.auto", "0"),
    ("maintenance.auto", "false"),
    ("log.showSignature", "false"),
    ("gpg.program", "false"),
    ("core.untrackedCache", "false"),
    // `diff.submodule=diff` runs `git diff` inside a submodule, under its own config.
    ("diff.submodule", "short"),
    ("submodule.recurse", "false"),
];

/// Subcommands that show diffs: each gets `--no-ext-diff --no-textconv`
/// (an emptied `diff.external` or driver command is still run by git, as "").
const SHOWING_DIFFS: &[&str] = &["diff", "log", "show", "format-patch"];
/// What those subcommands are given first.
const DIFF_GUARDS: &[&str] = &["--no-ext-diff", "--no-textconv", "--submodule=short"];

/// How long one git call may take: a config can name a file that never ends
/// (a FIFO as `include.path`), and reading it would wait for good.
const GIT_TIMEOUT: Duration = Duration::from_secs(60);

/// Per-driver keys that name a program: (section, variable).
const DRIVER_COMMANDS: &[(&str, &str)] = &[
    ("filter", "clean"),
    ("filter", "smudge"),
    ("filter", "process"),
    ("diff", "textconv"),
    ("diff", "command"),
    ("merge", "driver"),
];

/// The most of git's standard output read (a diff or a file list); past it the call fails.
const MAX_OUTPUT_BYTES: u64 = 64 << 20;
/// The most of git's standard error kept for a message.
const MAX_STDERR_BYTES: u64 = 16 << 10;

/// git on one repository, with nothing of the repository's allowed to run.
#[derive(Debug, Clone)]
pub struct Git {
    top: PathBuf,
    /// Config forced on every call: `FORCED` and the repository's drivers' commands emptied.
    forced: Vec<(OsString, String)>,
    /// The filter drivers the repository's config defines a program for.
    filters: BTreeSet<Vec<u8>>,
    /// How long one call may take (`GIT_TIMEOUT`).
    timeout: Duration,
}

impl Git {
    /// The repository holding `dir`: its top level is the nearest folder at
    /// or above `dir` that holds a `.git` (a folder, or a file that names one).
    pub fn open(dir: &Path) -> Result<Git> {
        Git::open_within(dir, GIT_TIMEOUT)
    }

    /// `open`, each call stopped past `timeout`.
    fn open_within(dir: &Path, timeout: Duration) -> Result<Git> {
        let start = dir.canonicalize().with_context(|| format!("{} does not exist", dir.display()))?;
        if !start.is_dir() {
            bail!("{} is not a folder", dir.display());
        }
        let Some(top) = start.ancestors().find(|d| std::fs::symlink_metadata(d.join(".git")).is_ok()) else {
            bail!("{} is not inside a git work tree: memdoor reads the files git tracks there", dir.display());
        };
        let mut git = Git { top: top.to_path_buf(), forced: Vec::new(), filters: BTreeSet::new(), timeout };
        git.forced = FORCED.iter().map(|(k, v)| (OsString::from(k), v.to_string())).collect();
        // git must find a repository there (a `.git` it can read, an owner it trusts): its own error says why not.
        git.run(&["rev-parse", "--absolute-git-dir"])?;
        let listed = git.run(&["config", "--null", "--list"]).context("reading the repository's git config")?;
        let (forced, filters) = drivers(&listed);
        git.forced.extend(forced.into_iter().map(|(k, v)| (OsString::from_vec(k), v)));
        git.filters = filters;
        Ok(git)
    }

    /// The work tree's top level (canonical).
    pub fn top(&self) -> &Path {
        &self.top
    }

    /// git with every guard, in the top level, ready for a subcommand's arguments.
    fn command(&self) -> Command {
        let mut cmd = Command::new("git");
        // The caller's GIT_* variables could point git elsewhere (GIT_DIR, GIT_INDEX_FILE) or add config.
        for (key, _) in std::env::vars_os() {
            if key.to_str().is_some_and(|k| k.starts_with("GIT_")) {
                cmd.env_remove(key);
            }
        }
        cmd.env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_TERMINAL_PROMPT", "0")
            .env("GIT_OPTIONAL_LOCKS", "0")
            .env("GIT_NO_LAZY_FETCH", "1")
            .env("GIT_PAGER", "cat")
            .env("GIT_CONFIG_COUNT", self.forced.len().to_string());
        for (i, (key, value)) in self.forced.iter().enumerate() {
            cmd.env(format!("GIT_CONFIG_KEY_{i}"), key).env(format!("GIT_CONFIG_VALUE_{i}"), value);
        }
        let mut work_tree = OsString::from("--work-tree=");
        work_tree.push(&self.top);
        cmd.arg("--no-pager").arg("-C").arg(&self.top).arg(work_tree).current_dir(&self.top);
        cmd
    }

    /// git's standard output for `args`; its error said when it fails.
    pub fn run(&self, args: &[&str]) -> Result<Vec<u8>> {
        self.run_with_input(args, None)
    }

    /// `run`, with `input` on git's standard input.
    fn run_with_input(&self, args: &[&str], input: Option<Vec<u8>>) -> Result<Vec<u8>> {
        let (code, stdout, stderr) = self.spawn(args, input)?;
        if code != Some(0) {
            bail!("git {} failed: {}", args.join(" "), String::from_utf8_lossy(&stderr).trim());
        }
        Ok(stdout)
    }

    /// Whether git exits 0 for `args` (1 is "no", anything else an error).
    pub fn succeeds(&self, args: &[&str]) -> Result<bool> {
        match self.spawn(args, None)? {
            (Some(0), ..) => Ok(true),
            (Some(1), ..) => Ok(false),
            (_, _, stderr) => bail!("git {} failed: {}", args.join(" "), String::from_utf8_lossy(&stderr).trim()),
        }
    }

    /// Runs git: (exit code, stdout within its cap, the start of stderr).
    /// git runs in a process group of its own, killed whole past `GIT_TIMEOUT`.
    fn spawn(&self, args: &[&str], input: Option<Vec<u8>>) -> Result<(Option<i32>, Vec<u8>, Vec<u8>)> {
        let mut cmd = self.command();
        match args.split_first() {
            Some((sub, rest)) if SHOWING_DIFFS.contains(sub) => cmd.arg(sub).args(DIFF_GUARDS).args(rest),
            _ => cmd.args(args),
        };
        cmd.stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let mut child = cmd.spawn().context("running git (is git installed?)")?;
        let writer = input.zip(child.stdin.take()).map(|(bytes, mut stdin)| {
            std::thread::spawn(move || {
                let _ = stdin.write_all(&bytes);
            })
        });
        let capped = |pipe: Option<std::process::ChildStdout>| {
            std::thread::spawn(move || {
                // Past the cap the pipe is dropped: git's next write fails and it ends.
                let mut kept = Vec::new();
                if let Some(out) = pipe {
                    let _ = out.take(MAX_OUTPUT_BYTES + 1).read_to_end(&mut kept);
                }
                kept
            })
        };
        let stdout = capped(child.stdout.take());
        let stderr = child.stderr.take().map(|err| {
            std::thread::spawn(move || {
                let mut kept = Vec::new();
                let mut err = err;
                let _ = err.by_ref().take(MAX_STDERR_BYTES).read_to_end(&mut kept);
                // Drained to its end, so git never blocks on a full pipe.
                let _ = std::io::copy(&mut err, &mut std::io::sink());
                kept
            })
        });
        let status = match wait_timeout::ChildExt::wait_timeout(&mut child, self.timeout).context("waiting for git")? {
            Some(status) => status,
            None => {
                // SAFETY: a plain syscall on the group this child leads (its pid, not yet reaped).
                unsafe { libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL) };
                let _ = child.wait();
                bail!(
                    "git {} did not finish within {} s (a repository's config can name a file that never ends): \
                     memdoor stopped it",
                    args.join(" "),
                    self.timeout.as_secs_f64()
                );
            }
        };
        if let Some(w) = writer {
            let _ = w.join();
        }
        let stdout = stdout.join().unwrap_or_default();
        let stderr = stderr.and_then(|r| r.join().ok()).unwrap_or_default();
        if stdout.len() as u64 > MAX_OUTPUT_BYTES {
            bail!("git {} printed more than {} MB; memdoor reads less", args.join(" "), MAX_OUTPUT_BYTES >> 20);
        }
        Ok((status.code(), stdout, stderr))
    }

    /// Every path git tracks, relative to the top level, sorted (paths that
    /// are not UTF-8 are skipped: they could not be shown as written). A
    /// repository whose tracked files need one of its filter programs is refused.
    pub fn tracked_files(&self) -> Result<BTreeSet<PathBuf>> {
        let out = self.run(&["ls-files", "-z"])?;
        let paths: BTreeSet<PathBuf> = out
            .split(|b| *b == 0)
            .filter(|p| !p.is_empty())
            .filter_map(|p| std::str::from_utf8(p).ok())
            .map(PathBuf::from)
            .collect();
        self.refuse_filters(&paths)?;
        Ok(paths)
    }

    /// An error naming a tracked file whose `filter` attribute is a driver the config gives a program.
    fn refuse_filters(&self, paths: &BTreeSet<PathBuf>) -> Result<()> {
        if self.filters.is_empty() || paths.is_empty() {
            return Ok(());
        }
        let mut input = Vec::new();
        for p in paths {
            input.extend_from_slice(p.to_string_lossy().as_bytes());
            input.push(0);
        }
        let out = self.run_with_input(&["check-attr", "-z", "--stdin", "filter"], Some(input))?;
        if let Some((path, filter)) = filter_in_use(&out, &self.filters) {
            bail!(
                "{} needs the git filter {filter:?} (its config gives the filter a program; {path:?} is one of the \
                 files it applies to): memdoor runs none of a repository's programs, so it cannot read this one as \
                 git would",
                self.top.display()
            );
        }
        Ok(())
    }

    /// Whether `rel` (a path that does not exist yet) is one the repository's ignore rules leave out.
    pub fn ignores(&self, rel: &Path) -> Result<bool> {
        let rel = rel.to_str().context("a path that is not UTF-8")?;
        // `./` first: a path starting `:(` would be read as pathspec magic, not a name.
        self.succeeds(&["check-ignore", "-q", "--", &format!("./{rel}")])
    }
}

/// From `git check-attr -z filter`'s output (path NUL attribute NUL value
/// NUL, for each path): the first path whose filter is one of `filters`, with it.
pub fn filter_in_use(out: &[u8], filters: &BTreeSet<Vec<u8>>) -> Option<(String, String)> {
    let fields: Vec<&[u8]> = out.split(|b| *b == 0).collect();
    fields.chunks(3).find_map(|triple| {
        let [path, _, value] = triple else { return None };
        let lossy = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        filters.contains(*value).then(|| (lossy(path), lossy(value)))
    })
}

/// A config key (as git wrote it, bytes) and the value memdoor forces on it.
pub type ForcedKey = (Vec<u8>, String);

/// From `git config --null --list`'s output: each driver command the config
/// names, forced empty (a filter made not required), and the filter drivers
/// named. Kept as bytes: a driver's name need not be UTF-8, and a name made
/// lossy would force off some other driver, not this one.
pub fn drivers(listed: &[u8]) -> (Vec<ForcedKey>, BTreeSet<Vec<u8>>) {
    let mut forced = BTreeMap::new();
    let mut filters = BTreeSet::new();
    for entry in listed.split(|b| *b == 0).filter(|e| !e.is_empty()) {
        // key NEWLINE value; a key alone is a boolean true.
        let key = entry.split(|b| *b == b'\n').next().unwrap_or_default();
        let (Some(first), Some(last)) = (key.iter().position(|b| *b == b'.'), key.iter().rposition(|b| *b == b'.'))
        else {
            continue;
        };
        if first == last {
            continue; // no subsection
        }
        let (section, subsection, variable) = (&key[..first], &key[first + 1..last], &key[last + 1..]);
        let (section, variable) = (section.to_ascii_lowercase(), variable.to_ascii_lowercase());
        if !DRIVER_COMMANDS.iter().any(|(s, v)| s.as_bytes() == section && v.as_bytes() == variable) {
            continue;
        }
        let named = |var: &[u8]| [&section[..], b".", subsection, b".", var].concat();
        forced.insert(named(&variable), String::new());
        if section == b"filter" {
            forced.insert(named(b"required"), "false".into());
            filters.insert(subsection.to_vec());
        }
    }
    (forced.into_iter().collect(), filters)
}

#[cfg(test)]
#[path = "git_tests.rs"]
mod tests;
