"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-snail-garden-tour"
TITLE = "Spiral Matrix Order"

BODY = r"""
You are given a matrix A of integers with R rows and C columns; A_{i,j} is the element in the i-th row from the top and the j-th column from the left.

Print the elements of A in clockwise spiral order: start at the top-left element A_{1,1} and move to the right. Whenever the next element in the current direction would be outside the matrix or has already been visited, turn 90 degrees clockwise (right, then down, then left, then up, then right again, and so on) and continue. Stop when every element has been visited exactly once.

Input

The input is given from Standard Input in the following format:
R C
A_{1,1} A_{1,2} \ldots A_{1,C}
A_{2,1} A_{2,2} \ldots A_{2,C}
\vdots
A_{R,1} A_{R,2} \ldots A_{R,C}

Output

Print R \times C integers on one line, separated by spaces: the elements of A in clockwise spiral order.

Constraints

- 1 \leq R \leq 100
- 1 \leq C \leq 100
- 0 \leq A_{i,j} \leq 10^9
- All input values are integers.
"""

EXPLAIN = [
    "The spiral goes right along the first row (1 2 3 4), down the last column (8 12), left along the last row (11 10 9), up the first column (5), and finally right through the middle (6 7).",
    "Values may repeat. The spiral reads the first row from left to right (4 0 4), then the second row from right to left (1 9 9).",
]
