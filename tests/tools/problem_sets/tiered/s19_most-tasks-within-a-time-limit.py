# Tier C: one known technique.
ID = "most-tasks-within-a-time-limit"
TITLE = "Most Tasks Within a Time Limit"
PLATFORM = "atcoder"

BODY = r"""
There are N tasks; task i takes D_i minutes. You have T minutes and may choose any set of tasks whose durations add up to at most T (each task can be chosen at most once, and you may choose none).

Find the largest number C of tasks in such a set. Then, among all sets of exactly C tasks whose total duration is at most T, find the smallest total duration M.

Input

The input is given from Standard Input in the following format:
N T
D_1 D_2 \ldots D_N

Output

Print C and M, separated by a space. If not even one task fits in T minutes, print 0 0.

Constraints

- 1 \leq N \leq 100
- 1 \leq T \leq 10000
- 1 \leq D_i \leq 1000
- All input values are integers.
"""

EXPLAIN = [
    "The tasks of 2, 3 and 4 minutes take 9 minutes together; no 4 tasks fit in 10 minutes (the four shortest take 2 + 3 + 4 + 5 = 14).",
    "Every task takes longer than 5 minutes.",
]

REF = r"""
n, t = map(int, input().split())
d = sorted(map(int, input().split()))
count = total = 0
for x in d:
    if total + x > t:
        break
    total += x
    count += 1
print(count, total)
"""

BRUTE = r"""
from itertools import combinations
n, t = map(int, input().split())
d = list(map(int, input().split()))
best = (0, 0)
for c in range(1, n + 1):
    sums = [sum(s) for s in combinations(d, c)]
    ok = [s for s in sums if s <= t]
    if ok:
        best = (c, min(ok))
print(best[0], best[1])
"""


def fmt(t, d):
    return f"{len(d)} {t}\n{' '.join(map(str, d))}\n"


def small(rng):
    n = rng.randint(1, 7)
    d = [rng.randint(1, 10) for _ in range(n)]
    return fmt(rng.randint(1, 40), d)


def public():
    return [fmt(10, [5, 8, 3, 4, 2]), fmt(5, [6, 9, 7])]


def private(rng):
    return [
        fmt(1, [1]),
        fmt(1, [2]),
        fmt(10000, [1000] * 10),
        fmt(9999, [1000] * 10),
        fmt(6, [3, 3, 3, 1]),
        fmt(7, [4, 4, 4, 4]),
        fmt(10000, [rng.randint(1, 1000) for _ in range(100)]),
        fmt(500, [rng.randint(1, 100) for _ in range(100)]),
        fmt(10000, [rng.randint(1, 50) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n, t = map(int, lines[0].split(" "))
    d = list(map(int, lines[1].split(" ")))
    assert 1 <= n <= 100 and 1 <= t <= 10000 and len(d) == n
    assert all(1 <= x <= 1000 for x in d)
