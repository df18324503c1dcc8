ID = "limited-coin-change"
TITLE = "Limited Coin Change"
PLATFORM = "atcoder"

BODY = r"""
Aoki's wallet holds coins of N types. A coin of type i is worth V_i yen, and he has exactly C_i coins of type i. The values V_1, V_2, \ldots, V_N are pairwise distinct, and coins of the same type are indistinguishable.

He wants to pay exactly M yen using some of his coins. A way of paying is determined by how many coins of each type he uses: a tuple (x_1, x_2, \ldots, x_N) of integers with 0 \leq x_i \leq C_i and x_1 V_1 + x_2 V_2 + \cdots + x_N V_N = M.

Print the number of ways of paying, modulo 10^9 + 7. If he cannot pay exactly M yen, print 0.

Input

The input is given from Standard Input in the following format:
N M
V_1 C_1
V_2 C_2
\vdots
V_N C_N

Output

Print the number of ways modulo 10^9 + 7.

Constraints

- 1 \leq N \leq 40
- 1 \leq M \leq 5 \times 10^4
- 1 \leq V_i \leq 10^5
- V_i \neq V_j if i \neq j.
- 1 \leq C_i \leq 10^5
- All input values are integers.
"""

EXPLAIN = [
    "The 4 ways are 5 + 5, 5 + 2 + 2 + 1, 5 + 2 + 1 + 1 + 1 and 2 + 2 + 2 + 2 + 1 + 1. Using only coins of 1 and 2 needs at least four 2-yen coins, so 2 + 2 + 2 + 1 + 1 + 1 + 1 is impossible (there are only three 1-yen coins).",
    "Every coin is worth an even amount, so 7 yen cannot be paid.",
]

REF = r"""
import sys
from itertools import accumulate

def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    MOD = 10**9 + 7
    ways = [1] + [0] * m
    for i in range(n):
        v, c = int(data[2 + 2 * i]), int(data[3 + 2 * i])
        if v > m:
            continue
        # run[x] = ways[x] + ways[x - v] + ways[x - 2v] + ...
        if v * v <= m:
            run = [0] * (m + 1)
            for r in range(v):
                run[r::v] = accumulate(ways[r::v])
        else:
            run = ways[:v]
            for start in range(v, m + 1, v):
                run.extend([x + y for x, y in zip(ways[start:start + v], run[start - v:start])])
        # using at most c coins: subtract the sums that need more than c coins
        span = (c + 1) * v
        if span <= m:
            run[span:] = [x - y for x, y in zip(run[span:], run)]
        ways = [x % MOD for x in run]
    print(ways[m])

main()
"""

BRUTE = r"""
n, m = map(int, input().split())
coins = [tuple(map(int, input().split())) for _ in range(n)]

def count(i, left):
    if i == n:
        return 1 if left == 0 else 0
    v, c = coins[i]
    total = 0
    x = 0
    while x <= c and x * v <= left:
        total += count(i + 1, left - x * v)
        x += 1
    return total

print(count(0, m) % (10**9 + 7))
"""


def fmt(m, coins):
    return f"{len(coins)} {m}\n" + "".join(f"{v} {c}\n" for v, c in coins)


def small(rng):
    n = rng.randint(1, 5)
    vals = rng.sample(range(1, rng.choice([6, 12, 25]) + 1), n)
    m = rng.randint(1, 25)
    return fmt(m, [(v, rng.randint(1, rng.choice([1, 3, 30]))) for v in vals])


def public():
    return [fmt(10, [(1, 3), (2, 4), (5, 2)]), fmt(7, [(2, 5), (4, 1), (6, 3)])]


def private(rng):
    vals = rng.sample(range(1, 200), 40)
    big = [(v, rng.randint(1, 10**5)) for v in vals]
    return [
        fmt(1, [(1, 1)]),
        fmt(5, [(1, 4)]),
        fmt(5 * 10**4, [(5 * 10**4, 10**5), (10**5, 1)]),
        fmt(12, [(3, 2), (5, 1), (7, 3), (100, 5)]),
        fmt(100, [(v, 1) for v in range(1, 41)]),
        fmt(5 * 10**4, [(v, 10**5) for v in range(1, 41)]),
        fmt(5 * 10**4, big),
        fmt(49991, [(v, rng.randint(1, 10)) for v in rng.sample(range(1, 3001), 40)]),
        fmt(49999, [(2 * v, 10**5) for v in range(1, 41)]),
        fmt(48765, [(v, rng.randint(1, 30)) for v in rng.sample(range(100, 5001), 39)] + [(10**5, 10**5)]),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, m = map(int, lines[0].split())
    assert 1 <= n <= 40 and 1 <= m <= 5 * 10**4
    coins = [tuple(map(int, lines[1 + i].split())) for i in range(n)]
    assert all(len(t) == 2 and 1 <= t[0] <= 10**5 and 1 <= t[1] <= 10**5 for t in coins)
    assert len({v for v, c in coins}) == n
    assert inp == fmt(m, coins)
