"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-summit-backpack-gear"
TITLE = "0/1 Knapsack"

BODY = r"""
This is the 0/1 knapsack problem. There are N items numbered 1 to N; item i has weight W_i and value V_i. Each item is either taken whole or not taken, and each item can be taken at most once.

Choose a set of items whose total weight is at most C (the empty set is allowed). Print the maximum possible total value.

Input

The input is given from Standard Input in the following format:
N C
W_1 V_1
W_2 V_2
\vdots
W_N V_N

Output

Print the maximum total value of a set of items whose total weight is at most C.

Constraints

- 1 \leq N \leq 100
- 1 \leq C \leq 10^4
- 1 \leq W_i \leq 10^4
- 1 \leq V_i \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "Items 2 and 3 weigh 4 + 4 = 8 and have total value 5 + 5 = 10. Item 1 has the largest value, 7, but after taking it only capacity 2 is left, which fits no other item.",
    "Every item is heavier than C, so the best set is the empty one, with value 0.",
]
