//! What of an interpreter's installation enters the strong sandbox: its
//! prefix's `bin/` and `lib/`, not the whole prefix (a conda base holds
//! every environment with its stored variables). Real bubblewrap, and a
//! real interpreter installed under a prefix of the test's own: the
//! system's python3 binary copied into `<prefix>/bin`, its standard
//! library linked from `<prefix>/lib`, and files elsewhere in the prefix.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use memdoor::judge::sandbox::{Exit, Limits, Sandbox, Strength};

#[tokio::test]
async fn only_the_prefixs_bin_and_lib_are_in_the_sandbox() {
    let real = std::fs::canonicalize("/usr/bin/python3").expect("a system python3 (/usr/bin/python3)");
    let name = real.file_name().unwrap().to_str().unwrap().to_string(); // python3.11
    let stdlib = Path::new("/usr/lib").join(&name);
    assert!(stdlib.join("os.py").is_file(), "no standard library at {}", stdlib.display());

    // A prefix the run's uid can traverse (a tempdir is 0700): /tmp/…/prefix.
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let prefix = dir.path().join("prefix");
    for sub in ["bin", "lib", "envs/other/etc/conda/activate.d"] {
        std::fs::create_dir_all(prefix.join(sub)).unwrap();
    }
    let exe = prefix.join("bin").join(&name);
    std::fs::copy(&real, &exe).unwrap();
    std::os::unix::fs::symlink(&stdlib, prefix.join("lib").join(&name)).unwrap();
    std::fs::write(prefix.join("secret.txt"), "a file elsewhere under the prefix").unwrap();
    std::fs::write(prefix.join("envs/other/etc/conda/activate.d/env_vars.sh"), "export API_KEY=sk-stored-in-an-env\n")
        .unwrap();

    let bwrap = which("bwrap").expect("bubblewrap on PATH (installed here and in CI)");
    let sandbox = Sandbox::detect_with_python(&bwrap, exe.to_str().unwrap(), Limits::default())
        .await
        .expect("resolving the prefix's python");
    assert_eq!(sandbox.strength(), &Strength::Strong, "python from {} does not start in the sandbox", prefix.display());
    assert_eq!(sandbox.python().exe, exe);

    let p = prefix.display();
    let code = format!(
        "import sys, os, json, decimal, collections, re\n\
         print(sys.base_prefix)\n\
         print(sorted(os.listdir({p:?})))\n\
         print(os.path.exists({p:?} + '/secret.txt'), os.path.exists({p:?} + '/envs'))\n\
         print(json.dumps(sorted(collections.Counter('abca').items())), decimal.Decimal('0.1') + decimal.Decimal('0.2'))\n"
    );
    let out = sandbox.run(&code, b"").await.expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status, Exit::Exited(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], prefix.to_str().unwrap(), "python did not start from the test's prefix");
    assert_eq!(lines[1], "['bin', 'lib']", "more of the prefix than bin/ and lib/ is in the sandbox");
    assert_eq!(lines[2], "False False");
    assert_eq!(lines[3], "[[\"a\", 2], [\"b\", 1], [\"c\", 1]] 0.3", "the standard library does not work");
}

fn which(name: &str) -> Option<std::path::PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join(name)).find(|p| p.is_file())
}
