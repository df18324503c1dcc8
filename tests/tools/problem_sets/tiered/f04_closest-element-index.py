# Tier A: one twist.
ID = "closest-element-index"
TITLE = "Index of the Closest Element"
FUNC = "closestIndex"
SIGNATURE = "def closestIndex(self, nums: List[int], target: int) -> int:"

BODY = r"""
You are given an integer array nums (0-indexed) and an integer target.

Return the index i for which |nums[i] - target| is the smallest. If several indices reach that smallest distance, return the smallest of those indices.
"""

EXPLAIN = [
    "nums[1] = 8 and nums[3] = 12 are both at distance 2 from 10, which is the smallest distance; index 1 is the smaller index.",
    "nums[2] = -4 equals the target (distance 0).",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i], target <= 1000
"""

REF = r"""
class Solution:
    def closestIndex(self, nums: List[int], target: int) -> int:
        best = 0
        for i in range(1, len(nums)):
            if abs(nums[i] - target) < abs(nums[best] - target):
                best = i
        return best
"""

BRUTE = r"""
class Solution:
    def closestIndex(self, nums: List[int], target: int) -> int:
        d = min(abs(x - target) for x in nums)
        for i, x in enumerate(nums):
            if abs(x - target) == d:
                return i
"""


def small(rng):
    n = rng.randint(1, 8)
    return [[rng.randint(-6, 6) for _ in range(n)], rng.randint(-7, 7)]


def public():
    return [[[3, 8, 15, 12], 10], [[5, 0, -4, -4], -4]]


def private(rng):
    return [
        [[0], 1000],
        [[-1000], -1000],
        [[1, 3], 2],
        [[3, 1], 2],
        [[7, 7, 7], 0],
        [[-1000, 1000], 0],
        [[rng.randint(-1000, 1000) for _ in range(100)], rng.randint(-1000, 1000)],
        [[rng.randint(-20, 20) for _ in range(100)], 25],
        [[rng.randrange(-100, 101, 2) for _ in range(80)], 1],
    ]


def valid(inp):
    nums, target = inp
    assert 1 <= len(nums) <= 100 and -1000 <= target <= 1000
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
