"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-ledger-fair-split"
TITLE = "Split Point with Minimum Sum Difference"

BODY = r"""
Let n be the length of changes; its values may be negative. A cut i with 1 <= i <= n - 1 splits the array into the non-empty prefix changes[0..i-1] and the non-empty suffix changes[i..n-1]. The imbalance of the cut is the absolute difference between the sum of the prefix and the sum of the suffix.

Return the cut i with the minimum imbalance. If several cuts have the same minimum imbalance, return the smallest of them.
"""

EXPLAIN = [
    "The imbalances of the cuts 1 to 5 are 4, 6, 2, 2 and 8. Cuts 3 and 4 tie with imbalance 2, and the smaller one is 3.",
    "Every cut has imbalance 0, so the smallest cut, 1, is returned.",
]
