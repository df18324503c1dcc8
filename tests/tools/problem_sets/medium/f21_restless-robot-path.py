ID = "restless-robot-path"
TITLE = "Restless Robot Path"
FUNC = "minPathCost"
SIGNATURE = "def minPathCost(self, grid: List[List[int]], k: int) -> int:"

BODY = r"""
A robot stands on the top-left cell (0, 0) of an m x n grid and must reach the bottom-right cell (m - 1, n - 1). Cells are indexed (row, column) from 0. In one move the robot goes either one cell right (from (r, c) to (r, c + 1)) or one cell down (from (r, c) to (r + 1, c)), and it may never leave the grid.

The robot gets bored easily: it may not make more than k moves in a row in the same direction. That is, in its sequence of moves, every maximal block of consecutive equal moves (all right or all down) has length at most k.

Entering or starting on cell (r, c) costs grid[r][c]. The cost of a path is the sum of grid[r][c] over all cells the path visits, including the start cell and the target cell.

Return the minimum cost of a path from (0, 0) to (m - 1, n - 1) that follows the rule, or -1 if no such path exists. If m = n = 1, the robot is already at the target, makes no moves, and the cost is grid[0][0].
"""

EXPLAIN = [
    "Without the rule the best path would go right twice along the top row and then down twice (cost 1 + 1 + 1 + 1 + 1 = 5), but with k = 1 the moves must alternate. The path right, down, right, down visits 1, 1, 5, 1, 1 with cost 9; the path down, right, down, right visits 1, 9, 5, 9, 1 with cost 25.",
    "The grid is a single row of 4 cells, so the robot must move right 3 times in a row, which is more than k = 2.",
]

CONSTRAINTS = r"""
m == grid.length
n == grid[i].length
1 <= m, n <= 100
0 <= grid[i][j] <= 1000
1 <= k <= 10
"""

REF = r"""
class Solution:
    def minPathCost(self, grid: List[List[int]], k: int) -> int:
        m, n = len(grid), len(grid[0])
        if m == 1 and n == 1:
            return grid[0][0]
        INF = float("inf")
        # right[r][c][t]: min cost at (r, c), the last t + 1 moves were all "right" (t in 0..k-1)
        right = [[[INF] * k for _ in range(n)] for _ in range(m)]
        down = [[[INF] * k for _ in range(n)] for _ in range(m)]
        for r in range(m):
            for c in range(n):
                g = grid[r][c]
                if c > 0:
                    cell = right[r][c]
                    if r == 0 and c == 1:
                        cell[0] = grid[0][0] + g
                    else:
                        pr, pd = right[r][c - 1], down[r][c - 1]
                        best_d = min(pd)
                        if best_d + g < cell[0]:
                            cell[0] = best_d + g
                        for t in range(1, k):
                            if pr[t - 1] + g < cell[t]:
                                cell[t] = pr[t - 1] + g
                if r > 0:
                    cell = down[r][c]
                    if r == 1 and c == 0:
                        cell[0] = grid[0][0] + g
                    else:
                        pr, pd = right[r - 1][c], down[r - 1][c]
                        best_r = min(pr)
                        if best_r + g < cell[0]:
                            cell[0] = best_r + g
                        for t in range(1, k):
                            if pd[t - 1] + g < cell[t]:
                                cell[t] = pd[t - 1] + g
        ans = min(min(right[m - 1][n - 1]), min(down[m - 1][n - 1]))
        return -1 if ans == INF else ans
"""

BRUTE = r"""
import itertools

class Solution:
    def minPathCost(self, grid: List[List[int]], k: int) -> int:
        m, n = len(grid), len(grid[0])
        best = -1
        total = (m - 1) + (n - 1)
        for downs in itertools.combinations(range(total), m - 1):
            moves = ["D" if i in downs else "R" for i in range(total)]
            ok = all(len(list(g)) <= k for _, g in itertools.groupby(moves))
            if not ok:
                continue
            r = c = 0
            cost = grid[0][0]
            for mv in moves:
                if mv == "D":
                    r += 1
                else:
                    c += 1
                cost += grid[r][c]
            if best == -1 or cost < best:
                best = cost
        return best
"""


def rand_grid(rng, m, n, hi):
    return [[rng.randint(0, hi) for _ in range(n)] for _ in range(m)]


def small(rng):
    m, n = rng.randint(1, 6), rng.randint(1, 6)
    k = rng.randint(1, 4)
    hi = rng.choice([0, 1, 9, 50])
    return [rand_grid(rng, m, n, hi), k]


def public():
    return [
        [[[1, 1, 1], [9, 5, 1], [9, 9, 1]], 1],
        [[[3, 1, 4, 1]], 2],
    ]


def private(rng):
    return [
        [[[7]], 1],
        [[[2], [3], [4]], 2],
        [[[2], [3], [4], [5]], 2],
        [[[0, 0], [0, 0]], 1],
        [[[1, 2, 3, 4, 5, 6, 7, 8]], 10],
        [rand_grid(rng, 3, 12, 9), 5],
        [[[0 if r == 0 or c == 59 else 1000 for c in range(60)] for r in range(60)], 3],
        [rand_grid(rng, 100, 100, 1000), 2],
        [rand_grid(rng, 80, 100, 30), 10],
        [rand_grid(rng, 30, 12, 1000), 3],
    ]


def valid(inp):
    grid, k = inp
    m = len(grid)
    assert 1 <= m <= 100
    n = len(grid[0])
    assert 1 <= n <= 100 and all(len(row) == n for row in grid)
    assert all(isinstance(x, int) and 0 <= x <= 1000 for row in grid for x in row)
    assert isinstance(k, int) and 1 <= k <= 10
