# Tier A: one twist.
ID = "first-drop-index"
TITLE = "First Drop Index"
FUNC = "firstDrop"
SIGNATURE = "def firstDrop(self, nums: List[int]) -> int:"

BODY = r"""
You are given an integer array nums (0-indexed).

Return the smallest index i (1 <= i < nums.length) such that nums[i] is strictly smaller than nums[i - 1]. If there is no such index (the array never goes down), return -1. Two equal neighbours are not a drop.
"""

EXPLAIN = [
    "nums[3] = 2 is smaller than nums[2] = 6; no earlier element is smaller than the one before it.",
    "The array never goes down: equal neighbours do not count as a drop.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
"""

REF = r"""
class Solution:
    def firstDrop(self, nums: List[int]) -> int:
        for i in range(1, len(nums)):
            if nums[i] < nums[i - 1]:
                return i
        return -1
"""

BRUTE = r"""
class Solution:
    def firstDrop(self, nums: List[int]) -> int:
        drops = [i for i in range(len(nums)) if i > 0 and nums[i - 1] - nums[i] > 0]
        if len(drops) == 0:
            return -1
        return min(drops)
"""


def small(rng):
    n = rng.randint(1, 8)
    if rng.random() < 0.3:
        return [sorted(rng.randint(-5, 5) for _ in range(n))]
    return [[rng.randint(-5, 5) for _ in range(n)]]


def public():
    return [[[1, 4, 6, 2, 0]], [[3, 3, 5, 5]]]


def private(rng):
    return [
        [[7]],
        [[2, 1]],
        [[1, 2]],
        [[-1000, -1000, -1000]],
        [[5, 4, 3, 2, 1]],
        [list(range(-50, 49)) + [-1000]],
        [sorted(rng.randint(-1000, 1000) for _ in range(100))],
        [[rng.randint(-1000, 1000) for _ in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
