ID = "nesting-crates"
TITLE = "Nesting Crates"
PLATFORM = "atcoder"

BODY = r"""
A moving company has N crates. Crate i has a rectangular base of width W_i and depth D_i. Crate i fits inside crate j if and only if W_i < W_j and D_i < D_j (both strictly). Crates cannot be rotated: width always stays width and depth always stays depth.

A nest is a sequence of distinct crates c_1, c_2, \ldots, c_k such that crate c_t fits inside crate c_{t+1} for every 1 \leq t < k. A single crate is a nest of length 1.

Print the maximum length of a nest that can be formed from the given crates.

Input

The input is given from Standard Input in the following format:
N
W_1 D_1
W_2 D_2
\vdots
W_N D_N

Output

Print the maximum length of a nest.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq W_i, D_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Crates 4, 1 and 3 form a nest: (2, 3) fits inside (5, 4), which fits inside (6, 7). No nest of length 4 exists.",
    "All crates have the same width, so no crate fits inside another.",
]

REF = r"""
import sys
from bisect import bisect_left

def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    crates = [(int(data[1 + 2 * i]), -int(data[2 + 2 * i])) for i in range(n)]
    # width ascending; for equal widths depth descending, so that two crates
    # of the same width can never both be in the strictly increasing run
    crates.sort()
    tails = []
    for _, nd in crates:
        d = -nd
        k = bisect_left(tails, d)
        if k == len(tails):
            tails.append(d)
        else:
            tails[k] = d
    print(len(tails))

main()
"""

BRUTE = r"""
import functools
n = int(input())
crates = [tuple(map(int, input().split())) for _ in range(n)]

@functools.lru_cache(maxsize=None)
def longest_from(i):
    best = 1
    for j in range(n):
        if crates[i][0] < crates[j][0] and crates[i][1] < crates[j][1]:
            best = max(best, 1 + longest_from(j))
    return best

print(max(longest_from(i) for i in range(n)))
"""


def fmt(crates):
    return f"{len(crates)}\n" + "".join(f"{w} {d}\n" for w, d in crates)


def small(rng):
    n = rng.randint(1, 9)
    hi = rng.choice([1, 2, 3, 5, 10])
    return fmt([(rng.randint(1, hi), rng.randint(1, hi)) for _ in range(n)])


def public():
    return [fmt([(5, 4), (6, 4), (6, 7), (2, 3), (5, 2)]),
            fmt([(3, 1), (3, 2), (3, 3)])]


def private(rng):
    n = 5500
    stair = [(i // 3 + 1, 1500 - i) for i in range(1500)]
    rng.shuffle(stair)
    same_w = [(w, d) for w in range(1, 201) for d in range(1, 11)]
    rng.shuffle(same_w)
    return [
        fmt([(7, 7)]),
        fmt([(1, 2), (2, 1)]),
        fmt([(4, 4), (4, 4), (4, 4), (5, 5)]),
        fmt([(i, i) for i in range(1, 21)][::-1]),
        fmt([(1, 10**9), (10**9, 1), (2, 2), (3, 3), (10**9, 10**9)]),
        fmt([(rng.randint(1, 9999), rng.randint(1, 9999)) for _ in range(n)]),
        fmt(stair),
        fmt(same_w),
        fmt([(rng.randint(1, 50), rng.randint(1, 50)) for _ in range(1500)]),
    ]


def valid(inp):
    lines = inp.split("\n")
    n = int(lines[0])
    assert 1 <= n <= 2 * 10**5
    crates = [tuple(map(int, lines[1 + i].split())) for i in range(n)]
    assert all(len(c) == 2 and 1 <= c[0] <= 10**9 and 1 <= c[1] <= 10**9 for c in crates)
    assert inp == fmt(crates)
