ID = "blaze-escape"
TITLE = "Blaze Escape"
PLATFORM = "atcoder"

BODY = r"""
A warehouse floor is a grid of H rows and W columns. Each cell is one of the following characters:

- `.`: an empty cell.
- `#`: a wall.
- `S`: the cell where Taro stands at the start (an empty cell). There is exactly one.
- `E`: the emergency exit (an empty cell). There is exactly one.
- `F`: a cell that is burning at the start (an empty cell). There may be any number of them, including none.

At minute 0 exactly the `F` cells are burning and Taro is on `S`. Two cells are adjacent if they share a side. Then, for each minute t = 1, 2, 3, \ldots, the following happens in this order:

1. Taro moves to a cell adjacent to his current cell that is inside the grid, is not a wall and is not burning. He must move; staying in place is not allowed. If no such cell exists, he is trapped and fails.
2. If Taro is now on `E`, he has escaped, and his escape time is t.
3. The fire spreads: every non-wall cell adjacent to a burning cell starts burning, and burning cells keep burning. The fire spreads into `S` and `E` cells like any other non-wall cell. If the cell Taro stands on is now burning, he fails.

Print the minimum escape time over all ways Taro can move. If he cannot escape however he moves, print -1.

Input

The input is given from Standard Input in the following format:
H W
R_1
R_2
\vdots
R_H

R_i is a string of length W: the i-th row of the grid, from top to bottom.

Output

Print the minimum escape time, or -1 if Taro cannot escape.

Constraints

- 1 \leq H \leq 100
- 1 \leq W \leq 100
- 2 \leq H \times W
- H and W are integers.
- Each R_i is a string of length W consisting of `.`, `#`, `S`, `E` and `F`.
- The grid contains exactly one `S` and exactly one `E`.
"""

EXPLAIN = [
    "Taro needs at least 3 minutes to stand on a cell next to E, but the fire spreads into both cells next to E at the end of minute 3 and they keep burning, so Taro can never step onto E.",
    "Taro walks along the top row past the wall and then down to E, arriving at minute 6. The wall keeps the fire on its left; the fire goes around the top end of the wall and would reach E only at the end of minute 9.",
]

REF = r"""
import sys
from collections import deque

def main():
    data = sys.stdin.read().split()
    h, w = int(data[0]), int(data[1])
    cells = "".join(data[2:2 + h])
    n = h * w
    INF = 10 ** 9
    wall = [c == "#" for c in cells]

    def neighbours(v):
        r, c = divmod(v, w)
        if r > 0:
            yield v - w
        if r + 1 < h:
            yield v + w
        if c > 0:
            yield v - 1
        if c + 1 < w:
            yield v + 1

    # minute at which each cell starts burning (multi-source BFS)
    fire = [INF] * n
    q = deque()
    for v in range(n):
        if cells[v] == "F":
            fire[v] = 0
            q.append(v)
    while q:
        v = q.popleft()
        for u in neighbours(v):
            if not wall[u] and fire[u] == INF:
                fire[u] = fire[v] + 1
                q.append(u)

    s = cells.index("S")
    e = cells.index("E")
    dist = [INF] * n
    dist[s] = 0
    q = deque([s])
    while q:
        v = q.popleft()
        d = dist[v]
        for u in neighbours(v):
            if wall[u] or dist[u] != INF or fire[u] <= d:
                continue
            if u == e:
                print(d + 1)
                return
            if fire[u] <= d + 1:
                continue
            dist[u] = d + 1
            q.append(u)
    print(-1)

main()
"""

BRUTE = r"""
h, w = map(int, input().split())
g = [input() for _ in range(h)]
burning = set()
for i in range(h):
    for j in range(w):
        if g[i][j] == "F":
            burning.add((i, j))
        elif g[i][j] == "S":
            start = (i, j)

def adj(i, j):
    for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
        if 0 <= a < h and 0 <= b < w and g[a][b] != "#":
            yield a, b

positions = {start}
ans = -1
for t in range(1, h * w + 2):
    moved = set()
    for (i, j) in positions:
        for c in adj(i, j):
            if c not in burning:
                moved.add(c)
    if any(g[i][j] == "E" for (i, j) in moved):
        ans = t
        break
    new_burning = set(burning)
    for (i, j) in burning:
        for c in adj(i, j):
            new_burning.add(c)
    burning = new_burning
    positions = moved - burning
    if not positions:
        break
print(ans)
"""


def fmt(grid):
    return f"{len(grid)} {len(grid[0])}\n" + "\n".join(grid) + "\n"


def rand_grid(rng, h, w, pw, nf):
    cells = ["#" if rng.random() < pw else "." for _ in range(h * w)]
    picks = rng.sample(range(h * w), 2 + nf)
    cells[picks[0]] = "S"
    cells[picks[1]] = "E"
    for v in picks[2:]:
        cells[v] = "F"
    return ["".join(cells[i * w:(i + 1) * w]) for i in range(h)]


def small(rng):
    while True:
        h, w = rng.randint(1, 6), rng.randint(1, 6)
        if h * w >= 2:
            break
    nf = rng.randint(0, min(3, h * w - 2))
    return fmt(rand_grid(rng, h, w, rng.choice([0.0, 0.2, 0.4]), nf))


def public():
    return [
        fmt(["S...E", ".....", "..F.."]),
        fmt(["S....", "..#..", "..#.E", "F.#.."]),
    ]


def _answer(grid):
    # used only to pick interesting random tests; expected outputs come from REF
    from collections import deque
    h, w = len(grid), len(grid[0])
    INF = 10 ** 9

    def bfs(starts, limit):
        d = {v: 0 for v in starts}
        q = deque(starts)
        while q:
            i, j = q.popleft()
            for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                if 0 <= a < h and 0 <= b < w and grid[a][b] != "#" and (a, b) not in d:
                    if limit is not None:
                        t = d[(i, j)] + 1
                        if limit.get((a, b), INF) < t or (grid[a][b] != "E" and limit.get((a, b), INF) == t):
                            continue
                    d[(a, b)] = d[(i, j)] + 1
                    q.append((a, b))
        return d

    cells = [(i, j) for i in range(h) for j in range(w)]
    fire = bfs([c for c in cells if grid[c[0]][c[1]] == "F"], None)
    s = next(c for c in cells if grid[c[0]][c[1]] == "S")
    e = next(c for c in cells if grid[c[0]][c[1]] == "E")
    return bfs([s], fire).get(e, -1), bfs([s], {}).get(e, -1)


def maze(rng, n, extra):
    # n odd; cells at even coords
    g = [["#"] * n for _ in range(n)]
    m = (n + 1) // 2
    seen = [[False] * m for _ in range(m)]
    stack = [(0, 0)]
    seen[0][0] = True
    g[0][0] = "."
    while stack:
        i, j = stack[-1]
        opts = [(a, b) for a, b in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1))
                if 0 <= a < m and 0 <= b < m and not seen[a][b]]
        if not opts:
            stack.pop()
            continue
        a, b = rng.choice(opts)
        seen[a][b] = True
        g[2 * a][2 * b] = "."
        g[i + a][j + b] = "."
        stack.append((a, b))
    for _ in range(extra):
        i, j = rng.randrange(n), rng.randrange(n)
        if (i + j) % 2 == 1:
            g[i][j] = "."
    return g


def maze_grid(rng, extra):
    # a random maze with a few loops, S, E and two fires; retried until Taro can escape
    while True:
        g = maze(rng, 99, extra)
        free = [(i, j) for i in range(99) for j in range(99) if g[i][j] == "."]
        a, b, c, d = rng.sample(free, 4)
        g[a[0]][a[1]] = "S"
        g[b[0]][b[1]] = "E"
        g[c[0]][c[1]] = "F"
        g[d[0]][d[1]] = "F"
        grid = ["".join(r) for r in g]
        if _answer(grid)[0] > 50:
            return grid


def private(rng):
    # long snake corridor, fire chasing Taro from behind
    n = 99
    g = [["#"] * n for _ in range(n)]
    for i in range(0, n, 2):
        for j in range(n):
            g[i][j] = "."
        if i + 1 < n:
            g[i + 1][n - 1 if (i // 2) % 2 == 0 else 0] = "."
    g[0][0] = "F"
    g[0][1] = "S"
    g[n - 1][n - 1 if ((n - 1) // 2) % 2 == 0 else 0] = "E"
    snake_chase = ["".join(r) for r in g]
    # same corridor, fire ahead of Taro near the exit
    g[0][0] = "."
    g[n - 1][n // 2] = "F"
    snake_block = ["".join(r) for r in g]
    # open field: exit reached exactly when the fire would arrive
    field = [["."] * 100 for _ in range(100)]
    field[0][0] = "S"
    field[0][99] = "E"
    field[99][99] = "F"
    tie_win = ["".join(r) for r in field]
    field[99][99] = "."
    field[98][99] = "F"
    tie_lose = ["".join(r) for r in field]
    return [
        fmt(["SE"]),
        fmt(["SFE"]),
        fmt(["S#E"]),
        fmt(["S.E.F"]),
        fmt(["S..", ".F.", "..E"]),
        fmt(snake_chase),
        fmt(snake_block),
        fmt(tie_lose),
        fmt(tie_win),
        fmt(maze_grid(rng, 300)),
    ]


def valid(inp):
    lines = inp.split("\n")
    h, w = map(int, lines[0].split())
    assert 1 <= h <= 100 and 1 <= w <= 100 and h * w >= 2
    rows = lines[1:1 + h]
    assert len(rows) == h and lines[1 + h:] == [""]
    assert all(len(r) == w and set(r) <= set(".#SEF") for r in rows)
    cells = "".join(rows)
    assert cells.count("S") == 1 and cells.count("E") == 1
