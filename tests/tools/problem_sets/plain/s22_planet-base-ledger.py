"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-planet-base-ledger"
TITLE = "Base Conversion"

BODY = r"""
You are given Q base-conversion requests. The j-th request consists of two bases P_j and R_j and a number X_j written in base P_j. For each request, print the value of X_j written in base R_j.

In base B, the digits 0, 1, \ldots, 9 stand for the values 0 to 9 and the uppercase letters A, B, \ldots, Z for the values 10 to 35; only the digits with a value less than B are used. X_j may have any number of leading zeros. The answer must be written without leading zeros; the value 0 is written as a single digit 0.

Input

The input is given from Standard Input in the following format:
Q
P_1 R_1 X_1
P_2 R_2 X_2
\vdots
P_Q R_Q X_Q

Output

Print Q lines. The j-th line must contain the value of X_j written in base R_j.

Constraints

- 1 \leq Q \leq 1000
- 2 \leq P_j \leq 36
- 2 \leq R_j \leq 36
- P_j and R_j are integers.
- X_j is a string of 1 to 100 characters, each of which is a digit 0-9 or an uppercase English letter A-Z whose value is less than P_j.
- The value of X_j is at most 10^{18}.
"""

EXPLAIN = [
    "FF in base 16 is 15 \\times 16 + 15 = 255, which is 11111111 in base 2. 35 in base 10 is written Z in base 36. In the third request, 000101 in base 2 has leading zeros; its value 5 is printed without any.",
    "The value 0 is printed as 0, whatever the bases are.",
]
