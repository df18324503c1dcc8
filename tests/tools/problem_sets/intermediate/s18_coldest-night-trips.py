ID = "coldest-night-trips"
TITLE = "Coldest Night of Each Trip"
PLATFORM = "atcoder"

BODY = r"""
A mountain hut has recorded the night temperature for N consecutive nights: on night i it was A_i degrees.

A travel agency sells trips that last exactly K consecutive nights. For every possible starting night s = 1, 2, \ldots, N-K+1, the trip starting on night s covers nights s, s+1, \ldots, s+K-1. To warn its customers, the agency wants to know the coldest temperature of each such trip, that is, the minimum of A_s, A_{s+1}, \ldots, A_{s+K-1}.

Print the coldest temperature of every trip, in order of the starting night.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print N-K+1 integers in one line, separated by spaces. The s-th of them must be the minimum temperature of the trip starting on night s.

Constraints

- 1 \leq K \leq N \leq 2 \times 10^5
- -10^9 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The trips cover nights 1-3, 2-4, 3-5, 4-6, 5-7 and 6-8. For example, the trip of nights 3-5 has temperatures -1, -3, 5, so its coldest night is -3.",
    "With K = N there is only one trip, covering every night.",
]

REF = r"""
import sys
from collections import deque

def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    a = list(map(int, data[2:2 + n]))
    dq = deque()  # indices, their values increasing from front to back
    out = []
    for i, v in enumerate(a):
        while dq and a[dq[-1]] >= v:
            dq.pop()
        dq.append(i)
        if dq[0] <= i - k:
            dq.popleft()
        if i >= k - 1:
            out.append(a[dq[0]])
    print(" ".join(map(str, out)))

main()
"""

BRUTE = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
res = []
for s in range(n - k + 1):
    m = a[s]
    for j in range(s, s + k):
        if a[j] < m:
            m = a[j]
    res.append(m)
print(*res)
"""


def fmt(a, k):
    return f"{len(a)} {k}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 9)
    k = rng.choice([1, n, rng.randint(1, n)])
    kind = rng.random()
    if kind < 0.15:
        a = [rng.randint(-2, 2)] * n
    elif kind < 0.3:
        a = sorted(rng.randint(-9, 9) for _ in range(n))
        if rng.random() < 0.5:
            a.reverse()
    else:
        a = [rng.randint(-5, 5) for _ in range(n)]
    return fmt(a, k)


def public():
    return [fmt([3, 2, -1, -3, 5, 4, 0, 6], 3), fmt([7, 1, 9], 3)]


def private(rng):
    n = 2 * 10**4
    return [
        fmt([-10**9], 1),
        fmt([5, 5, 5, 5, 5, 5], 2),
        fmt([4, -2, 8, 1], 1),
        fmt([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4),
        fmt([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 4),
        fmt([rng.randint(-10**9, 10**9) for _ in range(n)], n // 2),
        fmt(list(range(10**9, 10**9 - n, -1)), 9999),
        fmt(list(range(-n, 0)), 10000),
        fmt([rng.randint(-10, 10) for _ in range(n)], n),
        fmt([rng.randint(-1000, 1000) for _ in range(3000)], 17),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, k = map(int, lines[0].split())
    assert 1 <= k <= n <= 2 * 10**5
    a = list(map(int, lines[1].split()))
    assert len(a) == n
    assert all(-10**9 <= v <= 10**9 for v in a)
    assert lines[2:] == [""]
