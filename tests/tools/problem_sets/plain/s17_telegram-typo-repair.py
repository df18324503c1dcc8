"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-telegram-typo-repair"
TITLE = "Edit Distance"

BODY = r"""
You are given two strings S and T of lowercase English letters. Print the edit distance (Levenshtein distance) between S and T: the minimum number of operations that turn S into T, where one operation is one of the following:

- insert one lowercase English letter at any position (also at the very beginning or the very end);
- delete one character;
- replace one character with a different lowercase English letter.

If S is already equal to T, the answer is 0.

Input

The input is given from Standard Input in the following format:
S
T

Output

Print the edit distance between S and T.

Constraints

- S and T are strings of lowercase English letters.
- 1 \leq |S| \leq 500
- 1 \leq |T| \leq 500
"""

EXPLAIN = [
    "Replace the `d` of `dinner` with `w` (`winner`), then the second `n` with `t` (`winter`). One operation is not enough: the two strings have the same length and differ in two positions.",
    "Delete `a` and `c`, the first and the last character.",
]
