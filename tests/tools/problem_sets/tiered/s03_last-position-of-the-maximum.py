# Tier A: one twist.
ID = "last-position-of-the-maximum"
TITLE = "Last Position of the Maximum"
PLATFORM = "atcoder"

BODY = r"""
You are given N integers A_1, A_2, \ldots, A_N.

Let M be the largest of these values. Print the position i (1 \leq i \leq N) with A_i = M. If M occurs at several positions, print the largest such position (the last one).

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the last position at which the maximum value occurs. Positions are numbered from 1.

Constraints

- 1 \leq N \leq 100
- -1000 \leq A_i \leq 1000
- All input values are integers.
"""

EXPLAIN = [
    "The maximum 9 occurs at positions 2 and 4; the last of them is 4.",
    "All values are negative; the maximum -1 occurs only at position 1.",
]

REF = r"""
n = int(input())
a = list(map(int, input().split()))
best = 0
for i in range(n):
    if a[i] >= a[best]:
        best = i
print(best + 1)
"""

BRUTE = r"""
n = int(input())
a = list(map(int, input().split()))
m = max(a)
print(n - a[::-1].index(m))
"""


def fmt(a):
    return f"{len(a)}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 8)
    return fmt([rng.randint(-4, 4) for _ in range(n)])


def public():
    return [fmt([3, 9, 2, 9, 5]), fmt([-1, -7, -3])]


def private(rng):
    return [
        fmt([5]),
        fmt([-1000]),
        fmt([7, 7, 7, 7]),
        fmt([1000, 1, 2, 3]),
        fmt([1, 2, 3, 1000]),
        fmt([0, -1, 0, -1, -2]),
        fmt([rng.randint(-1000, 1000) for _ in range(100)]),
        fmt([rng.randint(0, 5) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n = int(lines[0])
    a = list(map(int, lines[1].split(" ")))
    assert 1 <= n <= 100 and len(a) == n
    assert all(-1000 <= x <= 1000 for x in a)
