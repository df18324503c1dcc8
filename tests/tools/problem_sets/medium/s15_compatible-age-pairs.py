ID = "compatible-age-pairs"
TITLE = "Compatible Age Pairs"
PLATFORM = "atcoder"

BODY = r"""
A chess club has N members; member i is A_i days old. The club wants to pair members for friendly games, and two different members i and j are a compatible pair if the absolute difference of their ages satisfies L \leq |A_i - A_j| \leq R.

Print the number of compatible pairs, that is, the number of pairs of indices (i, j) with 1 \leq i < j \leq N and L \leq |A_i - A_j| \leq R. Members with equal ages are still different members.

Input

The input is given from Standard Input in the following format:
N L R
A_1 A_2 \ldots A_N

Output

Print the number of compatible pairs.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq L \leq R \leq 10^9
- 1 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The compatible pairs are (1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (3, 4) and (4, 5), with age differences 4, 2, 2, 4, 2, 4 and 2. The pairs (2, 4) and (2, 5) differ by more than 4, and (3, 5) differs by 6.",
    "The three members aged 6 form 3 pairs with difference 0. The member aged 8 differs from each of them by 2, which is more than R = 1.",
]

REF = r"""
import sys
from bisect import bisect_left, bisect_right

def main():
    data = sys.stdin.read().split()
    n, lo, hi = int(data[0]), int(data[1]), int(data[2])
    a = sorted(map(int, data[3:3 + n]))
    total = 0
    for i, v in enumerate(a):
        start = bisect_left(a, v + lo, i + 1)
        end = bisect_right(a, v + hi, i + 1)
        if end > start:
            total += end - start
    print(total)

main()
"""

BRUTE = r"""
n, lo, hi = map(int, input().split())
a = list(map(int, input().split()))
cnt = 0
for i in range(n):
    for j in range(i + 1, n):
        if lo <= abs(a[i] - a[j]) <= hi:
            cnt += 1
print(cnt)
"""


def fmt(a, lo, hi):
    return f"{len(a)} {lo} {hi}\n{' '.join(map(str, a))}\n"


def small(rng):
    n = rng.randint(1, 9)
    top = rng.choice([1, 3, 10, 40])
    a = [rng.randint(1, top) for _ in range(n)]
    lo = rng.randint(0, top)
    hi = rng.randint(lo, top + 1)
    return fmt(a, lo, hi)


def public():
    return [fmt([5, 9, 7, 3, 1], 2, 4), fmt([6, 6, 6, 8], 0, 1)]


def private(rng):
    return [
        fmt([1], 0, 1000000000),
        fmt([1, 1000000000], 0, 999999998),
        fmt([1, 1000000000], 999999999, 1000000000),
        fmt([4, 4, 4, 4, 4], 0, 0),
        fmt([10, 20, 30, 40, 50], 15, 25),
        fmt([rng.randint(1, 9999) for _ in range(15000)], 100, 350),
        fmt([rng.randint(1, 10**9) for _ in range(2500)], 10**8, 3 * 10**8),
        fmt([rng.randint(1, 9) for _ in range(40)], 0, 3),
        fmt([rng.randint(1, 9999) for _ in range(300)], 5000, 5000),
    ]


def valid(inp):
    head, xs = inp.split("\n")[:2]
    n, lo, hi = map(int, head.split())
    a = list(map(int, xs.split()))
    assert 1 <= n <= 2 * 10**5 and len(a) == n and 0 <= lo <= hi <= 10**9
    assert all(1 <= v <= 10**9 for v in a)
