"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-matching-weather-streak"
TITLE = "Longest Common Subarray Within a Tolerance"

BODY = r"""
Two values match if their absolute difference is at most tol. Return the largest L for which there are indices i and j such that |a[i+t] - b[j+t]| <= tol for every t from 0 to L-1: a contiguous subarray of a of length L and a contiguous subarray of b of length L (possibly starting at different indices) that match element by element. Return 0 if no element of a matches any element of b.
"""

EXPLAIN = [
    "a[1..3] = [5, 7, 9] and b[0..2] = [6, 7, 10] differ by 1, 0 and 1 element by element, all at most tol = 1. No common subarray of length 4 matches.",
    "Every pair of elements differs by more than tol = 0.",
]
