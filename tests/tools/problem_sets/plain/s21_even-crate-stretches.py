"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-even-crate-stretches"
TITLE = "Subarray Sums Divisible by K"

BODY = r"""
You are given an integer sequence A = (A_1, A_2, \ldots, A_N) and a positive integer K.

Print the number of pairs (l, r) with 1 \leq l \leq r \leq N such that the subarray sum A_l + A_{l+1} + \cdots + A_r is divisible by K, that is, a multiple of K (this includes 0 and negative multiples such as -K or -2K).

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print the number of subarrays whose sum is divisible by K.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq K \leq 10^9
- -10^9 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "All 10 subarrays inside A_1, \\ldots, A_4 have sums divisible by 4; for example A_2 + A_3 + A_4 = -4. No subarray containing A_5 qualifies: its sum is 1 or -3.",
    "For example, A_1 + \\cdots + A_5 = -3 is a multiple of 3, so the pair (1, 5) is counted.",
]
