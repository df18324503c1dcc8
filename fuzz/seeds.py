#!/usr/bin/env python3
"""Writes the seed inputs of every fuzz target into fuzz/corpus/<target>/seed-*
(docs/fuzzing.md): the shipped problems, real harness.py output (harness.py
run here on real programs, outside any sandbox: the programs are ours),
journal and wire records in the shapes memdoor writes. Rerun after a format
changes; `fuzz/run.sh` then grows the corpus from them, and a merge keeps
it small.

Usage: python3 fuzz/seeds.py [JOURNAL...]   (real journals to seed from, e.g. a `memdoor solve --journal` run's)
"""
import gzip
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")
PROBLEMS = os.path.join(ROOT, "assets", "problems")
# Seeds are kept small: the fuzzer's inputs are at most a few KB anyway.
MAX_SEED = 6000


def write(target, name, data):
    if isinstance(data, str):
        data = data.encode()
    os.makedirs(os.path.join(CORPUS, target), exist_ok=True)
    with open(os.path.join(CORPUS, target, "seed-" + name), "wb") as f:
        f.write(data)


def problem_lines(path, count):
    """The first `count` problems of a set small enough to be seeds."""
    out = []
    with open(path) as f:
        for line in f:
            if line.strip() and len(line) <= MAX_SEED:
                out.append(json.loads(line))
            if len(out) == count:
                break
    return out


with open(os.path.join(PROBLEMS, "is_palindrome.txt")) as f:
    palindrome = f.read()
with open(os.path.join(PROBLEMS, "two_sum_lcb.json")) as f:
    two_sum = f.read()
lcb = problem_lines(os.path.join(PROBLEMS, "easy.jsonl"), 3) + problem_lines(os.path.join(PROBLEMS, "set2.jsonl"), 2)

# Free texts in the forms problem/examples.rs reads.
texts = {
    "palindrome": palindrome,
    "arrows": "Write a Python function double(xs).\ndouble([1, 2]) -> [2, 4]\ndouble([]) == []\n`double((3,))` returns [6]\nprint(double([0]))  # [0]\n",
    "doctest": 'def is_even(n):\n    """\n    >>> is_even(2)\n    True\n    >>> is_even(-3)\n    False\n    """\n',
    "leetcode": "Implement the function `twoSum`.\n\nExample 1:\nInput: nums = [2,7,11,15], target = 9\nOutput: [0,1]\n\nExample 2:\n**Input:** nums = [3,3], target = 6\n**Output:** [0,1]\n",
    "stdin": "Print n doubled.\n\nSample Input 1\n\n2\n\nSample Output 1\n\n4\n\nInput:\n```\n5\n```\nOutput:\n```\n10\n```\n",
    "literals": "Write a function named parse_all.\nparse_all(r'a\\n', u\"b\" 'c', 0x1F, -0b101, 1_000, 1e-3, (1,), {'k': None}) should return {\"a\": [True, False, None]}\nparse_all('''x\ny''') → 'é\\u00e9\\x41\\N{DASH}'\n",
}
for name, text in texts.items():
    write("problem_text", name, text)
    write("examples", name, text)
    write("serve_body", name, json.dumps({"model": "memdoor-team", "messages": [{"role": "user", "content": text}]}))
for i, p in enumerate(lcb):
    write("problem_text", "lcb-%d" % i, p["question_content"])
    write("examples", "lcb-%d" % i, p["question_content"])
    write("problem_file", "lcb-%d.json" % i, json.dumps(p))
write("problem_file", "palindrome.txt", palindrome)
write("problem_file", "two_sum_lcb.json", two_sum)

# Plain clients' tasks: the id on the first line, the value of `task:<id>` after.
write("problem_task", "prompt", 't1\n{"id": "t1", "prompt": "Write a Python function f(x).\\nf(1) -> 2"}')
write("problem_task", "run-label", 'q7\n{"prompt": "Print n doubled.\\n\\nSample Input 1\\n\\n2\\n\\nSample Output 1\\n\\n4", "run": 2}')
write("problem_task", "lcb", "two-sum\n" + two_sum)

# Problem sets: JSON Lines, a JSON array, HumanEval (plain and gzip).
humaneval = {"task_id": "HumanEval/0", "prompt": 'def f(x):\n    """\n    >>> f(1)\n    1\n    """\n', "entry_point": "f", "test": "def check(c):\n    assert c(1) == 1\n"}
write("problem_set", "lcb.jsonl", "".join(json.dumps(p) + "\n" for p in lcb[:2]))
write("problem_set", "array.json", json.dumps(lcb[2:4]))
write("problem_set", "humaneval.jsonl", json.dumps(humaneval) + "\n")
write("problem_set", "humaneval.jsonl.gz", gzip.compress((json.dumps(humaneval) + "\n").encode(), mtime=0))

# Python literals and call arguments.
for i, lit in enumerate([
    "[1, -2, 3.5, 1e300, 0x1f, 0o17, 0b11, 1_000]",
    "{'a': [True, False, None], \"b\": (1,), 'c': ()}",
    "r'raw\\n' u'uni' 'implicit' \"concat\"",
    "'''triple\nquoted''' + 1",
    "'\\x41\\u00e9\\U0001F600\\t\\\\\\'\\0'",
    "nums = [2, 7, 11], target = 9",
    "18446744073709551615, -9223372036854775808, 3.",
]):
    write("literal", str(i), lit)

# harness.py's real output on real programs: the first byte says how the
# fuzz target judges it (bit 0: functional, bit 1: no expected output, bits
# 2-4: one less than the number of tests), the next line is the expected output.
HARNESS = os.path.join(ROOT, "src", "judge", "harness.py")
runs = {
    "stdin-pass": ("\x04", "4\n", {"mode": "stdin", "code": "print(int(input()) * 2)", "fn_name": None, "tests": [{"input": "2\n"}, {"input": "x\n"}]}),
    "functional": ("\x05", "[0, 1]", {"mode": "functional", "code": "class Solution:\n    def twoSum(self, nums, target):\n        return [0, 1] if nums[0] else {'k': float('nan')}\n", "fn_name": "twoSum", "tests": [{"input": "[2,7]\n9"}, {"input": "[0,0]\n0"}]}),
    "functional-unjson": ("\x07", "", {"mode": "functional", "code": "def f(x):\n    return {1, 2} if x else print('noise')\n", "fn_name": "f", "tests": [{"input": "1"}, {"input": "0"}]}),
    "compile-error": ("\x00", "1\n", {"mode": "stdin", "code": "def (:", "fn_name": None, "tests": [{"input": ""}]}),
    "over": ("\x00", "1\n", {"mode": "stdin", "code": "print('x' * 100)", "fn_name": None, "tests": [{"input": ""}], "out_cap": 10}),
}
for name, (how, expected, spec) in runs.items():
    spec = {"timeout": 2, "out_cap": 65536, **spec}
    out = subprocess.run([sys.executable, HARNESS], input=json.dumps(spec).encode(), capture_output=True, timeout=60).stdout
    write("judge_results", name, how.encode() + expected.rstrip("\n").encode() + b"\n" + out)

# Journals: records in the shapes memdoor writes (and real ones given on the command line).
usage = {"prompt_tokens": 40, "prompt_reused": 8, "completion_tokens": 12, "prompt_secs": 0.05, "generate_secs": 0.4}
entry = {"task": "t1", "round": 1, "agent": 0, "kind": "draft", "content": "def f(x):\n    return x", "time_ms": 1733000000000, "key": "t1:1:0:draft"}
events = [
    {"event": "TaskStarted", "task": "t1", "problem": "Write f.", "agents": [{"agent": 0, "model": "smollm2", "temperature": 0.7, "seed": 1, "role": "tester"}], "sandbox": "strong sandbox (bubblewrap)"},
    {"event": "TurnStarted", "agent": 0, "round": 1, "turn": {"turn": "fresh", "framing": "plan_first"}},
    {"event": "AgentToken", "agent": 0, "round": 1, "text": "def f(x):"},
    {"event": "AgentRestarted", "agent": 0, "round": 1},
    {"event": "AgentDone", "agent": 0, "round": 1, "draft": {"text": "```python\ndef f(x):\n    return x\n```", "code": "def f(x):\n    return x", "finish": "stop", "usage": usage, "repairs": ["wrapped_in_solution"]}},
    {"event": "AgentFailed", "agent": 1, "round": 1, "error": "the model failed"},
    {"event": "MemoryEntry", **entry},
    {"event": "TestRun", "agent": 0, "round": 1, "results": [{"verdict": "pass", "got": "2", "key": "2", "error": None}, {"verdict": "wrong_answer", "got": "3", "key": "3"}]},
    {"event": "RoundFinished", "round": 1},
    {"event": "Consensus", "answer": "def f(x):\n    return x", "decision": {"execution_vote": {"checked": "public_tests", "settled": {"inputs": 2, "agree": [3, 1]}}}, "cluster": 0, "votes": 1, "agents": [0], "evidence": [{"agent": 0, "round": 1, "cluster": 0, "tests": [2, 2]}]},
    {"event": "Rejected", "total": 3},
    {"event": "TaskFinished", "task": "t1", "answer": "def f(x):\n    return x", "elapsed_secs": 1.25},
]
write("journal", "shapes.jsonl", "".join(json.dumps({"at_ms": i * 10, "event": e}) + "\n" for i, e in enumerate(events)))
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        lines = f.read().splitlines(keepends=True)
    # Token events are most of a journal and all alike: a few are enough.
    kept, tokens = [], 0
    for line in lines:
        if b'"AgentToken"' in line:
            tokens += 1
            if tokens > 5:
                continue
        kept.append(line)
    write("journal", "real-" + os.path.basename(path), b"".join(kept)[: 4 * MAX_SEED])

# Redis stream items of a task's log: the log key, the tag, the entry's JSON.
write("redis_entry", "entry", "memdoor:{s1}:log:t1\n\n" + json.dumps(entry))
write("redis_entry", "tagged", "memdoor:{s1}:log:t1\n" + "0" * 64 + "\n" + json.dumps({**entry, "agent": None, "kind": "decision", "prose": True}))

# Jobs and one job's reply stream, as workers and requesters read them.
request = {"messages": [{"role": "system", "content": "Be terse."}, {"role": "user", "content": "Write f."}], "sampling": {"temperature": 0.3, "top_p": 0.95, "repeat_penalty": 1.0, "repeat_last_n": 64, "seed": 7}, "max_tokens": 64, "ignore_stop": False}
replies = [
    {"epoch": 1, "seq": 1, "reply": {"Taken": {"worker": "w0"}}},
    {"epoch": 1, "seq": 2, "reply": {"Chunk": {"Text": "def f"}}},
    {"epoch": 2, "seq": 1, "reply": {"Taken": {"worker": "w1"}}},
    {"epoch": 1, "seq": 3, "reply": {"Chunk": {"Text": " late"}}},
    {"epoch": 2, "seq": 2, "reply": {"Chunk": "Restart"}},
    {"epoch": 2, "seq": 3, "reply": {"Chunk": {"Done": {"finish": "length", "usage": usage}}}},
    {"epoch": 2, "reply": {"Error": "the model failed"}},
]
write("distributed_wire", "job", json.dumps({"id": "1733000000000-4242-0", "request": request}) + "\n")
write("distributed_wire", "replies", "".join(json.dumps(r) + "\n" for r in replies))

# OpenAI-compatible streams (0xff cuts the body into the pieces that arrive).
# A model's answers as the team reads their code: first byte odd = cut off at the token limit.
answers = {
    "closed": "0Here:\n```python\nn = int(input())\nprint(n * 2)\n```\n",
    "two-blocks": "0```python\ndef f():\n    return 1\n```\nBetter:\n```python\ndef f():\n    return 2\n```",
    "placeholder": "0```python\n# YOUR CODE HERE\n```",
    "stub": "0```python\ndef f(x):\n    \"\"\"Double x.\"\"\"\n    pass\n```",
    "cut-example": "1```python\nimport math\n\n@cache\ndef f(n):\n    return n\n\n# Example usage\nprint(f(1",
    "cut-inside": "1```python\nimport math\n\ndef f(n):\n    if n < 2:\n        ret",
    "cut-after-closed": "1```python\ndef f():\n    return 1\n```\nTests:\n```python\nassert f(",
}
for name, text in answers.items():
    write("model_answer", name, text)

def sse(*events):
    return "".join("data: %s\n\n" % e for e in events).encode()
chunk = lambda delta, finish=None: json.dumps({"id": "c", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
write("sse", "openai", sse(chunk({"role": "assistant", "content": ""}), chunk({"content": "def"}), chunk({"content": " f"}), chunk({}, "stop"), json.dumps({"choices": [], "usage": {"prompt_tokens": 5, "completion_tokens": 2}}), "[DONE]"))
write("sse", "pieces", sse(chunk({"reasoning_content": "hm"}), chunk({"reasoning": "so"}))[:30] + b"\xff" + sse(chunk({"content": "x"}, "length"))[30:] + b"\xff: keep-alive\r\n\r\nevent: x\r\nid: 1\r\nretry: 10\r\ndata: {\"choices\": null}\r\n\r\n")
write("sse", "error", sse(json.dumps({"error": {"message": "overloaded", "type": "server_error"}})) + b"error: {\"error\": {\"message\": \"llama.cpp failed\"}}\n")
write("sse", "http-error", json.dumps({"error": "model not found"}))

# `POST /v1/chat/completions` bodies (free texts are above).
write("serve_body", "parts", json.dumps({"model": "memdoor-team", "stream": True, "max_tokens": 9, "max_completion_tokens": 7, "stream_options": {"include_usage": True}, "temperature": 0.2, "top_p": 0.9, "seed": 3,
    "messages": [{"role": "system", "content": "be brief"}, {"role": "user", "content": [{"type": "text", "text": "Write a Python function f(x).\nf(1) -> 2"}, {"type": "image_url"}]}, {"role": "assistant", "content": None}], "tools": [], "n": 1}))
write("serve_body", "lcb", json.dumps({"model": "memdoor-team", "messages": [{"role": "user", "content": two_sum}]}))

# `git config --null --list` output (a repository's config, read for its drivers),
# and `git check-attr -z filter` output after it (the first byte picks which is read).
config = b"core.bare\nfalse\0core.fsmonitor\ntouch x\0filter.lfs.clean\ngit-lfs clean -- %f\0filter.lfs.smudge\ngit-lfs smudge -- %f\0" \
    b"filter.lfs.process\ngit-lfs filter-process\0filter.lfs.required\ntrue\0diff.conv.textconv\nhexdump -C\0merge.ours.driver\ntrue\0" \
    b"filter.a.b=c.clean\ncat\0include.path\n../x\0user.name\0"
write("git_output", "config", b"\x00" + config)
write("git_output", "check-attr", b"\x01" + config + b"\xff" + b"data.bin\0filter\0lfs\0calc.py\0filter\0unspecified\0a b\0filter\0set\0")

# Request headers as `serve` checks them before anything acts: one `Name: value` a line.
write("request_headers", "page", "Host: 127.0.0.1:8080\nOrigin: https://evil.example\nContent-Type: text/plain;charset=UTF-8\n")
write("request_headers", "loopback", "Host: localhost\nOrigin: http://localhost:3000\nContent-Type: application/json; charset=utf-8\n")
write("request_headers", "odd", "Host: [::1]:80\nOrigin: null\nOrigin: http://[::1]\ncontent-type: Application/JSON\n")

# Edits stated in sentences, as coder-0.5b writes them (`edit/prose.rs`).
write("edit_blocks", "prose-sentence", b"def add(a, b):\n    return a - b\n\xffdef half(x):\n    return x / 2\n\xff\xff\xffIn `a.py`, the line `return a - b` should be changed to `return a + b`.\n")
write("edit_blocks", "prose-fences", b"x = 1\n\xff\xff\xff\xffThe line\n```python\nx = 1\n```\nshould be changed to:\n```python\nx = 2\n```\n")
