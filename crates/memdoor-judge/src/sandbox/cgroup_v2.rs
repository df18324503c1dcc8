//! cgroup v2 as the kernel allows it. Run groups need the `memory` and
//! `pids` controllers enabled in their parent's `cgroup.subtree_control`,
//! and the kernel's no-internal-processes rule forbids that in any group
//! (but the root) that holds a process — memdoor's own group does, and so
//! does every systemd scope. So memdoor moves itself into a leaf child of
//! its group (`memdoor-main`), enables the controllers on the group, and
//! makes run groups beside the leaf:
//!
//! ```text
//! <own group>/                 subtree_control: memory pids [cpu]
//! ├── memdoor-main/            memdoor itself (and what it starts)
//! ├── memdoor-run-<pid>-<n>/   one run, capped
//! └── …
//! ```
//!
//! Where even that is impossible (the controllers bound to cgroup v1, not
//! delegated, no write access, other processes in the group) it says why,
//! in words the user can act on.

use std::path::{Path, PathBuf};

/// The leaf memdoor moves into; shared by the memdoor processes of one group.
pub(super) const MAIN: &str = "memdoor-main";
/// What run groups must have.
pub(super) const REQUIRED: [&str; 2] = ["memory", "pids"];
/// What they get where the group has it.
pub(super) const OPTIONAL: [&str; 1] = ["cpu"];

fn words(dir: &Path, file: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(dir.join(file)).map_err(|e| format!("reading {}/{file}: {e}", dir.display()))?;
    Ok(text.split_whitespace().map(str::to_string).collect())
}

fn has_all(dir: &Path, file: &str, wanted: &[&str]) -> bool {
    words(dir, file).is_ok_and(|on| wanted.iter().all(|w| on.iter().any(|o| o == w)))
}

/// Makes `own` — the v2 group the process `pid` (memdoor) is in — a parent
/// of run groups with `required` (and what of `optional` it has) enabled for
/// its children; returns the directory to make run groups in.
pub(super) fn prepare(own: &Path, pid: u32, required: &[&str], optional: &[&str]) -> Result<PathBuf, String> {
    // Started by a memdoor that already made the leaf (or moved here before):
    // the run groups go beside it.
    if own.file_name().is_some_and(|n| n == MAIN) {
        if let Some(parent) = own.parent().filter(|p| has_all(p, "cgroup.subtree_control", required)) {
            return Ok(parent.to_path_buf());
        }
    }
    let available = words(own, "cgroup.controllers")?;
    let missing: Vec<&str> = required.iter().copied().filter(|c| !available.iter().any(|a| a == c)).collect();
    if !missing.is_empty() {
        return Err(format!(
            "cgroup v2: the {} controller{} not available to memdoor's group {} (its cgroup.controllers: \"{}\"): \
bound to cgroup v1 on this machine, or not delegated to this group",
            missing.join(" and "),
            if missing.len() > 1 { "s are" } else { " is" },
            own.display(),
            available.join(" ")
        ));
    }
    // Already on (the root, or a group whose processes moved out before).
    if has_all(own, "cgroup.subtree_control", required) {
        return Ok(own.to_path_buf());
    }
    let main = own.join(MAIN);
    match std::fs::create_dir(&main) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => {
            return Err(format!(
                "cgroup v2: cannot make {}: {e} (the group is not delegated to memdoor's user)",
                main.display()
            ))
        }
    }
    if let Err(e) = std::fs::write(main.join("cgroup.procs"), pid.to_string()) {
        let _ = std::fs::remove_dir(&main);
        return Err(format!(
            "cgroup v2: cannot move memdoor into {}: {e} (no write access to {}/cgroup.procs?)",
            main.display(),
            own.display()
        ));
    }
    let enable: String = required.iter().map(|c| format!("+{c} ")).collect();
    if let Err(e) = std::fs::write(own.join("cgroup.subtree_control"), enable.trim_end()) {
        // Back where it was, and the leaf gone unless another memdoor is in it.
        let _ = std::fs::write(own.join("cgroup.procs"), pid.to_string());
        let _ = std::fs::remove_dir(&main);
        let why = if e.raw_os_error() == Some(libc::EBUSY) {
            "other processes than memdoor live in it, and the kernel lets a group with controllers for its children hold no process \
of its own: start memdoor in a group of its own, e.g. `systemd-run --user --scope -p Delegate=yes memdoor …`"
                .to_string()
        } else {
            e.to_string()
        };
        return Err(format!(
            "cgroup v2: cannot enable {} for the children of {}: {why}",
            required.join(" and "),
            own.display()
        ));
    }
    for c in optional.iter().filter(|c| available.iter().any(|a| a == *c)) {
        // Best effort: a controller that will not come on leaves its cap to the rlimits.
        if let Err(e) = std::fs::write(own.join("cgroup.subtree_control"), format!("+{c}")) {
            tracing::info!("sandbox: cgroup v2 {c} controller not enabled in {}: {e}", own.display());
        }
    }
    Ok(own.to_path_buf())
}

#[cfg(test)]
#[path = "cgroup_v2_tests.rs"]
mod tests;
