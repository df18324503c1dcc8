ID = "checkpoint-grid-paths"
TITLE = "Checkpoint Grid Paths"
PLATFORM = "atcoder"

BODY = r"""
A park is a grid of H rows and W columns. The cell in the i-th row from the top and the j-th column from the left is called (i, j). Each cell is described by a character: `.` is an open lawn, `#` is a flower bed that must not be entered, and `C` is an open cell with a stamp checkpoint.

A runner starts at (1, 1) and wants to reach (H, W). In one step the runner moves from the current cell to the cell directly to the right or directly below, staying inside the grid. The runner may never be on a `#` cell (if (1, 1) or (H, W) is `#`, there is no valid route at all).

A route is valid if it visits at least one `C` cell; the start and goal cells count as visited. Print the number of valid routes, modulo 998244353. Two routes are different if the sets of cells they visit differ.

Input

The input is given from Standard Input in the following format:
H W
S_1
S_2
\vdots
S_H

S_i is a string of length W whose j-th character describes cell (i, j).

Output

Print the number of valid routes modulo 998244353 (print 0 if there is none).

Constraints

- 1 \leq H, W \leq 1000
- H and W are integers.
- Each S_i is a string of length W consisting of `.`, `#` and `C`.
"""

EXPLAIN = [
    "Seven routes from (1, 1) to (3, 4) avoid the `#` cell. Six of them pass through the checkpoint (2, 3); the remaining one goes right three times and then down twice and visits no checkpoint. The checkpoint (3, 1) is a dead end, because the only cell after it is the `#` cell (3, 2).",
    "No cell is a checkpoint, so no route is valid.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    h, w = int(data[0]), int(data[1])
    grid = data[2:2 + h]
    MOD = 998244353
    # total[j]: routes to the current cell; clean[j]: routes that met no C
    total = [0] * w
    clean = [0] * w
    for i in range(h):
        row = grid[i]
        for j in range(w):
            c = row[j]
            if c == '#':
                total[j] = 0
                clean[j] = 0
                continue
            if i == 0 and j == 0:
                t, k = 1, 1
            else:
                t, k = total[j], clean[j]
                if j > 0:
                    t += total[j - 1]
                    k += clean[j - 1]
            total[j] = t % MOD
            clean[j] = 0 if c == 'C' else k % MOD
    print((total[w - 1] - clean[w - 1]) % MOD)

main()
"""

BRUTE = r"""
import sys
sys.setrecursionlimit(10000)
h, w = map(int, input().split())
g = [input() for _ in range(h)]

def walk(i, j, seen):
    if i >= h or j >= w or g[i][j] == '#':
        return 0
    seen = seen or g[i][j] == 'C'
    if (i, j) == (h - 1, w - 1):
        return 1 if seen else 0
    return walk(i + 1, j, seen) + walk(i, j + 1, seen)

print(walk(0, 0, False) % 998244353)
"""


def fmt(rows):
    return f"{len(rows)} {len(rows[0])}\n" + "".join(r + "\n" for r in rows)


def rand_grid(rng, h, w, p_wall, p_c):
    rows = []
    for _ in range(h):
        row = []
        for _ in range(w):
            x = rng.random()
            row.append('#' if x < p_wall else 'C' if x < p_wall + p_c else '.')
        rows.append("".join(row))
    return rows


def small(rng):
    h, w = rng.randint(1, 6), rng.randint(1, 6)
    return fmt(rand_grid(rng, h, w, rng.choice([0, 0.1, 0.3]), rng.choice([0, 0.05, 0.2, 1.0])))


def public():
    return [fmt(["....", "..C.", "C#.."]),
            fmt(["...", "...", "..."])]


def private(rng):
    big = rand_grid(rng, 100, 100, 0.08, 0.003)
    big[0] = "." + big[0][1:]
    big[-1] = big[-1][:-1] + "."
    sparse = ["." * 100 for _ in range(100)]
    sparse[50] = sparse[50][:50] + "C" + sparse[50][51:]
    wide = rand_grid(rng, 40, 200, 0.06, 0.002)
    return [
        fmt(["C"]),
        fmt(["."]),
        fmt(["#"]),
        fmt(["C.#", "...", "..#"]),
        fmt([".C...C..."]),
        fmt(["..", "#.", ".#", ".C"]),
        fmt(big),
        fmt(sparse),
        fmt(wide),
        fmt(["." * 99 + "C"] * 60),
    ]


def valid(inp):
    lines = inp.split("\n")
    h, w = map(int, lines[0].split())
    assert 1 <= h <= 1000 and 1 <= w <= 1000
    rows = lines[1:1 + h]
    assert all(len(r) == w and set(r) <= set(".#C") for r in rows)
    assert inp == fmt(rows)
