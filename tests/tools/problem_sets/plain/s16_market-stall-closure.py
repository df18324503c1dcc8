"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-market-stall-closure"
TITLE = "Maximum Subarray Sum with One Deletion"

BODY = r"""
You are given an integer sequence A = (A_1, A_2, \ldots, A_N).

Choose a contiguous subarray A_l, A_{l+1}, \ldots, A_r (1 \leq l \leq r \leq N), and then delete at most one element from it (or delete none). At least one element must remain. Print the maximum possible sum of the remaining elements.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the maximum possible sum.

Constraints

- 1 \leq N \leq 2 \times 10^5
- -10^9 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Choose A_2, \\ldots, A_6 = 4, -8, 2, 5, 1 and delete -8: 4 + 2 + 5 + 1 = 12. Without a deletion the best subarray would be 2, 5, 1 with sum 8.",
    "Every element is negative, but at least one element must remain. The best choice is the single element -1.",
]
