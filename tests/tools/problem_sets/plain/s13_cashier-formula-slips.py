"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-cashier-formula-slips"
TITLE = "Evaluate Arithmetic Expressions"

BODY = r"""
You are given Q arithmetic expressions (formulas) S_1, S_2, \ldots, S_Q. Evaluate each of them and print its value.

A formula is built from non-negative integers, the operators +, - and *, and parentheses ( and ). More precisely, a formula is one of:

- a number: a non-negative integer written in decimal without leading zeros (0 itself is written as 0);
- X+Y, X-Y or X*Y, where X and Y are formulas;
- (X), where X is a formula.

There are no spaces and no unary minus signs. The usual rules of arithmetic apply: parentheses are evaluated first, multiplication is done before addition and subtraction, and operators of the same precedence are applied from left to right (so 10-3-2 is 5 and 8-2+1 is 7).

Print the exact value of every formula. Values may be negative and may be very large.

Input

The input is given from Standard Input in the following format:
Q
S_1
S_2
\vdots
S_Q

Output

Print Q lines. The i-th line must contain the value of S_i.

Constraints

- 1 \leq Q \leq 1000
- S_i is a formula as defined above, of length between 1 and 200, inclusive.
- Every number in S_i is between 0 and 10^9, inclusive.
"""

EXPLAIN = [
    "In 2+3*4 the multiplication comes first: 2 + 12 = 14. The subtractions in 10-3-2 are done from left to right: (10 - 3) - 2 = 5. (2+3)*4 = 5 \\times 4 = 20, and 1-5*2 = 1 - 10 = -9.",
    "",
]
