"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-trail-day-split"
TITLE = "Split Array Largest Sum"

BODY = r"""
You are given an array A = (A_1, A_2, \ldots, A_N) of positive integers and an integer K.

Split A into at most K contiguous non-empty subarrays, keeping the order: every element belongs to exactly one subarray. The cost of a split is the largest sum of one of its subarrays.

Print the minimum possible cost, that is, the minimum possible value of the largest subarray sum.

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print the minimum possible largest subarray sum.

Constraints

- 1 \leq K \leq N \leq 2 \times 10^5
- 1 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The split (7, 2, 5), (10), (8) has subarray sums 14, 10 and 8, so its cost is 14. No split into at most 3 subarrays has every sum at most 13.",
    "With K = 1 the only split is the whole array, whose sum is 12.",
]
