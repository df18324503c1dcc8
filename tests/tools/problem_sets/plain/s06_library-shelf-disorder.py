"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-library-shelf-disorder"
TITLE = "Count Inversions"

BODY = r"""
You are given a sequence A = (A_1, A_2, \ldots, A_N) of integers.

Print the number of inversions of A: the number of pairs (i, j) with 1 \leq i < j \leq N and A_i > A_j. A pair of equal elements is not an inversion.

Input

The input is given from Standard Input in the following format:
N
A_1 A_2 \ldots A_N

Output

Print the number of inversions.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The inversions are (1, 2), (1, 4), (1, 5), (3, 4) and (3, 5): for example A_1 = 3 > A_2 = 1. The pair (2, 4) is not an inversion, because A_2 = A_4 = 1.",
    "",
]
