# Tier C: one known technique.
ID = "best-window-of-k-days"
TITLE = "Best Window of K Consecutive Values"
PLATFORM = "atcoder"

BODY = r"""
You are given N integers A_1, A_2, \ldots, A_N and an integer K (1 \leq K \leq N).

For each starting position i (1 \leq i \leq N - K + 1), the window starting at i is A_i, A_{i+1}, \ldots, A_{i+K-1} (K consecutive values). Find the largest window sum S, and the smallest starting position P of a window whose sum is S.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print S and P, separated by a space. Positions are numbered from 1.

Constraints

- 1 \leq K \leq N \leq 100
- -1000 \leq A_i \leq 1000
- All input values are integers.
"""

EXPLAIN = [
    "The window sums are 4, 8, 9, 9 and 8; the largest, 9, is first reached by the window starting at position 3 (3 + 5 + 1).",
    "Every value is negative; the best window of 2 values is -1 + -2 = -3, starting at position 2.",
]

REF = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
pre = [0]
for x in a:
    pre.append(pre[-1] + x)
best, pos = None, 0
for i in range(n - k + 1):
    s = pre[i + k] - pre[i]
    if best is None or s > best:
        best, pos = s, i + 1
print(best, pos)
"""

BRUTE = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
sums = [sum(a[i:i + k]) for i in range(n - k + 1)]
s = max(sums)
print(s, sums.index(s) + 1)
"""


def fmt(k, a):
    return f"{len(a)} {k}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 9)
    return fmt(rng.randint(1, n), [rng.randint(-3, 3) for _ in range(n)])


def public():
    return [fmt(3, [1, 0, 3, 5, 1, 3, 4]), fmt(2, [-5, -1, -2, -7])]


def private(rng):
    return [
        fmt(1, [-1000]),
        fmt(1, [3, 9, 9, 2]),
        fmt(4, [1, 2, 3, 4]),
        fmt(2, [0, 0, 0, 0, 0]),
        fmt(3, [-1, -1, -1, 5, -1, -1, 5]),
        fmt(100, [rng.randint(-1000, 1000) for _ in range(100)]),
        fmt(7, [rng.randint(-1000, 1000) for _ in range(100)]),
        fmt(5, [rng.randint(-2, 2) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n, k = map(int, lines[0].split(" "))
    a = list(map(int, lines[1].split(" ")))
    assert 1 <= k <= n <= 100 and len(a) == n
    assert all(-1000 <= x <= 1000 for x in a)
