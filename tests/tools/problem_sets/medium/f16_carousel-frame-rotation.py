ID = "carousel-frame-rotation"
TITLE = "Carousel Frame Rotation"
FUNC = "rotateFrames"
SIGNATURE = "def rotateFrames(self, grid: List[List[int]], k: int) -> List[List[int]]:"

BODY = r"""
A display wall is an m x n grid of integers (rows 0..m-1 from top to bottom, columns 0..n-1 from left to right). The wall is made of nested frames: for t = 0, 1, 2, ... while t <= m - 1 - t and t <= n - 1 - t, frame t consists of the cells on the border of the rectangle with rows t..m-1-t and columns t..n-1-t.

List the cells of frame t in clockwise order starting at its top-left corner (t, t): along its top row from left to right, down its right column, along its bottom row from right to left, then up its left column, each cell exactly once; call them c_0, c_1, ..., c_{L-1}, where L is the number of cells of the frame. One counterclockwise step of the frame moves the value in c_i to c_{(i - 1) mod L} for every i at the same time (so the value in the top-left corner moves one cell down).

Every frame whose rectangle has at least two rows and at least two columns is stepped counterclockwise k times. A frame whose rectangle is a single row, a single column or a single cell stays unchanged.

Return the grid after the rotation.
"""

EXPLAIN = [
    "The outer frame holds 1, 2, 3, 6, 9, 8, 7, 4 in clockwise order; after one counterclockwise step it holds 2, 3, 6, 9, 8, 7, 4, 1. The centre cell is a single-cell frame and stays.",
    "The outer frame has 10 cells and 12 mod 10 = 2 steps are made. The inner frame is the single row [6, 7] and stays unchanged.",
]

CONSTRAINTS = r"""
1 <= m, n <= 50, where m == grid.length and n == grid[i].length
-10^5 <= grid[i][j] <= 10^5
0 <= k <= 10^9
"""

REF = r"""
class Solution:
    def rotateFrames(self, grid: List[List[int]], k: int) -> List[List[int]]:
        m, n = len(grid), len(grid[0])
        res = [row[:] for row in grid]
        t = 0
        while t <= m - 1 - t and t <= n - 1 - t:
            top, bottom, left, right = t, m - 1 - t, t, n - 1 - t
            if top < bottom and left < right:
                cells = [(top, c) for c in range(left, right + 1)]
                cells += [(r, right) for r in range(top + 1, bottom + 1)]
                cells += [(bottom, c) for c in range(right - 1, left - 1, -1)]
                cells += [(r, left) for r in range(bottom - 1, top, -1)]
                L = len(cells)
                s = k % L
                vals = [grid[r][c] for r, c in cells]
                for i, (r, c) in enumerate(cells):
                    res[r][c] = vals[(i + s) % L]
            t += 1
        return res
"""

BRUTE = r"""
class Solution:
    def rotateFrames(self, grid: List[List[int]], k: int) -> List[List[int]]:
        m, n = len(grid), len(grid[0])
        g = [row[:] for row in grid]
        for t in range(min(m, n)):
            top, bottom, left, right = t, m - 1 - t, t, n - 1 - t
            if top >= bottom or left >= right:
                continue
            for _ in range(k):
                # one counterclockwise step, done by walking the border and shifting values
                first = g[top][left]
                for c in range(left, right):
                    g[top][c] = g[top][c + 1]
                for r in range(top, bottom):
                    g[r][right] = g[r + 1][right]
                for c in range(right, left, -1):
                    g[bottom][c] = g[bottom][c - 1]
                for r in range(bottom, top + 1, -1):
                    g[r][left] = g[r - 1][left]
                g[top + 1][left] = first
        return g
"""


def mk(rng, m, n, lo=-9, hi=9):
    return [[rng.randint(lo, hi) for _ in range(n)] for _ in range(m)]


def small(rng):
    m, n = rng.randint(1, 6), rng.randint(1, 6)
    return [mk(rng, m, n, *rng.choice([(-9, 9), (0, 0), (-10**5, 10**5)])), rng.randint(0, 40)]


def public():
    return [[[[1, 2, 3], [4, 5, 6], [7, 8, 9]], 1], [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], 12]]


def private(rng):
    return [
        [[[5]], 10**9],
        [[[1, 2, 3, 4, 5]], 3],
        [[[1], [2], [3]], 7],
        [[[1, 2], [3, 4]], 0],
        [[[1, 2], [3, 4]], 5],
        [mk(rng, 50, 50, -10**5, 10**5), 10**9],
        [mk(rng, 7, 50, -99, 99), 999999937],
        [mk(rng, 45, 4, 0, 9), 123456789],
        [mk(rng, 6, 5), 14],
    ]


def valid(inp):
    g, k = inp
    assert 1 <= len(g) <= 50 and 1 <= len(g[0]) <= 50
    assert all(isinstance(r, list) and len(r) == len(g[0]) for r in g)
    assert all(isinstance(x, int) and -10**5 <= x <= 10**5 for r in g for x in r)
    assert isinstance(k, int) and 0 <= k <= 10**9
