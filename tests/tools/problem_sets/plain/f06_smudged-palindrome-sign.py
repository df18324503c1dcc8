"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-smudged-palindrome-sign"
TITLE = "Smallest Palindrome by Filling Blanks"

BODY = r"""
You are given a string s of lowercase English letters and '?' characters. Replace every '?' with a lowercase English letter, leaving the other characters unchanged, so that s becomes a palindrome.

Return the lexicographically smallest palindrome that can be obtained this way. If no replacement makes s a palindrome, return the empty string "".
"""

EXPLAIN = [
    "Positions 1 and 3 already hold 'c'. Positions 0, 2 and 4 are '?'; filling them with the smallest letter 'a' gives the palindrome \"acaca\".",
    "Positions 0 and 2 hold 'a' and 'b', which would have to be equal in a palindrome.",
]
