ID = "wrapping-robot-walls"
TITLE = "Wrapping Robot and Walls"
PLATFORM = "atcoder"

BODY = r"""
There is a grid with H rows and W columns. The cell in the r-th row from the top and the c-th column from the left is called (r, c). Each cell is either a floor cell, written `.`, or a wall cell, written `#`.

A robot stands on the floor cell (R, C). It receives a string T of instructions, each one of `U`, `D`, `L`, `R` (up, down, left, right), and executes them one by one:

- the target cell is the neighbouring cell in the given direction: (r-1, c) for `U`, (r+1, c) for `D`, (r, c-1) for `L`, (r, c+1) for `R`;
- the grid wraps around: going `U` from row 1 targets row H, going `D` from row H targets row 1, going `L` from column 1 targets column W, and going `R` from column W targets column 1 (all in the same column or row);
- if the target cell is a wall, the robot does not move, and the instruction counts as **blocked**; otherwise the robot moves to the target cell.

Note that when H = 1, the target of `U` and `D` is the robot's own cell, which is a floor cell, so the robot stays where it is and the instruction is not blocked; the same holds for `L` and `R` when W = 1.

Print the robot's final cell, the number of blocked instructions, and the number of distinct cells the robot has stood on (the starting cell (R, C) included).

Input

The input is given from Standard Input in the following format:
H W R C
G_1
G_2
\vdots
G_H
T

G_i is the i-th row of the grid.

Output

Print three lines. The first line must contain the final row and column of the robot, separated by a space. The second line must contain the number of blocked instructions. The third line must contain the number of distinct cells the robot has stood on.

Constraints

- 1 \leq H, W \leq 50
- 1 \leq R \leq H, 1 \leq C \leq W
- G_i is a string of length W consisting of `.` and `#`.
- Cell (R, C) is a floor cell.
- T is a string of length between 1 and 1000 consisting of `U`, `D`, `L` and `R`.
"""

EXPLAIN = [
    "The robot starts at (1, 1). L wraps to (1, 4). U wraps to (3, 4), which is a wall: blocked. D moves to (2, 4). R wraps to (2, 1), a wall: blocked. R is blocked again. U moves to (1, 4). Three instructions were blocked, and the robot stood on (1, 1), (1, 4) and (2, 4).",
    "Both U and both D instructions target a wall. The four R instructions move the robot to (2, 3), (2, 1) (wrapping), (2, 2) and (2, 3). The robot stood on 3 distinct cells.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    h, w, r, c = int(data[0]), int(data[1]), int(data[2]) - 1, int(data[3]) - 1
    g = data[4:4 + h]
    t = data[4 + h]
    moves = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    blocked = 0
    seen = {(r, c)}
    for ch in t:
        dr, dc = moves[ch]
        nr, nc = (r + dr) % h, (c + dc) % w
        if g[nr][nc] == "#":
            blocked += 1
        else:
            r, c = nr, nc
            seen.add((r, c))
    print(r + 1, c + 1)
    print(blocked)
    print(len(seen))

main()
"""

BRUTE = r"""
h, w, r, c = map(int, input().split())
grid = {}
for i in range(1, h + 1):
    row = input()
    for j in range(1, w + 1):
        grid[(i, j)] = row[j - 1]
t = input().strip()
blocked = 0
visited = [[False] * (w + 2) for _ in range(h + 2)]
visited[r][c] = True
for ch in t:
    nr, nc = r, c
    if ch == "U":
        nr = r - 1
        if nr == 0:
            nr = h
    elif ch == "D":
        nr = r + 1
        if nr == h + 1:
            nr = 1
    elif ch == "L":
        nc = c - 1
        if nc == 0:
            nc = w
    else:
        nc = c + 1
        if nc == w + 1:
            nc = 1
    if grid[(nr, nc)] == "#":
        blocked = blocked + 1
    else:
        r, c = nr, nc
        visited[r][c] = True
print(r, c)
print(blocked)
print(sum(row.count(True) for row in visited))
"""


def fmt(g, r, c, t):
    return f"{len(g)} {len(g[0])} {r} {c}\n" + "".join(row + "\n" for row in g) + t + "\n"


def rand_case(rng, h, w, p, length, bias=None):
    g = [["#" if rng.random() < p else "." for _ in range(w)] for _ in range(h)]
    r, c = rng.randint(1, h), rng.randint(1, w)
    g[r - 1][c - 1] = "."
    letters = bias or "UDLR"
    t = "".join(rng.choice(letters) for _ in range(length))
    return fmt(["".join(row) for row in g], r, c, t)


def small(rng):
    h = rng.choice([1, 1, 2, 3, 4])
    w = rng.choice([1, 2, 3, 4, 5])
    bias = rng.choice([None, None, "UU", "LLR", "DR"])
    return rand_case(rng, h, w, rng.choice([0.0, 0.2, 0.4, 0.7]), rng.randint(1, 12), bias)


def public():
    return [
        fmt(["....", "#...", "...#"], 1, 1, "LUDRRU"),
        fmt([".#.", "...", ".#."], 2, 2, "UUDDRRRR"),
    ]


def private(rng):
    ring = ["#####", "#...#", "#.#.#", "#...#", "#####"]
    return [
        # H = 1 and W = 1: vertical (or every) move targets its own cell
        fmt(["."], 1, 1, "UDLRLLUU"),
        fmt([".#..#."], 1, 3, "UUDLLRRRRRRDL"),
        fmt(["."] + ["#"] * 3, 1, 1, "DDDDUUUULLRR"),
        # wrap into a wall on the opposite side
        fmt(["#..", "...", "..#"], 1, 2, "UULLLLDDRRRRRR"),
        # enclosed by walls: no wrap ever happens
        fmt(ring, 2, 2, "RRRRDDDDLLLLUUUU" * 3),
        # every instruction blocked
        fmt(["#.#", "###"], 1, 2, "LRUDLRUD"),
        rand_case(rng, 50, 50, 0.3, 1000),
        rand_case(rng, 50, 37, 0.1, 1000, "RRRRD"),
        rand_case(rng, 23, 50, 0.35, 1000, "UUL"),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert lines[-1] == ""
    h, w, r, c = map(int, lines[0].split())
    assert 1 <= h <= 50 and 1 <= w <= 50 and 1 <= r <= h and 1 <= c <= w
    assert len(lines) == h + 3
    g = lines[1:h + 1]
    assert all(len(row) == w and set(row) <= set(".#") for row in g)
    assert g[r - 1][c - 1] == "."
    t = lines[h + 1]
    assert 1 <= len(t) <= 1000 and set(t) <= set("UDLR")
