"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-towers-in-range"
TITLE = "Count Points Within Distance"

BODY = r"""
The list towers holds the positions of points on a number line; several points may share a position. Each query [x, d] asks for the number of points whose position p satisfies x - d <= p <= x + d (distance at most d from x).

Return a list whose i-th element is the answer to queries[i].
"""

EXPLAIN = [
    "Query [10, 3] covers [7, 13] and counts the points 7, 12 and 13; [0, 1] counts the point 1; [20, 0] counts none; [12, 5] covers [7, 17] and counts 7, 12, 13 and 17.",
    "Both points are at position 5: [5, 0] counts both, [4, 0] counts none, and [6, 1] covers [5, 7] and counts both.",
]
