"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-prime-door-plaques"
TITLE = "Count Primes in Ranges"

BODY = r"""
You are given Q queries. The i-th query consists of two integers L_i and R_i: answer it with the number of prime numbers p such that L_i \leq p \leq R_i.

A prime is an integer greater than 1 whose only positive divisors are 1 and itself; in particular, 1 is not a prime.

Input

The input is given from Standard Input in the following format:
Q
L_1 R_1
L_2 R_2
\vdots
L_Q R_Q

Output

Print Q lines. The i-th line must contain the number of primes between L_i and R_i, inclusive.

Constraints

- 1 \leq Q \leq 2 \times 10^5
- 1 \leq L_i \leq R_i \leq 10^6
- All input values are integers.
"""

EXPLAIN = [
    "The primes up to 10 are 2, 3, 5 and 7, and the primes from 11 to 20 are 11, 13, 17 and 19. 1 is not a prime, and neither is 9 = 3 \\times 3.",
    "",
]
