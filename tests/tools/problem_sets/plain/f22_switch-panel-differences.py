"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-switch-panel-differences"
TITLE = "Total Hamming Distance"

BODY = r"""
The Hamming distance of two integers is the number of bit positions at which their binary representations differ (here only bits 0 to 19 can be set). Return the sum of the Hamming distances between panels[i] and panels[j] over all pairs (i, j) with i < j.
"""

EXPLAIN = [
    "In binary the values are 001, 011 and 100. The distances are 1 (001 vs 011), 2 (001 vs 100) and 3 (011 vs 100); the sum is 6.",
    "",
]
