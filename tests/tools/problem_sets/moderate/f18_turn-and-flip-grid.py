ID = "turn-and-flip-grid"
TITLE = "Turn and Flip a Grid"
FUNC = "transformGrid"
SIGNATURE = "def transformGrid(self, grid: List[List[int]], ops: str) -> List[List[int]]:"

BODY = r"""
You are given an m x n grid of integers and a string ops describing operations to apply to it, one after another from left to right. ops is a sequence of tokens; each token is one of the letters below, optionally followed by a decimal count c (without leading zeros). A token with a count means that its operation is applied c times in a row; a token without a count is applied once. The count is the whole run of digits after the letter (for example "R12" means R applied 12 times).

- 'R': rotate the grid 90 degrees clockwise (an m x n grid becomes n x m; its first row becomes its last column).
- 'L': rotate the grid 90 degrees counterclockwise.
- 'H': mirror left to right (reverse every row).
- 'V': mirror top to bottom (reverse the order of the rows).
- 'T': transpose (the value in row i, column j moves to row j, column i).

Return the grid after all operations. If ops is empty, return the grid unchanged.
"""

EXPLAIN = [
    "Rotating clockwise turns the 2 x 3 grid into a 3 x 2 grid: the first row [1, 2, 3] becomes the last column, read from top to bottom, and the second row [4, 5, 6] becomes the first column.",
    "H3 mirrors three times, which is the same as mirroring once: [[2,1],[4,3]]. Transposing gives [[2,4],[1,3]].",
]

CONSTRAINTS = r"""
1 <= m, n <= 20, where m == grid.length and n == grid[i].length
-1000 <= grid[i][j] <= 1000
0 <= ops.length <= 200
ops consists of the letters 'R', 'L', 'H', 'V', 'T' and digits; every run of digits follows a letter, does not start with '0', and has value at most 10^9.
"""

REF = r"""
class Solution:
    def transformGrid(self, grid: List[List[int]], ops: str) -> List[List[int]]:
        g = [row[:] for row in grid]
        i = 0
        while i < len(ops):
            op = ops[i]
            j = i + 1
            while j < len(ops) and ops[j].isdigit():
                j += 1
            times = int(ops[i + 1:j]) if j > i + 1 else 1
            i = j
            for _ in range(times % 4):      # every operation repeated 4 times does nothing
                if op == 'R':
                    g = [list(r) for r in zip(*g[::-1])]
                elif op == 'L':
                    g = [list(r) for r in zip(*g)][::-1]
                elif op == 'H':
                    g = [r[::-1] for r in g]
                elif op == 'V':
                    g = g[::-1]
                else:
                    g = [list(r) for r in zip(*g)]
        return g
"""

BRUTE = r"""
class Solution:
    def transformGrid(self, grid: List[List[int]], ops: str) -> List[List[int]]:
        def rot_cw(g):
            m, n = len(g), len(g[0])
            out = [[0] * m for _ in range(n)]
            for r in range(m):
                for c in range(n):
                    out[c][m - 1 - r] = g[r][c]
            return out

        def apply(g, op):
            m, n = len(g), len(g[0])
            if op == 'R':
                return rot_cw(g)
            if op == 'L':
                return rot_cw(rot_cw(rot_cw(g)))
            if op == 'H':
                return [[g[r][n - 1 - c] for c in range(n)] for r in range(m)]
            if op == 'V':
                return [[g[m - 1 - r][c] for c in range(n)] for r in range(m)]
            return [[g[r][c] for r in range(m)] for c in range(n)]

        tokens = []
        for ch in ops:
            if ch.isdigit():
                tokens[-1][1] += ch
            else:
                tokens.append([ch, ""])
        g = [row[:] for row in grid]
        for op, cnt in tokens:
            for _ in range(int(cnt) if cnt else 1):
                g = apply(g, op)
        return g
"""


def mk(rng, m, n, lo=-9, hi=9):
    return [[rng.randint(lo, hi) for _ in range(n)] for _ in range(m)]


def rand_ops(rng, tokens, maxcnt):
    out = ""
    for _ in range(tokens):
        out += rng.choice("RLHVT")
        r = rng.random()
        if r < 0.4:
            out += str(rng.randint(1, maxcnt))
    return out


def effect(ops):
    # the net transformation of ops, seen on a 2 x 3 grid of distinct values
    import re
    g = [[1, 2, 3], [4, 5, 6]]
    for op, cnt in re.findall(r"([RLHVT])([0-9]*)", ops):
        for _ in range((int(cnt) if cnt else 1) % 4):
            if op == 'R':
                g = [list(r) for r in zip(*g[::-1])]
            elif op == 'L':
                g = [list(r) for r in zip(*g)][::-1]
            elif op == 'H':
                g = [r[::-1] for r in g]
            elif op == 'V':
                g = g[::-1]
            else:
                g = [list(r) for r in zip(*g)]
    return g


def not_identity(rng, ops):
    while effect(ops) == [[1, 2, 3], [4, 5, 6]]:
        ops = ops[:-1] if len(ops) >= 200 else ops
        ops = ops.rstrip("0123456789") + rng.choice("RLHVT")
        ops = ops[-200:].lstrip("0123456789")
    return ops


def small(rng):
    m, n = rng.randint(1, 4), rng.randint(1, 4)
    return [mk(rng, m, n), rand_ops(rng, rng.randint(0, 5), 13)]


def public():
    return [[[[1, 2, 3], [4, 5, 6]], "R"], [[[1, 2], [3, 4]], "H3T"]]


def private(rng):
    big_ops = ""
    while len(big_ops) < 180:
        big_ops += rng.choice("RLHVT") + (str(rng.randint(1, 10**9)) if rng.random() < 0.5 else "")
    return [
        [[[1, 2, 3], [4, 5, 6]], ""],
        [[[7]], "R1000000000L3T"],
        [[[1, 2, 3, 4, 5]], "R10"],                 # 10 turns = 2 turns
        [[[1, 2, 3], [4, 5, 6], [7, 8, 9]], "L"],
        [[[1, 2], [3, 4], [5, 6]], "T"],
        [[[1, 2, 3], [4, 5, 6]], "R1V2H999999999"],
        [[[1, 2], [3, 4]], "TRTLH"],
        [mk(rng, 20, 20, -1000, 1000), not_identity(rng, big_ops[:200].rstrip("0123456789"))],
        [mk(rng, 7, 20, -1000, 1000), not_identity(rng, rand_ops(rng, 40, 50))],
    ]


def valid(inp):
    import re
    g, ops = inp
    assert 1 <= len(g) <= 20 and 1 <= len(g[0]) <= 20
    assert all(isinstance(r, list) and len(r) == len(g[0]) for r in g)
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for r in g for x in r)
    assert isinstance(ops, str) and len(ops) <= 200
    assert re.fullmatch(r"([RLHVT]([1-9][0-9]*)?)*", ops)
    assert all(int(c) <= 10**9 for c in re.findall(r"[0-9]+", ops))
