ID = "demolition-courier"
TITLE = "Demolition Courier"
PLATFORM = "atcoder"

BODY = r"""
A courier works in a town drawn as a grid of H rows and W columns. Each cell is one of the following characters:

- `.`: an empty cell.
- `#`: a wall.
- `S`: the courier's starting cell (an empty cell). There is exactly one.
- `G`: the destination cell (an empty cell). There is exactly one.

In one step the courier moves from the current cell to a cell that shares a side with it (up, down, left or right) and lies inside the grid. The courier carries K charges. Moving into a wall cell is allowed only by spending one charge at that moment: the wall is destroyed and the move counts as an ordinary step. A destroyed wall stays destroyed, so entering that cell again later costs no charge. At most K charges can be spent in total. Moving into a non-wall cell never needs a charge.

Print the minimum number of steps the courier needs to reach G from S. If G cannot be reached, print -1.

Input

The input is given from Standard Input in the following format:
H W K
R_1
R_2
\vdots
R_H

R_i is a string of length W: the i-th row of the grid, from top to bottom.

Output

Print the minimum number of steps, or -1 if the destination cannot be reached.

Constraints

- 1 \leq H \leq 100
- 1 \leq W \leq 100
- 2 \leq H \times W
- 0 \leq K \leq 10
- H, W and K are integers.
- Each R_i is a string of length W consisting of `.`, `#`, `S` and `G`.
- The grid contains exactly one `S` and exactly one `G`.
"""

EXPLAIN = [
    "Without charges the courier must walk down, along the bottom row and up again (8 steps). Spending the charge on the wall directly to the right of S gives a 4-step route: right (destroying the wall), right, right, right.",
    "The four cells around S are closed off by walls, and so is G. Leaving the first area and entering G needs two charges, but only one is available.",
]

REF = r"""
import sys
from collections import deque

def main():
    data = sys.stdin.read().split()
    h, w, k = int(data[0]), int(data[1]), int(data[2])
    g = data[3:3 + h]
    cells = "".join(g)
    s = cells.index("S")
    t = cells.index("G")
    n = h * w
    wall = [c == "#" for c in cells]
    # BFS over states (cell, charges used so far)
    INF = 10 ** 9
    dist = [[INF] * (k + 1) for _ in range(n)]
    dist[s][0] = 0
    q = deque([(s, 0)])
    while q:
        v, used = q.popleft()
        d = dist[v][used]
        if v == t:
            print(d)
            return
        r, c = divmod(v, w)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < h and 0 <= nc < w:
                u = nr * w + nc
                nu = used + 1 if wall[u] else used
                if nu <= k and dist[u][nu] == INF:
                    dist[u][nu] = d + 1
                    q.append((u, nu))
    print(-1)

main()
"""

BRUTE = r"""
import itertools
from collections import deque
h, w, k = map(int, input().split())
g = [list(input()) for _ in range(h)]
walls = [(i, j) for i in range(h) for j in range(w) if g[i][j] == "#"]
for i in range(h):
    for j in range(w):
        if g[i][j] == "S":
            s = (i, j)
best = -1
for cnt in range(0, min(k, len(walls)) + 1):
    for rem in itertools.combinations(walls, cnt):
        rs = set(rem)
        seen = {s: 0}
        q = deque([s])
        while q:
            i, j = q.popleft()
            for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if 0 <= a < h and 0 <= b < w and (a, b) not in seen:
                    if g[a][b] != "#" or (a, b) in rs:
                        seen[(a, b)] = seen[(i, j)] + 1
                        q.append((a, b))
        for (a, b), d in seen.items():
            if g[a][b] == "G" and (best == -1 or d < best):
                best = d
print(best)
"""


def fmt(grid, k):
    return f"{len(grid)} {len(grid[0])} {k}\n" + "\n".join(grid) + "\n"


def rand_grid(rng, h, w, p):
    cells = ["#" if rng.random() < p else "." for _ in range(h * w)]
    a, b = rng.sample(range(h * w), 2)
    cells[a] = "S"
    cells[b] = "G"
    return ["".join(cells[i * w:(i + 1) * w]) for i in range(h)]


def corner_grid(rng, h, w, p):
    cells = ["#" if rng.random() < p else "." for _ in range(h * w)]
    cells[0] = "S"
    cells[-1] = "G"
    return ["".join(cells[i * w:(i + 1) * w]) for i in range(h)]


def small(rng):
    while True:
        h, w = rng.randint(1, 4), rng.randint(1, 5)
        if h * w >= 2:
            break
    grid = rand_grid(rng, h, w, rng.choice([0.0, 0.3, 0.5, 0.8]))
    return fmt(grid, rng.randint(0, 3))


PUB2 = [
    "S.#..",
    "..#..",
    "###..",
    "...##",
    "...#G",
]


def public():
    return [fmt(["S#..G", ".###.", "....."], 1), fmt(PUB2, 1)]


def private(rng):
    big_open = rand_grid(rng, 100, 100, 0.3)
    g = [["."] * 100 for _ in range(100)]
    for i in range(1, 100, 2):
        for j in range(100):
            g[i][j] = "#"
        if (i // 2) % 2 == 0:
            g[i][99] = "."
        else:
            g[i][0] = "."
    g[0][0] = "S"
    g[99][99] = "G"
    zig = ["".join(row) for row in g]
    return [
        fmt(["SG"], 0),
        fmt(["S", "#", "#", "G"], 1),
        fmt(["S", "#", "#", "G"], 2),
        fmt(PUB2, 2),
        fmt(big_open, 0),
        fmt(zig, 10),
        fmt(zig, 0),
        fmt(corner_grid(rng, 100, 100, 0.35), 2),
        fmt(corner_grid(rng, 100, 100, 0.4), 5),
        fmt(corner_grid(rng, 100, 100, 0.45), 10),
    ]


def valid(inp):
    lines = inp.split("\n")
    h, w, k = map(int, lines[0].split())
    assert 1 <= h <= 100 and 1 <= w <= 100 and h * w >= 2 and 0 <= k <= 10
    rows = lines[1:1 + h]
    assert len(rows) == h and lines[1 + h:] == [""]
    assert all(len(r) == w and set(r) <= set(".#SG") for r in rows)
    cells = "".join(rows)
    assert cells.count("S") == 1 and cells.count("G") == 1
