ID = "balanced-shipments"
TITLE = "Balanced Shipments"
PLATFORM = "atcoder"

BODY = r"""
A warehouse has N parcels in a row; parcel i weighs W_i kilograms. They must be shipped in order on at most D days: each day takes a contiguous run of the parcels that are left, starting with the first one left, and every parcel is shipped on exactly one day. The truck's capacity C must be at least the total weight shipped on any single day.

Print the smallest integer capacity C with which all parcels can be shipped in at most D days.

Input

The input is given from Standard Input in the following format:
N D
W_1 W_2 \ldots W_N

Output

Print the minimum capacity C.

Constraints

- 1 \leq D \leq N \leq 2 \times 10^5
- 1 \leq W_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "With C = 15 the days can carry [1, 2, 3, 4, 5], [6, 7], [8], [9], [10]. With C = 14 six days would be needed.",
    "",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, d = int(data[0]), int(data[1])
    w = list(map(int, data[2:2 + n]))

    def days_needed(cap):
        days, load = 1, 0
        for x in w:
            if load + x > cap:
                days += 1
                load = 0
            load += x
        return days

    lo, hi = max(w), sum(w)
    while lo < hi:
        mid = (lo + hi) // 2
        if days_needed(mid) <= d:
            hi = mid
        else:
            lo = mid + 1
    print(lo)

main()
"""

BRUTE = r"""
import itertools
n, d = map(int, input().split())
w = list(map(int, input().split()))
best = None
for k in range(0, min(d, n) ):
    for cuts in itertools.combinations(range(1, n), k):
        bounds = [0, *cuts, n]
        cap = max(sum(w[a:b]) for a, b in zip(bounds, bounds[1:]))
        best = cap if best is None else min(best, cap)
print(best)
"""


def fmt(w, d):
    return f"{len(w)} {d}\n{' '.join(map(str, w))}\n"


def small(rng):
    n = rng.randint(1, 7)
    return fmt([rng.randint(1, 10) for _ in range(n)], rng.randint(1, n))


def public():
    return [fmt(list(range(1, 11)), 5), fmt([3, 2, 2, 4, 1, 4], 3)]


def private(rng):
    big = 8000
    return [
        fmt([7], 1),
        fmt([5, 5, 5, 5], 4),
        fmt([1, 1, 1, 1, 1, 100], 2),
        fmt([10**9] * 10, 3),
        fmt([rng.randint(1, 10**9) for _ in range(big)], 17),
        fmt([rng.randint(1, 10) for _ in range(1000)], 1),
        fmt([rng.randint(1, 50) for _ in range(30)], 7),
        fmt([rng.randint(1, 10**4) for _ in range(big)], big),
    ]


def valid(inp):
    head, ws = inp.split("\n")[:2]
    n, d = map(int, head.split())
    w = list(map(int, ws.split()))
    assert 1 <= d <= n <= 2 * 10**5 and len(w) == n
    assert all(1 <= x <= 10**9 for x in w)
