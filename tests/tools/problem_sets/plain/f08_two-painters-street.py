"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-two-painters-street"
TITLE = "Count Multiples of Exactly One of Two Numbers"

BODY = r"""
Return the number of integers x with lo <= x <= hi that are divisible by exactly one of a and b: divisible by a or by b, but not by both.
"""

EXPLAIN = [
    "From 1 to 20 the multiples of 4 are 4, 8, 12, 16, 20 and the multiples of 6 are 6, 12, 18. 12 is a multiple of both, so the answer counts 4, 8, 16, 20, 6 and 18: 6 numbers.",
    "a = b, so every multiple of one is a multiple of the other, and no number is divisible by exactly one of them.",
]
