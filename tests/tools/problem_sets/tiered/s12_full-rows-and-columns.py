# Tier B: two or three steps.
ID = "full-rows-and-columns"
TITLE = "Full Rows and Full Columns"
PLATFORM = "atcoder"

BODY = r"""
You are given a grid of H rows and W columns. Each cell is either . (empty) or # (filled); the cell in the i-th row and j-th column is the j-th character of S_i.

A row is full if all of its W cells are #. A column is full if all of its H cells are #.

Print three numbers: the number R of full rows, the number C of full columns, and the number X of filled cells that lie neither in a full row nor in a full column.

Input

The input is given from Standard Input in the following format:
H W
S_1
S_2
\vdots
S_H

Output

Print R, C and X, separated by spaces.

Constraints

- 1 \leq H, W \leq 20
- H and W are integers.
- Each S_i is a string of length W consisting of . and #.
"""

EXPLAIN = [
    "Row 2 is full and column 1 is full. The filled cells outside them are at (1, 3) and (3, 4), so X = 2.",
    "There is no filled cell at all.",
]

REF = r"""
h, w = map(int, input().split())
g = [input().strip() for _ in range(h)]
rows = [all(c == "#" for c in g[i]) for i in range(h)]
cols = [all(g[i][j] == "#" for i in range(h)) for j in range(w)]
x = sum(1 for i in range(h) for j in range(w) if g[i][j] == "#" and not rows[i] and not cols[j])
print(sum(rows), sum(cols), x)
"""

BRUTE = r"""
h, w = map(int, input().split())
g = [input().strip() for _ in range(h)]
full_rows = [i for i in range(h) if g[i] == "#" * w]
t = ["".join(g[i][j] for i in range(h)) for j in range(w)]
full_cols = [j for j in range(w) if t[j].count("#") == h]
x = 0
for i in range(h):
    for j in range(w):
        if g[i][j] == "#" and i not in full_rows and j not in full_cols:
            x += 1
print(len(full_rows), len(full_cols), x)
"""


def fmt(g):
    return f"{len(g)} {len(g[0])}\n" + "".join(row + "\n" for row in g)


def rand(rng, h, w, p):
    return ["".join("#" if rng.random() < p else "." for _ in range(w)) for _ in range(h)]


def small(rng):
    return fmt(rand(rng, rng.randint(1, 4), rng.randint(1, 4), rng.choice([0.2, 0.6, 0.85, 1.0])))


def public():
    return [fmt(["#.#.", "####", "#..#"]), fmt(["...", "..."])]


def private(rng):
    g = rand(rng, 20, 20, 0.5)
    g[3] = "#" * 20
    g = ["".join("#" if j == 7 else g[i][j] for j in range(20)) for i in range(20)]
    return [
        fmt(["#"]),
        fmt(["."]),
        fmt(["###", "###"]),
        fmt(["#", "#", "."]),
        fmt(["#.", ".#"]),
        fmt(["##.##"]),
        fmt(g),
        fmt(rand(rng, 15, 9, 0.9)),
    ]


def valid(inp):
    import re
    lines = inp[:-1].split("\n")
    h, w = map(int, lines[0].split(" "))
    assert 1 <= h <= 20 and 1 <= w <= 20 and len(lines) == h + 1
    assert all(re.fullmatch(r"[.#]{%d}" % w, row) for row in lines[1:])
