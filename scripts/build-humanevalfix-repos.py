#!/usr/bin/env python3
"""Builds assets/repos-humanevalfix/: repositories in the assets/repos format
(assets/repos/README.md) from HumanEvalFix's Python bugs (#63 item 6).

    /usr/bin/python3 scripts/build-humanevalfix-repos.py HUMANEVALPACK_JSONL [--out DIR] [--count N]

HUMANEVALPACK_JSONL is HumanEvalPack's Python file, from
https://github.com/bigcode-project/octopack at commit
e17a8f6470264286bc6a52eb8263582083bf3bf6 (MIT licence), path
evaluation/create/humaneval-x/data/python/data/humanevalpack.jsonl: each of
its 164 tasks holds a HumanEval function with one bug written in by hand
(`buggy_solution`; Muennighoff et al., "OctoPack", 2023), the right body
(`canonical_solution`), the docstring's examples as a test (`example_test`)
and HumanEval's tests (`test`).

Each repository: the buggy function in a module of its name, with its
docstring; a visible pytest file with one test per docstring example; the
hidden tests, one per assert of HumanEval's `check`; the reference patch
from the buggy to the right body. A task is kept when what the format asks
holds, checked by running it here (pytest, each run under a time limit):
some visible tests fail on the bug and some pass, every visible test
passes with the reference, at least 4 hidden tests, all passing with the
reference and some failing on the bug. Of the tasks kept, N (default 24)
evenly spaced by task number are written. Deterministic: the same input
gives the same output. Standard library and git; run it with a python3
that has pytest (the one the sandbox runs: /usr/bin/python3 on Debian).
Check the result with `python3 tests/tools/repos/check.py --root DIR`.
"""
import argparse
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = "bigcode-project/octopack@e17a8f6470264286bc6a52eb8263582083bf3bf6"
TEST = "python3 -m pytest -q"
TIMEOUT = 20
GIT = ["git", "-c", "user.name=build", "-c", "user.email=build@example.invalid", "-c", "core.hooksPath=/dev/null"]
SYMPTOMS = {
    "incorrect output": "returns the wrong result for some inputs",
    "stackoverflow": "never returns for some inputs",
    "infinite loop": "never returns for some inputs",
}


def asserts(check_source, name):
    """The top-level assert statements of `def check(...)` in `check_source`, as source, or None."""
    try:
        tree = ast.parse(check_source)
    except SyntaxError:
        return None
    check = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "check"), None)
    if check is None or not check.args.args:
        return None
    param = check.args.args[0].arg
    out = []
    for stmt in check.body:
        if not isinstance(stmt, ast.Assert):
            # Setup, loops or prints: this check does not split into tests.
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                continue
            return None
        if isinstance(stmt.test, ast.Constant):
            continue  # `assert True, "..."`: no test.
        text = ast.get_source_segment(check_source, stmt)
        # The check's parameter is the function under test.
        out.append(rename(text, param, name))
    return out


def rename(text, old, new):
    """`text` with the identifier `old` made `new` (whole words only)."""
    return re.sub(rf"\b{re.escape(old)}\b", new, text)


def test_file(module, name, tests, prefix):
    """A pytest file: one test a statement."""
    lines = [f"from {module} import {name}", ""]
    if any("math." in t for t in tests):
        lines.insert(0, "import math")
    for i, t in enumerate(tests, 1):
        body = "\n".join("    " + line for line in t.splitlines())
        lines += ["", f"def test_{prefix}_{i}():", body, ""]
    return "\n".join(lines).rstrip() + "\n"


def run(cmd, cwd):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT,
                           env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return None, ""


def outcomes(cwd, files):
    """(passed, failed) of pytest on `files` in `cwd`; None when it hangs or collects nothing."""
    code, out = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", *files], cwd)
    if code is None:
        return None
    passed = sum(1 for line in out.splitlines() if line.startswith("PASSED "))
    failed = sum(1 for line in out.splitlines() if line.startswith(("FAILED ", "ERROR ")))
    return (passed, failed) if passed + failed else None


def build(task):
    """The repository's files for one task, or why it is left out."""
    name = task["entry_point"]
    module = name
    buggy = task["prompt"] + task["buggy_solution"]
    fixed = task["prompt"] + task["canonical_solution"]
    visible = asserts(task["example_test"], name)
    hidden = asserts(task["test"], name)
    if not visible or len(visible) < 2:
        return None, "fewer than 2 example asserts"
    if not hidden or len(hidden) < 4:
        return None, "fewer than 4 hidden asserts"
    files = {
        f"{module}.py": buggy,
        "conftest.py": "",
        f"tests/test_{module}.py": test_file(module, name, visible, "example"),
    }
    hidden_files = {f"tests/test_hidden_{module}.py": test_file(module, name, hidden, "hidden")}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for path, text in {**files, **hidden_files}.items():
            (tmp / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp / path).write_text(text)
        vis, hid = [f"tests/test_{module}.py"], [f"tests/test_hidden_{module}.py"]
        on_bug, hidden_on_bug = outcomes(tmp, vis), outcomes(tmp, hid)
        (tmp / f"{module}.py").write_text(fixed)
        on_fix, hidden_on_fix = outcomes(tmp, vis), outcomes(tmp, hid)
        if on_bug is None or not (on_bug[0] and on_bug[1]):
            return None, f"visible tests on the bug: {on_bug} (some must pass, some fail)"
        if on_fix is None or on_fix[1]:
            return None, f"visible tests with the fix: {on_fix}"
        if hidden_on_fix is None or hidden_on_fix[1]:
            return None, f"hidden tests with the fix: {hidden_on_fix}"
        if hidden_on_bug is not None and not hidden_on_bug[1]:
            return None, "the hidden tests all pass on the bug"
        # The reference patch, as git writes it.
        repo = tmp / "git"
        repo.mkdir()
        (repo / f"{module}.py").write_text(buggy)
        subprocess.run([*GIT, "init", "-q"], cwd=repo, check=True)
        subprocess.run([*GIT, "add", "-A"], cwd=repo, check=True)
        subprocess.run([*GIT, "commit", "-qm", "bug"], cwd=repo, check=True)
        (repo / f"{module}.py").write_text(fixed)
        patch = subprocess.run([*GIT, "diff"], cwd=repo, check=True, capture_output=True, text=True).stdout
    symptom = SYMPTOMS.get(task.get("failure_symptoms", ""), "fails for some inputs")
    task_md = (f"`{name}` in {module}.py {symptom}: a test in tests/test_{module}.py fails. "
               f"Fix it so that it does what its docstring says.\n")
    meta = f'language = "python"\ntest = "{TEST}"\nkind = "bugfix"\n'
    return {"files": files, "hidden": hidden_files, "patch": patch, "task": task_md, "meta": meta}, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jsonl", type=Path)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "assets" / "repos-humanevalfix")
    ap.add_argument("--count", type=int, default=24)
    args = ap.parse_args()
    tasks = [json.loads(line) for line in args.jsonl.read_text().splitlines() if line.strip()]
    kept, left = [], 0
    for task in tasks:
        built, why = build(task)
        if built is None:
            left += 1
            print(f"left out {task['task_id']}: {why}", file=sys.stderr)
            continue
        kept.append((task, built))
    if len(kept) < args.count:
        sys.exit(f"only {len(kept)} tasks kept, {args.count} asked for")
    step = len(kept) / args.count
    chosen = [kept[int(i * step)] for i in range(args.count)]
    if args.out.exists():
        for child in args.out.iterdir():
            if child.is_dir():
                shutil.rmtree(child)
    args.out.mkdir(parents=True, exist_ok=True)
    for task, built in chosen:
        number = int(task["task_id"].split("/")[1])
        folder = args.out / f"hef-{number:03d}-{task['entry_point'].replace('_', '-').lower()}"
        for sub, files in (("repo", built["files"]), ("hidden", built["hidden"])):
            for path, text in files.items():
                target = folder / sub / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text)
        (folder / "reference.patch").write_text(built["patch"])
        (folder / "task.md").write_text(built["task"])
        (folder / "meta.toml").write_text(built["meta"])
    print(f"{len(tasks)} tasks read, {len(kept)} kept, {left} left out, {len(chosen)} written to {args.out} "
          f"(from {SOURCE})")


if __name__ == "__main__":
    main()
