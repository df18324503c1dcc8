"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-party-photo-moments"
TITLE = "Minimum Points Stabbing All Intervals"

BODY = r"""
You are given N closed intervals on the number line; the i-th interval is [L_i, R_i] and contains every point t with L_i \leq t \leq R_i (both endpoints included).

Choose a set of points such that every interval contains at least one chosen point. Print the minimum number of points in such a set.

Input

The input is given from Standard Input in the following format:
N
L_1 R_1
L_2 R_2
\vdots
L_N R_N

Output

Print the minimum number of points.

Constraints

- 1 \leq N \leq 2 \times 10^5
- 0 \leq L_i \leq R_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The point 4 lies in [1, 4], [2, 6] and [4, 9], and the point 8 lies in [7, 8] and [5, 10]. One point is not enough: [1, 4] and [5, 10] have no common point.",
    "The intervals [0, 3] and [3, 5] are closed, so the single point 3 lies in both.",
]
