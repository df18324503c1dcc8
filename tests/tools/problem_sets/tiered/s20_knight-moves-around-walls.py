# Tier C: one known technique.
ID = "knight-moves-around-walls"
TITLE = "Knight Moves Around Walls"
PLATFORM = "atcoder"

BODY = r"""
You are given a board of H rows and W columns. The cell in the i-th row and j-th column is the j-th character of S_i: . is a free cell, # is a wall, S is the start and G is the goal (S and G are free cells). There is exactly one S and exactly one G.

A piece stands on S. In one move it jumps like a chess knight: from cell (i, j) to one of (i \pm 1, j \pm 2) and (i \pm 2, j \pm 1) (eight possibilities). It may jump over any cells, walls included, but the cell it lands on must be inside the board and must not be a wall.

Print the smallest number of moves needed to bring the piece from S to G, or -1 if G cannot be reached.

Input

The input is given from Standard Input in the following format:
H W
S_1
S_2
\vdots
S_H

Output

Print the smallest number of moves, or -1 if it is impossible.

Constraints

- 1 \leq H, W \leq 10
- H and W are integers.
- Each S_i is a string of length W consisting of ., #, S and G.
- S and G each occur exactly once in the board.
"""

EXPLAIN = [
    "One shortest route is (1, 1) to (2, 3) to (3, 1) to (1, 2) to (3, 3): 4 moves. No route of fewer moves exists.",
    "From S the only allowed jump is to (3, 2) ((2, 3) is a wall), and from (3, 2) the only allowed jump leads back to S ((1, 3) is a wall), so G is never reached.",
]

REF = r"""
from collections import deque
h, w = map(int, input().split())
g = [input().strip() for _ in range(h)]
for i in range(h):
    for j in range(w):
        if g[i][j] == "S":
            s = (i, j)
        if g[i][j] == "G":
            t = (i, j)
dist = {s: 0}
q = deque([s])
while q:
    i, j = q.popleft()
    for di, dj in ((1, 2), (1, -2), (-1, 2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
        a, b = i + di, j + dj
        if 0 <= a < h and 0 <= b < w and g[a][b] != "#" and (a, b) not in dist:
            dist[(a, b)] = dist[(i, j)] + 1
            q.append((a, b))
print(dist.get(t, -1))
"""

BRUTE = r"""
h, w = map(int, input().split())
g = [input().strip() for _ in range(h)]
INF = 10 ** 9
d = [[INF] * w for _ in range(h)]
cells = [(i, j) for i in range(h) for j in range(w) if g[i][j] != "#"]
for i, j in cells:
    if g[i][j] == "S":
        d[i][j] = 0
changed = True
while changed:
    changed = False
    for i, j in cells:
        for a, b in cells:
            if sorted([abs(a - i), abs(b - j)]) == [1, 2] and d[i][j] + 1 < d[a][b]:
                d[a][b] = d[i][j] + 1
                changed = True
for i, j in cells:
    if g[i][j] == "G":
        print(d[i][j] if d[i][j] < INF else -1)
"""


def fmt(g):
    return f"{len(g)} {len(g[0])}\n" + "".join(row + "\n" for row in g)


def rand(rng, h, w, p):
    cells = [["#" if rng.random() < p else "." for _ in range(w)] for _ in range(h)]
    spots = rng.sample([(i, j) for i in range(h) for j in range(w)], 2)
    cells[spots[0][0]][spots[0][1]] = "S"
    cells[spots[1][0]][spots[1][1]] = "G"
    return ["".join(r) for r in cells]


def small(rng):
    while True:
        h, w = rng.randint(1, 5), rng.randint(1, 5)
        if h * w >= 2:
            return fmt(rand(rng, h, w, rng.choice([0.0, 0.2, 0.4])))


def public():
    return [fmt(["S..", "...", "..G"]), fmt(["S.#", "..#", "#.G"])]


def private(rng):
    return [
        fmt(["SG"]),
        fmt(["S", ".", "G"]),
        fmt(["S..", "..G"]),
        fmt(["S...", "....", "....", "...G"]),
        fmt(["S.........", ".#........", "..#.......", "..........", ".........G"]),
        fmt(["G.........", "..........", "..........", "..........", "..........",
             "..........", "..........", "..........", "..........", ".........S"]),
        fmt(rand(rng, 10, 10, 0.3)),
        fmt(rand(rng, 10, 10, 0.15)),
        fmt(rand(rng, 8, 10, 0.5)),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    h, w = map(int, lines[0].split(" "))
    assert 1 <= h <= 10 and 1 <= w <= 10 and len(lines) == h + 1
    assert all(re.fullmatch(r"[.#SG]{%d}" % w, row) for row in lines[1:])
    body = "".join(lines[1:])
    assert body.count("S") == 1 and body.count("G") == 1
