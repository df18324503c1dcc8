# Tier A: one twist.
ID = "sum-of-distinct-even-values"
TITLE = "Sum of Distinct Even Values"
FUNC = "sumDistinctEvens"
SIGNATURE = "def sumDistinctEvens(self, nums: List[int]) -> int:"

BODY = r"""
You are given an integer array nums.

Return the sum of the different even values in nums: a value that occurs several times is added only once. Zero and negative numbers divisible by 2 are even. If nums contains no even value, return 0.
"""

EXPLAIN = [
    "The different even values are 4, -2 and 6 (4 occurs twice but is added once): 4 - 2 + 6 = 8.",
    "There is no even value.",
]

CONSTRAINTS = r"""
1 <= nums.length <= 100
-1000 <= nums[i] <= 1000
"""

REF = r"""
class Solution:
    def sumDistinctEvens(self, nums: List[int]) -> int:
        return sum(set(x for x in nums if x % 2 == 0))
"""

BRUTE = r"""
class Solution:
    def sumDistinctEvens(self, nums: List[int]) -> int:
        total = 0
        seen = []
        for x in nums:
            if abs(x) % 2 == 0 and x not in seen:
                seen.append(x)
                total += x
        return total
"""


def small(rng):
    n = rng.randint(1, 8)
    return [[rng.randint(-6, 6) for _ in range(n)]]


def public():
    return [[[4, 3, -2, 4, 6, 7]], [[1, 5, -3]]]


def private(rng):
    return [
        [[0]],
        [[1]],
        [[-1000, -1000, 1000]],
        [[2, 2, 2, 2, 2]],
        [[-4, 4, -4, 3]],
        [[-7, -9, 11, 13, 15]],
        [[rng.randint(-1000, 1000) for _ in range(100)]],
        [[rng.randint(-10, 10) for _ in range(100)]],
    ]


def valid(inp):
    (nums,) = inp
    assert 1 <= len(nums) <= 100
    assert all(isinstance(x, int) and -1000 <= x <= 1000 for x in nums)
