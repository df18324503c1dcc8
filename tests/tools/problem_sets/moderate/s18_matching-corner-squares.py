ID = "matching-corner-squares"
TITLE = "Matching Corner Squares"
PLATFORM = "atcoder"

BODY = r"""
You are given a grid with H rows and W columns. The cell in the i-th row from the top and the j-th column from the left is called (i, j). Each cell contains either a lowercase English letter or `.` (an empty cell).

For integers i, j and k with k \geq 1, the square with top-left cell (i, j) and side k is the set of the four corner cells (i, j), (i, j+k), (i+k, j) and (i+k, j+k); all four must lie inside the grid. Such a square is called **matching** if its four corner cells contain the same letter. A corner that is an empty cell never matches anything, not even another empty cell. Only squares whose sides are parallel to the grid lines are considered, and the cells between the corners do not matter.

Print the number of matching squares. Then print the letter that appears as the common corner letter of the largest number of matching squares, together with that number; if several letters tie, print the alphabetically smallest of them. If there is no matching square, print only `0` on a single line.

Input

The input is given from Standard Input in the following format:
H W
G_1
G_2
\vdots
G_H

G_i is the i-th row of the grid.

Output

If there is at least one matching square, print two lines: the number of matching squares on the first line, and the letter and its number of matching squares, separated by a space, on the second line.

If there is no matching square, print a single line containing `0`.

Constraints

- 1 \leq H, W \leq 50
- G_i is a string of length W consisting of lowercase English letters and `.`.
"""

EXPLAIN = [
    "The matching squares are the one with top-left cell (1, 1) and side 1 (letter a), the one with top-left cell (1, 1) and side 2 (letter a) and the one with top-left cell (2, 4) and side 1 (letter b). The letter a has 2 of them.",
    "There are four matching squares of side 2, with top-left cells (1, 1), (1, 3), (3, 1) and (3, 3), and one of side 4, with top-left cell (1, 1). The empty cells (2, 2), (2, 4), (4, 2) and (4, 4) do not form a matching square.",
]

REF = r"""
import sys

def main():
    data = sys.stdin.read().split()
    h, w = int(data[0]), int(data[1])
    g = data[2:2 + h]
    count = {}
    total = 0
    for i in range(h):
        for j in range(w):
            ch = g[i][j]
            if ch == ".":
                continue
            k = 1
            while i + k < h and j + k < w:
                if g[i][j + k] == ch and g[i + k][j] == ch and g[i + k][j + k] == ch:
                    total += 1
                    count[ch] = count.get(ch, 0) + 1
                k += 1
    if total == 0:
        print(0)
        return
    best = None
    for ch in sorted(count):
        if best is None or count[ch] > count[best]:
            best = ch
    print(total)
    print(best, count[best])

main()
"""

BRUTE = r"""
h, w = map(int, input().split())
g = [input() for _ in range(h)]
per = {c: 0 for c in "abcdefghijklmnopqrstuvwxyz"}
# pick two cells of the same row, then look at the row below at the same distance
for r in range(h):
    for c1 in range(w):
        for c2 in range(c1 + 1, w):
            a = g[r][c1]
            if a == "." or g[r][c2] != a:
                continue
            r2 = r + (c2 - c1)
            if r2 >= h:
                continue
            if g[r2][c1] == a and g[r2][c2] == a:
                per[a] += 1
total = sum(per.values())
if total == 0:
    print(0)
else:
    top = max(per.values())
    letter = min(c for c in per if per[c] == top)
    print(total)
    print(letter, top)
"""


def fmt(g):
    return f"{len(g)} {len(g[0])}\n" + "".join(row + "\n" for row in g)


def rand_grid(rng, h, w, letters, dot):
    return ["".join("." if rng.random() < dot else rng.choice(letters) for _ in range(w)) for _ in range(h)]


def small(rng):
    h, w = rng.randint(1, 6), rng.randint(1, 6)
    letters = rng.choice(["a", "ab", "ba", "abc", "xyz", "zy"])
    return fmt(rand_grid(rng, h, w, letters, rng.choice([0.0, 0.1, 0.4, 0.8])))


def public():
    return [
        fmt(["aaa..", "aa.bb", "a.abb"]),
        fmt(["b.b.b", ".....", "b.b.b", ".....", "b.bzb"]),
    ]


def private(rng):
    tie = ["b.b..", ".....", "b.b..", "...aa", "...aa"]
    return [
        # a single cell, and a single row: no square possible
        fmt(["q"]),
        fmt(["zzzzzzzzzz"]),
        # empty cells never match, even four of them
        fmt(["..", ".."]),
        fmt(["a.a", "...", "a.."]),
        # a tie between two letters: the smaller one is printed
        fmt(tie),
        # the tie goes to the smaller letter even though it appears later in the grid
        fmt(["zz.", "zz.", "..."] + ["yy.", "yy.", "..."]),
        # only one letter: counts all sizes
        fmt(["a" * 50] * 50),
        fmt(rand_grid(rng, 50, 50, "ab", 0.1)),
        fmt(rand_grid(rng, 37, 50, "abcdefghijklmnopqrstuvwxyz", 0.0)),
        fmt(rand_grid(rng, 50, 20, "xyz", 0.3)),
    ]


def valid(inp):
    lines = inp.split("\n")
    assert lines[-1] == ""
    h, w = map(int, lines[0].split())
    assert 1 <= h <= 50 and 1 <= w <= 50 and len(lines) == h + 2
    for row in lines[1:h + 1]:
        assert len(row) == w and all(ch == "." or "a" <= ch <= "z" for ch in row)
