//! Writing an accepted answer to the user's file without harm: never over an
//! existing file unless asked, never through a symbolic link, and never half
//! a file — a temp file beside the target is written, synced and renamed.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// What became of a save.
#[derive(Debug, PartialEq)]
pub(crate) enum Saved {
    Written(PathBuf),
    /// The file exists and `overwrite` was not given: nothing was written.
    Exists(PathBuf),
}

pub(crate) fn write_answer(path: &Path, contents: &str, overwrite: bool) -> Result<Saved, String> {
    let shown = path.display();
    let existing = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            return Err(format!("{shown} is a symbolic link; memdoor does not write through links"))
        }
        Ok(m) if !m.is_file() => return Err(format!("{shown} is not a regular file")),
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    if existing.is_some() && !overwrite {
        return Ok(Saved::Exists(path.to_path_buf()));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let fail = |what: &str, e: std::io::Error| format!("{shown}: {what}: {e}");
    let mut tmp = tempfile::Builder::new()
        .prefix(".memdoor-save-")
        .tempfile_in(&dir)
        .map_err(|e| fail("creating a temp file beside it", e))?;
    tmp.write_all(contents.as_bytes()).map_err(|e| fail("writing", e))?;
    // An existing file keeps its mode; a new one gets the usual 0644 (not the temp file's 0600).
    let mode = existing.map_or(0o644, |m| m.permissions().mode() & 0o7777);
    tmp.as_file().set_permissions(std::fs::Permissions::from_mode(mode)).map_err(|e| fail("setting its mode", e))?;
    tmp.as_file().sync_all().map_err(|e| fail("syncing", e))?;
    if overwrite {
        tmp.persist(path).map_err(|e| fail("renaming into place", e.error))?;
    } else {
        // Created meanwhile by someone else: still not ours to replace.
        match tmp.persist_noclobber(path) {
            Ok(_) => {}
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
                return Ok(Saved::Exists(path.to_path_buf()))
            }
            Err(e) => return Err(fail("renaming into place", e.error)),
        }
    }
    // The rename itself is durable once the directory is synced.
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(Saved::Written(path.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_is_written_whole_with_a_usual_mode() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.py");
        assert_eq!(write_answer(&p, "print(1)\n", false).unwrap(), Saved::Written(p.clone()));
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "print(1)\n");
        assert_eq!(std::fs::metadata(&p).unwrap().permissions().mode() & 0o777, 0o644);
        // No temp file is left beside it.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_existing_file_is_replaced_only_when_asked_and_keeps_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.py");
        std::fs::write(&p, "mine\n").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(write_answer(&p, "theirs\n", false).unwrap(), Saved::Exists(p.clone()));
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "mine\n");
        assert_eq!(write_answer(&p, "theirs\n", true).unwrap(), Saved::Written(p.clone()));
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "theirs\n");
        assert_eq!(std::fs::metadata(&p).unwrap().permissions().mode() & 0o777, 0o755);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_symlink_or_a_directory_at_the_target_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "keep\n").unwrap();
        let link = dir.path().join("a.py");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        for overwrite in [false, true] {
            let e = write_answer(&link, "x", overwrite).unwrap_err();
            assert!(e.contains("symbolic link"), "{e}");
        }
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep\n");
        assert!(write_answer(dir.path(), "x", true).unwrap_err().contains("not a regular file"));
        // A missing directory is an error that names the path.
        let e = write_answer(&dir.path().join("no/such/a.py"), "x", false).unwrap_err();
        assert!(e.contains("no/such/a.py"), "{e}");
    }
}
