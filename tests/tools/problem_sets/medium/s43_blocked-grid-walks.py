ID = "blocked-grid-walks"
TITLE = "Blocked Grid Walks"
PLATFORM = "atcoder"

BODY = r"""
A courier crosses a city laid out as a grid of H rows and W columns. Rows are numbered 1 to H from top to bottom and columns 1 to W from left to right; (r, c) denotes the cell in row r and column c. The courier starts at (1, 1) and must reach (H, W), each step moving either one cell down (from (r, c) to (r + 1, c)) or one cell right (from (r, c) to (r, c + 1)), never leaving the grid.

K of the cells are closed for road works: the i-th closed cell is (R_i, C_i). The courier may never stand on a closed cell; in particular, if (1, 1) or (H, W) is closed, there is no valid route.

Print the number of different routes from (1, 1) to (H, W) that avoid every closed cell, modulo 998244353. Two routes are different if the sequences of cells they visit are different.

Input

The input is given from Standard Input in the following format:
H W K
R_1 C_1
R_2 C_2
\vdots
R_K C_K

When K = 0, the input consists of the first line only.

Output

Print the number of routes modulo 998244353 (print 0 if there is no route).

Constraints

- 1 \leq H, W \leq 10^5
- 0 \leq K \leq 1000
- 1 \leq R_i \leq H
- 1 \leq C_i \leq W
- The cells (R_i, C_i) are pairwise distinct.
- All input values are integers.
"""

EXPLAIN = [
    "Without closed cells there would be 10 routes in a 3 \\times 4 grid. Exactly 6 of them pass through (2, 2): 2 ways to reach it and 3 ways to continue from it. So 10 - 6 = 4 routes remain.",
    "Because (1, 2) is closed the first step must go down, and because (99999, 100000) is closed the last step must come from the left; routes through (50000, 50000) are excluded as well. The count is printed modulo 998244353.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    h, w, k = int(data[0]), int(data[1]), int(data[2])
    MOD = 998244353
    cells = sorted((int(data[3 + 2 * i]), int(data[4 + 2 * i])) for i in range(k))
    top = h + w
    fact = [1] * (top + 1)
    for i in range(1, top + 1):
        fact[i] = fact[i - 1] * i % MOD
    inv = [1] * (top + 1)
    inv[top] = pow(fact[top], MOD - 2, MOD)
    for i in range(top, 0, -1):
        inv[i - 1] = inv[i] * i % MOD

    def paths(dr, dc):
        if dr < 0 or dc < 0:
            return 0
        return fact[dr + dc] * inv[dr] % MOD * inv[dc] % MOD

    f = [0] * k
    for i in range(k):
        r, c = cells[i]
        v = paths(r - 1, c - 1)
        for j in range(i):
            rj, cj = cells[j]
            if cj <= c:
                v -= f[j] * paths(r - rj, c - cj)
        f[i] = v % MOD
    ans = paths(h - 1, w - 1)
    for i in range(k):
        r, c = cells[i]
        ans -= f[i] * paths(h - r, w - c)
    print(ans % MOD)

main()
"""

BRUTE = r"""
h, w, k = map(int, input().split())
closed = set()
for _ in range(k):
    r, c = map(int, input().split())
    closed.add((r, c))
ways = [[0] * (w + 1) for _ in range(h + 1)]
for r in range(1, h + 1):
    for c in range(1, w + 1):
        if (r, c) in closed:
            ways[r][c] = 0
        elif r == 1 and c == 1:
            ways[r][c] = 1
        else:
            ways[r][c] = ways[r - 1][c] + ways[r][c - 1]
print(ways[h][w] % 998244353)
"""


def fmt(h, w, cells):
    return f"{h} {w} {len(cells)}\n" + "".join(f"{r} {c}\n" for r, c in cells)


def small(rng):
    h = rng.randint(1, 7)
    w = rng.randint(1, 7)
    allc = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
    k = rng.randint(0, min(len(allc), rng.choice([0, 2, 5, 12])))
    return fmt(h, w, rng.sample(allc, k))


def public():
    return [fmt(3, 4, [(2, 2)]), fmt(100000, 100000, [(50000, 50000), (1, 2), (99999, 100000)])]


def private(rng):
    H = W = 10**5
    many = set()
    while len(many) < 1000:
        many.add((rng.randint(1, H), rng.randint(1, W)))
    many = list(many)
    near = set()
    while len(near) < 1000:
        r = rng.randint(1, 600)
        near.add((r, rng.randint(max(1, r - 40), min(W, r + 40))))
    near = list(near)
    wall = [(r, 31 - r) for r in range(1, 31)]
    rng.shuffle(wall)
    return [
        fmt(1, 1, []),
        fmt(1, 1, [(1, 1)]),
        fmt(1, 100000, [(1, 77777)]),
        fmt(5, 5, [(5, 5)]),
        fmt(40, 40, wall),
        fmt(98765, 4321, []),
        fmt(6, 7, [(1, 3), (2, 2), (3, 5), (4, 1), (5, 6), (2, 6)]),
        fmt(H, W, many),
        fmt(H, W, near),
    ]


def valid(inp):
    lines = inp.split("\n")
    h, w, k = map(int, lines[0].split())
    assert 1 <= h <= 10**5 and 1 <= w <= 10**5 and 0 <= k <= 1000
    assert len(lines) == k + 2 and lines[-1] == ""
    seen = set()
    for line in lines[1:k + 1]:
        r, c = map(int, line.split())
        assert 1 <= r <= h and 1 <= c <= w
        seen.add((r, c))
    assert len(seen) == k
