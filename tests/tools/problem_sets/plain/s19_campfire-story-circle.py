"""The intermediate set's problem of this file name, told plainly: only the
words are this module's own (ID, TITLE, BODY, EXPLAIN); build.py takes the
rest — REF, BRUTE, the input makers, valid, the signature — from
../intermediate/, so the tests are the same.
"""
RETELLS = "intermediate"

ID = "plain-campfire-story-circle"
TITLE = "Josephus Elimination Order"

BODY = r"""
This is the Josephus problem. N people stand in a circle, numbered 1 to N clockwise; after person N comes person 1 again.

The counting starts at person 1, who counts 1, and goes clockwise: each following person still in the circle counts the next number. The person who counts K is removed from the circle. The counting then restarts at 1 with the next person clockwise who is still in the circle, skipping the people who have been removed, and so on.

This repeats until everyone has been removed. Print the numbers of the people in the order in which they are removed.

Input

The input is given from Standard Input in the following format:
N K

Output

Print N integers in one line, separated by spaces: the numbers of the people in the order in which they are removed.

Constraints

- 1 \leq N \leq 2000
- 1 \leq K \leq 2000
- All input values are integers.
"""

EXPLAIN = [
    "People 1, 2, 3 count and person 3 is removed. Then 4, 5, 6 count and person 6 is removed. The counting continues with 7, 1, 2, so person 2 is removed, and so on.",
    "K may be larger than the number of people: the counting simply goes around the circle more than once. The count 1, 2, 3, 1, 2 removes person 2 first.",
]
