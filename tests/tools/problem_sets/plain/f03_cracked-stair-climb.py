"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-cracked-stair-climb"
TITLE = "Climbing Stairs with Forbidden Steps"

BODY = r"""
You start at position 0 and want to reach position n exactly. Each move goes forward by 1, 2 or 3 positions. You must never land on a position listed in cracked (a position may be listed more than once); jumping over such a position is allowed.

Return the number of distinct sequences of moves that take you from position 0 to position n, modulo 10^9 + 7. If n itself is listed in cracked, the answer is 0.
"""

EXPLAIN = [
    "Position 2 is forbidden, so the sequences are 1+3, 1+2+1 and 3+1.",
    "",
]
