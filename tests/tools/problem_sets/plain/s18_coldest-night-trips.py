"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-coldest-night-trips"
TITLE = "Sliding Window Minimum"

BODY = r"""
You are given an integer sequence A = (A_1, A_2, \ldots, A_N) and an integer K.

For every s = 1, 2, \ldots, N-K+1, the window starting at s consists of the K consecutive elements A_s, A_{s+1}, \ldots, A_{s+K-1}. Print the minimum of every window, in order of s (the sliding window minimum).

Input

The input is given from Standard Input in the following format:
N K
A_1 A_2 \ldots A_N

Output

Print N-K+1 integers in one line, separated by spaces. The s-th of them must be the minimum of A_s, A_{s+1}, \ldots, A_{s+K-1}.

Constraints

- 1 \leq K \leq N \leq 2 \times 10^5
- -10^9 \leq A_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The windows are (3, 2, -1), (2, -1, -3), (-1, -3, 5), (-3, 5, 4), (5, 4, 0) and (4, 0, 6); their minima are -1, -3, -3, -3, 0 and 0.",
    "With K = N there is only one window, the whole sequence.",
]
