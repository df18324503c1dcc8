ID = "orchard-square-queries"
TITLE = "Orchard Square Queries"
PLATFORM = "atcoder"

BODY = r"""
An orchard is a grid of H rows and W columns. Row 1 is the top row and column 1 is the leftmost column; the cell in row i and column j is (i, j). Each cell is either free, written '.', or holds a rock, written '#'. The character C_{i,j} describes cell (i, j).

A farmer asks Q questions. Question q gives integers r_q, c_q and T_q: the farmer wants to plant a square plot whose top-left cell is (r_q, c_q). A plot of side k (k \geq 1) consists of the cells (i, j) with r_q \leq i \leq r_q + k - 1 and c_q \leq j \leq c_q + k - 1; it must lie entirely inside the grid and may contain at most T_q rocks.

For each question, print the largest side k of such a plot, or 0 if no plot of side 1 is allowed (that is, if cell (r_q, c_q) holds a rock and T_q = 0).

Input

The input is given from Standard Input in the following format:
H W Q
C_{1,1}C_{1,2}\ldots C_{1,W}
C_{2,1}C_{2,2}\ldots C_{2,W}
\vdots
C_{H,1}C_{H,2}\ldots C_{H,W}
r_1 c_1 T_1
r_2 c_2 T_2
\vdots
r_Q c_Q T_Q

Output

Print Q lines. The q-th line should contain the answer to question q.

Constraints

- 1 \leq H, W \leq 500
- 1 \leq Q \leq 2 \times 10^5
- Each C_{i,j} is '.' or '#'.
- 1 \leq r_q \leq H
- 1 \leq c_q \leq W
- 0 \leq T_q \leq H \times W
- All input values other than the C_{i,j} are integers.
"""

EXPLAIN = [
    "The rocks are at (2, 4) and (3, 3). Question 1: the plot of side 2 at (1, 1) has no rock, but the plot of side 3 holds the rock at (3, 3). Question 2: the plot of side 3 holds one rock, and the plot of side 4 holds both. Question 3: cell (2, 4) holds a rock and T = 0. Question 4: from (4, 5) only side 1 fits in the grid.",
    "Question 1: the whole grid holds 3 rocks. Question 2: side 2 would hold 3 > 2 rocks, side 1 holds one. Question 3: only side 1 fits at (2, 2), and that cell is free. Question 4: cell (1, 2) holds a rock and T = 0.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    h, w, q = int(data[0]), int(data[1]), int(data[2])
    rows = data[3:3 + h]
    pre = [[0] * (w + 1) for _ in range(h + 1)]
    for i in range(h):
        row = rows[i]
        above = pre[i]
        cur = pre[i + 1]
        run = 0
        for j in range(w):
            if row[j] == "#":
                run += 1
            cur[j + 1] = above[j + 1] + run
    out = []
    pos = 3 + h
    for _ in range(q):
        r, c, t = int(data[pos]) - 1, int(data[pos + 1]) - 1, int(data[pos + 2])
        pos += 3
        lo, hi = 0, min(h - r, w - c)
        while lo < hi:
            k = (lo + hi + 1) // 2
            rocks = pre[r + k][c + k] - pre[r][c + k] - pre[r + k][c] + pre[r][c]
            if rocks <= t:
                lo = k
            else:
                hi = k - 1
        out.append(lo)
    print("\n".join(map(str, out)))

main()
"""

BRUTE = r"""
h, w, q = map(int, input().split())
g = [input().strip() for _ in range(h)]
for _ in range(q):
    r, c, t = map(int, input().split())
    r -= 1
    c -= 1
    best = 0
    for k in range(1, min(h - r, w - c) + 1):
        rocks = 0
        for i in range(r, r + k):
            for j in range(c, c + k):
                if g[i][j] == "#":
                    rocks += 1
        if rocks <= t:
            best = k
    print(best)
"""


def fmt(grid, qs):
    h, w = len(grid), len(grid[0])
    return (f"{h} {w} {len(qs)}\n" + "".join(row + "\n" for row in grid)
            + "".join(f"{r} {c} {t}\n" for r, c, t in qs))


def rand_grid(rng, h, w, p):
    return ["".join("#" if rng.random() < p else "." for _ in range(w)) for _ in range(h)]


def rand_qs(rng, h, w, q, tmax):
    return [(rng.randint(1, h), rng.randint(1, w), rng.randint(0, min(tmax, h * w))) for _ in range(q)]


def small(rng):
    h, w = rng.randint(1, 6), rng.randint(1, 6)
    grid = rand_grid(rng, h, w, rng.choice([0.0, 0.2, 0.5, 1.0]))
    return fmt(grid, rand_qs(rng, h, w, rng.randint(1, 6), rng.choice([0, 1, 3, 40])))


def public():
    grid = [".....", "...#.", "..#..", "....."]
    return [
        fmt(grid, [(1, 1, 0), (1, 1, 1), (2, 4, 0), (4, 5, 0)]),
        fmt(["##", "#."], [(1, 1, 3), (1, 1, 2), (2, 2, 0), (1, 2, 0)]),
    ]


def private(rng):
    big = rand_grid(rng, 150, 150, 0.02)
    big_q = [(rng.randint(1, 30), rng.randint(1, 30), rng.randint(0, 600)) for _ in range(2000)]
    big_q += rand_qs(rng, 150, 150, 1500, 40)
    rng.shuffle(big_q)
    dense = rand_grid(rng, 120, 90, 0.5)
    return [
        fmt(["."], [(1, 1, 0)]),
        fmt(["#"], [(1, 1, 0), (1, 1, 1)]),
        fmt(["#.#.#.#"], [(1, 2, 0), (1, 1, 5), (1, 7, 0)]),
        fmt(["...", "...", "..."], [(1, 1, 0), (2, 2, 0), (3, 1, 9), (1, 3, 0)]),
        fmt(["#" * 8] * 8, [(1, 1, 63), (1, 1, 64), (1, 1, 3), (2, 2, 0), (1, 1, 4)]),
        fmt(big, big_q),
        fmt(dense, rand_qs(rng, 120, 90, 800, 200)),
        fmt(rand_grid(rng, 7, 9, 0.3), rand_qs(rng, 7, 9, 12, 6)),
    ]


def valid(inp):
    lines = inp.split("\n")
    h, w, q = map(int, lines[0].split())
    assert 1 <= h <= 500 and 1 <= w <= 500 and 1 <= q <= 2 * 10**5
    assert len(lines) == 1 + h + q + 1 and lines[-1] == ""
    for row in lines[1:1 + h]:
        assert len(row) == w and set(row) <= {".", "#"}
    for line in lines[1 + h:1 + h + q]:
        r, c, t = map(int, line.split())
        assert 1 <= r <= h and 1 <= c <= w and 0 <= t <= h * w
