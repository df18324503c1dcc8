ID = "market-stall-closure"
TITLE = "Market Stall Closure"
PLATFORM = "atcoder"

BODY = r"""
A street market has N stalls in a row, numbered 1 to N from west to east. From last year's records, the organizers know that stall i brings a profit of A_i yen per day. A negative A_i means the stall costs the market more than it earns.

This year the market will only open a contiguous stretch of stalls: stalls l, l+1, \ldots, r for some 1 \leq l \leq r \leq N. Inside the chosen stretch, the organizers may additionally close at most one stall (or close none). However, at least one stall of the stretch must remain open.

The daily profit of the market is the sum of A_i over the stalls that are open. Print the maximum possible daily profit.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the maximum possible daily profit.

Constraints

- 1 \leq N \leq 2 \times 10^5
- -10^9 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Open stalls 2 to 6 and close stall 3: 4 + 2 + 5 + 1 = 12. Without closing a stall, the best stretch would be stalls 4 to 6 with profit 8.",
    "Every stall loses money, but at least one stall must stay open. Opening only stall 2 gives the best profit, -1.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    # keep: best sum of a non-empty stretch ending here with nothing closed
    # drop: best sum of a stretch ending here with exactly one earlier stall closed
    keep = a[0]
    drop = None
    best = a[0]
    for v in a[1:]:
        new_drop = keep if drop is None else max(drop + v, keep)
        keep = max(keep + v, v)
        drop = new_drop
        best = max(best, keep, drop)
    print(best)

main()
"""

BRUTE = r"""
n = int(input())
a = list(map(int, input().split()))
best = None
for l in range(n):
    for r in range(l, n):
        part = a[l:r + 1]
        cands = [sum(part)]
        if len(part) >= 2:
            for i in range(len(part)):
                cands.append(sum(part) - part[i])
        for c in cands:
            if best is None or c > best:
                best = c
print(best)
"""


def fmt(a):
    return f"{len(a)}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 8)
    kind = rng.random()
    if kind < 0.2:
        a = [rng.randint(-9, -1) for _ in range(n)]
    elif kind < 0.3:
        a = [rng.choice([-10**9, 10**9]) for _ in range(n)]
    else:
        a = [rng.randint(-6, 6) for _ in range(n)]
    return fmt(a)


def public():
    return [fmt([-3, 4, -8, 2, 5, 1, -2]), fmt([-5, -1, -3])]


def private(rng):
    n = 2 * 10**4
    return [
        fmt([-7]),
        fmt([10**9]),
        fmt([-10**9, -10**9]),
        fmt([5, -10**9]),
        fmt([3, -1, -1, 3, -100, 2, 2]),
        fmt([0, 0, 0, 0]),
        fmt([rng.randint(-10**9, 10**9) for _ in range(n)]),
        fmt([10**9] * (n // 2) + [-10**9] + [10**9] * (n // 2 - 1)),
        fmt([-rng.randint(1, 10**9) for _ in range(n)]),
        fmt([rng.randint(-100, 60) for _ in range(5000)]),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    assert 1 <= n <= 2 * 10**5
    a = list(map(int, lines[1].split()))
    assert len(a) == n
    assert all(-10**9 <= v <= 10**9 for v in a)
    assert lines[2:] == [""]
