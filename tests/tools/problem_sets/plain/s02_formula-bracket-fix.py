"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-formula-bracket-fix"
TITLE = "Minimum Insertions and Flips to Balance Brackets"

BODY = r"""
You are given a string S of length N consisting of the characters ( and ).

A bracket sequence is balanced if it has as many ( as ), and every prefix of it contains at least as many ( as ). For example, (()()) and the empty string are balanced, while )( and (() are not.

Compute two values, each independently of the other:

- the minimum number of characters ( or ) that must be inserted into S, at any positions, to make it balanced;
- the minimum number of positions of S whose character must be flipped (( becomes ) and ) becomes () to make it balanced, without inserting or deleting any character. If no set of flips makes S balanced, this value is -1.

Input

The input is given from Standard Input in the following format:
N
S

Output

Print two lines. The first line must contain the minimum number of insertions, and the second line the minimum number of flips (or -1).

Constraints

- 1 \leq N \leq 2 \times 10^5
- N is an integer.
- S is a string of length N consisting of ( and ).
"""

EXPLAIN = [
    "Inserting one ( at the front and three ) at the end gives ()(()(())), so 4 insertions are enough. Flipping the 1st, 5th and 6th characters gives ((())), so 3 flips are enough. Neither can be done with fewer.",
    "Three insertions give ((())). The length 3 is odd and flips never change the length, so no set of flips makes S balanced.",
]
