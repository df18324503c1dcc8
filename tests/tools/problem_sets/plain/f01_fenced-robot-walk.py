"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-fenced-robot-walk"
TITLE = "Count Distinct Visited Positions"

BODY = r"""
A point starts at position 0 of the integer number line and must stay inside the range [-left, right] (both ends included). Process the characters of commands in order:

- 'L' moves the point by -1,
- 'R' moves the point by +1,
- 'J' moves the point by +2; it lands only on the target position and does not visit the position in between.

A command whose target position lies outside [-left, right] is skipped: the point does not move at all for that command (a 'J' is not shortened to a move by +1).

Return the number of distinct positions the point has occupied, including the starting position 0.
"""

EXPLAIN = [
    "The point occupies 0, 2, 3, 2, 1, 0, -1, -1 (the target -2 of the last 'L' is outside the range, so that command is skipped) and 1. The distinct positions are -1, 0, 1, 2 and 3.",
    "Both 'J' commands have target 2, outside [0, 1], so they are skipped; 'R' moves the point to 1. The distinct positions are 0 and 1.",
]
