"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-even-doubles-teams"
TITLE = "Minimize the Spread of Pair Sums"

BODY = r"""
The array skill has even length. Partition its elements into pairs, every element in exactly one pair. The spread of a partition is the largest pair sum minus the smallest pair sum.

Return the minimum possible spread over all partitions into pairs.
"""

EXPLAIN = [
    "The pairs (1, 9), (3, 8) and (4, 6) have sums 10, 11 and 10, so the spread is 1. No partition has all pair sums equal.",
    "There is only one pair, so the spread is 0.",
]
