ID = "even-crate-stretches"
TITLE = "Even Crate Stretches"
PLATFORM = "atcoder"

BODY = r"""
A warehouse keeps a log of N consecutive days. On day i, the number of bottles in stock changed by A_i: a positive A_i means A_i bottles arrived, a negative A_i means |A_i| bottles were shipped out, and A_i = 0 means nothing happened.

Bottles are packed in crates of exactly K bottles. The manager calls a stretch of consecutive days l, l+1, \ldots, r (1 \leq l \leq r \leq N) even if the net change over these days, A_l + A_{l+1} + \cdots + A_r, is a multiple of K (this includes 0 and negative multiples such as -K or -2K).

Print the number of pairs (l, r) with 1 \leq l \leq r \leq N such that the stretch of days l to r is even.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print the number of even stretches.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq K \leq 10^9
- -10^9 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "All 10 stretches inside days 1 to 4 are even; for example, days 2 to 4 have net change -4, a multiple of 4. No stretch containing day 5 is even: its net change is 1 or -3.",
    "For example, days 1 to 5 have net change -3, a multiple of 3, so this stretch is even.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    count = {0: 1}
    prefix = 0
    total = 0
    for i in range(n):
        prefix = (prefix + int(data[2 + i])) % k
        c = count.get(prefix, 0)
        total += c
        count[prefix] = c + 1
    print(total)

main()
"""

BRUTE = r"""
n, k = map(int, input().split())
a = list(map(int, input().split()))
ans = 0
for l in range(n):
    s = 0
    for r in range(l, n):
        s += a[r]
        if s % k == 0:
            ans += 1
print(ans)
"""


def fmt(a, k):
    return f"{len(a)} {k}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 9)
    k = rng.choice([1, 2, 3, 4, 5, 7, 10**9])
    kind = rng.random()
    if kind < 0.15:
        a = [0] * n
    elif kind < 0.3:
        a = [rng.choice([-10**9, 10**9, -1, 1]) for _ in range(n)]
    else:
        a = [rng.randint(-8, 8) for _ in range(n)]
    return fmt(a, k)


def public():
    return [fmt([4, -4, 0, 0, 1], 4), fmt([-1, 2, -3, 4, -5, 6], 3)]


def private(rng):
    n = 2 * 10**4
    return [
        fmt([7], 7),
        fmt([-5], 3),
        fmt([0], 1000000000),
        fmt([3, -3, 3, -3, 3], 1),
        fmt([-1, -1, -1, -1, -1, -1, -1], 2),
        fmt([10**9, -10**9, 10**9], 10**9),
        fmt([rng.randint(-10**9, 10**9) for _ in range(n)], 7),
        fmt([0] * n, 5),
        fmt([rng.choice([-3, -2, -1, 1, 2]) for _ in range(n)], 999999937),
        fmt([rng.randint(-10**9, -1) for _ in range(n)], 1000),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, k = map(int, lines[0].split())
    assert 1 <= n <= 2 * 10**5
    assert 1 <= k <= 10**9
    a = list(map(int, lines[1].split()))
    assert len(a) == n
    assert all(-10**9 <= v <= 10**9 for v in a)
    assert lines[2:] == [""]
