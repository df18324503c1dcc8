# Tier B: two or three steps.
ID = "heaviest-row-and-column"
TITLE = "Heaviest Row and Column"
FUNC = "heaviestLines"
SIGNATURE = "def heaviestLines(self, grid: List[List[int]]) -> List[int]:"

BODY = r"""
You are given an m x n integer matrix grid (0-indexed rows and columns).

Let r be the index of the row with the largest sum of its elements, and c the index of the column with the largest sum of its elements. When several rows share the largest row sum, r is the smallest of their indices; the same rule applies to columns. Return [r, c].
"""

EXPLAIN = [
    "The row sums are 6, 9 and 9, so r = 1 (the smaller of 1 and 2). The column sums are 10, 6 and 8, so c = 0.",
    "The only row is row 0; the column sums are -1, -2 and -1, so c = 0.",
]

CONSTRAINTS = r"""
1 <= m, n <= 20
-100 <= grid[i][j] <= 100
"""

REF = r"""
class Solution:
    def heaviestLines(self, grid: List[List[int]]) -> List[int]:
        rows = [sum(row) for row in grid]
        cols = [sum(col) for col in zip(*grid)]
        return [rows.index(max(rows)), cols.index(max(cols))]
"""

BRUTE = r"""
class Solution:
    def heaviestLines(self, grid: List[List[int]]) -> List[int]:
        m, n = len(grid), len(grid[0])
        r = 0
        for i in range(m):
            if sum(grid[i]) > sum(grid[r]):
                r = i
        c = 0
        best = None
        for j in range(n):
            s = 0
            for i in range(m):
                s += grid[i][j]
            if best is None or s > best:
                best, c = s, j
        return [r, c]
"""


def rand(rng, m, n, lo, hi):
    return [[rng.randint(lo, hi) for _ in range(n)] for _ in range(m)]


def small(rng):
    return [rand(rng, rng.randint(1, 4), rng.randint(1, 4), -2, 2)]


def public():
    return [[[[1, 2, 3], [4, 1, 4], [5, 3, 1]]], [[[-1, -2, -1]]]]


def private(rng):
    return [
        [[[0]]],
        [[[-100]]],
        [[[5], [7], [7]]],
        [[[0, 0, 0], [0, 0, 0]]],
        [[[-5, 3], [3, -5]]],
        [[[100] * 20 for _ in range(20)]],
        [rand(rng, 20, 20, -100, 100)],
        [rand(rng, 7, 13, -1, 1)],
    ]


def valid(inp):
    (grid,) = inp
    assert 1 <= len(grid) <= 20 and 1 <= len(grid[0]) <= 20
    assert all(len(row) == len(grid[0]) for row in grid)
    assert all(isinstance(x, int) and -100 <= x <= 100 for row in grid for x in row)
