"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-bead-bracelet-clasp"
TITLE = "Lexicographically Minimal String Rotation"

BODY = r"""
You are given a string S of length N. For 0 \leq k \leq N-1, the rotation of S by k (a cyclic shift) is the string obtained by removing the first k characters of S and appending them, in the same order, to its end.

Print the lexicographically smallest rotation of S, and the smallest k whose rotation is equal to it.

Input

The input is given from Standard Input in the following format:
S

Output

Print two lines. The first line must contain the lexicographically smallest rotation. The second line must contain the smallest k that gives it.

Constraints

- S is a string of lowercase English letters.
- 1 \leq |S| \leq 2000
"""

EXPLAIN = [
    "The rotations are bcab (k = 0), cabb (k = 1), abbc (k = 2) and bbca (k = 3). The smallest is abbc.",
    "The rotations for k = 1 and k = 3 are both abab, the smallest one; the smaller k is 1.",
]
