# Tier A: one twist.
ID = "distinct-values-above-threshold"
TITLE = "Distinct Values Above a Threshold"
PLATFORM = "atcoder"

BODY = r"""
You are given N integers A_1, A_2, \ldots, A_N and an integer K.

Print how many different values among A_1, A_2, \ldots, A_N are strictly greater than K. A value that occurs several times is counted only once. Values equal to K are not counted.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print the number of different values greater than K. Print 0 if there is none.

Constraints

- 1 \leq N \leq 100
- -1000 \leq K \leq 1000
- -1000 \leq A_i \leq 1000
- All input values are integers.
"""

EXPLAIN = [
    "The values greater than 4 are 5, 9, 5 and 7; the different ones are 5, 7 and 9.",
    "No value is greater than 3 (the value 3 itself is not counted).",
]

REF = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
print(len(set(x for x in a if x > k)))
"""

BRUTE = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
a.sort()
count = 0
for i in range(n):
    if a[i] > k and (i == 0 or a[i] != a[i - 1]):
        count += 1
print(count)
"""


def fmt(k, a):
    return f"{len(a)} {k}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 8)
    a = [rng.randint(-5, 5) for _ in range(n)]
    k = rng.randint(-6, 6) if rng.random() < 0.9 else rng.choice([-1000, 1000])
    return fmt(k, a)


def public():
    return [fmt(4, [5, 9, 1, 5, 4, 7]), fmt(3, [3, 1, 3, -2])]


def private(rng):
    return [
        fmt(0, [1]),
        fmt(1, [1]),
        fmt(-1000, [-1000, -1000, -999]),
        fmt(1000, [1000, 999, 1000]),
        fmt(-1, [0, 0, 0, 0, 0]),
        fmt(2, [2, 3, 3, 3, 2, 4, 4]),
        fmt(0, [-5, -3, 0, 0, -1]),
        fmt(10, [rng.randint(0, 30) for _ in range(100)]),
        fmt(-200, [rng.randint(-1000, 1000) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n, k = map(int, lines[0].split(" "))
    a = list(map(int, lines[1].split(" ")))
    assert 1 <= n <= 100 and len(a) == n and -1000 <= k <= 1000
    assert all(-1000 <= x <= 1000 for x in a)
