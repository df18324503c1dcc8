# Tier A: one twist.
ID = "smallest-odd-value"
TITLE = "Smallest Odd Value"
PLATFORM = "atcoder"

BODY = r"""
You are given N integers A_1, A_2, \ldots, A_N.

Print the smallest odd value among them. If none of them is odd, print -1 instead.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the smallest odd value among A_1, A_2, \ldots, A_N, or -1 if every value is even.

Constraints

- 1 \leq N \leq 100
- 0 \leq A_i \leq 1000
- All input values are integers.
"""

EXPLAIN = [
    "The odd values are 7, 3 and 9; the smallest of them is 3.",
    "Every value is even (0 is even), so -1 is printed.",
]

REF = r"""
n = int(input())
a = list(map(int, input().split()))
odd = [x for x in a if x % 2 == 1]
print(min(odd) if odd else -1)
"""

BRUTE = r"""
n = int(input())
a = list(map(int, input().split()))
ans = -1
for v in range(1001):
    if v % 2 == 1 and v in a:
        ans = v
        break
print(ans)
"""


def fmt(a):
    return f"{len(a)}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 8)
    if rng.random() < 0.3:
        return fmt([rng.randrange(0, 1001, 2) for _ in range(n)])
    return fmt([rng.randint(0, 20) if rng.random() < 0.7 else rng.randint(0, 1000) for _ in range(n)])


def public():
    return [fmt([8, 7, 4, 3, 9]), fmt([6, 0, 2])]


def private(rng):
    return [
        fmt([1]),
        fmt([0]),
        fmt([1000]),
        fmt([999, 999, 999]),
        fmt([2, 4, 6, 8, 10, 12, 1000, 0]),
        fmt([4, 1, 3, 1, 2]),
        fmt([rng.randrange(0, 1001, 2) for _ in range(100)]),
        fmt([rng.randint(0, 1000) for _ in range(100)]),
        fmt([rng.randrange(0, 1001, 2) for _ in range(99)] + [997]),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n = int(lines[0])
    a = list(map(int, lines[1].split(" ")))
    assert 1 <= n <= 100 and len(a) == n
    assert all(0 <= x <= 1000 for x in a)
