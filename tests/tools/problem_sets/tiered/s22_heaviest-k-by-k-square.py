# Tier C: one known technique.
ID = "heaviest-k-by-k-square"
TITLE = "Heaviest K by K Square"
PLATFORM = "atcoder"

BODY = r"""
You are given a grid of H rows and W columns. Each cell holds one digit from 0 to 9; the digit in the i-th row and j-th column is the j-th character of S_i.

For an integer K, a K \times K square is the set of cells in rows r, r+1, \ldots, r+K-1 and columns c, c+1, \ldots, c+K-1, for some 1 \leq r \leq H - K + 1 and 1 \leq c \leq W - K + 1; (r, c) is its top-left cell. Its weight is the sum of the digits in its K^2 cells.

Find the largest weight X of a K \times K square, and the top-left cell (r, c) of a square of weight X. If several squares have weight X, choose the one with the smallest r, and among those the one with the smallest c.

Input

The input is given from Standard Input in the following format:
H W K
S_1
S_2
\vdots
S_H

Output

Print X, r and c, separated by spaces.

Constraints

- 1 \leq H, W \leq 20
- 1 \leq K \leq \min(H, W)
- H, W and K are integers.
- Each S_i is a string of length W consisting of digits.
"""

EXPLAIN = [
    "The 2 \\times 2 squares with top-left cells (1, 2) (digits 9, 1, 0, 9) and (2, 3) (digits 9, 5, 4, 1) both weigh 19, the most; (1, 2) has the smaller row.",
    "With K = 1 every cell is a square; the largest digit 3 first occurs at (1, 2).",
]

REF = r"""
h, w, k = map(int, input().split())
g = [input().strip() for _ in range(h)]
p = [[0] * (w + 1) for _ in range(h + 1)]
for i in range(h):
    for j in range(w):
        p[i + 1][j + 1] = p[i][j + 1] + p[i + 1][j] - p[i][j] + int(g[i][j])
best = (-1, 0, 0)
for r in range(h - k + 1):
    for c in range(w - k + 1):
        s = p[r + k][c + k] - p[r][c + k] - p[r + k][c] + p[r][c]
        if s > best[0]:
            best = (s, r + 1, c + 1)
print(*best)
"""

BRUTE = r"""
h, w, k = map(int, input().split())
g = [input().strip() for _ in range(h)]
cands = []
for r in range(h - k + 1):
    for c in range(w - k + 1):
        s = sum(int(g[r + a][c + b]) for a in range(k) for b in range(k))
        cands.append((-s, r + 1, c + 1))
cands.sort()
print(-cands[0][0], cands[0][1], cands[0][2])
"""


def fmt(k, g):
    return f"{len(g)} {len(g[0])} {k}\n" + "".join(row + "\n" for row in g)


def rand(rng, h, w, digits="0123456789"):
    return ["".join(rng.choice(digits) for _ in range(w)) for _ in range(h)]


def small(rng):
    h, w = rng.randint(1, 5), rng.randint(1, 5)
    return fmt(rng.randint(1, min(h, w)), rand(rng, h, w, rng.choice(["01", "0123456789", "9"])))


def public():
    return [fmt(2, ["1910", "2095", "3341"]), fmt(1, ["130", "231"])]


def private(rng):
    return [
        fmt(1, ["0"]),
        fmt(1, ["7"]),
        fmt(2, ["00", "00"]),
        fmt(1, ["5", "9", "9"]),
        fmt(3, ["999", "999", "999", "999"]),
        fmt(2, ["10001", "00000", "00011"]),
        fmt(20, rand(rng, 20, 20)),
        fmt(4, rand(rng, 20, 17)),
        fmt(2, rand(rng, 12, 20, "01")),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    h, w, k = map(int, lines[0].split(" "))
    assert 1 <= h <= 20 and 1 <= w <= 20 and 1 <= k <= min(h, w) and len(lines) == h + 1
    assert all(re.fullmatch(r"[0-9]{%d}" % w, row) for row in lines[1:])
