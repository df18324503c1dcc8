"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-busiest-tram-stop"
TITLE = "Position of the Maximum After Range Additions"

BODY = r"""
An array of n integers, indexed 1 to n, starts with every element equal to 0. Each changes[i] = [l, r, v] adds v to every element with index from l to r, inclusive; v may be negative, so elements may become negative.

After applying all updates, return the index of the maximum element. If several elements share the maximum value, return the smallest such index.
"""

EXPLAIN = [
    "The final array is [3, 8, 4, 4, 0], so the maximum 8 is at index 2.",
    "The final array is [-2, -2, -2]; all elements tie, so the smallest index, 1, is returned.",
]
