# Tier A: one twist.
ID = "record-days"
TITLE = "Record Days"
PLATFORM = "atcoder"

BODY = r"""
You are given the temperatures of N days, T_1, T_2, \ldots, T_N, in order.

Day i is a record day if T_i is strictly greater than every one of T_1, \ldots, T_{i-1}. Day 1 is always a record day. A day whose temperature only equals the highest earlier temperature is not a record day.

Print the number of record days.

Input

The input is given from Standard Input in the following format:
N
T_1 T_2 \ldots T_N

Output

Print the number of record days.

Constraints

- 1 \leq N \leq 100
- -50 \leq T_i \leq 50
- All input values are integers.
"""

EXPLAIN = [
    "Days 1 (3), 2 (5) and 5 (8) are record days. Day 4 (5) only equals the earlier highest temperature.",
    "Only day 1 is a record day: the temperature never rises above -2.",
]

REF = r"""
n = int(input())
t = list(map(int, input().split()))
count = 1
best = t[0]
for x in t[1:]:
    if x > best:
        count += 1
        best = x
print(count)
"""

BRUTE = r"""
n = int(input())
t = list(map(int, input().split()))
count = 0
for i in range(n):
    if all(t[i] > t[j] for j in range(i)):
        count += 1
print(count)
"""


def fmt(a):
    return f"{len(a)}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 8)
    return fmt([rng.randint(-3, 3) for _ in range(n)])


def public():
    return [fmt([3, 5, 1, 5, 8, 2]), fmt([-2, -5, -2, -9])]


def private(rng):
    return [
        fmt([0]),
        fmt([-50]),
        fmt([4, 4, 4, 4, 4]),
        fmt(list(range(-50, 50))),
        fmt(list(range(50, -50, -1))),
        fmt([1, 2, 2, 3, 3, 3, 4]),
        fmt([rng.randint(-50, 50) for _ in range(100)]),
        fmt(sorted(rng.randint(-50, 50) for _ in range(60))),
    ]


def valid(inp):
    lines = inp[:-1].split("\n")
    assert len(lines) == 2
    n = int(lines[0])
    a = list(map(int, lines[1].split(" ")))
    assert 1 <= n <= 100 and len(a) == n
    assert all(-50 <= x <= 50 for x in a)
