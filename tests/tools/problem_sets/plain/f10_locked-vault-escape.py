"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-locked-vault-escape"
TITLE = "Shortest Path Through a Key Cell"

BODY = r"""
You are given a rectangular grid; grid[r][c] is one of:

- '.' an open cell, '#' a wall,
- 'S' the start, 'K' the key, 'E' the exit (each appears exactly once; they are open cells).

One move goes from a cell to an open cell that shares a side with it. Find a path that starts at 'S', visits 'K', and then ends at 'E', where the path must not enter 'E' before it has visited 'K'.

Return the minimum number of moves of such a path, or -1 if no such path exists.
"""

EXPLAIN = [
    "'K' is 3 moves to the right of 'S'. From 'K' the exit is 5 moves away (down the last column, then left along the bottom row), so the answer is 3 + 5 = 8.",
    "'K' is shut in by walls and the edge of the grid, so it cannot be reached.",
]
