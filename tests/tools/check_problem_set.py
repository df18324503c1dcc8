#!/usr/bin/env python3
"""Validate a LiveCodeBench-format problem set (JSON Lines) against its reference solutions.

    python3 tests/tools/check_problem_set.py [PATH] [--timeout SECONDS] [--jobs N] [-v]

PATH defaults to assets/problems/easy.jsonl in this repository. Pure python3
standard library; no repository imports.

Each line is one problem object in LiveCodeBench's code-generation form
(question_title, question_content, platform, question_id, contest_id,
contest_date, starter_code, difficulty, public_test_cases, private_test_cases,
metadata), plus `memdoor_reference`: a correct Python solution (a whole
program for stdin problems, the `class Solution` for functional ones).
`public_test_cases` / `private_test_cases` are JSON strings of lists of
{"input", "output", "testtype"}; plain JSON only (LiveCodeBench's compressed
pickle form is rejected here). `metadata` is a JSON string: {"func_name": ...}
for functional problems, {} for stdin ones.

What is checked:
  * every field is present, of the right type and well formed; no unknown
    fields; question_ids are unique slugs; one contest_id/contest_date per file;
  * stdin problems (no func_name): platform atcoder/codeforces, empty
    starter_code, every testtype "stdin";
  * functional problems: platform leetcode, a `class Solution:` starter with
    exactly one annotated method named func_name whose last line is the method
    header followed by the indented empty body line (as LeetCode starter code),
    every testtype "functional", every input line one JSON value (one per
    argument, no blank or trailing line), output one JSON value;
  * 2 public and 6-10 private tests per problem; no test input repeated, in
    particular none shared between the public and private lists;
  * each public test is shown in the statement, verbatim:
      stdin:      "Sample Input i\\n\\n<input>\\n\\nSample Output i\\n\\n<output>"
                  (input/output without their final newline)
      functional: "Example i:\\n\\nInput: a = <line 1>, b = <line 2>\\nOutput: <output>"
                  (a, b: the starter's parameter names)
  * the reference passes every public and private test, graded the way
    LiveCodeBench's testing_util grades (re-implemented here, not imported):
      stdin: output and expected are each .strip()ped, split on "\\n", every
        line .strip()ped; the line counts must agree, and each line pair must
        be equal or else both split on whitespace into the same list of
        decimal.Decimal values ("1.0" == "1", but 0.30000000000000004 != 0.3).
        The program is run twice, each in its own process: as a plain script
        (stdin piped in), and wrapped the way LiveCodeBench runs it (a last
        `if __name__ == '__main__':` block unwrapped, the non-import statements
        moved into a function, that function called with sys.stdin/sys.stdout
        replaced by StringIO and SystemExit swallowed).
      functional: the code is executed after LiveCodeBench's star-import
        prelude (typing, collections, math, ...); Solution() is instantiated
        (if the code contains "class Solution"); each input line is json.loads'ed
        into one positional argument; a returned tuple becomes a list; the
        result must be == json.loads(expected output).
    Each run is a subprocess (python3 -I -S: standard library only) with a
    wall-clock timeout (default 6 s, the LiveCodeBench default per test).

Exit status 0 when everything passes, 1 otherwise. Failures are printed one
per line (FAIL/ERROR ...). The last line is "N passed, M failed": N counts
test runs that passed; M counts failed test runs plus problem-level errors.
"""
import argparse
import ast
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from decimal import Decimal
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_PATH = REPO / "assets" / "problems" / "easy.jsonl"

LCB_FIELDS = [
    "question_title", "question_content", "platform", "question_id", "contest_id", "contest_date",
    "starter_code", "difficulty", "public_test_cases", "private_test_cases", "metadata",
]
EXTRA_FIELDS = ["memdoor_reference"]
PLATFORMS = {"leetcode", "codeforces", "atcoder"}
DIFFICULTIES = {"easy", "medium", "hard"}
PUBLIC_COUNT = 2
PRIVATE_MIN, PRIVATE_MAX = 6, 10
# Isolated mode, no site-packages: references must use the standard library only
# (and python starts faster).
PY_FLAGS = ["-I", "-S"]
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

# Runs inside a fresh `python3 -c` process; the request arrives as JSON on stdin,
# the answer leaves as one JSON line on the real stdout after a marker.
DRIVER = r'''
import ast, io, json, sys, traceback
MARK = "\n@@memdoor-result@@"
# The modules LiveCodeBench star-imports (and imports) ahead of every solution.
MODS = ["string", "re", "datetime", "collections", "heapq", "bisect", "copy", "math", "random",
        "statistics", "itertools", "functools", "operator", "io", "sys", "json", "builtins", "typing"]
PRELUDE = "".join("from %s import *\n" % m for m in MODS) + "".join(
    "import %s\n" % m for m in MODS if m not in ("builtins", "typing")) + "sys.setrecursionlimit(50000)\n"

req = json.loads(sys.stdin.read())
real_stdout = sys.stdout
code = req["code"]

def answer(obj):
    real_stdout.write(MARK + json.dumps(obj) + "\n")
    real_stdout.flush()

def lcb_wrapped(code):
    body = ast.parse(code).body
    if body and isinstance(body[-1], ast.If) and ast.unparse(body[-1].test).strip() == "__name__ == '__main__'":
        body = body[:-1] + body[-1].body
    imports = [s for s in body if isinstance(s, (ast.Import, ast.ImportFrom))]
    rest = [s for s in body if not isinstance(s, (ast.Import, ast.ImportFrom))] or [ast.Pass()]
    fields = dict(name="memdoor_wrapped", body=rest, decorator_list=[], returns=None, type_comment=None,
                  args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[],
                                     kwarg=None, defaults=[]))
    if "type_params" in ast.FunctionDef._fields:
        fields["type_params"] = []
    module = ast.Module(body=imports + [ast.FunctionDef(**fields)], type_ignores=[])
    return compile(ast.fix_missing_locations(module), "<reference>", "exec")

ns = {"__name__": "tmp_sol"}
captured = io.StringIO()
try:
    exec(compile(PRELUDE, "<prelude>", "exec"), ns)
    if req["mode"] == "functional":
        exec(compile(code, "<reference>", "exec"), ns)
        fn = req["func_name"]
        target = ns["Solution"]() if "class Solution" in code else None
        method = getattr(target, fn) if target is not None else ns[fn]
        args = [json.loads(line) for line in req["input"].split("\n")]
        expected = json.loads(req["output"])
        sys.stdout = captured
        got = method(*args)
        sys.stdout = real_stdout
        if isinstance(got, tuple):
            got = list(got)
        ok = got == expected
        answer({"ok": bool(ok), "got": repr(got)})
    else:
        exec(lcb_wrapped(code), ns)
        sys.stdin = io.StringIO(req["input"])
        sys.stdout = captured
        try:
            ns["memdoor_wrapped"]()
        except SystemExit:
            pass
        sys.stdout = real_stdout
        answer({"stdout": captured.getvalue()})
except BaseException:
    sys.stdout = real_stdout
    traceback.print_exc()
    sys.exit(1)
'''
MARK = "\n@@memdoor-result@@"


def short(text, n=300):
    text = text if isinstance(text, str) else repr(text)
    return text if len(text) <= n else text[: n // 2] + " ...(truncated)... " + text[-n // 2:]


# ---------------------------------------------------------------- comparison rules


def stripped_lines(text):
    return [line.strip() for line in text.strip().split("\n")]


def stdin_match(got, expected):
    """LiveCodeBench's stdin rule. Returns None when they match, else a reason."""
    g, e = stripped_lines(got), stripped_lines(expected)
    if len(g) != len(e):
        return f"mismatched output length: {len(g)} line(s), expected {len(e)}"
    for i, (a, b) in enumerate(zip(g, e)):
        if a == b:
            continue
        try:
            if [Decimal(t) for t in a.split()] == [Decimal(t) for t in b.split()]:
                continue
        except Exception:
            pass
        return f"line {i + 1}: {short(a, 120)!r} != {short(b, 120)!r}"
    return None


# ---------------------------------------------------------------- running


def error_tail(stderr, lines=3):
    """The last few lines of a traceback, joined on one line."""
    return short(" | ".join(stderr.strip().split("\n")[-lines:]), 600)


def run_process(argv, stdin_text, timeout):
    try:
        p = subprocess.run(argv, input=stdin_text, capture_output=True, text=True, timeout=timeout,
                           cwd=tempfile.gettempdir(), env={**os.environ, "PYTHONHASHSEED": "0"})
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout:g} s"
    return p, None


def run_driver(request, timeout):
    p, err = run_process([sys.executable, *PY_FLAGS, "-c", DRIVER], json.dumps(request), timeout)
    if err:
        return None, err
    if p.returncode != 0 or MARK not in p.stdout:
        return None, f"runtime error (exit {p.returncode}): {error_tail(p.stderr)}"
    return json.loads(p.stdout.rsplit(MARK, 1)[1]), None


def check_stdin_test(code_path, code, test, timeout):
    """Returns a list of failure reasons (empty when the test passes)."""
    reasons = []
    p, err = run_process([sys.executable, *PY_FLAGS, code_path], test["input"], timeout)
    if err:
        reasons.append(f"[script] {err}")
    elif p.returncode != 0:
        reasons.append(f"[script] runtime error (exit {p.returncode}): {error_tail(p.stderr)}")
    else:
        why = stdin_match(p.stdout, test["output"])
        if why:
            reasons.append(f"[script] wrong answer, {why}; got {short(p.stdout)!r}")
    res, err = run_driver({"mode": "stdin", "code": code, "input": test["input"]}, timeout)
    if err:
        reasons.append(f"[lcb-wrapped] {err}")
    else:
        why = stdin_match(res["stdout"], test["output"])
        if why:
            reasons.append(f"[lcb-wrapped] wrong answer, {why}; got {short(res['stdout'])!r}")
    return reasons


def check_functional_test(code, func_name, test, timeout):
    res, err = run_driver({"mode": "functional", "code": code, "func_name": func_name,
                           "input": test["input"], "output": test["output"]}, timeout)
    if err:
        return [err]
    if not res["ok"]:
        return [f"wrong answer: got {short(res['got'])}, expected {short(test['output'])}"]
    return []


# ---------------------------------------------------------------- validation


def parse_tests(raw, field, errors):
    if not isinstance(raw, str):
        errors.append(f"{field} must be a JSON string, got {type(raw).__name__}")
        return None
    try:
        tests = json.loads(raw)
    except ValueError as e:
        errors.append(f"{field} is not plain JSON ({e}); the compressed pickle form is not accepted here")
        return None
    if not isinstance(tests, list):
        errors.append(f"{field} must encode a list, got {type(tests).__name__}")
        return None
    ok = []
    for k, t in enumerate(tests, 1):
        where = f"{field}[{k}]"
        if not isinstance(t, dict) or set(t) != {"input", "output", "testtype"}:
            errors.append(f"{where} must be an object with exactly input, output, testtype")
            continue
        if not isinstance(t["input"], str) or not isinstance(t["output"], str):
            errors.append(f"{where}: input and output must be strings")
            continue
        if t["testtype"] not in ("stdin", "functional"):
            errors.append(f"{where}: testtype must be 'stdin' or 'functional', got {t['testtype']!r}")
            continue
        ok.append(t)
    return ok


def starter_params(starter, func_name, errors):
    """Parameter names (without self) of the starter's method, or None."""
    if not starter.startswith("class Solution:\n"):
        errors.append("starter_code must start with 'class Solution:'")
        return None
    if not re.search(r"\):\n {8}$", starter) and not re.search(r"\) -> [^\n]+:\n {8}$", starter):
        errors.append("starter_code must end with the method header line followed by an 8-space body line")
        return None
    try:
        tree = ast.parse(starter + "pass")
    except SyntaxError as e:
        errors.append(f"starter_code does not parse (with 'pass' as body): {e}")
        return None
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    if len(tree.body) != 1 or len(classes) != 1 or classes[0].name != "Solution":
        errors.append("starter_code must hold exactly one class, Solution")
        return None
    methods = [n for n in classes[0].body if isinstance(n, ast.FunctionDef)]
    if len(methods) != 1 or methods[0].name != func_name:
        errors.append(f"starter_code must hold exactly one method, {func_name!r}")
        return None
    args = methods[0].args
    if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
        errors.append("the starter method must take plain positional parameters only")
    names = [a.arg for a in args.args]
    if not names or names[0] != "self":
        errors.append("the starter method's first parameter must be self")
        return None
    if any(a.annotation is None for a in args.args[1:]) or methods[0].returns is None:
        errors.append("the starter method must have type hints on every parameter and the return")
    return names[1:]


def test_key(test, functional):
    """Canonical form of a test input, for duplicate/overlap detection."""
    if functional:
        try:
            return "\n".join(json.dumps(json.loads(line), sort_keys=True) for line in test["input"].split("\n"))
        except ValueError:
            return test["input"]
    return test["input"].rstrip("\n")


def validate(obj):
    """Returns (errors, runnable) where runnable is None or a dict describing how to run the tests."""
    errors = []
    if not isinstance(obj, dict):
        return ["the line is not a JSON object"], None
    missing = [f for f in LCB_FIELDS + EXTRA_FIELDS if f not in obj]
    if missing:
        errors.append(f"missing field(s): {', '.join(missing)}")
    unknown = sorted(set(obj) - set(LCB_FIELDS + EXTRA_FIELDS))
    if unknown:
        errors.append(f"unknown field(s): {', '.join(unknown)}")
    for f in ["question_title", "question_content", "platform", "question_id", "contest_id", "contest_date",
              "starter_code", "difficulty", "memdoor_reference"]:
        if f in obj and not isinstance(obj[f], str):
            errors.append(f"{f} must be a string")
    if missing or errors:
        return errors, None

    if not obj["question_title"].strip():
        errors.append("question_title is empty")
    if not SLUG.match(obj["question_id"]):
        errors.append(f"question_id {obj['question_id']!r} is not a lowercase slug")
    if obj["platform"] not in PLATFORMS:
        errors.append(f"platform must be one of {sorted(PLATFORMS)}, got {obj['platform']!r}")
    if obj["difficulty"] not in DIFFICULTIES:
        errors.append(f"difficulty must be one of {sorted(DIFFICULTIES)}, got {obj['difficulty']!r}")
    if not obj["contest_id"].strip():
        errors.append("contest_id is empty")
    try:
        datetime.fromisoformat(obj["contest_date"])
    except ValueError:
        errors.append(f"contest_date {obj['contest_date']!r} is not an ISO date-time")

    try:
        meta = json.loads(obj["metadata"]) if isinstance(obj["metadata"], str) else None
    except ValueError:
        meta = None
    if not isinstance(meta, dict):
        errors.append("metadata must be a JSON string encoding an object")
        return errors, None
    func_name = meta.get("func_name")
    functional = func_name is not None
    kind = "functional" if functional else "stdin"
    if functional and (not isinstance(func_name, str) or not func_name.isidentifier()):
        errors.append(f"metadata.func_name must be an identifier, got {func_name!r}")
        return errors, None
    if set(meta) - {"func_name"}:
        errors.append(f"metadata has unexpected keys: {sorted(set(meta) - {'func_name'})}")

    public = parse_tests(obj["public_test_cases"], "public_test_cases", errors)
    private = parse_tests(obj["private_test_cases"], "private_test_cases", errors)
    if public is None or private is None:
        return errors, None
    if len(public) != PUBLIC_COUNT:
        errors.append(f"expected {PUBLIC_COUNT} public tests, found {len(public)}")
    if not PRIVATE_MIN <= len(private) <= PRIVATE_MAX:
        errors.append(f"expected {PRIVATE_MIN}-{PRIVATE_MAX} private tests, found {len(private)}")
    for label, tests in (("public", public), ("private", private)):
        for k, t in enumerate(tests, 1):
            if t["testtype"] != kind:
                errors.append(f"{label} test {k}: testtype {t['testtype']!r} in a {kind} problem")

    content = obj["question_content"]
    ref = obj["memdoor_reference"]
    try:
        ref_tree = ast.parse(ref)
    except SyntaxError as e:
        errors.append(f"memdoor_reference does not parse: {e}")
        ref_tree = None

    if functional:
        if obj["platform"] != "leetcode":
            errors.append(f"functional problem with platform {obj['platform']!r} (expected 'leetcode')")
        params = starter_params(obj["starter_code"], func_name, errors)
        if ref_tree is not None:
            has = any(isinstance(n, ast.ClassDef) and n.name == "Solution" and any(
                isinstance(m, ast.FunctionDef) and m.name == func_name for m in n.body) for n in ref_tree.body)
            if not has:
                errors.append(f"memdoor_reference has no class Solution with method {func_name!r}")
        for label, tests in (("public", public), ("private", private)):
            for k, t in enumerate(tests, 1):
                lines = t["input"].split("\n")
                for j, line in enumerate(lines, 1):
                    try:
                        json.loads(line)
                    except ValueError:
                        errors.append(f"{label} test {k}: input line {j} {short(line, 60)!r} is not one JSON value "
                                      "(LiveCodeBench json.loads each line; no blank or trailing lines)")
                if params is not None and len(lines) != len(params):
                    errors.append(f"{label} test {k}: {len(lines)} input line(s) for {len(params)} parameter(s)")
                try:
                    json.loads(t["output"])
                except ValueError:
                    errors.append(f"{label} test {k}: output {short(t['output'], 60)!r} is not one JSON value")
        if params is not None:
            for i, t in enumerate(public, 1):
                shown = ", ".join(f"{n} = {line}" for n, line in zip(params, t["input"].split("\n")))
                block = f"Example {i}:\n\nInput: {shown}\nOutput: {t['output']}"
                if block not in content:
                    errors.append(f"public test {i} is not shown in question_content as {short(block, 200)!r}")
    else:
        if obj["platform"] == "leetcode":
            errors.append("stdin problem (no metadata.func_name) with platform 'leetcode'")
        if obj["starter_code"] != "":
            errors.append("stdin problem must have an empty starter_code")
        for i, t in enumerate(public, 1):
            block = (f"Sample Input {i}\n\n{t['input'].rstrip(chr(10))}\n\n"
                     f"Sample Output {i}\n\n{t['output'].rstrip(chr(10))}")
            if block not in content:
                part = "input" if t["input"].rstrip("\n") not in content else "output"
                errors.append(f"public test {i} is not shown in question_content as "
                              f"'Sample Input {i}' / 'Sample Output {i}' (the {part} differs or is missing)")

    seen = {}
    for label, tests in (("public", public), ("private", private)):
        for k, t in enumerate(tests, 1):
            key = test_key(t, functional)
            if key in seen:
                other = seen[key]
                what = "public/private overlap" if other[0] != label else "duplicate test"
                errors.append(f"{what}: {label} test {k} has the same input as {other[0]} test {other[1]}")
            else:
                seen[key] = (label, k)

    runnable = None
    if ref_tree is not None:
        runnable = {"functional": functional, "func_name": func_name, "code": ref,
                    "tests": [("public", k, t) for k, t in enumerate(public, 1) if t["testtype"] == kind]
                    + [("private", k, t) for k, t in enumerate(private, 1) if t["testtype"] == kind]}
    return errors, runnable


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("path", nargs="?", default=str(DEFAULT_PATH), help="the JSONL problem set")
    ap.add_argument("--timeout", type=float, default=6.0, help="seconds per test run (default 6)")
    ap.add_argument("--jobs", type=int, default=min(8, os.cpu_count() or 1), help="parallel test runs")
    ap.add_argument("-v", "--verbose", action="store_true", help="also print passing tests")
    args = ap.parse_args()

    failed = 0
    passed = 0
    path = Path(args.path)
    try:
        raw_lines = path.read_text(encoding="utf-8").split("\n")
    except OSError as e:
        print(f"ERROR cannot read {path}: {e}")
        print("0 passed, 1 failed")
        return 1

    problems = []  # (label, obj)
    for n, line in enumerate(raw_lines, 1):
        if not line.strip():
            continue
        try:
            problems.append((n, json.loads(line)))
        except ValueError as e:
            print(f"ERROR line {n}: not valid JSON: {e}")
            failed += 1
    if not problems:
        print(f"ERROR {path}: no problems found")
        failed += 1

    ids = {}
    contests = set()
    jobs = []  # (qid, label, k, callable)
    tmpdir = tempfile.TemporaryDirectory(prefix="check_problem_set_")
    for n, obj in problems:
        qid = obj.get("question_id") if isinstance(obj, dict) else None
        name = f"{qid} (line {n})" if isinstance(qid, str) else f"line {n}"
        errors, runnable = validate(obj)
        if isinstance(qid, str):
            if qid in ids:
                errors.append(f"question_id {qid!r} already used on line {ids[qid]}")
            else:
                ids[qid] = n
        if isinstance(obj, dict):
            contests.add((obj.get("contest_id"), obj.get("contest_date")))
        for e in errors:
            print(f"ERROR {name}: {e}")
        failed += len(errors)
        if runnable is None:
            continue
        code = runnable["code"]
        if runnable["functional"]:
            for label, k, t in runnable["tests"]:
                jobs.append((name, label, k, t, lambda t=t, fn=runnable["func_name"], c=code:
                             check_functional_test(c, fn, t, args.timeout)))
        else:
            code_path = os.path.join(tmpdir.name, f"ref_{n}.py")
            with open(code_path, "w", encoding="utf-8") as f:
                f.write(code)
            for label, k, t in runnable["tests"]:
                jobs.append((name, label, k, t, lambda t=t, p=code_path, c=code:
                             check_stdin_test(p, c, t, args.timeout)))
    if len(contests) > 1:
        print(f"ERROR {path}: problems disagree on (contest_id, contest_date): {sorted(map(str, contests))}")
        failed += 1

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda job: job[4](), jobs))
    for (name, label, k, t, _), reasons in zip(jobs, results):
        if reasons:
            failed += 1
            for r in reasons:
                print(f"FAIL {name} {label} test {k}: {r}")
            print(f"     input: {short(t['input'])!r}  expected: {short(t['output'])!r}")
        else:
            passed += 1
            if args.verbose:
                print(f"ok   {name} {label} test {k}")
    tmpdir.cleanup()

    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
