#!/usr/bin/env python3
"""Check the shipped benchmark repositories under assets/repos/.

    python3 tests/tools/repos/check.py [NAME ...] [--root DIR] [--format-only] [-v]

Python 3.11+, standard library only. NAME is a folder of assets/repos/
(default: all of them). Each repository is a folder holding task.md,
meta.toml, repo/, hidden/ and reference.patch (see assets/repos/README.md).

For each repository:
  * format: the folder name is kebab-case; the files are there; meta.toml has language (python, rust,
    javascript), test and kind (bugfix, feature); task.md is not empty; no
    caches or VCS files (.git, .gitignore, __pycache__, .pytest_cache, *.pyc,
    target/, node_modules/) anywhere; repo/ is small (at most 6 files and 200
    lines) and holds visible tests in the language's place; hidden/ holds only
    test files, at least 4 tests, none of them replacing a visible file;
    reference.patch is a git diff with a/ b/ prefixes that touches only
    existing non-test files of repo/;
  * behaviour, each step on a fresh temporary copy of repo/ committed to git:
      1. the test command fails, with at least one visible test failing (not
         a collection or build error) and at least one passing;
      2. `git apply reference.patch` works and the test command then passes;
      3. with hidden/ copied over the patched tree the test command passes,
         and more tests ran than in step 2;
      4. the hidden tests alone on the ORIGINAL tree: counted; a repository
         whose hidden tests all pass unfixed gets a warning, not a failure.

Nothing is written outside the temporary directory (CARGO_TARGET_DIR,
pytest's cache and byte code all land there). Prints one line per repository
and a summary; exits 1 if any repository fails a check, 2 on bad usage.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
DEFAULT_ROOT = REPO_ROOT / "assets" / "repos"

LANGUAGES = {"python", "rust", "javascript"}
KINDS = {"bugfix", "feature"}
TEST_COMMANDS = {
    "python": "python3 -m pytest -q",
    "rust": "cargo test --offline",
    "javascript": "node --test",
}
FORBIDDEN_NAMES = {".git", ".gitignore", "__pycache__", ".pytest_cache", "target",
                   "node_modules", ".DS_Store", "Cargo.lock"}
MAX_FILES = 6
MAX_LINES = 200
MIN_HIDDEN_TESTS = 4
TIMEOUT = {"python": 60, "rust": 300, "javascript": 60}
SLOW_SECONDS = 5.0
GIT = ["git", "-c", "user.name=repo-check", "-c", "user.email=repo-check@example.invalid",
       "-c", "core.autocrlf=false", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"]


class Fail(Exception):
    pass


def is_test_path(rel, language):
    """Whether a repo-relative path (posix) is a test file for `language`."""
    parts = rel.split("/")
    name = parts[-1]
    if language == "python":
        return name.startswith("test_") and name.endswith(".py") or name.endswith("_test.py") \
            or name == "conftest.py" and len(parts) > 1
    if language == "rust":
        return len(parts) == 2 and parts[0] == "tests" and name.endswith(".rs")
    return name.endswith(".test.js") or name.endswith(".test.cjs") or name.endswith(".test.mjs")


def count_tests(text, language):
    if language == "python":
        plain = len(re.findall(r"^\s*(?:async\s+)?def test_\w*\s*\(", text, re.M))
        return plain
    if language == "rust":
        return len(re.findall(r"#\[test\]", text))
    return len(re.findall(r"^\s*(?:test|it)\s*\(", text, re.M))


def files_under(folder):
    return sorted(p for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def patch_paths(patch_text):
    """(old, new) path pairs of a git diff; raises Fail on a malformed one."""
    pairs = []
    for m in re.finditer(r"^diff --git (\S+) (\S+)$", patch_text, re.M):
        old, new = m.group(1), m.group(2)
        if not (old.startswith("a/") and new.startswith("b/")):
            raise Fail(f"reference.patch: paths need a/ b/ prefixes: {m.group(0)}")
        pairs.append((old[2:], new[2:]))
    if not pairs:
        raise Fail("reference.patch: no `diff --git` headers")
    return pairs


def check_format(d):
    """Static checks; returns (meta, warnings)."""
    warnings = []
    if not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", d.name):
        raise Fail("folder name must be short kebab-case")
    for need in ("task.md", "meta.toml", "reference.patch", "repo", "hidden"):
        if not (d / need).exists():
            raise Fail(f"missing {need}")
    for p in [d] + files_under(d) + [q for q in d.rglob("*") if q.is_dir()]:
        if p.is_symlink():
            raise Fail(f"symlink not allowed: {p.relative_to(d)}")
        if p.name in FORBIDDEN_NAMES or p.suffix in (".pyc", ".pyo", ".orig", ".rej"):
            raise Fail(f"cache/VCS/build file not allowed: {p.relative_to(d)}")
    extra = sorted(p.name for p in d.iterdir()
                   if p.name not in ("task.md", "meta.toml", "reference.patch", "repo", "hidden"))
    if extra:
        raise Fail(f"unexpected entries: {', '.join(extra)}")

    try:
        meta = tomllib.loads((d / "meta.toml").read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise Fail(f"meta.toml: {e}") from None
    for key in ("language", "test", "kind"):
        if not isinstance(meta.get(key), str) or not meta[key].strip():
            raise Fail(f"meta.toml: `{key}` must be a non-empty string")
    unknown = sorted(set(meta) - {"language", "test", "kind"})
    if unknown:
        warnings.append(f"meta.toml: unknown keys {unknown}")
    lang = meta["language"]
    if lang not in LANGUAGES:
        raise Fail(f"meta.toml: language {lang!r} not one of {sorted(LANGUAGES)}")
    if meta["kind"] not in KINDS:
        raise Fail(f"meta.toml: kind {meta['kind']!r} not one of {sorted(KINDS)}")
    if meta["test"] != TEST_COMMANDS[lang]:
        warnings.append(f"meta.toml: test {meta['test']!r} differs from the usual {TEST_COMMANDS[lang]!r}")

    task = (d / "task.md").read_text(encoding="utf-8").strip()
    if not task:
        raise Fail("task.md is empty")
    if re.search(r"hidden|private test", task, re.I):
        raise Fail("task.md mentions hidden tests")

    repo, hidden = d / "repo", d / "hidden"
    repo_files = [p.relative_to(repo).as_posix() for p in files_under(repo)]
    lines = 0
    for rel in repo_files:
        try:
            lines += (repo / rel).read_text(encoding="utf-8").count("\n")
        except UnicodeDecodeError:
            raise Fail(f"repo/{rel} is not UTF-8 text") from None
    if not 2 <= len(repo_files) <= MAX_FILES:
        raise Fail(f"repo/ has {len(repo_files)} files (want 2..{MAX_FILES})")
    if lines > MAX_LINES:
        raise Fail(f"repo/ has {lines} lines (want at most {MAX_LINES})")
    visible = [r for r in repo_files if is_test_path(r, lang)]
    if lang == "python":
        if "conftest.py" not in repo_files:
            raise Fail("python repo/ needs a conftest.py at its root")
        if not any(re.fullmatch(r"tests/test_[^/]+\.py", r) for r in repo_files):
            raise Fail("python repo/ needs tests/test_*.py")
    elif lang == "rust":
        cargo = tomllib.loads((repo / "Cargo.toml").read_text(encoding="utf-8")) \
            if "Cargo.toml" in repo_files else None
        if cargo is None:
            raise Fail("rust repo/ needs Cargo.toml")
        if cargo.get("package", {}).get("edition") != "2021":
            raise Fail("Cargo.toml: edition must be 2021")
        for table in ("dependencies", "dev-dependencies", "build-dependencies"):
            if cargo.get(table):
                raise Fail(f"Cargo.toml: [{table}] must be empty")
        inline = any("#[cfg(test)]" in (repo / r).read_text(encoding="utf-8")
                     for r in repo_files if r.endswith(".rs"))
        if not visible and not inline:
            raise Fail("rust repo/ has no tests (tests/*.rs or #[cfg(test)])")
    else:
        if not any(re.fullmatch(r"test/[^/]+\.test\.js", r) for r in repo_files):
            raise Fail("javascript repo/ needs test/*.test.js")
        if "package.json" in repo_files:
            warnings.append("package.json present (not needed)")
    if lang != "rust" and not visible:
        raise Fail("repo/ has no visible test files")

    hidden_files = [p.relative_to(hidden).as_posix() for p in files_under(hidden)]
    if not hidden_files:
        raise Fail("hidden/ is empty")
    n_hidden = 0
    for rel in hidden_files:
        if not is_test_path(rel, lang):
            raise Fail(f"hidden/{rel} is not a test file for {lang}")
        if rel in repo_files:
            raise Fail(f"hidden/{rel} would replace a visible file")
        n_hidden += count_tests((hidden / rel).read_text(encoding="utf-8"), lang)
    if lang == "rust" and "tests/hidden.rs" not in hidden_files:
        raise Fail("rust hidden tests go in hidden/tests/hidden.rs")
    if n_hidden < MIN_HIDDEN_TESTS:
        raise Fail(f"hidden/ has {n_hidden} tests (want at least {MIN_HIDDEN_TESTS})")

    patch = (d / "reference.patch").read_text(encoding="utf-8")
    for old, new in patch_paths(patch):
        for path in {old, new}:
            if path not in repo_files:
                raise Fail(f"reference.patch touches {path}, which is not a file of repo/")
            if is_test_path(path, lang) or path.split("/")[0] in ("tests", "test"):
                raise Fail(f"reference.patch touches test file {path}")
    return meta, warnings, hidden_files


def env_for(tmp, label):
    """The environment for commands on the tree `label`: its own cargo target
    directory, since the trees' files keep their mtimes and cargo would take
    one tree's build for another's."""
    env = dict(os.environ)
    for k in ("PYTEST_ADDOPTS", "PYTHONPATH", "NODE_OPTIONS", "RUSTFLAGS", "CARGO_BUILD_TARGET"):
        env.pop(k, None)
    env.update({
        "PYTHONDONTWRITEBYTECODE": "1",
        "CARGO_TARGET_DIR": str(Path(tmp) / f"{label}-cargo-target"),
        "CARGO_TERM_COLOR": "never",
        "CARGO_NET_OFFLINE": "true",
        "NO_COLOR": "1",
        "FORCE_COLOR": "0",
        "GIT_CONFIG_NOSYSTEM": "1",
    })
    return env


def run(cmd, cwd, env, timeout):
    """(returncode, output, seconds); returncode None on timeout."""
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, shell=isinstance(cmd, str), timeout=timeout,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           errors="replace", stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, time.monotonic() - start
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return None, out, time.monotonic() - start


def counts(output, lang):
    """(passed, failed) as the runner reports them; None where it said nothing."""
    if lang == "python":
        tail = output.strip().splitlines()[-1] if output.strip() else ""
        def grab(word):
            m = re.search(rf"(\d+) {word}", tail)
            return int(m.group(1)) if m else 0
        if not re.search(r"\d+ (passed|failed)", tail):
            return None, None
        return grab("passed"), grab("failed") + grab("errors?")
    if lang == "rust":
        res = re.findall(r"test result: \w+\. (\d+) passed; (\d+) failed", output)
        if not res:
            return None, None
        return sum(int(a) for a, _ in res), sum(int(b) for _, b in res)
    p = re.findall(r"^(?:# |ℹ )pass (\d+)", output, re.M)
    f = re.findall(r"^(?:# |ℹ )fail (\d+)", output, re.M)
    if not p:
        return None, None
    return int(p[-1]), int(f[-1]) if f else 0


def fresh_tree(d, tmp, label, env):
    tree = Path(tmp) / label
    shutil.copytree(d / "repo", tree)
    for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "base"]):
        rc, out, _ = run(GIT + cmd, tree, env, 60)
        if rc != 0:
            raise Fail(f"git {cmd[0]} failed: {out.strip()[:200]}")
    return tree


def tail(output, n=15):
    return "\n".join("      " + line for line in output.rstrip().splitlines()[-n:])


def hidden_only_command(lang, hidden_files):
    if lang == "python":
        return ["python3", "-m", "pytest", "-q", *hidden_files]
    if lang == "rust":
        return ["cargo", "test", "--offline", "--test", "hidden"]
    return ["node", "--test", *hidden_files]


def check_repo(d, verbose):
    """Returns (status, detail, warnings, hidden_fail_before) with status ok/FAIL."""
    meta, warnings, hidden_files = check_format(d)
    lang, test_cmd = meta["language"], meta["test"]
    limit = TIMEOUT[lang]
    with tempfile.TemporaryDirectory(prefix="repo-check-") as tmp:
        env = env_for(tmp, "original")

        # 1. the bug shows
        tree = fresh_tree(d, tmp, "original", env)
        rc, out, secs = run(test_cmd, tree, env, limit)
        if rc is None:
            raise Fail(f"original: test command timed out after {limit}s")
        if rc == 0:
            raise Fail("original: test command passed; the bug does not show")
        passed0, failed0 = counts(out, lang)
        if not failed0:
            raise Fail(f"original: exit {rc} but no failing test reported (build/collection error?)\n{tail(out)}")
        if lang == "python" and rc != 1:
            raise Fail(f"original: pytest exit {rc} (want 1: tests failed, not a collection error)\n{tail(out)}")
        if not passed0:
            warnings.append("original: no visible test passes")
        if verbose:
            print(f"    original: rc={rc} passed={passed0} failed={failed0} ({secs:.1f}s)")

        # 2. the reference fix
        rc, out, _ = run(GIT + ["apply", "--check", str(d / "reference.patch")], tree, env, 60)
        if rc != 0:
            raise Fail(f"git apply --check reference.patch failed:\n{tail(out)}")
        rc, out, _ = run(GIT + ["apply", str(d / "reference.patch")], tree, env, 60)
        if rc != 0:
            raise Fail(f"git apply reference.patch failed:\n{tail(out)}")
        rc, out, secs1 = run(test_cmd, tree, env, limit)
        if rc != 0:
            raise Fail(f"fixed: test command exit {rc}\n{tail(out)}")
        passed1, _ = counts(out, lang)
        if verbose:
            print(f"    fixed: passed={passed1} ({secs1:.1f}s)")

        # 3. hidden tests on the fixed tree
        shutil.copytree(d / "hidden", tree, dirs_exist_ok=True)
        rc, out, secs2 = run(test_cmd, tree, env, limit)
        if rc != 0:
            raise Fail(f"fixed+hidden: test command exit {rc}\n{tail(out)}")
        passed2, _ = counts(out, lang)
        if passed1 is not None and passed2 is not None and passed2 <= passed1:
            raise Fail(f"fixed+hidden: {passed2} tests passed, no more than without hidden/ ({passed1})")
        if lang != "rust" and max(secs, secs1, secs2) > SLOW_SECONDS:
            warnings.append(f"slow: a test run took {max(secs, secs1, secs2):.1f}s")
        if verbose:
            print(f"    fixed+hidden: passed={passed2} ({secs2:.1f}s)")

        # 4. hidden tests alone on the original tree
        env = env_for(tmp, "original-hidden")
        orig = fresh_tree(d, tmp, "original-hidden", env)
        shutil.copytree(d / "hidden", orig, dirs_exist_ok=True)
        rc, out, _ = run(hidden_only_command(lang, hidden_files), orig, env, limit)
        if rc is None:
            raise Fail(f"hidden on original: timed out after {limit}s")
        hp, hf = counts(out, lang)
        hidden_fail_before = rc != 0
        if not hidden_fail_before:
            warnings.append("hidden tests all pass on the unfixed tree")
        if verbose:
            print(f"    hidden on original: rc={rc} passed={hp} failed={hf}")

    detail = (f"{lang:10} {meta['kind']:7} visible {failed0} failing/{passed0} passing; "
              f"fix ok ({passed1} pass); +hidden {passed2} pass; "
              f"hidden before fix: {hf if hf is not None else '?'} of {(hp or 0) + (hf or 0)} fail")
    return detail, warnings, hidden_fail_before


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="repository folders to check (default: all)")
    ap.add_argument("--root", type=Path, default=DEFAULT_ROOT, help="default: assets/repos")
    ap.add_argument("--format-only", action="store_true", help="static checks only, run nothing")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    root = args.root.resolve()  # the checks run in temporary folders: paths from here must not be relative
    if not root.is_dir():
        print(f"no such folder: {root}", file=sys.stderr)
        return 2
    if args.names:
        dirs = [root / n.rstrip("/").split("/")[-1] for n in args.names]
        missing = [d.name for d in dirs if not d.is_dir()]
        if missing:
            print(f"no such repository: {', '.join(missing)}", file=sys.stderr)
            return 2
    else:
        dirs = sorted(p for p in root.iterdir() if p.is_dir())
    for tool in ("git", "python3", "node", "cargo"):
        if shutil.which(tool) is None:
            print(f"warning: {tool} not on PATH", file=sys.stderr)

    failures, hidden_fail, checked, langs, kinds = [], 0, 0, {}, {}
    width = max((len(d.name) for d in dirs), default=0)
    for d in dirs:
        checked += 1
        start = time.monotonic()
        try:
            if args.format_only:
                meta, warnings, _ = check_format(d)
                detail, hidden_before = f"{meta['language']:10} {meta['kind']:7} format ok", None
            else:
                detail, warnings, hidden_before = check_repo(d, args.verbose)
                hidden_fail += hidden_before
                meta = tomllib.loads((d / "meta.toml").read_text(encoding="utf-8"))
            langs[meta["language"]] = langs.get(meta["language"], 0) + 1
            kinds[meta["kind"]] = kinds.get(meta["kind"], 0) + 1
            print(f"ok   {d.name:{width}}  {detail}  [{time.monotonic() - start:.1f}s]", flush=True)
            for w in warnings:
                print(f"     warning: {w}", flush=True)
        except Fail as e:
            failures.append(d.name)
            print(f"FAIL {d.name:{width}}  {e}", flush=True)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
            failures.append(d.name)
            print(f"FAIL {d.name:{width}}  {type(e).__name__}: {e}", flush=True)

    mix = ", ".join(f"{n} {k}" for k, n in sorted(langs.items()) + sorted(kinds.items()))
    print(f"\n{checked - len(failures)}/{checked} repositories ok" + (f" ({mix})" if mix else ""))
    if not args.format_only:
        print(f"hidden tests fail on the unfixed tree in {hidden_fail}/{checked - len(failures)} passing repositories")
    if failures:
        print(f"failed: {' '.join(failures)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
