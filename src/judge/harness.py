# memdoor's grading harness: runs one program on many tests inside the
# sandbox, following LiveCodeBench's rules (lcb_runner/evaluation/
# testing_util.py): the same import prelude; stdin programs have a trailing
# `if __name__ == "__main__":` unwrapped and their body wrapped in a function
# called once per test with stdin patched, output compared line by line after
# strip, then token-wise as Decimals; functional programs get `Solution()`
# (or the module) and `method(*args)`, one JSON argument per input line,
# tuples read as lists. Unlike LiveCodeBench it runs every test (the vote
# needs all outputs) instead of stopping at the first failure, and it never
# sees an expected output: it reports what the program printed (stdin) or
# returned (as JSON), and memdoor compares outside the sandbox (judge/
# compare.rs: strip + Decimal for stdin, Python's `==` on JSON values for
# functional). A program that prints a forged result line gains nothing
# it could not get by printing the right answer.
# Spec on stdin as JSON; results on stdout after MARK, one object per test.
import ast, json, signal, sys, time
from decimal import Decimal
from io import StringIO
from types import ModuleType
from unittest.mock import mock_open, patch

MARK = "\x1eMEMDOOR-RESULTS "
PRELUDE = "from string import *\nfrom re import *\nfrom datetime import *\nfrom collections import *\nfrom heapq import *\nfrom bisect import *\nfrom copy import *\nfrom math import *\nfrom random import *\nfrom statistics import *\nfrom itertools import *\nfrom functools import *\nfrom operator import *\nfrom io import *\nfrom sys import *\nfrom json import *\nfrom builtins import *\nfrom typing import *\nimport string\nimport re\nimport datetime\nimport collections\nimport heapq\nimport bisect\nimport copy\nimport math\nimport random\nimport statistics\nimport itertools\nimport functools\nimport operator\nimport io\nimport sys\nimport json\nsys.setrecursionlimit(50000)\n"

real_stdout = sys.stdout
spec = json.loads(sys.stdin.read())
timeout = int(spec.get("timeout", 6))
# Most characters of one test's output sent back; more is "over" (a wrong answer).
out_cap = int(spec.get("out_cap", 1 << 16))


class Timeout(Exception):
    pass


def on_alarm(*_):
    raise Timeout()


signal.signal(signal.SIGALRM, on_alarm)


def trunc(x, n=300):
    s = x if isinstance(x, str) else repr(x)
    return s if len(s) <= n else s[: n // 2] + "...(truncated)..." + s[-n // 2 :]


def unwrap_main(code):
    try:
        tree = ast.parse(code)
        last = tree.body[-1]
        if isinstance(last, ast.If) and ast.unparse(last.test).strip() == "__name__ == '__main__'":
            return ast.unparse(tree.body[:-1]) + "\n" + ast.unparse(last.body)
    except Exception:
        pass
    return code


def wrap_in_function(code):
    try:
        tree = ast.parse(code)
        imports = [s for s in tree.body if isinstance(s, (ast.Import, ast.ImportFrom))]
        rest = [s for s in tree.body if not isinstance(s, (ast.Import, ast.ImportFrom))]
        fn = ast.FunctionDef(name="wrapped_function", args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]), body=rest or [ast.Pass()], decorator_list=[], lineno=-1)
        return PRELUDE + "\n" + ast.unparse(imports) + "\n" + ast.unparse(fn)
    except Exception:
        return code


def compile_module(code):
    module = ModuleType("tmp_sol", "")
    captured = StringIO()
    signal.alarm(timeout)
    try:
        with patch("sys.stdout", captured):
            exec(code, module.__dict__)
        return Solution_or_module(module, code)
    finally:
        signal.alarm(0)


def Solution_or_module(module, code):
    if "class Solution" in code:
        return module.Solution()
    return module


def call_with_stdin(method, text):
    lines = iter(text.split("\n"))
    captured = StringIO()

    @patch("builtins.open", mock_open(read_data=text))
    @patch("sys.stdin", StringIO(text))
    @patch("sys.stdin.readline", lambda *a: next(lines))
    @patch("sys.stdin.readlines", lambda *a: text.split("\n"))
    @patch("sys.stdin.read", lambda *a: text)
    @patch("sys.stdout", captured)
    def inner():
        try:
            method()
        except SystemExit:
            pass

    inner()
    return captured.getvalue()


def as_json(value):
    if isinstance(value, tuple):
        value = list(value)
    try:
        return json.dumps(value, sort_keys=True), None
    except TypeError:
        pass
    try:
        return json.dumps(value), None
    except Exception:
        return None, trunc(repr(value), 2000)


def run_one(target, test):
    start = time.time()
    signal.alarm(timeout)
    try:
        if spec["mode"] == "stdin":
            out = call_with_stdin(target, test["input"])
            signal.alarm(0)
            unjson = None
        else:
            args = [json.loads(line) for line in test["input"].split("\n")]
            with patch("sys.stdout", StringIO()):
                got = target(*args)
            signal.alarm(0)
            out, unjson = as_json(got)
        over = out is not None and len(out) > out_cap
        return {"status": "ran", "out": None if over else out, "over": over, "unjson": unjson, "secs": time.time() - start}
    except Timeout:
        return {"status": "time_limit", "error": "Time Limit Exceeded", "secs": time.time() - start}
    except BaseException as e:
        signal.alarm(0)
        return {"status": "runtime_error", "error": trunc(repr(e)), "secs": time.time() - start}
    finally:
        signal.alarm(0)


def main():
    code = spec["code"]
    try:
        if spec["mode"] == "stdin":
            target = getattr(compile_module(wrap_in_function(unwrap_main(code))), "wrapped_function")
        else:
            target = getattr(compile_module(PRELUDE + "\n\n" + code), spec["fn_name"])
    except BaseException as e:
        err = "Time Limit Exceeded while compiling" if isinstance(e, Timeout) else trunc(repr(e))
        results = [{"status": "compile_error", "error": err} for _ in spec["tests"]]
    else:
        results = [run_one(target, t) for t in spec["tests"]]
    real_stdout.write(MARK + json.dumps(results) + "\n")
    real_stdout.flush()


main()
