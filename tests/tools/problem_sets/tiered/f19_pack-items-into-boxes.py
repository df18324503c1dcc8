# Tier C: one known technique.
ID = "pack-items-into-boxes"
TITLE = "Pack Items Into Boxes"
FUNC = "maxPacked"
SIGNATURE = "def maxPacked(self, items: List[int], boxes: List[int]) -> int:"

BODY = r"""
You are given two integer arrays: items[i] is the size of the i-th item and boxes[j] is the capacity of the j-th box.

An item of size x fits into a box of capacity c when x <= c. Every box can hold at most one item, and every item can be put into at most one box. Return the largest number of items that can be put into boxes at the same time.
"""

EXPLAIN = [
    "For example, the item of size 2 goes into the box of capacity 3 and the item of size 4 into the box of capacity 5; the items of sizes 6 and 7 fit in no box.",
    "No item fits into the box of capacity 1.",
]

CONSTRAINTS = r"""
1 <= items.length, boxes.length <= 100
1 <= items[i], boxes[j] <= 1000
"""

REF = r"""
class Solution:
    def maxPacked(self, items: List[int], boxes: List[int]) -> int:
        items = sorted(items)
        boxes = sorted(boxes)
        i = 0
        for c in boxes:
            if i < len(items) and items[i] <= c:
                i += 1
        return i
"""

BRUTE = r"""
class Solution:
    def maxPacked(self, items: List[int], boxes: List[int]) -> int:
        # augmenting paths (bipartite matching), independent of any greedy order
        match = [-1] * len(boxes)

        def place(i, seen):
            for j in range(len(boxes)):
                if items[i] <= boxes[j] and not seen[j]:
                    seen[j] = True
                    if match[j] == -1 or place(match[j], seen):
                        match[j] = i
                        return True
            return False

        return sum(1 for i in range(len(items)) if place(i, [False] * len(boxes)))
"""


def small(rng):
    return [[rng.randint(1, 8) for _ in range(rng.randint(1, 6))],
            [rng.randint(1, 8) for _ in range(rng.randint(1, 6))]]


def public():
    return [[[7, 2, 6, 4], [5, 3]], [[2, 3], [1]]]


def private(rng):
    return [
        [[1], [1]],
        [[2], [1]],
        [[5, 5, 5], [5]],
        [[1], [9, 9, 9]],
        [[1, 2, 3, 4], [4, 3, 2, 1]],
        [[3, 1, 3], [2, 2, 4]],
        [[rng.randint(1, 1000) for _ in range(100)], [rng.randint(1, 1000) for _ in range(100)]],
        [[rng.randint(1, 50) for _ in range(40)], [rng.randint(1, 60) for _ in range(100)]],
        [[rng.randint(500, 1000) for _ in range(100)], [rng.randint(1, 700) for _ in range(70)]],
    ]


def valid(inp):
    items, boxes = inp
    assert 1 <= len(items) <= 100 and 1 <= len(boxes) <= 100
    assert all(isinstance(x, int) and 1 <= x <= 1000 for x in items + boxes)
