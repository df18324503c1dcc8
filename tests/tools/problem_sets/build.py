#!/usr/bin/env python3
"""Build a generated problem set, assets/problems/SET.jsonl, from the problem modules in SET/.

    python3 tests/tools/problem_sets/build.py SET                # every module; writes the set
    python3 tests/tools/problem_sets/build.py SET s01 f12        # only modules whose file name contains a filter; writes nothing
    python3 tests/tools/problem_sets/build.py SET --out /tmp/part.jsonl s1   # writes those to PATH instead

SET is one of the folders here: `medium` (several steps an answer, large
inputs), `intermediate` (one idea an answer, between set2 and medium),
`plain` (intermediate's problems and tests, each told plainly, not as a story),
`moderate` (AtCoder ABC B-C / LeetCode easy-medium: careful multi-step
code with stated edge cases, small inputs, no named algorithm needed) and
`tiered` (between set2 and moderate, in three tiers fixed in advance, 8 stdin
and 8 functional problems each: s01-s08 and f01-f08 are tier A, a set2-level
task with one extra stated rule; s09-s16 and f09-f16 tier B, two or three
steps at LeetCode easy / ABC B level; s17-s24 and f17-f24 tier C, one known
technique such as prefix sums, two pointers, a simple greedy or a BFS on a
small grid, with small inputs).
Each module in SET/ is one problem (see medium/s01_balanced-shipments.py
for a stdin one, medium/f01_*.py for a functional one). It holds its
statement, a reference solution REF, a brute-force solution BRUTE written
independently (the obvious exponential or quadratic way), and input makers:
small(rng) for the cross-check, public() for the two tests shown in the
statement, private(rng) for the 6-10 hidden ones, and valid(inp) that asserts
an input keeps the stated constraints.

Why a generator rather than hand-written JSON: every expected output is
computed by REF, REF is cross-checked against BRUTE on CROSS_CHECKS random
small inputs, every input is checked against the constraints, and the set is
rebuilt the same way from the same seed. tests/tools/check_problem_set.py
then verifies the written set independently (LiveCodeBench's grading, REF in
its own process). Trusted code only: the modules are this repository's own.
"""
import importlib.util
import io
import json
import random
import sys
import contextlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ASSETS = HERE.parent.parent.parent / "assets" / "problems"
# Per set: the contest id and date its rows carry, and their difficulty.
SETS = {
    "medium": ("memdoor-3", "2026-12-03T00:00:00", "medium"),
    "intermediate": ("memdoor-4", "2026-12-03T00:00:00", "medium"),
    "plain": ("memdoor-5", "2026-12-04T00:00:00", "medium"),
    "moderate": ("memdoor-6", "2026-12-05T00:00:00", "medium"),
    "tiered": ("memdoor-7", "2026-12-06T00:00:00", "medium"),
}
CROSS_CHECKS = 300
# The most one problem's row may take. Every run of the bench reads the whole
# set and every test input crosses into the sandbox, and the set lives in git:
# a large test needs only to be large enough that a quadratic answer times out
# (2*10^4 elements does that in Python), not as large as the stated limits.
MAX_ROW_BYTES = 1_000_000
PRELUDE = "from typing import *\nfrom collections import *\nimport math, heapq, bisect, itertools, functools\n"


def load(path):
    spec = importlib.util.spec_from_file_location(path.stem.replace("-", "_"), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    # A module that retells another set's problem (RETELLS = "intermediate")
    # holds only its own words (ID, TITLE, BODY, EXPLAIN): the rest — REF,
    # BRUTE, the input makers, valid, the signature — is that set's module
    # of the same file name, so the two sets' tests are the same.
    retold = getattr(mod, "RETELLS", None)
    if retold:
        base = load(HERE / retold / path.name)
        for name, value in vars(base).items():
            if not name.startswith("__") and not hasattr(mod, name):
                setattr(mod, name, value)
    return mod


def run_stdin(code, text):
    out = io.StringIO()
    glb = {"__name__": "__main__"}
    old = sys.stdin
    # A StringIO, as LiveCodeBench runs stdin programs: sys.stdin.buffer does not exist there.
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out):
            try:
                exec(compile(code, "<solution>", "exec"), glb)
            except SystemExit:
                pass
    finally:
        sys.stdin = old
    return out.getvalue()


def run_functional(code, func, args):
    glb = {"__name__": "solution"}
    exec(compile(PRELUDE + code, "<solution>", "exec"), glb)
    result = getattr(glb["Solution"](), func)(*json.loads(json.dumps(args)))
    if isinstance(result, tuple):
        result = list(result)
    return result


def canon(text):
    return [line.split() for line in text.strip().split("\n")]


def dumps(value):
    return json.dumps(value, separators=(",", ":"))


class Problem:
    def __init__(self, mod, set_name):
        self.m = mod
        self.contest_id, self.contest_date, self.difficulty = SETS[set_name]
        self.functional = getattr(mod, "FUNC", None) is not None

    def run(self, code, inp):
        if self.functional:
            return run_functional(code, self.m.FUNC, inp)
        return run_stdin(code, inp)

    def same(self, a, b):
        return a == b if self.functional else canon(a) == canon(b)

    def cross_check(self, rng):
        brute = getattr(self.m, "BRUTE", None)
        if brute is None:
            raise SystemExit(f"{self.m.ID}: no BRUTE")
        for k in range(CROSS_CHECKS):
            inp = self.m.small(rng)
            self.m.valid(inp)
            want, got = self.run(brute, inp), self.run(self.m.REF, inp)
            if not self.same(want, got):
                raise SystemExit(f"{self.m.ID}: REF and BRUTE disagree on small input {k}:\n{inp!r}\n"
                                 f"BRUTE: {want!r}\nREF:   {got!r}")

    def test(self, inp):
        self.m.valid(inp)
        out = self.run(self.m.REF, inp)
        if self.functional:
            return {"input": "\n".join(dumps(a) for a in inp), "output": dumps(out), "testtype": "functional"}
        if not inp.endswith("\n"):
            raise SystemExit(f"{self.m.ID}: a stdin input must end with a newline: {inp!r}")
        return {"input": inp, "output": out, "testtype": "stdin"}

    def statement(self, public):
        explain = list(getattr(self.m, "EXPLAIN", ["", ""]))
        parts = [self.m.BODY.strip("\n")]
        if self.functional:
            params = [p.split(":")[0].strip() for p in
                      self.m.SIGNATURE.split("(", 1)[1].rsplit(")", 1)[0].split(",")[1:]]
            for i, t in enumerate(public, 1):
                shown = ", ".join(f"{n} = {line}" for n, line in zip(params, t["input"].split("\n")))
                block = f"Example {i}:\n\nInput: {shown}\nOutput: {t['output']}"
                if explain[i - 1]:
                    block += f"\nExplanation: {explain[i - 1].strip()}"
                parts.append(block)
            parts.append("Constraints:\n\n" + self.m.CONSTRAINTS.strip("\n"))
        else:
            for i, t in enumerate(public, 1):
                block = (f"Sample Input {i}\n\n{t['input'].rstrip(chr(10))}\n\n"
                         f"Sample Output {i}\n\n{t['output'].rstrip(chr(10))}")
                if explain[i - 1]:
                    block += "\n\n" + explain[i - 1].strip()
                parts.append(block)
        return "\n\n".join(parts)

    def build(self, rng):
        self.cross_check(rng)
        public = [self.test(i) for i in self.m.public()]
        private = [self.test(i) for i in self.m.private(rng)]
        if self.functional:
            starter = f"class Solution:\n    {self.m.SIGNATURE}\n        "
            ref = self.m.REF
            if "from typing import" not in ref and ("List[" in ref or "Optional[" in ref):
                ref = "from typing import List, Optional\n\n" + ref
        else:
            starter, ref = "", self.m.REF
        return {
            "question_title": self.m.TITLE,
            "question_content": self.statement(public),
            "platform": "leetcode" if self.functional else getattr(self.m, "PLATFORM", "atcoder"),
            "question_id": self.m.ID,
            "contest_id": self.contest_id,
            "contest_date": self.contest_date,
            "starter_code": starter,
            "difficulty": self.difficulty,
            "public_test_cases": json.dumps(public),
            "private_test_cases": json.dumps(private),
            "metadata": json.dumps({"func_name": self.m.FUNC} if self.functional else {}),
            "memdoor_reference": ref,
        }


def main(args):
    if not args or args[0] not in SETS:
        raise SystemExit(f"usage: build.py SET [--out PATH] [FILTER...]; SET is one of {', '.join(SETS)}")
    set_name, args = args[0], args[1:]
    default_out = ASSETS / f"{set_name}.jsonl"
    out = default_out
    if args[:1] == ["--out"]:
        out, args = Path(args[1]), args[2:]
    filters = args
    paths = sorted((HERE / set_name).glob("[sf][0-9][0-9]_*.py"))
    if filters:
        paths = [p for p in paths if any(f in p.name for f in filters)]
    rows = []
    for path in paths:
        mod = load(path)
        rng = random.Random(path.stem)
        row = Problem(mod, set_name).build(rng)
        size = len(json.dumps(row))
        if size > MAX_ROW_BYTES:
            raise SystemExit(f"{path.name}: its row takes {size} bytes, more than {MAX_ROW_BYTES}: make its large tests smaller")
        rows.append(row)
        print(f"ok  {path.name}", file=sys.stderr)
    ids = [r["question_id"] for r in rows]
    if len(set(ids)) != len(ids):
        raise SystemExit("duplicate question_id")
    if filters and out == default_out:
        print(f"{len(rows)} module(s) checked; nothing written (filters given)", file=sys.stderr)
        return
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(f"wrote {len(rows)} problems to {out}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
