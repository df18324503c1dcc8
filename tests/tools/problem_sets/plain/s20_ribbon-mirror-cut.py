"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-ribbon-mirror-cut"
TITLE = "Longest Palindromic Substring"

BODY = r"""
You are given a string S. Find the longest palindromic substring of S: a contiguous, non-empty part of S that reads the same from left to right and from right to left. If several palindromic substrings have the maximum length, choose the one that starts furthest to the left.

Print its length and the substring itself.

Input

The input is given from Standard Input in the following format:
S

Output

Print two lines. The first line must contain the length of the substring, and the second line the substring itself.

Constraints

- S is a string of lowercase English letters.
- 1 \leq |S| \leq 2000
"""

EXPLAIN = [
    "`racecar` is a palindrome, and no longer substring of S is.",
    "The longest palindromic substrings have length 3: `aba` (starting at the 1st character) and `cdc` (starting at the 5th character). The leftmost one is printed.",
]
