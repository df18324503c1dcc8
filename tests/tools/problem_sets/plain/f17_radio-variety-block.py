"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-radio-variety-block"
TITLE = "Longest Subarray with At Most k Copies of Each Value"

BODY = r"""
Return the length of the longest contiguous subarray of artists in which no value occurs more than k times.
"""

EXPLAIN = [
    "The subarray 2, 3, 1, 3, 1 (indices 2 to 6) contains every value at most twice. Every subarray of length 6 contains the value 1 three times or the value 3 three times.",
    "Every subarray of length 2 or more contains the value 5 at least twice.",
]
