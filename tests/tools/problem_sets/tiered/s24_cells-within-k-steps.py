# Tier C: one known technique.
ID = "cells-within-k-steps"
TITLE = "Cells Within K Steps"
PLATFORM = "atcoder"

BODY = r"""
You are given a grid of H rows and W columns. The cell in the i-th row and j-th column is the j-th character of S_i: . is a free cell and # is a wall. The top-left cell (1, 1) is free.

A walker starts at (1, 1). In one step it moves to a free cell that shares a side with its current cell (up, down, left or right); it never enters a wall and never leaves the grid.

Print the number of free cells the walker can reach using at most K steps. The starting cell counts (it is reached with 0 steps).

Input

The input is given from Standard Input in the following format:
H W K
S_1
S_2
\vdots
S_H

Output

Print the number of free cells that can be reached in at most K steps.

Constraints

- 1 \leq H, W \leq 10
- 0 \leq K \leq 100
- H, W and K are integers.
- Each S_i is a string of length W consisting of . and #.
- The cell (1, 1) is free (the first character of S_1 is .).
"""

EXPLAIN = [
    "The walls force the walker around: (1, 1), (1, 2), (1, 3), (2, 3) and (3, 3) are at most 4 steps away, (3, 2) needs 5 and (3, 1) needs 6.",
    "With K = 0 only the starting cell counts.",
]

REF = r"""
from collections import deque
h, w, k = map(int, input().split())
g = [input().strip() for _ in range(h)]
dist = [[-1] * w for _ in range(h)]
dist[0][0] = 0
q = deque([(0, 0)])
while q:
    i, j = q.popleft()
    for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
        if 0 <= a < h and 0 <= b < w and g[a][b] == "." and dist[a][b] < 0:
            dist[a][b] = dist[i][j] + 1
            q.append((a, b))
print(sum(1 for i in range(h) for j in range(w) if 0 <= dist[i][j] <= k))
"""

BRUTE = r"""
h, w, k = map(int, input().split())
g = [input().strip() for _ in range(h)]
reached = {(0, 0)}
for _ in range(k):
    nxt = set(reached)
    for i, j in reached:
        for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if 0 <= a < h and 0 <= b < w and g[a][b] == ".":
                nxt.add((a, b))
    reached = nxt
print(len(reached))
"""


def fmt(k, g):
    return f"{len(g)} {len(g[0])} {k}\n" + "".join(row + "\n" for row in g)


def rand(rng, h, w, p):
    g = [["#" if rng.random() < p else "." for _ in range(w)] for _ in range(h)]
    g[0][0] = "."
    return ["".join(r) for r in g]


def small(rng):
    h, w = rng.randint(1, 5), rng.randint(1, 5)
    return fmt(rng.randint(0, 10), rand(rng, h, w, rng.choice([0.0, 0.3, 0.5])))


def public():
    return [fmt(4, ["...", "##.", "..."]), fmt(0, ["..", ".."])]


def private(rng):
    return [
        fmt(0, ["."]),
        fmt(100, ["."]),
        fmt(100, [".#", "#."]),
        fmt(1, ["...", "...", "..."]),
        fmt(3, ["." * 10]),
        fmt(100, ["." * 10] * 10),
        fmt(6, ["." * 10] * 10),
        fmt(12, rand(rng, 10, 10, 0.3)),
        fmt(100, rand(rng, 10, 10, 0.35)),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    h, w, k = map(int, lines[0].split(" "))
    assert 1 <= h <= 10 and 1 <= w <= 10 and 0 <= k <= 100 and len(lines) == h + 1
    assert all(re.fullmatch(r"[.#]{%d}" % w, row) for row in lines[1:])
    assert lines[1][0] == "."
