"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-river-stone-hops"
TITLE = "Minimum Number of Jumps Between Points"

BODY = r"""
The list stones holds the positions of points on a line; the list is not sorted, and all positions are different. Start at the point with the smallest position and reach the point with the largest position. One jump moves from a point to any other point at distance at most d (in either direction); you may only land on points.

Return the minimum number of jumps needed, or -1 if the point with the largest position cannot be reached. If there is only one point, the answer is 0.
"""

EXPLAIN = [
    "Sorted, the points are 1, 3, 4, 6, 8, 9. The jumps 1 -> 4 -> 6 -> 9 take three jumps. Two jumps of at most d = 3 cannot cover the distance 8.",
    "The gap between 5 and 11 is larger than d = 5.",
]
