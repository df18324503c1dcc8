# Tier C: one known technique.
ID = "distance-to-the-nearest-exit"
TITLE = "Distance to the Nearest Exit"
FUNC = "exitDistances"
SIGNATURE = "def exitDistances(self, grid: List[str]) -> List[List[int]]:"

BODY = r"""
You are given a grid of m rows and n columns as an array of m strings of length n. grid[i][j] is '.' for a free cell, '#' for a wall and 'E' for an exit (an exit is also a free cell).

In one step you move from a non-wall cell to a non-wall cell that shares a side with it (up, down, left or right). The distance of a non-wall cell is the smallest number of steps from it to any exit; an exit has distance 0.

Return an m x n matrix ans where ans[i][j] is the distance of cell (i, j). Set ans[i][j] = -1 when (i, j) is a wall or when no exit can be reached from it (in particular, every cell gets -1 if the grid has no exit).
"""

EXPLAIN = [
    "Each value is the number of steps to the exit at (0, 2). The cell (2, 2) lies two rows below the exit, but the wall at (1, 2) forces it to go around through the left column: 6 steps.",
    "There is no exit, so no cell has a distance.",
]

CONSTRAINTS = r"""
1 <= m, n <= 10
grid[i].length == n
grid[i][j] is '.', '#' or 'E'.
"""

REF = r"""
from collections import deque

class Solution:
    def exitDistances(self, grid: List[str]) -> List[List[int]]:
        m, n = len(grid), len(grid[0])
        ans = [[-1] * n for _ in range(m)]
        q = deque()
        for i in range(m):
            for j in range(n):
                if grid[i][j] == "E":
                    ans[i][j] = 0
                    q.append((i, j))
        while q:
            i, j = q.popleft()
            for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if 0 <= a < m and 0 <= b < n and grid[a][b] != "#" and ans[a][b] == -1:
                    ans[a][b] = ans[i][j] + 1
                    q.append((a, b))
        return ans
"""

BRUTE = r"""
class Solution:
    def exitDistances(self, grid: List[str]) -> List[List[int]]:
        m, n = len(grid), len(grid[0])
        INF = 10 ** 9
        d = [[0 if grid[i][j] == "E" else INF for j in range(n)] for i in range(m)]
        for _ in range(m * n):
            for i in range(m):
                for j in range(n):
                    if grid[i][j] == "#":
                        continue
                    for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                        if 0 <= a < m and 0 <= b < n and grid[a][b] != "#":
                            d[i][j] = min(d[i][j], d[a][b] + 1)
        return [[-1 if grid[i][j] == "#" or d[i][j] >= INF else d[i][j] for j in range(n)] for i in range(m)]
"""


def rand(rng, m, n, pw, pe):
    out = []
    for _ in range(m):
        row = ""
        for _ in range(n):
            r = rng.random()
            row += "#" if r < pw else ("E" if r < pw + pe else ".")
        out.append(row)
    return out


def small(rng):
    return [rand(rng, rng.randint(1, 4), rng.randint(1, 4), rng.choice([0.0, 0.3]), rng.choice([0.0, 0.1, 0.3]))]


def public():
    return [[["..E", ".##", "..."]], [["..", "#."]]]


def private(rng):
    return [
        [["E"]],
        [["."]],
        [["#"]],
        [["E#."]],
        [["E.......E."]],
        [["....", ".##.", ".#E.", "...."]],
        [rand(rng, 10, 10, 0.25, 0.03)],
        [["." * 10] * 9 + ["." * 9 + "E"]],
        [rand(rng, 10, 7, 0.4, 0.05)],
    ]


def valid(inp):
    import re
    (grid,) = inp
    assert 1 <= len(grid) <= 10
    n = len(grid[0])
    assert 1 <= n <= 10 and all(re.fullmatch(r"[.#E]{%d}" % n, row) for row in grid)
