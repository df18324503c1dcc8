ID = "summit-backpack-gear"
TITLE = "Summit Backpack Gear"
PLATFORM = "atcoder"

BODY = r"""
Takahashi is preparing for a long climb to a mountain summit. On the floor of his hut lie N pieces of gear, numbered 1 to N. Gear i weighs W_i grams, and Takahashi rates its usefulness on the climb as V_i points. There is only one piece of each gear: he can either put it into his backpack or leave it in the hut, and he cannot take a part of a piece.

His back can carry at most C grams, so the total weight of the gear he packs must be at most C. Packing nothing at all is allowed.

Print the maximum possible total usefulness of the packed gear.

Input

The input is given from Standard Input in the following format:
N C
W_1 V_1
W_2 V_2
\vdots
W_N V_N

Output

Print the maximum total usefulness of a set of gear whose total weight is at most C.

Constraints

- 1 \leq N \leq 100
- 1 \leq C \leq 10^4
- 1 \leq W_i \leq 10^4
- 1 \leq V_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Packing gear 2 and 3 weighs 4 + 4 = 8 grams and gives 5 + 5 = 10 points. Taking gear 1, the most useful single piece, leaves only 2 grams, so at most 7 + 0 = 7 points can be reached that way.",
    "Every piece is heavier than the backpack can carry, so nothing is packed and the answer is 0.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, cap = int(data[0]), int(data[1])
    # best[c] = largest usefulness with total weight at most c
    best = [0] * (cap + 1)
    for i in range(n):
        w, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        if w > cap:
            continue
        for c in range(cap, w - 1, -1):
            cand = best[c - w] + v
            if cand > best[c]:
                best[c] = cand
    print(best[cap])

main()
"""

BRUTE = r"""
n, cap = map(int, input().split())
items = [tuple(map(int, input().split())) for _ in range(n)]
ans = 0
for mask in range(1 << n):
    tw = 0
    tv = 0
    for i in range(n):
        if mask >> i & 1:
            tw += items[i][0]
            tv += items[i][1]
    if tw <= cap and tv > ans:
        ans = tv
print(ans)
"""


def fmt(cap, items):
    return f"{len(items)} {cap}\n" + "".join(f"{w} {v}\n" for w, v in items)


def small(rng):
    n = rng.randint(1, 10)
    cap = rng.randint(1, 20)
    hi = rng.choice([3, 10, 25])
    vmax = rng.choice([5, 100, 10**9])
    return fmt(cap, [(rng.randint(1, hi), rng.randint(1, vmax)) for _ in range(n)])


def public():
    return [
        fmt(10, [(8, 7), (4, 5), (4, 5), (3, 2)]),
        fmt(5, [(6, 100), (9, 3)]),
    ]


def private(rng):
    big = [(rng.randint(1, 10**4), rng.randint(1, 10**9)) for _ in range(100)]
    dense = [(rng.randint(50, 400), rng.randint(1, 10**6)) for _ in range(100)]
    return [
        fmt(1, [(1, 1)]),
        fmt(10**4, [(10**4, 10**9)] * 100),
        fmt(7, [(3, 4), (4, 5), (2, 3), (5, 8)]),
        fmt(10, [(6, 30), (5, 20), (5, 20)]),
        fmt(10**4, [(100 + i, 10**9 - i) for i in range(100)]),
        fmt(10**4, big),
        fmt(9999, dense),
        fmt(1234, [(rng.randint(1, 60), rng.randint(1, 50)) for _ in range(100)]),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, cap = map(int, lines[0].split())
    assert 1 <= n <= 100 and 1 <= cap <= 10**4
    assert len(lines) == n + 2 and lines[-1] == ""
    for line in lines[1:n + 1]:
        w, v = map(int, line.split())
        assert 1 <= w <= 10**4 and 1 <= v <= 10**9
