# Tier C: one known technique.
ID = "longest-segment-with-few-negatives"
TITLE = "Longest Segment With Few Negatives"
PLATFORM = "atcoder"

BODY = r"""
You are given N integers A_1, A_2, \ldots, A_N and an integer K.

Find the largest length of a contiguous segment A_l, A_{l+1}, \ldots, A_r (l \leq r) that contains at most K negative values. Zero is not negative. If every segment contains more than K negative values (this happens only when K = 0 and every value is negative), print 0.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print the largest length of a segment with at most K negative values, or 0 if there is none.

Constraints

- 1 \leq N \leq 100
- 0 \leq K \leq N
- -1000 \leq A_i \leq 1000
- All input values are integers.
"""

EXPLAIN = [
    "The segment 0 7 -1 5 -2 4 (positions 3 to 8) contains exactly 2 negative values and has length 6; every longer segment contains at least 3 negative values.",
    "Every value is negative and K = 0.",
]

REF = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
best = 0
left = 0
neg = 0
for right in range(n):
    if a[right] < 0:
        neg += 1
    while neg > k:
        if a[left] < 0:
            neg -= 1
        left += 1
    best = max(best, right - left + 1)
print(best)
"""

BRUTE = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
best = 0
for l in range(n):
    for r in range(l, n):
        if len([x for x in a[l:r + 1] if x < 0]) <= k:
            best = max(best, r - l + 1)
print(best)
"""


def fmt(k, a):
    return f"{len(a)} {k}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 9)
    return fmt(rng.randint(0, min(n, 3)), [rng.randint(-3, 2) for _ in range(n)])


def public():
    return [fmt(2, [-3, -4, 0, 7, -1, 5, -2, 4, -6]), fmt(0, [-1, -2])]


def private(rng):
    return [
        fmt(0, [-5]),
        fmt(0, [0]),
        fmt(1, [-5]),
        fmt(0, [1, -1, 2, 3, -1, 4]),
        fmt(3, [-1, -1, -1]),
        fmt(0, [0, 0, 0, -1000, 1000]),
        fmt(5, [rng.randint(-1000, 1000) for _ in range(100)]),
        fmt(0, [rng.choice([-1, 1, 2, 3, 4, 0]) for _ in range(100)]),
        fmt(100, [rng.randint(-1000, -1) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n, k = map(int, lines[0].split(" "))
    a = list(map(int, lines[1].split(" ")))
    assert 1 <= n <= 100 and 0 <= k <= n and len(a) == n
    assert all(-1000 <= x <= 1000 for x in a)
