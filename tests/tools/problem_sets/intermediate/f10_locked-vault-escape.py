ID = "locked-vault-escape"
TITLE = "Locked Vault Escape"
FUNC = "escapeSteps"
SIGNATURE = "def escapeSteps(self, grid: List[str]) -> int:"

BODY = r"""
A vault is a rectangular grid; grid[r][c] is one of:

- '.' an open cell, '#' a wall,
- 'S' your start cell, 'K' the cell with the key, 'E' the exit door (each appears exactly once; they are open cells).

In one step you move to an open cell sharing a side with your cell. The exit door is locked until you hold the key, so you may not enter the 'E' cell before you have visited the 'K' cell. You pick the key up by entering its cell; after that you can walk out through the exit by entering the 'E' cell.

Return the smallest number of steps needed to reach the exit with the key, or -1 if it is impossible.
"""

EXPLAIN = [
    "The key is 3 steps to the right of the start. From the key the door is 5 steps away (down the right column, then left along the bottom row), so the answer is 8.",
    "The key is walled in.",
]

CONSTRAINTS = r"""
1 <= grid.length, grid[i].length <= 40
All rows have the same length.
grid[i][j] is one of '.', '#', 'S', 'K', 'E'; 'S', 'K' and 'E' each occur exactly once.
"""

REF = r"""
class Solution:
    def escapeSteps(self, grid: List[str]) -> int:
        rows, cols = len(grid), len(grid[0])
        where = {}
        for r in range(rows):
            for c in range(cols):
                where[grid[r][c]] = (r, c)

        def bfs(src, dst, blocked):
            dist = {src: 0}
            q = deque([src])
            while q:
                r, c = q.popleft()
                if (r, c) == dst:
                    return dist[(r, c)]
                for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] not in blocked and (nr, nc) not in dist:
                        dist[(nr, nc)] = dist[(r, c)] + 1
                        q.append((nr, nc))
            return -1

        first = bfs(where['S'], where['K'], '#E')
        if first < 0:
            return -1
        second = bfs(where['K'], where['E'], '#')
        return -1 if second < 0 else first + second
"""

BRUTE = r"""
class Solution:
    def escapeSteps(self, grid: List[str]) -> int:
        # Bellman-Ford style relaxation over states (cell, holding key)
        rows, cols = len(grid), len(grid[0])
        INF = float('inf')
        best = {}
        for r in range(rows):
            for c in range(cols):
                for k in (0, 1):
                    best[(r, c, k)] = INF
                if grid[r][c] == 'S':
                    best[(r, c, 0)] = 0
        changed = True
        while changed:
            changed = False
            for (r, c, k), d in list(best.items()):
                if d == INF:
                    continue
                for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if not (0 <= nr < rows and 0 <= nc < cols) or grid[nr][nc] == '#':
                        continue
                    if grid[nr][nc] == 'E' and k == 0:
                        continue
                    nk = 1 if grid[nr][nc] == 'K' else k
                    if d + 1 < best[(nr, nc, nk)]:
                        best[(nr, nc, nk)] = d + 1
                        changed = True
        ans = INF
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] == 'E':
                    ans = best[(r, c, 1)]
        return -1 if ans == INF else ans
"""


def rand_grid(rng, rows, cols, wall):
    cells = [["#" if rng.random() < wall else "." for _ in range(cols)] for _ in range(rows)]
    spots = rng.sample([(r, c) for r in range(rows) for c in range(cols)], 3)
    for ch, (r, c) in zip("SKE", spots):
        cells[r][c] = ch
    return ["".join(row) for row in cells]


def small(rng):
    while True:
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        if rows * cols >= 3:
            return [rand_grid(rng, rows, cols, rng.choice([0.0, 0.2, 0.35]))]


def public():
    return [
        [["S..K", "#.#.", "E..."]],
        [["S.#K", "..##", "...E"]],
    ]


def private(rng):
    snake = []
    for r in range(40):
        if r % 2 == 0:
            snake.append("." * 40)
        elif r % 4 == 1:
            snake.append("#" * 39 + ".")
        else:
            snake.append("." + "#" * 39)
    snake[0] = "S" + snake[0][1:]
    snake[39] = snake[39][:39] + "K"
    blocked = list(snake)
    blocked[2] = "E" + blocked[2][1:]
    snake[39] = "E" + snake[39][1:]
    return [
        [["SKE"]],
        [["SEK"]],
        [["KSE"]],
        [["S", "E", "K"]],
        [["S#E", "###", "K.."]],
        [snake],
        [blocked],
        [rand_grid(rng, 40, 40, 0.25)],
        [rand_grid(rng, 40, 40, 0.0)],
        [rand_grid(rng, 17, 23, 0.3)],
    ]


def valid(inp):
    (grid,) = inp
    assert 1 <= len(grid) <= 40
    cols = len(grid[0])
    assert 1 <= cols <= 40
    text = "".join(grid)
    for row in grid:
        assert len(row) == cols and set(row) <= set(".#SKE")
    assert text.count("S") == 1 and text.count("K") == 1 and text.count("E") == 1
