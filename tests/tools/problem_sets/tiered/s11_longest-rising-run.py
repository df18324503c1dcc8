# Tier B: two or three steps.
ID = "longest-rising-run"
TITLE = "Longest Rising Run"
PLATFORM = "atcoder"

BODY = r"""
You are given N integers A_1, A_2, \ldots, A_N.

A rising run is a contiguous part A_l, A_{l+1}, \ldots, A_r (l \leq r) in which every element is strictly greater than the one before it. A single element is a rising run of length 1.

Find the length L of the longest rising run, and the smallest starting position l among the rising runs of length L.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print L and l, separated by a space. Positions are numbered from 1.

Constraints

- 1 \leq N \leq 100
- -1000 \leq A_i \leq 1000
- All input values are integers.
"""

EXPLAIN = [
    "The rising runs 1 3 5 (from position 1) and 2 4 9 (from position 5) both have length 3; the first starts at position 1. 5 5 is not rising.",
    "No two neighbours rise, so the longest rising run has length 1, and the first one starts at position 1.",
]

REF = r"""
n = int(input())
a = list(map(int, input().split()))
best_len, best_start = 1, 0
start = 0
for i in range(1, n):
    if a[i] <= a[i - 1]:
        start = i
    if i - start + 1 > best_len:
        best_len, best_start = i - start + 1, start
print(best_len, best_start + 1)
"""

BRUTE = r"""
n = int(input())
a = list(map(int, input().split()))
best = (0, 0)
for l in range(n):
    for r in range(l, n):
        ok = all(a[j] > a[j - 1] for j in range(l + 1, r + 1))
        if ok and (r - l + 1 > best[0]):
            best = (r - l + 1, l + 1)
print(best[0], best[1])
"""


def fmt(a):
    return f"{len(a)}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 9)
    return fmt([rng.randint(-3, 3) for _ in range(n)])


def public():
    return [fmt([1, 3, 5, 5, 2, 4, 9, 0]), fmt([4, 4, 2])]


def private(rng):
    return [
        fmt([8]),
        fmt([1, 2]),
        fmt([2, 1]),
        fmt(list(range(-50, 50))),
        fmt([5, 4, 3, 2, 1, 2, 3, 4, 5, 6]),
        fmt([1, 2, 1, 2, 1, 2]),
        fmt([rng.randint(-1000, 1000) for _ in range(100)]),
        fmt([rng.randint(0, 100) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n = int(lines[0])
    a = list(map(int, lines[1].split(" ")))
    assert 1 <= n <= 100 and len(a) == n
    assert all(-1000 <= x <= 1000 for x in a)
