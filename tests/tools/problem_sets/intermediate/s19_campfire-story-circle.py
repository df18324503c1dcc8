ID = "campfire-story-circle"
TITLE = "Campfire Story Circle"
PLATFORM = "atcoder"

BODY = r"""
N children sit around a campfire, numbered 1 to N clockwise; after child N comes child 1 again. The camp leader picks who tells the next story with a counting game.

The counting starts at child 1, who says "1". Going clockwise, the following children say "2", "3", and so on. The child who says "K" tells a story and then leaves the circle for good. The counting then starts again at "1" with the next child clockwise who is still in the circle, and continues the same way, skipping the children who have already left.

This repeats until every child has told a story. Print the numbers of the children in the order in which they tell their stories.

Input

The input is given from Standard Input in the following format:
N K

Output

Print N integers in one line, separated by spaces: the numbers of the children in the order in which they leave the circle.

Constraints

- 1 \leq N \leq 2000
- 1 \leq K \leq 2000
- All input values are integers.
"""

EXPLAIN = [
    "Children 1, 2, 3 count and child 3 leaves. Then 4, 5, 6 count and child 6 leaves. The counting continues with 7, 1, 2, so child 2 leaves, and so on.",
    "K may be larger than the number of children: the counting simply goes around the circle more than once.",
]

REF = r"""
import sys

def main():
    n, k = map(int, sys.stdin.read().split())
    circle = list(range(1, n + 1))
    pos = 0
    order = []
    while circle:
        pos = (pos + k - 1) % len(circle)
        order.append(circle.pop(pos))
    print(" ".join(map(str, order)))

main()
"""

BRUTE = r"""
n, k = map(int, input().split())
alive = [True] * (n + 1)
left = n
cur = 1
order = []
while left > 0:
    said = 0
    while True:
        if alive[cur]:
            said += 1
            if said == k:
                break
        cur = cur % n + 1
    alive[cur] = False
    order.append(cur)
    left -= 1
    if left == 0:
        break
    cur = cur % n + 1
    while not alive[cur]:
        cur = cur % n + 1
print(*order)
"""


def fmt(n, k):
    return f"{n} {k}\n"


def small(rng):
    n = rng.randint(1, 9)
    k = rng.choice([1, 2, n, n + 1, rng.randint(1, 12)])
    return fmt(n, k)


def public():
    return [fmt(7, 3), fmt(3, 5)]


def private(rng):
    return [
        fmt(1, 1),
        fmt(1, 2000),
        fmt(6, 1),
        fmt(2, 2),
        fmt(10, 10),
        fmt(2000, 2000),
        fmt(2000, 1),
        fmt(1999, 2),
        fmt(rng.randint(1500, 2000), rng.randint(100, 1000)),
    ]


def valid(inp):
    lines = inp.split("\n")
    n, k = map(int, lines[0].split())
    assert 1 <= n <= 2000 and 1 <= k <= 2000
    assert lines[1:] == [""]
