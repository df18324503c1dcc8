ID = "coprime-gear-pairs"
TITLE = "Coprime Gear Pairs"
PLATFORM = "atcoder"

BODY = r"""
A clockmaker keeps N gears in a drawer; gear i has A_i teeth. Two different gears wear evenly when they mesh if the greatest common divisor of their numbers of teeth is 1. Gears are distinguished by their index, so two gears with the same number of teeth are still different gears.

Print the number of pairs of indices (i, j) with 1 \leq i < j \leq N such that \gcd(A_i, A_j) = 1. Note that \gcd(1, x) = 1 for every positive integer x, including x = 1.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the number of pairs (i, j) with i < j and \gcd(A_i, A_j) = 1.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq A_i \leq 10^5
- All input values are integers.
"""

EXPLAIN = [
    "The coprime pairs of values are (2, 3), (2, 5), (3, 4), (3, 5), (4, 5), (5, 6); the pairs (2, 4), (2, 6), (3, 6) and (4, 6) share a factor.",
    "Every pair involving one of the two 1s counts: the pair of the two 1s, and each 1 with each of the three 6s. The 6s are not coprime with each other. That is 1 + 2 \\times 3 = 7 pairs.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    a = list(map(int, data[1:1 + n]))
    mx = max(a)
    freq = [0] * (mx + 1)
    for x in a:
        freq[x] += 1
    mu = [1] * (mx + 1)
    is_comp = [False] * (mx + 1)
    for p in range(2, mx + 1):
        if not is_comp[p]:
            for q in range(p, mx + 1, p):
                if q > p:
                    is_comp[q] = True
                mu[q] = -mu[q]
            sq = p * p
            for q in range(sq, mx + 1, sq):
                mu[q] = 0
    total = 0
    for d in range(1, mx + 1):
        if mu[d] == 0:
            continue
        c = sum(freq[d::d])
        total += mu[d] * (c * (c - 1) // 2)
    print(total)

main()
"""

BRUTE = r"""
n = int(input())
a = list(map(int, input().split()))

def g(x, y):
    while y:
        x, y = y, x % y
    return x

cnt = 0
for i in range(n):
    for j in range(i + 1, n):
        if g(a[i], a[j]) == 1:
            cnt += 1
print(cnt)
"""


def fmt(a):
    return f"{len(a)}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 9)
    hi = rng.choice([1, 2, 6, 30, 100, 10**5])
    pool = [rng.randint(1, hi) for _ in range(3)]
    a = [rng.choice(pool) if rng.random() < 0.4 else rng.randint(1, hi) for _ in range(n)]
    return fmt(a)


def public():
    return [fmt([2, 3, 4, 5, 6]), fmt([6, 1, 6, 6, 1])]


def private(rng):
    big = [rng.randint(1, 10**5) for _ in range(14000)]
    evens = [2 * rng.randint(1, 5 * 10**4) for _ in range(3000)] + [1, 3, 99999]
    rng.shuffle(evens)
    return [
        fmt([1]),
        fmt([10**5]),
        fmt([1] * 50),
        fmt([30030, 17, 19, 510510 // 17 // 3, 97, 1]),
        fmt([99991, 99989, 99971, 99961, 99991, 2 * 49999]),
        fmt(evens),
        fmt([rng.choice([6, 10, 15, 7, 1, 49]) for _ in range(500)]),
        fmt(big),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    a = list(map(int, lines[1].split()))
    assert 1 <= n <= 2 * 10**5 and len(a) == n and len(lines) == 3 and lines[2] == ""
    assert all(1 <= x <= 10**5 for x in a)
