ID = "fenced-robot-walk"
TITLE = "Fenced Robot Walk"
FUNC = "visitedCells"
SIGNATURE = "def visitedCells(self, left: int, right: int, commands: str) -> int:"

BODY = r"""
A robot stands on cell 0 of a number line. Fences keep it inside the cells -left, -left + 1, ..., right (both ends included). It executes the characters of commands one by one:

- 'L' moves it one cell to the left,
- 'R' moves it one cell to the right,
- 'J' makes it jump two cells to the right; it lands only on the target cell and does not stand on the cell it jumps over.

A command that would take the robot outside the fences is ignored: the robot does not move at all for that command (a jump that would pass the fence is not shortened to one cell).

Return the number of different cells the robot has stood on, counting the starting cell 0.
"""

EXPLAIN = [
    "The robot stands on 0, 2, 3, 2, 1, 0, -1, -1 (the last 'L' is ignored), 1. The cells 0, 2, 3, 1, -1 are 5 different cells.",
    "Both jumps would pass the fence at cell 1, so they are ignored; the 'R' moves the robot to 1.",
]

CONSTRAINTS = r"""
0 <= left, right <= 1000
0 <= commands.length <= 1000
commands consists only of the characters 'L', 'R' and 'J'.
"""

REF = r"""
class Solution:
    def visitedCells(self, left: int, right: int, commands: str) -> int:
        step = {'L': -1, 'R': 1, 'J': 2}
        pos = 0
        seen = {0}
        for c in commands:
            nxt = pos + step[c]
            if -left <= nxt <= right:
                pos = nxt
                seen.add(pos)
        return len(seen)
"""

BRUTE = r"""
class Solution:
    def visitedCells(self, left: int, right: int, commands: str) -> int:
        cells = list(range(-left, right + 1))
        stood = [False] * len(cells)
        i = cells.index(0)
        stood[i] = True
        for c in commands:
            if c == 'L' and i - 1 >= 0:
                i -= 1
            elif c == 'R' and i + 1 < len(cells):
                i += 1
            elif c == 'J' and i + 2 < len(cells):
                i += 2
            stood[i] = True
        return stood.count(True)
"""


def small(rng):
    left, right = rng.randint(0, 4), rng.randint(0, 4)
    cmds = "".join(rng.choice("LRJ") for _ in range(rng.randint(0, 12)))
    return [left, right, cmds]


def public():
    return [[1, 3, "JRLLLLLJ"], [0, 1, "JJR"]]


def private(rng):
    return [
        [0, 0, ""],
        [0, 0, "LRJLRJ"],
        [5, 5, ""],
        [2, 2, "JJJLLLLLLL"],
        [1000, 1000, "J" * 1000],
        [1000, 0, "L" * 999 + "R"],
        [3, 4, "".join(rng.choice("LRJ") for _ in range(200))],
        [1000, 1000, "".join(rng.choice("LLRJ") for _ in range(1000))],
    ]


def valid(inp):
    left, right, cmds = inp
    assert isinstance(left, int) and isinstance(right, int)
    assert 0 <= left <= 1000 and 0 <= right <= 1000
    assert isinstance(cmds, str) and len(cmds) <= 1000 and set(cmds) <= set("LRJ")
