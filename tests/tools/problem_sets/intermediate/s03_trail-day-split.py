ID = "trail-day-split"
TITLE = "Trail Day Split"
PLATFORM = "atcoder"

BODY = r"""
A long-distance hiking trail consists of N stages that must be walked in order. Stage i is A_i kilometres long.

Yui wants to finish the whole trail in at most K days. Every day she walks one or more consecutive stages, starting where she stopped the day before, and she never stops in the middle of a stage. On the first day she starts with stage 1, and she must have walked stage N by the end of the last day. She may use fewer than K days.

The distance of a day is the total length of the stages walked on that day. Print the minimum possible value of the longest distance of a day.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print the minimum possible value of the longest distance walked on one day.

Constraints

- 1 \leq K \leq N \leq 2 \times 10^5
- 1 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Walking stages 1 to 3 (7 + 2 + 5 = 14 km) on the first day, stage 4 (10 km) on the second and stage 5 (8 km) on the third makes the longest day 14 km. If no day were longer than 13 km, the first day would have to end after stage 2, the second after stage 3 and the third after stage 4, leaving stage 5 for a fourth day.",
    "With a single day, all stages are walked on that day.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    a = [int(x) for x in data[2:2 + n]]

    def days_needed(limit):
        days, cur = 1, 0
        for x in a:
            if cur + x > limit:
                days += 1
                cur = x
            else:
                cur += x
        return days

    lo, hi = max(a), sum(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if days_needed(mid) <= k:
            hi = mid
        else:
            lo = mid + 1
    print(lo)

main()
"""

BRUTE = r"""
import itertools

n, k = map(int, input().split())
a = list(map(int, input().split()))
best = None
# choose the set of stages after which a day ends (besides the last stage)
for cuts in range(0, min(k, n) ):
    for pos in itertools.combinations(range(1, n), cuts):
        bounds = [0] + list(pos) + [n]
        worst = max(sum(a[bounds[i]:bounds[i + 1]]) for i in range(len(bounds) - 1))
        if best is None or worst < best:
            best = worst
print(best)
"""


def fmt(k, a):
    return f"{len(a)} {k}\n" + " ".join(map(str, a)) + "\n"


def small(rng):
    n = rng.randint(1, 8)
    k = rng.randint(1, n)
    hi = rng.choice([1, 3, 10, 10**9])
    return fmt(k, [rng.randint(1, hi) for _ in range(n)])


def public():
    return [
        fmt(3, [7, 2, 5, 10, 8]),
        fmt(1, [4, 4, 4]),
    ]


def private(rng):
    n = 2 * 10**4
    big = [rng.randint(1, 10**9) for _ in range(n)]
    big_small = [rng.randint(1, 1000) for _ in range(n)]
    return [
        fmt(1, [10**9]),
        fmt(2, [1, 1]),
        fmt(5, [3, 1, 4, 1, 5]),
        fmt(2, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
        fmt(4, [5] * 12),
        fmt(3, [1, 1, 1, 100, 1, 1, 1, 1]),
        fmt(1, [10**9] * n),
        fmt(1000, big),
        fmt(7777, big_small),
        fmt(n, big),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, k = map(int, lines[0].split())
    assert 1 <= k <= n <= 2 * 10**5
    a = list(map(int, lines[1].split()))
    assert len(a) == n and all(1 <= x <= 10**9 for x in a)
    assert lines[2:] == [""]
