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
# Spec on stdin as JSON; results on stdout as each test ends, one line per
# test: MARK and a JSON object carrying the test's index `i` (after a newline
# of its own, so that output the program wrote to fd 1 without one cannot
# hide it). memdoor reads them as they come and keeps none of them whole.
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


def timed(body, cleanup=None):
    """Runs body() under the per-test alarm; its result, or the verdict of what stopped it."""
    start = time.time()
    signal.alarm(timeout)
    try:
        result = body()
        signal.alarm(0)
        result.setdefault("secs", time.time() - start)
        return result
    except Timeout:
        return {"status": "time_limit", "error": "Time Limit Exceeded", "secs": time.time() - start}
    except BaseException as e:
        signal.alarm(0)
        return {"status": "runtime_error", "error": trunc(repr(e)), "secs": time.time() - start}
    finally:
        signal.alarm(0)
        if cleanup is not None:
            cleanup()


def run_one(target, test):
    def body():
        if spec["mode"] == "stdin":
            out = call_with_stdin(target, test["input"])
            unjson = None
        else:
            args = [json.loads(line) for line in test["input"].split("\n")]
            with patch("sys.stdout", StringIO()):
                got = target(*args)
            signal.alarm(0)
            out, unjson = as_json(got)
        over = out is not None and len(out) > out_cap
        return {"status": "ran", "out": None if over else out, "over": over, "unjson": unjson}

    return timed(body)


# HumanEval: the task's own `check` holds the expected values, so it must
# not share a process with the program. The program runs in a fresh
# interpreter (CHILD) that serves calls: arguments go in as Python literals,
# the return value comes back as one (plain builtin types only, so no object
# can claim to equal anything). `check` runs here and calls that proxy. This
# process is made undumpable (no same-uid /proc/<pid>/mem or ptrace), and
# its success line carries a nonce the program never sees, so a line the
# program prints itself cannot pass.
CHILD = r"""
import ast, json, os, sys
proto = os.fdopen(os.dup(1), "w")
requests = sys.stdin
os.dup2(os.open(os.devnull, os.O_RDWR), 1)
sys.stdout = open(os.devnull, "w")
code = json.loads(requests.readline())
entry = json.loads(requests.readline())
def send(obj):
    proto.write(json.dumps(obj) + "\n")
    proto.flush()
def plain(v):
    t = type(v)
    if t in (int, float, complex, str, bytes, bool, type(None)):
        return True
    if t in (list, tuple, set, frozenset):
        return all(plain(x) for x in v)
    if t is dict:
        return all(plain(k) and plain(x) for k, x in v.items())
    return False
try:
    scope = {"__name__": "candidate"}
    exec(compile(code, "candidate.py", "exec"), scope)
    fn = scope[entry]
except BaseException as e:
    send({"error": repr(e)[:300]})
    raise SystemExit(0)
send({"ready": True})
for line in requests:
    try:
        args, kwargs = ast.literal_eval(json.loads(line))
        value = fn(*args, **kwargs)
        if not plain(value):
            raise TypeError("returned a %s, not a plain value" % type(value).__name__)
        text = repr(value)
        ast.literal_eval(text)
        send({"value": text})
    except BaseException as e:
        send({"raise": repr(e)[:300]})
"""


def undumpable():
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE, 0
    except Exception:
        pass


def humaneval():
    import subprocess
    nonce = spec.pop("nonce")
    undumpable()
    child = subprocess.Popen([sys.executable, "-I", "-B", "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def candidate(*args, **kwargs):
        child.stdin.write(json.dumps(repr((args, kwargs))) + "\n")
        child.stdin.flush()
        answer = json.loads(child.stdout.readline() or '{"raise": "the program ended"}')
        if "raise" in answer:
            raise RuntimeError("the program raised " + answer["raise"])
        return ast.literal_eval(answer["value"])

    def body():
        child.stdin.write(json.dumps(PRELUDE + "\n" + spec["code"]) + "\n" + json.dumps(spec["entry_point"]) + "\n")
        child.stdin.flush()
        hello = json.loads(child.stdout.readline() or '{"error": "the program ended before it was ready"}')
        if "error" in hello:
            return {"status": "compile_error", "error": hello["error"]}
        scope = {"__name__": "check"}
        exec(PRELUDE + "\n" + spec["check"], scope)
        scope["check"](candidate)
        return {"status": "ran", "out": json.dumps(nonce)}

    return timed(body, cleanup=child.kill)


def emit(i, result):
    real_stdout.write("\n" + MARK + json.dumps(dict(result, i=i)) + "\n")
    real_stdout.flush()


def run_until_time_limit(target, tests):
    """Every test in turn, each result sent as it ends; once one hits the
    time limit the rest are not run (a program that loops on one input
    nearly always loops on the next, and each would cost a whole timeout):
    they count as time limits too."""
    last = None
    for i, t in enumerate(tests):
        if last is not None and last["status"] == "time_limit":
            last = {"status": "time_limit", "error": "not run: an earlier test hit the time limit"}
        else:
            last = run_one(target, t)
        emit(i, last)


def main():
    if spec["mode"] == "humaneval":
        emit(0, humaneval())
        return
    code = spec["code"]
    try:
        if spec["mode"] == "stdin":
            target = getattr(compile_module(wrap_in_function(unwrap_main(code))), "wrapped_function")
        else:
            target = getattr(compile_module(PRELUDE + "\n\n" + code), spec["fn_name"])
    except BaseException as e:
        err = "Time Limit Exceeded while compiling" if isinstance(e, Timeout) else trunc(repr(e))
        for i in range(len(spec["tests"])):
            emit(i, {"status": "compile_error", "error": err})
    else:
        run_until_time_limit(target, spec["tests"])


main()
