ID = "coupon-gadget-shopping"
TITLE = "Coupon Gadget Shopping"
PLATFORM = "atcoder"

BODY = r"""
A gadget shop sells N different gadgets, one copy of each. Gadget i costs P_i yen and would give Takahashi H_i units of happiness. Takahashi has B yen and one discount coupon.

He chooses a set of gadgets to buy (each gadget at most once). He may use the coupon on at most one of the gadgets he buys; the price of that gadget then becomes \lfloor P_i / 2 \rfloor yen (half the price, rounded down). The total amount he pays must not exceed B yen.

Print the maximum possible total happiness of the gadgets he buys. If he cannot afford any gadget, print 0.

Input

The input is given from Standard Input in the following format:
N B
P_1 H_1
P_2 H_2
\vdots
P_N H_N

Output

Print the maximum total happiness.

Constraints

- 1 \leq N \leq 100
- 1 \leq B \leq 10^4
- 1 \leq P_i \leq 10^4
- 1 \leq H_i \leq 10^6
- All input values are integers.
"""

EXPLAIN = [
    "Buy gadgets 1, 2 and 3 and use the coupon on gadget 1: he pays 3 + 4 + 3 = 10 yen and gets 6 + 5 + 4 = 15 units of happiness. Without the coupon the best he could do is 11 (gadgets 1 and 2).",
    "Gadget 1 costs more than B, but with the coupon it costs \\lfloor 9 / 2 \\rfloor = 4 yen, so he buys it. With the 1 yen left he cannot buy anything else; any plan without gadget 1 gives at most 5.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, b = int(data[0]), int(data[1])
    # f0[w]: best happiness with cost <= w, coupon not used
    # f1[w]: best happiness with cost <= w, coupon used at most once
    f0 = [0] * (b + 1)
    f1 = [0] * (b + 1)
    for i in range(n):
        p, h = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        q = p // 2
        g1 = f1[:]
        if p <= b:
            g1[p:] = [max(x, y + h) for x, y in zip(f1[p:], f1)]
        if q <= b:
            g1[q:] = [max(x, y + h) for x, y in zip(g1[q:], f0)]
        if p <= b:
            f0 = f0[:p] + [max(x, y + h) for x, y in zip(f0[p:], f0)]
        f1 = g1
    print(f1[b])

main()
"""

BRUTE = r"""
n, b = map(int, input().split())
items = [tuple(map(int, input().split())) for _ in range(n)]
best = 0
for mask in range(1 << n):
    chosen = [items[i] for i in range(n) if mask >> i & 1]
    total_p = sum(p for p, h in chosen)
    total_h = sum(h for p, h in chosen)
    options = [total_p] + [total_p - p + p // 2 for p, h in chosen]
    if min(options) <= b:
        best = max(best, total_h)
print(best)
"""


def fmt(b, items):
    return f"{len(items)} {b}\n" + "".join(f"{p} {h}\n" for p, h in items)


def small(rng):
    n = rng.randint(1, 8)
    b = rng.randint(1, 20)
    hi = rng.choice([3, 10, 30])
    return fmt(b, [(rng.randint(1, hi), rng.randint(1, 10)) for _ in range(n)])


def public():
    return [fmt(10, [(6, 6), (4, 5), (3, 4), (5, 3)]),
            fmt(5, [(9, 10), (5, 4), (2, 1)])]


def private(rng):
    big = [(rng.randint(1, 10**4), rng.randint(1, 10**6)) for _ in range(100)]
    heavy = [(rng.randint(5000, 10**4), rng.randint(1, 10**6)) for _ in range(100)]
    return [
        fmt(1, [(1, 7)]),
        fmt(1, [(3, 7)]),
        fmt(3, [(8, 5), (9, 6), (20, 100)]),
        fmt(7, [(1, 1), (1, 2), (1, 3), (4, 10), (5, 11)]),
        fmt(10, [(10, 5), (10, 5), (10, 5), (11, 9)]),
        fmt(100, [(rng.randint(1, 60), rng.randint(1, 100)) for _ in range(40)]),
        fmt(10**4, big),
        fmt(7777, heavy),
        fmt(10**4, [(10**4, 10**6)] * 100),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, b = map(int, lines[0].split())
    assert 1 <= n <= 100 and 1 <= b <= 10**4
    items = [tuple(map(int, lines[1 + i].split())) for i in range(n)]
    assert all(len(t) == 2 and 1 <= t[0] <= 10**4 and 1 <= t[1] <= 10**6 for t in items)
    assert inp == fmt(b, items)
