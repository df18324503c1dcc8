"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-falling-crate-shelves"
TITLE = "Apply Gravity to a Grid"

BODY = r"""
You are given a grid as a list of strings of equal length; wall[0] is the top row and the last string is the bottom row. Each cell is '.' (empty), '#' (a fixed obstacle) or 'o' (an object). Apply gravity: every object moves straight down until the cell below it is an obstacle, another object that has already come to rest, or the bottom edge of the grid. Obstacles never move, and objects never move sideways.

Return the grid after all objects have come to rest, in the same format.
"""

EXPLAIN = [
    "The two objects in column 0 already rest on the obstacle. The object in column 1 falls to the bottom row, and the two objects in column 2 pile up at the bottom.",
    "Both objects fall to the bottom row; the obstacle stays where it is.",
]
