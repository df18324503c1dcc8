ID = "fire-station-coverage"
TITLE = "Fire Station Coverage"
PLATFORM = "atcoder"

BODY = r"""
A long straight road has N houses on it; house i stands at the integer coordinate X_i. Several houses may stand at the same coordinate. The town will build exactly K fire stations, each at an integer coordinate of its choice (a station may stand at the same coordinate as a house or as another station, and anywhere on the road).

For a choice of station coordinates, the response distance of a house is the distance |X_i - P| to the nearest station P, and the response distance of the town is the largest response distance over all houses.

Print the smallest possible response distance of the town.

Input

The input is given from Standard Input in the following format:
N K
X_1 X_2 \ldots X_N

Output

Print the minimum possible response distance of the town, as an integer.

Constraints

- 1 \leq K \leq N \leq 2 \times 10^5
- 0 \leq X_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Stations at 3 and 14 give the houses at 1, 3, 5 distances 2, 0, 2 and the houses at 12, 14, 16 distances 2, 0, 2. A response distance of 1 would need four stations.",
    "The single station must serve both 0 and 7. A station at 3 is 4 away from 7 and a station at 4 is 4 away from 0; the midpoint 3.5 is not an integer coordinate.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    x = sorted(map(int, data[2:2 + n]))

    def stations_needed(d):
        cnt = 0
        i = 0
        while i < n:
            cnt += 1
            reach = x[i] + 2 * d
            while i < n and x[i] <= reach:
                i += 1
        return cnt

    lo, hi = 0, x[-1] - x[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if stations_needed(mid) <= k:
            hi = mid
        else:
            lo = mid + 1
    print(lo)

main()
"""

BRUTE = r"""
import itertools
n, k = map(int, input().split())
x = list(map(int, input().split()))
cand = list(range(min(x), max(x) + 1))
m = min(k, len(cand))
best = None
for st in itertools.combinations(cand, m):
    worst = max(min(abs(h - p) for p in st) for h in x)
    if best is None or worst < best:
        best = worst
print(best)
"""


def fmt(x, k):
    return f"{len(x)} {k}\n{' '.join(map(str, x))}\n"


def small(rng):
    n = rng.randint(1, 6)
    mode = rng.random()
    if mode < 0.5:
        x = [rng.randint(0, 10) for _ in range(n)]
        k = rng.randint(1, n)
    elif mode < 0.8:
        x = [rng.randint(0, 30) for _ in range(n)]
        k = rng.randint(1, min(n, 3))
    else:
        v = rng.randint(0, 5)
        x = [v + rng.choice([0, 0, 1]) for _ in range(n)]
        k = rng.randint(1, n)
    return fmt(x, k)


def public():
    return [fmt([14, 1, 12, 5, 3, 16], 2), fmt([0, 7], 1)]


def private(rng):
    big = [rng.randint(0, 10**9) for _ in range(6000)]
    clustered = []
    for c in range(50):
        base = rng.randint(0, 10**5)
        clustered += [base + rng.randint(0, 300) for _ in range(80)]
    rng.shuffle(clustered)
    return [
        fmt([42], 1),
        fmt([5, 5, 5, 5], 1),
        fmt([0, 1000000000], 1),
        fmt([0, 1000000000], 2),
        fmt([1, 2, 2, 3, 3, 3, 9], 3),
        fmt([0, 4, 8, 12, 16, 20, 24], 3),
        fmt(big, 37),
        fmt(clustered, 50),
        fmt([rng.randint(0, 10**9) for _ in range(200)], 199),
    ]


def valid(inp):
    head, xs = inp.split("\n")[:2]
    n, k = map(int, head.split())
    x = list(map(int, xs.split()))
    assert 1 <= k <= n <= 2 * 10**5 and len(x) == n
    assert all(0 <= v <= 10**9 for v in x)
