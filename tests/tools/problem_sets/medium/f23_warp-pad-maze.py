ID = "warp-pad-maze"
TITLE = "Warp Pad Maze"
FUNC = "shortestEscape"
SIGNATURE = "def shortestEscape(self, grid: List[str]) -> int:"

BODY = r"""
A maze is given as a list of m strings of equal length n; grid[r][c] is the cell in row r and column c (both 0-indexed). Each cell is one of:

- '.' an open floor cell,
- '#' a wall, which can never be entered,
- 'S' the start (open floor, exactly one in the grid),
- 'E' the exit (open floor, exactly one in the grid),
- a lowercase letter 'a' to 'z': an open floor cell with a warp pad of that letter.

In one move you can do either of the following:

- step to one of the up to four cells that share a side with your current cell, if that cell is inside the grid and is not a wall;
- if your current cell has a warp pad, jump to any other cell in the grid that has a warp pad of the same letter.

Every move, a step or a jump, counts as 1. Return the minimum number of moves needed to get from 'S' to 'E', or -1 if 'E' cannot be reached.
"""

EXPLAIN = [
    "Step from S onto the pad 'a' at (0, 1), jump to the other pad 'a' at (2, 1), then step right onto E at (2, 2): 3 moves. Without the pads E cannot be reached, because the middle row is all walls.",
    "Both cells next to S are walls, so no step is possible from S, and S has no warp pad to jump from. The pads 'b' are never reached.",
]

CONSTRAINTS = r"""
m == grid.length
n == grid[i].length
1 <= m, n <= 100
grid[i][j] is '.', '#', 'S', 'E' or a lowercase English letter.
grid contains exactly one 'S' and exactly one 'E'.
"""

REF = r"""
from collections import deque

class Solution:
    def shortestEscape(self, grid: List[str]) -> int:
        m, n = len(grid), len(grid[0])
        pads = {}
        start = end = None
        for r in range(m):
            for c in range(n):
                ch = grid[r][c]
                if ch == "S":
                    start = (r, c)
                elif ch == "E":
                    end = (r, c)
                elif "a" <= ch <= "z":
                    pads.setdefault(ch, []).append((r, c))
        dist = [[-1] * n for _ in range(m)]
        dist[start[0]][start[1]] = 0
        q = deque([start])
        used = set()
        while q:
            r, c = q.popleft()
            d = dist[r][c]
            if (r, c) == end:
                return d
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < m and 0 <= nc < n and grid[nr][nc] != "#" and dist[nr][nc] < 0:
                    dist[nr][nc] = d + 1
                    q.append((nr, nc))
            ch = grid[r][c]
            if "a" <= ch <= "z" and ch not in used:
                used.add(ch)
                for nr, nc in pads[ch]:
                    if dist[nr][nc] < 0:
                        dist[nr][nc] = d + 1
                        q.append((nr, nc))
        return -1
"""

BRUTE = r"""
class Solution:
    def shortestEscape(self, grid: List[str]) -> int:
        m, n = len(grid), len(grid[0])
        cells = [(r, c) for r in range(m) for c in range(n) if grid[r][c] != "#"]
        idx = {cell: i for i, cell in enumerate(cells)}
        N = len(cells)
        INF = 10**9
        d = [[INF] * N for _ in range(N)]
        for i, (r, c) in enumerate(cells):
            d[i][i] = 0
            for j, (r2, c2) in enumerate(cells):
                if i == j:
                    continue
                adjacent = abs(r - r2) + abs(c - c2) == 1
                same_pad = grid[r][c].islower() and grid[r][c] == grid[r2][c2]
                if adjacent or same_pad:
                    d[i][j] = 1
        for k in range(N):
            for i in range(N):
                for j in range(N):
                    if d[i][k] + d[k][j] < d[i][j]:
                        d[i][j] = d[i][k] + d[k][j]
        s = next(idx[x] for x in cells if grid[x[0]][x[1]] == "S")
        e = next(idx[x] for x in cells if grid[x[0]][x[1]] == "E")
        return d[s][e] if d[s][e] < INF else -1
"""


def rand_maze(rng, m, n, wall, letters, pad):
    cells = []
    for _ in range(m * n):
        x = rng.random()
        if x < wall:
            cells.append("#")
        elif x < wall + pad:
            cells.append(rng.choice(letters))
        else:
            cells.append(".")
    pos = rng.sample(range(m * n), 2)
    cells[pos[0]] = "S"
    cells[pos[1]] = "E"
    return ["".join(cells[r * n:(r + 1) * n]) for r in range(m)]


def small(rng):
    while True:
        m, n = rng.randint(1, 5), rng.randint(1, 5)
        if m * n >= 2:
            break
    return [rand_maze(rng, m, n, rng.choice([0.0, 0.2, 0.4, 0.6]), rng.choice(["a", "ab", "abc"]),
                      rng.choice([0.0, 0.2, 0.4]))]


def public():
    return [
        [["Sa.", "###", ".aE"]],
        [["S#b", "##.", "b.E"]],
    ]


def snake(m, n):
    rows = []
    for r in range(m):
        if r % 2 == 0:
            rows.append(["."] * n)
        elif r % 4 == 1:
            rows.append(["#"] * (n - 1) + ["."])
        else:
            rows.append(["."] + ["#"] * (n - 1))
    return rows


def private(rng):
    tests = [[["SE"]], [["S", "#", "E"]], [["Sz", "#z", "#E"]], [["SaaE"]]]
    # A big field covered with 'a' pads: exploring the pad group again from every pad is too slow.
    g = [["a"] * 100 for _ in range(100)]
    g[0][0] = "S"
    g[99][99] = "E"
    g[99][98] = "#"
    g[98][98] = "#"
    g[98][99] = "."
    tests.append([["".join(row) for row in g]])
    # A long snake corridor, with a pair of pads that shortcuts part of it.
    s = snake(99, 100)
    s[0][0] = "S"
    s[98][99] = "E"
    s[4][50] = "q"
    s[60][10] = "q"
    tests.append([["".join(row) for row in s]])
    # The same corridor without pads.
    s = snake(99, 100)
    s[0][0] = "S"
    s[98][0 if 98 % 4 == 2 else 99] = "E"
    tests.append([["".join(row) for row in s]])
    tests.append([rand_maze(rng, 100, 100, 0.35, "abcdefghij", 0.02)])
    # Unreachable: the exit is walled in.
    g = [["b"] * 60 for _ in range(60)]
    g[0][0] = "S"
    g[59][59] = "E"
    g[58][59] = "#"
    g[59][58] = "#"
    g[58][58] = "#"
    tests.append([["".join(row) for row in g]])
    return tests


def valid(inp):
    (grid,) = inp
    m = len(grid)
    assert 1 <= m <= 100
    n = len(grid[0])
    assert 1 <= n <= 100 and all(len(row) == n for row in grid)
    allowed = set(".#SE") | set("abcdefghijklmnopqrstuvwxyz")
    assert all(ch in allowed for row in grid for ch in row)
    assert sum(row.count("S") for row in grid) == 1
    assert sum(row.count("E") for row in grid) == 1
