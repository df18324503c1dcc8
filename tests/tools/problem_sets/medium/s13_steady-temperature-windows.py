ID = "steady-temperature-windows"
TITLE = "Steady Temperature Windows"
PLATFORM = "atcoder"

BODY = r"""
A weather station recorded N temperature readings A_1, A_2, \ldots, A_N, one per hour, in order. A window is a pair of integers (l, r) with 1 \leq l \leq r \leq N, standing for the readings A_l, A_{l+1}, \ldots, A_r. A window is steady if the largest reading in it minus the smallest reading in it is at most K. In particular every window with l = r is steady.

Print the number of steady windows.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print the number of steady windows.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq K \leq 10^9
- 0 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The 6 one-reading windows are steady, and so are (1, 2) = [3, 5], (2, 3) = [5, 4], (1, 3) = [3, 5, 4], (4, 5) = [8, 7], (4, 6) = [8, 7, 9] and (5, 6) = [7, 9]: 12 windows in total.",
    "With K = 0 a steady window must hold equal readings only: the windows inside the runs [2, 2, 2] (6 windows) and [1, 1] (3 windows).",
]

REF = r"""
import sys
from collections import deque

def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    a = list(map(int, data[2:2 + n]))
    mx = deque()
    mn = deque()
    left = 0
    total = 0
    for right, v in enumerate(a):
        while mx and a[mx[-1]] <= v:
            mx.pop()
        mx.append(right)
        while mn and a[mn[-1]] >= v:
            mn.pop()
        mn.append(right)
        while a[mx[0]] - a[mn[0]] > k:
            left += 1
            if mx[0] < left:
                mx.popleft()
            if mn[0] < left:
                mn.popleft()
        total += right - left + 1
    print(total)

main()
"""

BRUTE = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
cnt = 0
for l in range(n):
    for r in range(l, n):
        part = a[l:r + 1]
        if max(part) - min(part) <= k:
            cnt += 1
print(cnt)
"""


def fmt(a, k):
    return f"{len(a)} {k}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 9)
    hi = rng.choice([0, 2, 5, 20])
    a = [rng.randint(0, hi) for _ in range(n)]
    return fmt(a, rng.randint(0, hi + 1))


def public():
    return [fmt([3, 5, 4, 8, 7, 9], 2), fmt([2, 2, 2, 1, 1], 0)]


def walk(rng, n, step, lo, hi):
    out, v = [], (lo + hi) // 2
    for _ in range(n):
        v = min(hi, max(lo, v + rng.randint(-step, step)))
        out.append(v)
    return out


def private(rng):
    return [
        fmt([7], 0),
        fmt([1000000000, 0], 999999999),
        fmt([1000000000, 0], 1000000000),
        fmt([5, 5, 5, 5, 5], 0),
        fmt([1, 3, 1, 3, 2, 8, 1, 3], 2),
        fmt(walk(rng, 6000, 3, 0, 999), 40),
        fmt([rng.randint(0, 99) for _ in range(2000)] + [rng.randint(40, 60) for _ in range(10000)], 20),
        fmt([rng.randint(0, 10**9) for _ in range(3000)], 9 * 10**8),
        fmt(walk(rng, 40, 5, 0, 30), 6),
    ]


def valid(inp):
    head, xs = inp.split("\n")[:2]
    n, k = map(int, head.split())
    a = list(map(int, xs.split()))
    assert 1 <= n <= 2 * 10**5 and len(a) == n and 0 <= k <= 10**9
    assert all(0 <= v <= 10**9 for v in a)
