"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-tandem-kayak-pairs"
TITLE = "Count Pairs with Sum at Most a Limit"

BODY = r"""
Return the number of pairs of indices (i, j) with i < j and weights[i] + weights[j] <= limit. Equal values at different indices form different pairs.
"""

EXPLAIN = [
    "The qualifying pairs are 50+60, 50+70, 50+80, 60+70 and 60+80 (sums 110, 120, 130, 130 and 140). 70+80 = 150 is larger than limit.",
    "Every pair sums to exactly 100 = limit, so all 3 pairs count.",
]
