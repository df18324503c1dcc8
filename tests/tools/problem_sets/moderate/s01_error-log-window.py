ID = "error-log-window"
TITLE = "Error Log Window"
PLATFORM = "atcoder"

BODY = r"""
A server writes one log line per event. Each line has the form

HH:MM:SS LEVEL MODULE WORD_1 WORD_2 ... WORD_k

where HH:MM:SS is the time of the event (always written with two digits per field), LEVEL is one of INFO, WARN, ERROR and FATAL, MODULE is the name of the module that wrote the line, and the remaining words (at least one) are the message. The lines are not necessarily in chronological order.

You are given a time window from A to B (both written as HH:MM:SS). A line is counted if its level is ERROR or FATAL and its time lies in the window:

- If A \leq B, a time t lies in the window when A \leq t \leq B (both ends included).
- If A > B, the window wraps past midnight: t lies in the window when t \geq A or t \leq B.

For every module that has at least one counted line, report how many of its lines are counted.

Input

The input is given from Standard Input in the following format:
N A B
L_1
L_2
\vdots
L_N

Each L_i is one log line in the form described above.

Output

For every module with at least one counted line, print one line containing the module name and its number of counted lines, separated by a space. Print the modules in decreasing order of the count; modules with the same count are printed in increasing lexicographic order of their names.

If no line is counted at all, print NONE.

Constraints

- 1 \leq N \leq 100
- A, B and every time in the log are valid times from 00:00:00 to 23:59:59.
- Every MODULE and every message word consists of 1 to 10 lowercase English letters.
- Every line has 1 to 5 message words; the tokens of a line are separated by single spaces.
"""

EXPLAIN = [
    "The lines at 09:15:00 (db, ERROR), 10:00:00 (api, FATAL, the end of the window is included) and 09:00:00 (api, ERROR) are counted. The WARN line does not count, and the db line at 11:30:00 is outside the window. api has 2 counted lines, db has 1.",
    "The window wraps past midnight: it contains times from 22:00:00 to 23:59:59 and from 00:00:00 to 02:00:00. The lines at 23:10:05 and 01:59:59 are counted; the one at 12:00:00 is not. Both modules have count 1, so they are printed in lexicographic order.",
]

REF = r"""
import sys

def secs(t):
    h, m, s = t.split(":")
    return int(h) * 3600 + int(m) * 60 + int(s)

def main():
    lines = sys.stdin.read().split("\n")
    n, a, b = lines[0].split()
    n = int(n)
    a, b = secs(a), secs(b)
    cnt = {}
    for i in range(1, n + 1):
        parts = lines[i].split()
        t, level, module = secs(parts[0]), parts[1], parts[2]
        if level not in ("ERROR", "FATAL"):
            continue
        if a <= b:
            inside = a <= t <= b
        else:
            inside = t >= a or t <= b
        if inside:
            cnt[module] = cnt.get(module, 0) + 1
    if not cnt:
        print("NONE")
        return
    for module, c in sorted(cnt.items(), key=lambda kv: (-kv[1], kv[0])):
        print(module, c)

main()
"""

BRUTE = r"""
first = input().split()
n = int(first[0])
a, b = first[1], first[2]
# zero-padded HH:MM:SS strings compare like the times they denote
if a <= b:
    window = lambda t: a <= t and t <= b
else:
    window = lambda t: not (b < t and t < a)
rows = [input().split() for _ in range(n)]
hits = []
for r in rows:
    if (r[1] == "ERROR" or r[1] == "FATAL") and window(r[0]):
        hits.append(r[2])
if len(hits) == 0:
    print("NONE")
else:
    names = sorted(set(hits))
    best = max(hits.count(x) for x in names)
    for c in range(best, 0, -1):
        for x in names:
            if hits.count(x) == c:
                print(x, c)
"""

LEVELS = ["INFO", "WARN", "ERROR", "FATAL"]
WORDS = ["disk", "full", "timeout", "retry", "ok", "lost", "connection", "started", "slow", "query"]


def fmt(s):
    return "%02d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


def make(rng, n, times, modules, levels=LEVELS, a=None, b=None):
    if a is None:
        a = rng.choice(times)
    if b is None:
        b = rng.choice(times)
    out = [f"{n} {fmt(a)} {fmt(b)}"]
    for _ in range(n):
        msg = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))
        out.append(f"{fmt(rng.choice(times))} {rng.choice(levels)} {rng.choice(modules)} {msg}")
    return "\n".join(out) + "\n"


def small(rng):
    base = [0, 1, 59, 3599, 3600, 43200, 86398, 86399]
    times = rng.sample(base, rng.randint(1, 5)) + [rng.randint(0, 86399) for _ in range(rng.randint(0, 3))]
    modules = rng.sample(["a", "ab", "b", "api", "db", "web"], rng.randint(1, 4))
    levels = LEVELS if rng.random() < 0.8 else ["INFO", "WARN"] + [rng.choice(["ERROR", "FATAL"])]
    return make(rng, rng.randint(1, 8), times, modules, levels)


def public():
    return [
        "5 09:00:00 10:00:00\n"
        "09:15:00 ERROR db query failed\n"
        "10:00:00 FATAL api out of memory\n"
        "09:30:00 WARN api slow response\n"
        "11:30:00 ERROR db connection lost\n"
        "09:00:00 ERROR api timeout\n",
        "3 22:00:00 02:00:00\n"
        "23:10:05 ERROR web disk full\n"
        "12:00:00 ERROR cache miss\n"
        "01:59:59 FATAL cache crashed\n",
    ]


def private(rng):
    mods = ["auth", "authz", "billing", "cache", "db", "queue", "search", "web", "worker", "zeta"]
    all_times = list(range(0, 86400, 7))
    return [
        # nothing counted: only INFO/WARN lines
        "3 00:00:00 23:59:59\n"
        "10:00:00 INFO web started\n"
        "11:00:00 WARN db slow query\n"
        "12:00:00 INFO web stopped\n",
        # errors exist but all outside the window (just past both ends)
        "4 08:00:00 09:00:00\n"
        "07:59:59 ERROR db lost\n"
        "09:00:01 FATAL db crashed\n"
        "08:30:00 WARN api slow\n"
        "23:00:00 ERROR api timeout\n",
        # both ends included; prefix names tie-break (auth before authz)
        "5 08:00:00 09:00:00\n"
        "08:00:00 ERROR authz denied\n"
        "09:00:00 FATAL auth expired token\n"
        "08:59:59 ERROR auth bad password\n"
        "08:00:01 ERROR authz denied again\n"
        "09:00:01 ERROR auth late\n",
        # A = B: the window is a single second
        "4 12:34:56 12:34:56\n"
        "12:34:56 ERROR db deadlock\n"
        "12:34:55 ERROR db deadlock\n"
        "12:34:57 FATAL web crash\n"
        "12:34:56 INFO web ok\n",
        # wrap-around including midnight edges, tie on counts
        "6 23:59:59 00:00:00\n"
        "23:59:59 ERROR queue full\n"
        "00:00:00 FATAL cache gone\n"
        "00:00:01 ERROR queue full\n"
        "12:00:00 ERROR queue full\n"
        "23:59:58 FATAL cache gone\n"
        "00:00:00 ERROR queue overflow\n",
        # single line, counted
        "1 00:00:00 00:00:00\n00:00:00 FATAL zeta boot failed\n",
        make(rng, 100, all_times, mods, a=30000, b=60000),
        make(rng, 100, all_times, mods, a=70000, b=20000),
        make(rng, 100, [3600 * h for h in range(24)], mods[:4], a=3600 * 5, b=3600 * 5),
    ]


def valid(inp):
    import re
    assert inp.endswith("\n")
    lines = inp[:-1].split("\n")
    head = lines[0].split(" ")
    n = int(head[0])
    assert 1 <= n <= 100 and len(lines) == n + 1 and len(head) == 3
    tpat = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]")
    assert tpat.fullmatch(head[1]) and tpat.fullmatch(head[2])
    for line in lines[1:]:
        p = line.split(" ")
        assert tpat.fullmatch(p[0])
        assert p[1] in LEVELS
        assert 4 <= len(p) <= 8
        for w in p[2:]:
            assert re.fullmatch(r"[a-z]{1,10}", w)
