ID = "falling-crate-shelves"
TITLE = "Falling Crate Shelves"
FUNC = "settleCrates"
SIGNATURE = "def settleCrates(self, wall: List[str]) -> List[str]:"

BODY = r"""
A storage wall is drawn as a grid of strings; wall[0] is the top row and the last string is the bottom row. Each cell is '.' (empty), '#' (a fixed shelf board) or 'o' (a crate). When the wall is shaken, every crate falls straight down until the cell below it is a shelf board, another crate that has already come to rest, or the floor under the bottom row. Shelf boards never move, and crates never move sideways.

Return the wall after all crates have come to rest, in the same format.
"""

EXPLAIN = [
    "The two crates in the first column already rest on the shelf board. The crate in the second column falls to the floor, and the two crates in the third column pile up on the floor.",
    "Both crates fall to the floor; the shelf board stays where it is.",
]

CONSTRAINTS = r"""
1 <= wall.length <= 50
1 <= wall[i].length <= 50, and all rows have the same length
wall[i][j] is '.', '#' or 'o'.
"""

REF = r"""
class Solution:
    def settleCrates(self, wall: List[str]) -> List[str]:
        rows, cols = len(wall), len(wall[0])
        g = [list(row) for row in wall]
        for c in range(cols):
            land = rows - 1
            for r in range(rows - 1, -1, -1):
                if g[r][c] == '#':
                    land = r - 1
                elif g[r][c] == 'o':
                    g[r][c] = '.'
                    g[land][c] = 'o'
                    land -= 1
        return ["".join(row) for row in g]
"""

BRUTE = r"""
class Solution:
    def settleCrates(self, wall: List[str]) -> List[str]:
        g = [list(row) for row in wall]
        moved = True
        while moved:
            moved = False
            for r in range(len(g) - 1):
                for c in range(len(g[0])):
                    if g[r][c] == 'o' and g[r + 1][c] == '.':
                        g[r][c], g[r + 1][c] = '.', 'o'
                        moved = True
        return ["".join(row) for row in g]
"""


def rand_wall(rng, rows, cols, pbox, pshelf):
    out = []
    for _ in range(rows):
        row = ""
        for _ in range(cols):
            x = rng.random()
            row += "o" if x < pbox else "#" if x < pbox + pshelf else "."
        out.append(row)
    return out


def small(rng):
    return [rand_wall(rng, rng.randint(1, 6), rng.randint(1, 5), rng.choice([0.2, 0.4, 0.7]), rng.choice([0.0, 0.15, 0.3]))]


def public():
    return [
        [["o.o", "oo.", "#.o", "..."]],
        [["o#", ".o", ".."]],
    ]


def private(rng):
    return [
        [["o"]],
        [["."]],
        [["#", "o", "."]],
        [["ooo", "...", "...", "..."]],
        [["o.o.o", "#####", "o.o.o", "....."]],
        [["oooo", "oooo", "oooo"]],
        [rand_wall(rng, 50, 50, 0.3, 0.1)],
        [["o" * 50] * 25 + ["." * 50] * 25],
        [rand_wall(rng, 12, 9, 0.5, 0.2)],
    ]


def valid(inp):
    (wall,) = inp
    assert 1 <= len(wall) <= 50
    cols = len(wall[0])
    assert 1 <= cols <= 50
    for row in wall:
        assert len(row) == cols and set(row) <= set(".#o")
