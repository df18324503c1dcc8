# Tier A: one twist.
ID = "sum-without-the-extremes"
TITLE = "Sum Without the Extremes"
PLATFORM = "atcoder"

BODY = r"""
You are given N integers A_1, A_2, \ldots, A_N.

Remove every occurrence of the smallest value and every occurrence of the largest value, then print the sum of the values that remain. If no value remains, print 0.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the sum of the remaining values.

Constraints

- 1 \leq N \leq 100
- -1000 \leq A_i \leq 1000
- All input values are integers.
"""

EXPLAIN = [
    "The smallest value 1 (both copies) and the largest value 9 are removed; 4 + 6 + 5 = 15 remains.",
    "Every value is both the smallest and the largest, so nothing remains.",
]

REF = r"""
n = int(input())
a = list(map(int, input().split()))
lo, hi = min(a), max(a)
print(sum(x for x in a if x != lo and x != hi))
"""

BRUTE = r"""
n = int(input())
a = list(map(int, input().split()))
rest = sorted(a)
while rest and rest[0] == min(a):
    rest.pop(0)
while rest and rest[-1] == max(a):
    rest.pop()
total = 0
for x in rest:
    total += x
print(total)
"""


def fmt(a):
    return f"{len(a)}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 8)
    return fmt([rng.randint(-4, 4) for _ in range(n)])


def public():
    return [fmt([1, 4, 9, 6, 1, 5]), fmt([3, 3, 3])]


def private(rng):
    return [
        fmt([7]),
        fmt([2, 8]),
        fmt([-5, 0, 5]),
        fmt([-1000, -999, -1000, 1000, 999, 1000]),
        fmt([4, 4, 1, 1, 9, 9]),
        fmt([-3, -7, -2, -7, -4]),
        fmt([rng.randint(-1000, 1000) for _ in range(100)]),
        fmt([rng.randint(0, 3) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n = int(lines[0])
    a = list(map(int, lines[1].split(" ")))
    assert 1 <= n <= 100 and len(a) == n
    assert all(-1000 <= x <= 1000 for x in a)
