"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-rising-photo-album"
TITLE = "Longest Increasing Subsequence"

BODY = r"""
You are given a sequence H = (H_1, H_2, \ldots, H_N) of integers.

Print the length of the longest strictly increasing subsequence of H. A subsequence is obtained by deleting zero or more elements without changing the order of the others; its elements need not be adjacent in H. It is strictly increasing if every element is larger than the one before it.

Input

The input is given from Standard Input in the following format:
N
H_1 H_2 \ldots H_N

Output

Print the length of the longest strictly increasing subsequence.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 1 \leq H_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "For example, 2, 5, 7, 101 (the 2nd, 4th, 5th and 7th elements) is a strictly increasing subsequence of length 4. No strictly increasing subsequence has length 5.",
    "All elements are equal, and a strictly increasing subsequence cannot repeat a value, so the answer is 1.",
]
